import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CookieJar, stubCookies, stubLocalStorage } from '../utils/browser.testing.ts';

const toasts = vi.hoisted(() => [] as { content: string; key?: string }[]);
vi.mock('../shell/feedback.ts', () => ({
  toastSeconds: 5,
  toastError: (content: string, key?: string) => toasts.push({ content, key }),
  dismissToast: () => undefined,
}));

let cookies: CookieJar;
let storage: Map<string, string>;
let answers: Response[];
let sent: { url: string; init: RequestInit }[];

const envelope = (code: number, msg = '', data: unknown = null) =>
  new Response(JSON.stringify({ code, success: code === 200, msg, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });

/** Fresh modules per test: the session and the 401 counter start again as on a page load. */
async function load() {
  vi.resetModules();
  // The contract too: its error classes must be the ones the fresh modules check against.
  const { ApiError, RequestError } = await import('@bl/contract');
  const query = await import('./query.ts');
  const { client } = await import('./client.ts');
  const session = await import('../session.ts');
  const { useProgress } = await import('../shell/progress.ts');
  const { useTabs } = await import('../shell/tabs.ts');
  const { useLock } = await import('../shell/lock.ts');
  const toLogin = vi.fn();
  query.setLoginNavigator(toLogin);
  return { ...query, ApiError, RequestError, client, session, useProgress, useTabs, useLock, toLogin };
}

function signIn(session: typeof import('../session.ts')) {
  session.saveSession({
    accessToken: 'access',
    refreshToken: 'refresh',
    tenantId: '000000',
    userId: '1',
    account: 'admin',
    userName: '管理员',
    roleName: 'administrator',
  } as Parameters<typeof session.saveSession>[0]);
}

beforeEach(() => {
  toasts.length = 0;
  cookies = stubCookies();
  storage = stubLocalStorage();
  answers = [];
  sent = [];
  vi.stubGlobal('window', { location: { assign: vi.fn() }, addEventListener: () => undefined });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reportError (spec 01 §8)', () => {
  it('shows the server message for a failed code, once per failure', async () => {
    const { reportError, ApiError } = await load();
    const error = new ApiError(400, '数量不能为负');
    reportError(error);
    reportError(error);
    expect(toasts).toEqual([{ content: '数量不能为负', key: '数量不能为负' }]);
  });

  it('rejects white-listed codes silently', async () => {
    const { reportError, ApiError } = await load();
    reportError(new ApiError(409, 'stale', true));
    expect(toasts).toEqual([]);
  });

  it('says a time-out and a lost connection in the user language', async () => {
    const { reportError, RequestError } = await load();
    reportError(new RequestError('timeout'));
    reportError(new RequestError('network'));
    reportError(new RequestError('status', 502));
    // A call that waits longer (directory sign-in) names its own wait.
    reportError(new RequestError('timeout', undefined, 35_000));
    expect(toasts.map((toast) => toast.content)).toEqual([
      '请求超时（6 秒无响应），请稍后重试',
      '网络异常，请检查网络后重试',
      '网络异常，请检查网络后重试',
      '请求超时（35 秒无响应），请稍后重试',
    ]);
  });

  it('signs out on 401 and goes to /login, toasting once per cycle of five', async () => {
    const { reportError, ApiError, session, toLogin, unauthorizedToastCycle, resetUnauthorizedCount } =
      await load();
    expect(unauthorizedToastCycle).toBe(5);
    signIn(session);
    for (let i = 0; i < 7; i += 1) reportError(new ApiError(401, '请求未授权'));
    expect(toasts).toEqual([
      { content: '请求未授权', key: 'unauthorized' },
      { content: '请求未授权', key: 'unauthorized' },
    ]);
    expect(toLogin).toHaveBeenCalledTimes(7);
    expect(session.getSession()).toBeNull();
    expect(cookies.size).toBe(0);
    // A new sign-in starts a new cycle: its first 401 is told even mid-cycle.
    resetUnauthorizedCount();
    reportError(new ApiError(401, '请求未授权'));
    expect(toasts).toHaveLength(3);
  });
});

describe('forgetSession (spec 01 §4)', () => {
  it('clears tokens, cookies, fetched answers, tabs and the lock', async () => {
    const { forgetSession, session, queryClient, useTabs, useLock } = await load();
    signIn(session);
    queryClient.setQueryData(['menuRoutes'], [{ id: '1' }]);
    useTabs.getState().open({ value: '/system/user', query: '', label: 'users' });
    useLock.getState().lockWith('pw');
    forgetSession();
    expect(session.getSession()).toBeNull();
    expect([...cookies.keys()]).toEqual([]);
    expect(storage.has('saber-userInfo')).toBe(false);
    expect(queryClient.getQueryData(['menuRoutes'])).toBeUndefined();
    expect(useTabs.getState().tabs.map((tab) => tab.value)).toEqual(['/wel/index']);
    expect(useLock.getState().locked).toBe(false);
  });
});

describe('the web client', () => {
  it('toasts a failed call once, even when its caller reports it again', async () => {
    const { client, reportError } = await load();
    answers.push(envelope(400, '编码已存在'));
    const error = await client.request('POST', '/api/x', { body: { code: 'A' } }).catch((e: unknown) => e);
    reportError(error);
    expect(toasts).toEqual([{ content: '编码已存在', key: '编码已存在' }]);
  });

  it('leaves quiet calls to their caller, but a lost session still signs out, silently', async () => {
    const { client, ApiError, session, toLogin } = await load();
    signIn(session);
    answers.push(envelope(400, 'nope'), envelope(401, '请求未授权'));
    await expect(client.request('GET', '/api/a', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
    await expect(client.request('GET', '/api/b', { quiet: true })).rejects.toMatchObject({ code: 401 });
    expect(toasts).toEqual([]);
    expect(toLogin).toHaveBeenCalledOnce();
    expect(session.getSession()).toBeNull();
  });

  it('says "unknown error" in the user language when the server gives no message', async () => {
    const { client } = await load();
    answers.push(envelope(500));
    await expect(client.request('GET', '/api/x')).rejects.toMatchObject({ message: '未知错误' });
    expect(toasts.map((toast) => toast.content)).toEqual(['未知错误']);
  });

  it('sends the token, language and requested-with marker, and shows progress except in the background', async () => {
    const { client, session, useProgress } = await load();
    signIn(session);
    const seen: number[] = [];
    const stop = useProgress.subscribe((state) => seen.push(state.pending));
    answers.push(envelope(200, 'ok', { a: 1 }), envelope(200, 'ok'));
    expect(await client.request('GET', '/api/x')).toEqual({ a: 1 });
    expect(sent[0]?.init.headers).toMatchObject({
      'Blade-Auth': 'bearer access',
      'Blade-Language': 'zh',
      'Blade-Requested-With': 'BladeHttpRequest',
      'Content-Type': 'application/json',
    });
    await client.refresh({ tenantId: '000000', refreshToken: 'refresh' });
    stop();
    expect(seen).toEqual([1, 0]);
  });

  it('a network failure rejects and is told', async () => {
    const { client } = await load();
    await expect(client.request('GET', '/api/x')).rejects.toMatchObject({ reason: 'network' });
    expect(toasts.map((toast) => toast.content)).toEqual(['网络异常，请检查网络后重试']);
  });
});
