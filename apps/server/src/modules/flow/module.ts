import type { AppModule } from '../shared.ts';
import { registerFlowRoutes } from './routes.ts';

/** The bill-flow actions every module's declarations and flow code make (ADR 0016). */
export const flowModule: AppModule = {
  name: 'flow',
  plug: (shared) => ({
    routes: (app) => registerFlowRoutes(app, shared.database, shared.flowCode(), shared.startApproval),
  }),
};
