import type { AppModule } from '../shared.ts';
import { registerApiGrants } from './api-permissions.ts';

/** Interface permissions: which roles may call which URLs (ADR 0009). */
export const accessModule: AppModule = {
  name: 'access',
  plug: ({ database }) => ({ routes: (app) => registerApiGrants(app, database) }),
};
