/**
 * Session timing and token constants of spec 01 §8, §9 and the site config of §3, as pure
 * values and decisions so the timers that use them stay thin and the rules are testable.
 */

/** Access and refresh token cookie names, derived from the client id (spec 01 §9). */
export interface TokenCookieNames {
  accessToken: string;
  refreshToken: string;
}

/**
 * Cookie names are prefixed with the client id (e.g. `saber-access-token`), so two clients of
 * the same server on one domain never read each other's session.
 */
export function tokenCookieNames(clientId: string): TokenCookieNames {
  return { accessToken: `${clientId}-access-token`, refreshToken: `${clientId}-refresh-token` };
}

/** The access-token cookie lives 2 hours (spec 01 §9). */
export const cookieMaxAgeMs = 7_200_000;

/** Default token time of the site config (spec 01 §3): refresh when the token is this old, in seconds. */
export const defaultTokenTime = 60;

/** How often the refresh check runs (spec 01 §9). */
export const refreshCheckIntervalMs = 360_000;

/** A call gives up after this long (spec 01 §9). */
export const requestTimeoutMs = 6000;

/** Error toasts stay this long (spec 01 §8, §9). */
export const toastMs = 5000;

/** A lazily loaded screen's code chunk is reported failed after this long (spec 01 §8, §9). */
export const chunkLoadTimeoutMs = 120_000;

/** The error-log badge shows at most this number, then "99+" (spec 01 §9). */
export const errorBadgeCap = 99;

export interface RefreshState {
  /** Whole seconds since the access token was stored. */
  tokenAgeSeconds: number;
  /** The site config's token time in seconds (spec 01 §3). */
  tokenTime?: number;
  /** A refresh call is already under way; a second one would race it for the refresh token. */
  refreshing: boolean;
}

/**
 * Whether the periodic check should start a token refresh (spec 01 §9): when the token age in
 * seconds has REACHED the token time (≥, not >) and no refresh is running.
 */
export function shouldRefresh({
  tokenAgeSeconds,
  tokenTime = defaultTokenTime,
  refreshing,
}: RefreshState): boolean {
  return !refreshing && tokenAgeSeconds >= tokenTime;
}

/** Whole seconds between storing a token and now, never negative (a clock set back counts as 0). */
export function tokenAgeSeconds(storedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - storedAtMs) / 1000));
}

/**
 * Whether the periodic refresh check should keep running (spec 01 §9): it stops when there is
 * no access token or no refresh token, as there is then nothing to refresh with.
 */
export function keepRefreshChecking(tokens: {
  accessToken?: string | null;
  refreshToken?: string | null;
}): boolean {
  return Boolean(tokens.accessToken) && Boolean(tokens.refreshToken);
}

/**
 * The error-log badge text: '' for no errors (the badge hides), the count up to 99, then
 * '99+' so the badge keeps its width.
 */
export function errorBadgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  const whole = Math.floor(count);
  return whole > errorBadgeCap ? `${errorBadgeCap}+` : String(whole);
}
