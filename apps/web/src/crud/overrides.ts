import type { CatalogueEntity } from '@bl/entities';
import { type ComponentType, lazy } from 'react';
import type { CatalogueIndex } from './catalogue.ts';
import type { RouteScreen, SpecTarget } from './routes.ts';

/** What a list screen of an entity is given. */
export interface ScreenProps {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  /** What a spec route asks for on arrival: a drawer to open, a fixed filter. */
  target?: SpecTarget;
}

/**
 * Bespoke screens that replace the generic list screen of an entity, by entity name (e.g. a
 * bill with posting and review). Loaded with the screen that needs them.
 */
export const screenOverrides: Partial<Record<string, ComponentType<ScreenProps>>> = {
  role: lazy(() => import('../system/RoleScreen.tsx').then((m) => ({ default: m.RoleScreen }))),
  user: lazy(() => import('../system/UserScreen.tsx').then((m) => ({ default: m.UserScreen }))),
  tenantpackage: lazy(() =>
    import('../system/TenantPackageScreen.tsx').then((m) => ({ default: m.TenantPackageScreen })),
  ),
  inprint: lazy(() => import('../labels/InprintScreen.tsx').then((m) => ({ default: m.InprintScreen }))),
};

/** The bespoke screens spec routes open (routes.ts `screen`): the dock's loading screens. */
export const routeScreens: Record<RouteScreen, ComponentType<ScreenProps>> = {
  loadingTask: lazy(() =>
    import('../loading/LoadingScreens.tsx').then((m) => ({ default: m.LoadingTaskScreen })),
  ),
  loadingTimes: lazy(() =>
    import('../loading/LoadingScreens.tsx').then((m) => ({ default: m.LoadingTimesScreen })),
  ),
};
