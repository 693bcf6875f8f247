import { accessModule } from './access/module.ts';
import { authModule } from './auth/module.ts';
import { billingModule } from './billing/module.ts';
import { devicesModule } from './devices/module.ts';
import { directoryModule } from './directory/module.ts';
import { flowModule } from './flow/module.ts';
import { handheldModule } from './handheld/module.ts';
import { labelsModule } from './labels/module.ts';
import { lowcodeModule } from './lowcode/module.ts';
import { reportsModule } from './reports/module.ts';
import { resourceModule } from './resource/module.ts';
import type { AppModule } from './shared.ts';
import { systemModule } from './system/module.ts';
import { transportModule } from './transport/module.ts';
import { wmsModule } from './wms/module.ts';
import { workflowModule } from './workflow/module.ts';

/**
 * Every business module, in the order the composition root (src/app.ts) plugs them; a new area
 * is a folder with its `module.ts` and one line here. The order matters only within a phase
 * (rules set by an earlier module may be wrapped by a later one's; routes are declared in this
 * order).
 */
export const modules: AppModule[] = [
  authModule,
  // Right after the token guard: every later hook and handler answers in the tenant's words.
  lowcodeModule,
  systemModule,
  directoryModule,
  accessModule,
  resourceModule,
  labelsModule,
  wmsModule,
  devicesModule,
  billingModule,
  transportModule,
  flowModule,
  workflowModule,
  reportsModule,
  handheldModule,
];
