import type { AppModule } from '../shared.ts';
import { syncReportMenus } from './menus.ts';
import { registerReportRoutes } from './routes.ts';

/** Stock and movement reports, the bin board. */
export const reportsModule: AppModule = {
  name: 'reports',
  seed: {
    menus: [
      {
        code: 'stockpageshow2',
        name: '库位看板',
        path: '/reportManagement/stockpageshow2',
        area: 'reportManagement',
      },
    ],
    // The report screens, each with its view and export buttons (menus.ts).
    start: (database) => syncReportMenus(database),
  },
  plug: ({ database }) => ({ routes: (app) => registerReportRoutes(app, database) }),
};
