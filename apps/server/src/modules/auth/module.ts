import type { AppModule } from '../shared.ts';
import { registerLicense } from './license-routes.ts';
import { registerAuthRoutes } from './routes.ts';

/**
 * Sign-in, tokens, sign-in codes, social sign-in and the licence. The token guard itself is
 * plumbing every route needs before it is declared: the composition root registers it.
 */
export const authModule: AppModule = {
  name: 'auth',
  plug: (shared) => ({
    routes(app) {
      const { database, config, tokens, attempts, codeSender, social, log } = shared;
      registerAuthRoutes(app, { database, config, tokens, attempts, sender: codeSender, social, log });
      // In the routes phase, after every module's rules: the licence limits wrap the tenant and
      // user write rules that the system module set.
      registerLicense(app, database, config);
    },
  }),
};
