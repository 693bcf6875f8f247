import { useSyncExternalStore } from 'react';

/** The handheld's screens, each a path under /m (one task per screen). */
export type Route = 'home' | 'lookup' | 'move';

const paths: Record<Route, string> = { home: '/m', lookup: '/m/lookup', move: '/m/move' };

function routeOf(pathname: string): Route {
  const found = (Object.entries(paths) as [Route, string][]).find(
    ([, path]) => path === pathname.replace(/\/$/, ''),
  );
  return found?.[0] ?? 'home';
}

const listeners = new Set<() => void>();
globalThis.window?.addEventListener('popstate', () => {
  for (const listener of listeners) listener();
});

/** A tiny router on the history API: three paths need no router library in the first load. */
export function useRoute(): Route {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => routeOf(location.pathname),
  );
}

export function go(route: Route): void {
  if (location.pathname !== paths[route]) history.pushState(null, '', paths[route]);
  for (const listener of listeners) listener();
}
