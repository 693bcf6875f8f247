import type { AppModule } from '../shared.ts';
import { registerWorkflowRules } from './engine.ts';
import { registerWorkflowRoutes, wakeJob, wakeQueue } from './routes.ts';

/** Approval processes: models, instances, tasks, copies, and bill approvals (ADR 0027). */
export const workflowModule: AppModule = {
  name: 'workflow',
  plug: ({ database, workflow }) => ({
    rules: registerWorkflowRules,
    // Instances wake up (timers, due dates) through the job queue.
    internal: { [wakeQueue]: wakeJob(database, workflow) },
    routes: (app) => registerWorkflowRoutes(app, database, workflow()),
  }),
};
