import { describe, expect, it } from 'vitest';
import {
  chunkLoadTimeoutMs,
  cookieMaxAgeMs,
  defaultTokenTime,
  errorBadgeText,
  keepRefreshChecking,
  refreshCheckIntervalMs,
  requestTimeoutMs,
  shouldRefresh,
  toastMs,
  tokenAgeSeconds,
  tokenCookieNames,
} from './tokens.ts';

describe('constants (spec 01 §3, §9)', () => {
  it('match the spec', () => {
    expect(cookieMaxAgeMs).toBe(7_200_000);
    expect(cookieMaxAgeMs).toBe(2 * 60 * 60 * 1000);
    expect(defaultTokenTime).toBe(60);
    expect(refreshCheckIntervalMs).toBe(360_000);
    expect(requestTimeoutMs).toBe(6000);
    expect(toastMs).toBe(5000);
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });
});

describe('tokenCookieNames (spec 01 §9)', () => {
  it('derives separate access and refresh cookie names from the client id', () => {
    expect(tokenCookieNames('saber')).toEqual({
      accessToken: 'saber-access-token',
      refreshToken: 'saber-refresh-token',
    });
    expect(tokenCookieNames('other').accessToken).toBe('other-access-token');
  });
});

describe('shouldRefresh (spec 01 §9)', () => {
  it('starts a refresh once the token age reaches the token time', () => {
    expect(shouldRefresh({ tokenAgeSeconds: 59, refreshing: false })).toBe(false);
    expect(shouldRefresh({ tokenAgeSeconds: 60, refreshing: false })).toBe(true);
    expect(shouldRefresh({ tokenAgeSeconds: 3600, refreshing: false })).toBe(true);
  });

  it('never starts a second refresh while one is running', () => {
    expect(shouldRefresh({ tokenAgeSeconds: 3600, refreshing: true })).toBe(false);
  });

  it('takes another token time', () => {
    expect(shouldRefresh({ tokenAgeSeconds: 60, tokenTime: 120, refreshing: false })).toBe(false);
    expect(shouldRefresh({ tokenAgeSeconds: 120, tokenTime: 120, refreshing: false })).toBe(true);
  });

  it('measures token age in whole seconds, never negative', () => {
    expect(tokenAgeSeconds(1_000, 60_999)).toBe(59);
    expect(tokenAgeSeconds(1_000, 61_000)).toBe(60);
    expect(tokenAgeSeconds(61_000, 1_000)).toBe(0);
  });

  it('keeps checking only while both tokens exist', () => {
    expect(keepRefreshChecking({ accessToken: 'a', refreshToken: 'r' })).toBe(true);
    expect(keepRefreshChecking({ accessToken: 'a', refreshToken: '' })).toBe(false);
    expect(keepRefreshChecking({ accessToken: null, refreshToken: 'r' })).toBe(false);
    expect(keepRefreshChecking({})).toBe(false);
  });
});

describe('errorBadgeText (spec 01 §9)', () => {
  it('shows nothing for no errors', () => {
    expect(errorBadgeText(0)).toBe('');
    expect(errorBadgeText(-1)).toBe('');
    expect(errorBadgeText(Number.NaN)).toBe('');
  });

  it('shows the count up to 99, then 99+', () => {
    expect(errorBadgeText(1)).toBe('1');
    expect(errorBadgeText(99)).toBe('99');
    expect(errorBadgeText(100)).toBe('99+');
    expect(errorBadgeText(12345)).toBe('99+');
  });
});
