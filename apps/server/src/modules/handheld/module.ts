import type { AppModule } from '../shared.ts';
import { registerHandheldRoutes } from './routes.ts';
import { registerTerminalRules } from './terminals.ts';

/**
 * The handheld scanner app's server side (ADR 0041): terminals registered on first use and
 * refused once disabled, what a scanned code names, and the floor steps that need more than
 * one desktop call in one transaction (a move: a transfer bill made and posted).
 */
export const handheldModule: AppModule = {
  name: 'handheld',
  plug({ database, flowCode }) {
    return {
      rules: registerTerminalRules,
      routes: (app) => registerHandheldRoutes(app, database, flowCode),
    };
  },
};
