import type { TokenAnswer } from '@bl/contract';
import { create } from 'zustand';
import { readJson, removeItem, storageKey, writeJson } from './storage.ts';

/**
 * The signed-in session. Kept in local storage under `saber-session` for now; this is the one
 * module to change when tokens move to cookies and refresh arrives.
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
  tenantId: string;
  userId: string;
  /** The third-party identity of a social sign-in ('' otherwise). */
  oauthId: string;
  account: string;
  userName: string;
  roleName: string;
  /** When the access token was stored (ms since the epoch): the refresh check measures its age. */
  storedAt: number;
}

const sessionKey = 'session';

function readSession(): Session | null {
  const value = readJson(sessionKey);
  if (!value || typeof value !== 'object') return null;
  const session = value as Partial<Session>;
  if (typeof session.accessToken !== 'string' || !session.accessToken) return null;
  return {
    accessToken: session.accessToken,
    refreshToken: String(session.refreshToken ?? ''),
    tenantId: String(session.tenantId ?? ''),
    userId: String(session.userId ?? ''),
    oauthId: String(session.oauthId ?? ''),
    account: String(session.account ?? ''),
    userName: String(session.userName ?? ''),
    roleName: String(session.roleName ?? ''),
    // Unknown age (stored by an older version): old enough to refresh at the first check.
    storedAt: typeof session.storedAt === 'number' ? session.storedAt : 0,
  };
}

export const useSession = create<{ session: Session | null }>(() => ({ session: readSession() }));

export function getSession(): Session | null {
  return useSession.getState().session;
}

export function getAccessToken(): string | undefined {
  return getSession()?.accessToken;
}

export function saveSession(answer: TokenAnswer): Session {
  const session: Session = {
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    tenantId: answer.tenantId,
    userId: answer.userId,
    oauthId: answer.oauthId,
    account: answer.account,
    userName: answer.userName,
    roleName: answer.roleName,
    storedAt: Date.now(),
  };
  writeJson(sessionKey, session);
  useSession.setState({ session });
  return session;
}

export function clearSession(): void {
  removeItem(sessionKey);
  useSession.setState({ session: null });
}

/**
 * Reads the session from storage again: a token removed or emptied behind the app's back (another
 * tab, a cleared cookie jar) ends the session at the next navigation (spec 01 §2).
 */
export function reloadSession(): void {
  const stored = readSession();
  const current = getSession();
  if (stored?.accessToken !== current?.accessToken) useSession.setState({ session: stored });
}

// Signing in or out in another tab applies here too.
window.addEventListener('storage', (event) => {
  if (event.key === storageKey(sessionKey) || event.key === null)
    useSession.setState({ session: readSession() });
});
