import type { AppModule } from '../shared.ts';
import { registerDirectoryRoutes } from './routes.ts';
import { registerDirectoryRules } from './rules.ts';

/** Sign-in through an LDAP / Active Directory directory (ADR 0013). */
export const directoryModule: AppModule = {
  name: 'directory',
  plug: ({ database, config }) => ({
    rules: registerDirectoryRules,
    routes: (app) => registerDirectoryRoutes(app, database, config),
  }),
};
