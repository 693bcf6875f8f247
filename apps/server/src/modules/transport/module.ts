import type { AppModule } from '../shared.ts';
import { registerTransportRules, transportFlowCode } from './flow-code.ts';
import { registerTransportRoutes } from './routes.ts';

/** Consignment, dispatch, loading, arrival and delivery (ADR 0025). */
export const transportModule: AppModule = {
  name: 'transport',
  plug: ({ database }) => ({
    rules: registerTransportRules,
    flowCode: transportFlowCode,
    routes: (app) => registerTransportRoutes(app, database),
  }),
};
