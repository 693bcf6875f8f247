import type { TokenAnswer } from '@bl/contract';
import { create } from 'zustand';
import { readJson, removeItem, storageKey, writeJson } from './storage.ts';
import { readCookie, removeCookie, writeCookie } from './utils/cookies.ts';
import { cookieMaxAgeMs, tokenCookieNames } from './utils/tokens.ts';

/** Site config (spec 01 §3): the web client's id, which also names the token cookies. */
export const clientId = 'saber';

/** `saber-access-token` and `saber-refresh-token` (spec 01 §9). */
export const tokenCookies = tokenCookieNames(clientId);

/**
 * The signed-in session. The tokens live in cookies named from the client id for 2 hours
 * (spec 01 §9); who is signed in lives in local storage under `saber-userInfo`. The access-token
 * cookie IS the session: without it nobody is signed in, whatever the storage says.
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
  /**
   * The password is one others know (the demo `admin`, a new tenant's or a reset one): nothing
   * but the change dialog shows until it is changed (the server refuses other calls meanwhile).
   */
  passwordChangeDue: boolean;
}

type UserInfo = Omit<Session, 'accessToken' | 'refreshToken'>;

const infoKey = 'userInfo';
/** Where an older version kept the whole session, tokens included. */
const legacyKey = 'session';

function readSession(): Session | null {
  const accessToken = readCookie(tokenCookies.accessToken);
  if (!accessToken) return null;
  const stored = readJson(infoKey);
  const info = (stored && typeof stored === 'object' ? stored : {}) as Partial<UserInfo>;
  return {
    accessToken,
    refreshToken: readCookie(tokenCookies.refreshToken) ?? '',
    tenantId: String(info.tenantId ?? ''),
    userId: String(info.userId ?? ''),
    oauthId: String(info.oauthId ?? ''),
    account: String(info.account ?? ''),
    userName: String(info.userName ?? ''),
    roleName: String(info.roleName ?? ''),
    // Unknown age: old enough to refresh at the first check.
    storedAt: typeof info.storedAt === 'number' ? info.storedAt : 0,
    passwordChangeDue: info.passwordChangeDue === true,
  };
}

/** Removes the tokens and the user info, wherever they are kept. */
function discardStored(): void {
  removeCookie(tokenCookies.accessToken);
  removeCookie(tokenCookies.refreshToken);
  removeItem(infoKey);
  removeItem(legacyKey);
}

/** The stored session; anything left of one without its token (an empty or expired cookie) is cleared. */
function loadSession(): Session | null {
  const session = readSession();
  if (!session) discardStored();
  return session;
}

// Tokens never stay in local storage, even from an older version.
removeItem(legacyKey);

export const useSession = create<{ session: Session | null }>(() => ({ session: loadSession() }));

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
    passwordChangeDue: answer.passwordChangeDue === true,
  };
  writeCookie(tokenCookies.accessToken, session.accessToken, cookieMaxAgeMs);
  writeCookie(tokenCookies.refreshToken, session.refreshToken, cookieMaxAgeMs);
  const { accessToken: _access, refreshToken: _refresh, ...info } = session;
  writeJson(infoKey, info);
  useSession.setState({ session });
  return session;
}

/** The user changed their password: the session goes on, without the change dialog. */
export function passwordChanged(): void {
  const session = getSession();
  if (!session) return;
  const next = { ...session, passwordChangeDue: false };
  const { accessToken: _access, refreshToken: _refresh, ...info } = next;
  writeJson(infoKey, info);
  useSession.setState({ session: next });
}

/** Whether the browser kept the access-token cookie (it refuses cookies in some privacy modes). */
export function tokenCookieKept(): boolean {
  return Boolean(readCookie(tokenCookies.accessToken));
}

export function clearSession(): void {
  discardStored();
  useSession.setState({ session: null });
}

/**
 * Reads the session from its cookies again: a token removed, emptied or expired behind the app's
 * back (another tab, a cleared cookie jar) ends the session at the next navigation (spec 01 §2).
 */
export function reloadSession(): void {
  const stored = loadSession();
  const current = getSession();
  if (stored?.accessToken !== current?.accessToken) useSession.setState({ session: stored });
}

// Signing in or out in another tab applies here too (cookies raise no events; the user info does).
globalThis.window?.addEventListener('storage', (event) => {
  if (event.key === storageKey(infoKey) || event.key === null)
    useSession.setState({ session: loadSession() });
});
