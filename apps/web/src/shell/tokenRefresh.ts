import { defaultTokenTime, keepRefreshChecking, shouldRefresh, tokenAgeSeconds } from '../utils/tokens.ts';

/** What the refresh check needs to know of the session. */
export interface RefreshableSession {
  accessToken: string;
  refreshToken: string;
  tenantId: string;
  /** When the access token was stored, in ms since the epoch. */
  storedAt: number;
}

export interface RefresherDeps<S extends RefreshableSession> {
  now(): number;
  session(): S | null;
  /** Asks the server for new tokens. */
  refresh(session: S): Promise<void>;
  /** A refresh failed; the session is most likely over. */
  failed(error: unknown): void;
  tokenTime?: number;
}

/**
 * The periodic token check of spec 01 §9, without the timer: each `check()` starts a refresh
 * when the token's age has reached the token time and none is running (one at a time, so two
 * calls never race for the same refresh token). Answers false once there is nothing left to
 * refresh with, so the timer can stop.
 */
export function createRefresher<S extends RefreshableSession>(deps: RefresherDeps<S>) {
  let running: Promise<void> | null = null;
  return {
    check(): boolean {
      const session = deps.session();
      if (!session || !keepRefreshChecking(session)) return false;
      const due = shouldRefresh({
        tokenAgeSeconds: tokenAgeSeconds(session.storedAt, deps.now()),
        tokenTime: deps.tokenTime ?? defaultTokenTime,
        refreshing: running !== null,
      });
      if (due)
        running = deps
          .refresh(session)
          .catch(deps.failed)
          .finally(() => {
            running = null;
          });
      return true;
    },
    /** The refresh under way, if any (for tests and sign-out). */
    pending(): Promise<void> | null {
      return running;
    },
  };
}
