import type { AppModule } from '../shared.ts';
import { registerReportRoutes } from './routes.ts';

/** Stock and movement reports, the bin board. */
export const reportsModule: AppModule = {
  name: 'reports',
  plug: ({ database }) => ({ routes: (app) => registerReportRoutes(app, database) }),
};
