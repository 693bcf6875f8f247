import type { AppModule } from '../shared.ts';
import { registerLabelRoutes } from './routes.ts';

/** Inbound labels and their prints (ADR 0007). */
export const labelsModule: AppModule = {
  name: 'labels',
  plug: ({ database }) => ({ routes: (app) => registerLabelRoutes(app, database) }),
};
