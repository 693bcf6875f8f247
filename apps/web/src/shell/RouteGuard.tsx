import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import type { LockFrom } from '../pages/LockPage.tsx';
import { reloadSession, useSession } from '../session.ts';
import { storageKey } from '../storage.ts';
import { hasValidUserId } from '../utils/userId.ts';
import { lazyScreen } from './chunks.ts';
import { guardRedirect, isPublic } from './guard.ts';
import { lockPath, useLock } from './lock.ts';
import { scrollKey, useTabs } from './tabs.ts';

// Rarely shown, and they bring the account page along: loaded when needed, not with /login.
const GuestRegistration = lazyScreen(() =>
  import('./GuestRegistration.tsx').then((m) => m.GuestRegistration),
);
const PasswordChangeDue = lazyScreen(() =>
  import('./PasswordChangeDue.tsx').then((m) => m.PasswordChangeDue),
);

/**
 * Wraps every route (spec 01 §2): without a session only the public routes open, a locked screen
 * sends everything to /lock, and a signed-in visitor never sees /login. Scroll positions are
 * restored per visited page and remembered per open tab (`scrollKey`), in session storage under
 * the site key.
 */
export function RouteGuard() {
  const location = useLocation();
  const session = useSession((s) => s.session);
  const signedIn = session !== null;
  const locked = useLock((s) => s.locked);
  // A token removed behind the app's back ends the session at the next navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every navigation
  useEffect(() => reloadSession(), [location.pathname]);
  const to = guardRedirect(location.pathname, { signedIn, locked });
  if (to === lockPath) {
    // The lock page returns here once unlocked.
    const from: LockFrom = { from: `${location.pathname}${location.search}` };
    return <Navigate to={to} replace state={from} />;
  }
  if (to) return <Navigate to={to} replace />;
  // Signed in through a provider but no account yet (spec 01 §5): only the registration dialog.
  if (session && !hasValidUserId(session.userId) && !isPublic(location.pathname))
    return (
      <Suspense fallback={<Spin fullscreen />}>
        <GuestRegistration session={session} />
      </Suspense>
    );
  // A password others know is changed before anything else (issue 13): only the change dialog.
  if (session?.passwordChangeDue && !isPublic(location.pathname))
    return (
      <Suspense fallback={<Spin fullscreen />}>
        <PasswordChangeDue />
      </Suspense>
    );
  return (
    <>
      <ScrollRestoration
        storageKey={storageKey('scroll-positions')}
        getKey={(at) => scrollKey(useTabs.getState().tabs, at)}
      />
      <Outlet />
    </>
  );
}
