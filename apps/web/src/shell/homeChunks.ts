/**
 * The code of the shell and of the home page, loaded on demand (ADR 0017) and asked for early:
 * the sign-in page starts fetching it while the credentials are checked, so the home page
 * appears as soon as the session exists (issue 14, point 14). One loader each, shared with the
 * router, so the module is fetched once.
 */
export const loadShell = () => import('./ShellLayout.tsx').then((m) => m.ShellLayout);
export const loadWelcome = () => import('../pages/WelcomePage.tsx').then((m) => m.WelcomePage);

/** Starts loading the shell and the home page; failures are left to the route that needs them. */
export function preloadHome(): void {
  loadShell().catch(() => undefined);
  loadWelcome().catch(() => undefined);
}
