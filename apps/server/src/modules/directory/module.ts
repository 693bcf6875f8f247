import type { AppModule } from '../shared.ts';
import { registerDirectoryRoutes } from './routes.ts';
import { registerDirectoryRules } from './rules.ts';

/** Sign-in through an LDAP / Active Directory directory (ADR 0013). */
export const directoryModule: AppModule = {
  name: 'directory',
  seed: {
    menus: [
      {
        code: 'directory',
        name: '域登录设置',
        path: '/system/directory',
        area: 'system',
        buttons: ['view', 'edit', 'test'],
      },
    ],
  },
  plug: ({ database, config }) => ({
    rules: registerDirectoryRules,
    routes: (app) => registerDirectoryRoutes(app, database, config),
  }),
};
