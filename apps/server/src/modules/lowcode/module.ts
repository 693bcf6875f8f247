import type { AppModule } from '../shared.ts';
import { registerTextRoutes, registerTextRules } from './texts.ts';

/**
 * The low-code layer (spec 02 §3.3, issue 33): what a tenant configures about the product's own
 * screens and words. So far its wording of product texts (`language`, ADR 0042).
 */
export const lowcodeModule: AppModule = {
  name: 'lowcode',
  plug: ({ database }) => ({
    rules: registerTextRules,
    routes: (app) => registerTextRoutes(app, database),
  }),
};
