import { describe, expect, it, vi } from 'vitest';
import { createRefresher, type RefreshableSession } from './tokenRefresh.ts';

const session = (storedAt: number, extra: Partial<RefreshableSession> = {}): RefreshableSession => ({
  accessToken: 'a',
  refreshToken: 'r',
  tenantId: '000000',
  storedAt,
  ...extra,
});

describe('the token refresh check', () => {
  it('refreshes once the token age reaches the token time, not before', async () => {
    let now = 1_000_000;
    const refresh = vi.fn(async () => undefined);
    const refresher = createRefresher({
      now: () => now,
      session: () => session(1_000_000),
      refresh,
      failed: vi.fn(),
    });
    now += 59_999;
    expect(refresher.check()).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
    now += 1;
    refresher.check();
    expect(refresh).toHaveBeenCalledTimes(1);
    await refresher.pending();
  });

  it('runs one refresh at a time', async () => {
    let finish: () => void = () => undefined;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const refresher = createRefresher({
      now: () => 120_000,
      session: () => session(0),
      refresh,
      failed: vi.fn(),
    });
    refresher.check();
    refresher.check();
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    await refresher.pending();
    refresher.check();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops when there is no token or no refresh token', () => {
    const refresh = vi.fn(async () => undefined);
    const none = createRefresher({ now: () => 0, session: () => null, refresh, failed: vi.fn() });
    expect(none.check()).toBe(false);
    const noRefresh = createRefresher({
      now: () => 999_999,
      session: () => session(0, { refreshToken: '' }),
      refresh,
      failed: vi.fn(),
    });
    expect(noRefresh.check()).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('reports a failed refresh and tries again at the next check', async () => {
    const failed = vi.fn();
    const refresh = vi.fn(async () => {
      throw new Error('refresh token reused');
    });
    const refresher = createRefresher({ now: () => 120_000, session: () => session(0), refresh, failed });
    refresher.check();
    await refresher.pending();
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'refresh token reused' }));
    expect(refresher.pending()).toBeNull();
  });
});
