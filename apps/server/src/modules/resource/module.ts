import type { AppModule } from '../shared.ts';
import { registerAvatarRoutes } from './avatar.ts';
import { registerResourceRoutes } from './routes.ts';

/** Attachments, object storage settings and avatars (ADR 0015). */
export const resourceModule: AppModule = {
  name: 'resource',
  plug: ({ database, config }) => ({
    routes(app) {
      registerResourceRoutes(app, database, config);
      registerAvatarRoutes(app, database, config);
    },
  }),
};
