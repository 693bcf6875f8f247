import type { AppModule } from '../shared.ts';
import { registerAccounts } from './accounts.ts';
import { registerDeptRules } from './depts.ts';
import { registerDictionaries } from './dictionaries.ts';
import { registerGrants } from './grants.ts';
import { registerPackageRoutes, registerPackageRules } from './packages.ts';
import { registerSystemRoutes } from './routes.ts';
import { registerSystemRules } from './rules.ts';
import { seedSerials, syncSerials } from './serial-defaults.ts';
import { registerSerials } from './serials.ts';
import { registerSetupProgress } from './setup.ts';
import { registerTenantRules } from './tenants.ts';
import { registerTopMenuRules } from './topmenus.ts';

/** Tenants, users, roles and grants, menus, dictionaries, serial numbers, packages, set-up. */
export const systemModule: AppModule = {
  name: 'system',
  // Bills are numbered from the first day: blank numbers are drawn by the default rules, and a
  // bill numbered since gets its rule in the tenants made before it.
  seed: { tenant: seedSerials, start: syncSerials },
  plug: ({ database, config, tokens, attempts, seedTenant }) => ({
    rules() {
      registerSystemRules();
      registerDeptRules();
      registerTenantRules(config, seedTenant);
      registerPackageRules();
      registerTopMenuRules();
    },
    routes(app) {
      registerSystemRoutes(app, database);
      registerSerials(app, database);
      registerSetupProgress(app, database);
      registerAccounts(app, database, config, tokens, attempts);
      registerGrants(app, database);
      registerDictionaries(app, database);
      registerPackageRoutes(app, database);
    },
  }),
};
