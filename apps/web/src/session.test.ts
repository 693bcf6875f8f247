import type { TokenAnswer } from '@bl/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CookieJar, stubCookies, stubLocalStorage } from './utils/browser.testing.ts';

let cookies: CookieJar;
let storage: Map<string, string>;

/** session.ts reads its cookies when first imported: each test imports a fresh copy. */
async function loadSession() {
  vi.resetModules();
  return import('./session.ts');
}

const answer = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  tokenType: 'bearer',
  expiresIn: 3600,
  tenantId: '000000',
  userId: '1123598821738675201',
  account: 'admin',
  userName: '管理员',
  avatar: '',
  authority: 'administrator',
  roleName: 'administrator',
  oauthId: '',
  openCodeCheck: '0',
} as TokenAnswer;

beforeEach(() => {
  cookies = stubCookies();
  storage = stubLocalStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session (spec 01 §2, §4, §9)', () => {
  it('keeps the tokens in cookies named from the client id for 2 hours, the user in storage', async () => {
    const { saveSession, getSession, getAccessToken, tokenCookies, tokenCookieKept } = await loadSession();
    expect(tokenCookies).toEqual({ accessToken: 'saber-access-token', refreshToken: 'saber-refresh-token' });
    const session = saveSession(answer);
    expect(cookies.get('saber-access-token')?.value).toBe('access-1');
    expect(cookies.get('saber-refresh-token')?.value).toBe('refresh-1');
    expect(cookies.get('saber-access-token')?.attributes).toBe('Max-Age=7200; Path=/; SameSite=Strict');
    expect(cookies.get('saber-refresh-token')?.attributes).toContain('Max-Age=7200');
    const info = JSON.parse(storage.get('saber-userInfo') ?? '{}') as Record<string, unknown>;
    expect(info).toMatchObject({ userName: '管理员', account: 'admin', tenantId: '000000' });
    expect(info).not.toHaveProperty('accessToken');
    expect(info).not.toHaveProperty('refreshToken');
    expect(getSession()).toEqual(session);
    expect(getAccessToken()).toBe('access-1');
    expect(tokenCookieKept()).toBe(true);
  });

  it('remembers a password change due across a reload, until the password is changed', async () => {
    const first = await loadSession();
    expect(first.saveSession(answer).passwordChangeDue).toBe(false);
    first.saveSession({ ...answer, passwordChangeDue: true });
    const reloaded = await loadSession();
    expect(reloaded.getSession()?.passwordChangeDue).toBe(true);
    reloaded.passwordChanged();
    expect(reloaded.getSession()).toMatchObject({ accessToken: 'access-1', passwordChangeDue: false });
    expect((await loadSession()).getSession()?.passwordChangeDue).toBe(false);
  });

  it('reads a stored session back from its cookies after a reload', async () => {
    (await loadSession()).saveSession(answer);
    const reloaded = await loadSession();
    expect(reloaded.getSession()).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      userName: '管理员',
    });
  });

  it('has no session without the access-token cookie, whatever the storage says, and clears the rest', async () => {
    (await loadSession()).saveSession(answer);
    cookies.delete('saber-access-token');
    const reloaded = await loadSession();
    expect(reloaded.getSession()).toBeNull();
    expect(storage.has('saber-userInfo')).toBe(false);
    expect(cookies.has('saber-refresh-token')).toBe(false);
  });

  it('clears the session whose token cookie is empty, at the next navigation', async () => {
    const { saveSession, reloadSession, getSession } = await loadSession();
    saveSession(answer);
    cookies.set('saber-access-token', { value: '', attributes: '' });
    reloadSession();
    expect(getSession()).toBeNull();
    expect([...cookies.keys()]).toEqual([]);
    expect(storage.has('saber-userInfo')).toBe(false);
  });

  it('takes up a token changed behind its back at the next navigation', async () => {
    const { saveSession, reloadSession, getAccessToken } = await loadSession();
    saveSession(answer);
    cookies.set('saber-access-token', { value: 'garbled', attributes: '' });
    reloadSession();
    expect(getAccessToken()).toBe('garbled');
  });

  it('clears cookies and storage on sign-out', async () => {
    const { saveSession, clearSession, getSession, tokenCookieKept } = await loadSession();
    saveSession(answer);
    clearSession();
    expect(getSession()).toBeNull();
    expect(cookies.size).toBe(0);
    expect(storage.has('saber-userInfo')).toBe(false);
    expect(tokenCookieKept()).toBe(false);
  });

  it('never leaves tokens of an older version in local storage', async () => {
    storage.set('saber-session', JSON.stringify({ accessToken: 'old', refreshToken: 'old' }));
    const { getSession } = await loadSession();
    expect(storage.has('saber-session')).toBe(false);
    expect(getSession()).toBeNull();
  });

  it('knows when the browser refused the cookie', async () => {
    vi.stubGlobal('document', {
      get cookie() {
        return '';
      },
      set cookie(_text: string) {
        // cookies blocked: writes are dropped
      },
    });
    const { saveSession, tokenCookieKept } = await loadSession();
    saveSession(answer);
    expect(tokenCookieKept()).toBe(false);
  });
});
