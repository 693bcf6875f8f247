import { useEffect } from 'react';
import { client } from '../api/client.ts';
import { reportError } from '../api/query.ts';
import { getSession, saveSession } from '../session.ts';
import { refreshCheckIntervalMs } from '../utils/tokens.ts';
import { createRefresher } from './tokenRefresh.ts';

/**
 * While the shell is open, checks every 360 s whether the access token is due for a refresh
 * (spec 01 §9) and refreshes it; a refused refresh (a reused or revoked refresh token) ends
 * the session like any 401.
 */
export function useTokenRefresh(): void {
  useEffect(() => {
    const refresher = createRefresher({
      now: Date.now,
      session: getSession,
      refresh: async (session) => {
        saveSession(await client.refresh({ tenantId: session.tenantId, refreshToken: session.refreshToken }));
      },
      failed: reportError,
    });
    const timer = window.setInterval(() => {
      if (!refresher.check()) window.clearInterval(timer);
    }, refreshCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, []);
}
