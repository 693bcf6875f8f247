import { lockPath } from './lock.ts';

/** Routes that open without a session (spec 01 §2). */
export const publicPaths = ['/login', '/lock', '/404', '/403', '/500'] as const;

export function isPublic(path: string): boolean {
  return (publicPaths as readonly string[]).includes(path.replace(/\/+$/, '') || '/');
}

export interface GuardState {
  signedIn: boolean;
  locked: boolean;
}

/**
 * The route guard of spec 01 §2 as a decision: where to send a visitor opening `path`, or null
 * to let them in.
 * - Signed in and locked: everything goes to /lock.
 * - Signed in: /login goes home. /lock opens: unlocked, it sends the visitor back where they
 *   were (LockPage), which the guard cannot know.
 * - Signed out: only the public routes open; /lock needs a session to unlock, so it goes to
 *   /login like every other route.
 */
export function guardRedirect(path: string, { signedIn, locked }: GuardState): string | null {
  const bare = path.replace(/\/+$/, '') || '/';
  if (signedIn) {
    if (locked) return bare === lockPath ? null : lockPath;
    if (bare === '/login') return '/';
    return null;
  }
  if (bare === lockPath) return '/login';
  return isPublic(bare) ? null : '/login';
}
