/** The workflow module's public entry: what other modules and the composition root may use of it. */
export { requestApproval } from './approval.ts';
export type { WorkflowRuntime } from './engine.ts';
export { seedLeaveProcess } from './leave.ts';
export { workflowRuntime } from './routes.ts';
