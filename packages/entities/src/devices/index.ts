import type { EntityDefinition } from '../define.ts';
import { devicealarmsetting } from './devicealarmsetting.ts';
import { deviceinfo } from './deviceinfo.ts';
import { temhumdata } from './temhumdata.ts';

/** Device temperature and humidity monitoring (spec 02 §3.10), in menu order. */
export const deviceEntities: EntityDefinition[] = [deviceinfo, temhumdata, devicealarmsetting];
