import type { EntityDefinition } from '../define.ts';

/** Device temperature and humidity monitoring (spec 02 §3.10), in menu order. */
export const deviceEntities: EntityDefinition[] = [];
