import type { EntityDefinition } from '../define.ts';
import { alternatefieldbuildtenanttable } from './alternatefieldbuildtenanttable.ts';
import { blpathbuildtemp } from './blpathbuildtemp.ts';
import { htmldashboard } from './htmldashboard.ts';
import { language } from './language.ts';
import { pathbuildbtn } from './pathbuildbtn.ts';
import { pathbuildmethod } from './pathbuildmethod.ts';
import { pathbuildoption } from './pathbuildoption.ts';
import { pathbuildtable } from './pathbuildtable.ts';
import { pathextracolumn } from './pathextracolumn.ts';
import { project, projectdata } from './project.ts';

/** Page builder, projects and dashboards (spec 02 §3.3), in menu order. */
export const pageBuilderEntities: EntityDefinition[] = [
  pathbuildtable,
  pathbuildoption,
  pathextracolumn,
  pathbuildbtn,
  pathbuildmethod,
  blpathbuildtemp,
  language,
  alternatefieldbuildtenanttable,
  project,
  projectdata,
  htmldashboard,
];
