import type { AppModule } from '../shared.ts';
import { registerApprovalHold } from './approval.ts';
import { registerCopyRules } from './copies.ts';
import { registerWorkflowRules } from './engine.ts';
import { seedLeaveProcess } from './leave.ts';
import { registerWorkflowRoutes, wakeJob, wakeQueue } from './routes.ts';

/** Approval processes: models, instances, tasks, copies, and bill approvals (ADR 0027). */
export const workflowModule: AppModule = {
  name: 'workflow',
  seed: {
    // The work page and the process designer (spec 01 "Develop and flow tools", ADR 0027); the
    // detail page and the form designer (/tool/build/index) stay hidden.
    menus: [
      { code: 'workStart', name: '流程工作台', path: '/flowable/work/start', area: 'system' },
      { code: 'processDesigner', name: '流程设计', path: '/definition/designer', area: 'system' },
    ],
    // The leave process of spec 01, ready to run in each demo tenant.
    start: async (database, demoTenants) => {
      for (const tenantId of demoTenants) await seedLeaveProcess(database, tenantId);
    },
  },
  plug: ({ database, workflow }) => ({
    rules: () => {
      registerWorkflowRules();
      registerCopyRules();
      // A bill waiting for an approval is held: shown so, and locked until it ends or is recalled.
      registerApprovalHold();
    },
    // Instances wake up (timers, due dates) through the job queue.
    internal: { [wakeQueue]: wakeJob(database, workflow) },
    routes: (app) => registerWorkflowRoutes(app, database, workflow()),
  }),
};
