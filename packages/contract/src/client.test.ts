import { describe, expect, it } from 'vitest';
import { type ApiClientOptions, ApiError, createApiClient, RequestError, serializeForm } from './client.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was given and answers with `answer`. */
function fakeFetch(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    sent.push(call);
    return answer(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientWith(fetch: typeof globalThis.fetch, extra: Partial<ApiClientOptions> = {}) {
  let token: string | undefined = 'tok';
  const log: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://api',
    clientId: 'saber',
    clientSecret: 'saber_secret',
    language: () => 'en',
    token: () => token,
    fetch,
    events: {
      started: (req) => log.push(`start${req.background ? ' background' : ''}`),
      finished: () => log.push('done'),
      failed: (error, req) => log.push(`failed ${error.name}${req.quiet ? ' quiet' : ''}`),
    },
    ...extra,
  });
  return { client, log, signOut: () => (token = undefined) };
}

const headersOf = (sent: Sent) => sent.init.headers as Record<string, string>;

describe('the shared client (spec 01 §7, §8)', () => {
  it('sends the client credential, bearer token, language, JSON type and requested-with marker', async () => {
    const { fetch, sent } = fakeFetch(() => json({ code: 200, success: true, data: { a: 1 }, msg: 'ok' }));
    const { client } = clientWith(fetch);
    expect(await client.request('GET', '/x', { query: { q: 'a b', skip: undefined } })).toEqual({ a: 1 });
    expect(sent[0]?.url).toBe('http://api/x?q=a+b');
    expect(headersOf(sent[0] as Sent)).toEqual({
      Authorization: `Basic ${btoa('saber:saber_secret')}`,
      'Blade-Language': 'en',
      'Blade-Requested-With': 'BladeHttpRequest',
      'Blade-Auth': 'bearer tok',
      'Content-Type': 'application/json',
    });
    expect(sent[0]?.init.credentials).toBe('include');
  });

  it('leaves the token out when signed out or when the call opts out', async () => {
    const { fetch, sent } = fakeFetch(() => json({ code: 200, data: null, msg: '' }));
    const { client, signOut } = clientWith(fetch);
    await client.request('GET', '/a', { anonymous: true });
    signOut();
    await client.request('GET', '/b');
    expect(sent.map((call) => headersOf(call)['Blade-Auth'])).toEqual([undefined, undefined]);
  });

  it('posts JSON, or a form when flagged', async () => {
    const { fetch, sent } = fakeFetch(() => json({ code: 200, data: null, msg: '' }));
    const { client } = clientWith(fetch);
    await client.request('POST', '/json', { body: { name: '张三', n: 2 } });
    await client.request('POST', '/form', {
      body: { name: '张三', n: 2, skip: undefined, tags: [1] },
      form: true,
    });
    await client.request('POST', '/empty');
    expect(sent[0]?.init.body).toBe('{"name":"张三","n":2}');
    expect(headersOf(sent[0] as Sent)['Content-Type']).toBe('application/json');
    expect(headersOf(sent[1] as Sent)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(String(sent[1]?.init.body)).get('name')).toBe('张三');
    expect(sent[1]?.init.body).toBe('name=%E5%BC%A0%E4%B8%89&n=2&tags=%5B1%5D');
    expect(sent[2]?.init.body).toBeUndefined();
    expect(headersOf(sent[2] as Sent)['Content-Type']).toBeUndefined();
  });

  it('serialises only plain objects as forms', () => {
    expect(serializeForm({ a: 'x&y', b: true, c: null })).toBe('a=x%26y&b=true');
    expect(serializeForm([1, 2])).toBe('');
    expect(serializeForm(undefined)).toBe('');
  });

  it('rejects a failed envelope with its code and message, and tells the observers', async () => {
    const { fetch } = fakeFetch(() =>
      json({ code: 400, success: false, data: null, msg: '数量不能为负' }, 400),
    );
    const { client, log } = clientWith(fetch);
    const error = await client.request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, message: '数量不能为负', quiet: false });
    expect(log).toEqual(['start', 'failed ApiError', 'done']);
  });

  it('reads HTTP 200-500 as envelopes: a 401 body code arrives as an ApiError', async () => {
    const { fetch } = fakeFetch(() => json({ code: 401, msg: 'token expired' }, 401));
    const { client } = clientWith(fetch);
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ name: 'ApiError', code: 401 });
    const { fetch: fetch500 } = fakeFetch(() => json({ code: 500, msg: 'boom' }, 500));
    await expect(clientWith(fetch500).client.request('GET', '/x')).rejects.toMatchObject({
      code: 500,
      message: 'boom',
    });
  });

  it('defaults the code to the status (200) and the message to "unknown error", translated', async () => {
    const { fetch } = fakeFetch(() => json({ data: [1] }));
    expect(await clientWith(fetch).client.request('GET', '/x')).toEqual([1]);
    const { fetch: failing } = fakeFetch(() => json({ code: 418 }));
    const { client } = clientWith(failing, { unknownMessage: () => '未知错误' });
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ code: 418, message: '未知错误' });
    const { fetch: blank } = fakeFetch(() => json({ code: 418, msg: '  ' }));
    await expect(clientWith(blank).client.request('GET', '/x')).rejects.toMatchObject({
      message: 'unknown error',
    });
    const { fetch: html } = fakeFetch(() => new Response('<html>', { status: 404 }));
    await expect(clientWith(html).client.request('GET', '/x')).rejects.toMatchObject({ code: 404 });
  });

  it('marks white-listed codes quiet', async () => {
    const { fetch } = fakeFetch(() => json({ code: 409, msg: 'stale' }, 409));
    const { client } = clientWith(fetch, { statusWhiteList: [409] });
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ code: 409, quiet: true });
  });

  it('rejects statuses above 500 and network failures as request errors', async () => {
    const { fetch } = fakeFetch(() => new Response('bad gateway', { status: 502 }));
    const { client, log } = clientWith(fetch);
    await expect(client.request('GET', '/x', { quiet: true })).rejects.toMatchObject({
      name: 'RequestError',
      reason: 'status',
      status: 502,
    });
    expect(log).toEqual(['start', 'failed RequestError quiet', 'done']);
    const { fetch: offline } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await clientWith(offline)
      .client.request('GET', '/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ reason: 'network' });
  });

  it('gives up after the time-out', async () => {
    // A server that never answers: the fetch settles only when its signal aborts.
    const { fetch } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, log } = clientWith(fetch, { timeoutMs: 20 });
    await expect(client.request('GET', '/slow')).rejects.toMatchObject({
      name: 'RequestError',
      reason: 'timeout',
    });
    expect(log).toEqual(['start', 'failed RequestError', 'done']);
  });

  it("lets one call wait longer than the client's time-out", async () => {
    // Answers after 60 ms unless aborted first: too late for the client's 20 ms, in time for
    // the call's own 5 s (timers fire in the order they fall due).
    const { fetch } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(
            () => resolve(json({ code: 200, success: true, data: 'late', msg: 'ok' })),
            60,
          );
          init.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const { client } = clientWith(fetch, { timeoutMs: 20 });
    await expect(client.request('GET', '/slow')).rejects.toMatchObject({ reason: 'timeout' });
    expect(await client.request('GET', '/slow', { timeoutMs: 5000 })).toBe('late');
  });

  it('sends the domain password in the form body, never in the address', async () => {
    const { fetch, sent } = fakeFetch(() => json({ code: 200, success: true, data: {}, msg: 'ok' }));
    const { client } = clientWith(fetch);
    await client.signInDomain({ tenantId: '000000', account: 'zhang.san', password: 'P&ss word=1' });
    const call = sent[0] as Sent;
    expect(call.url).toBe('http://api/api/bl-auth/token');
    expect(headersOf(call)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(headersOf(call)['Blade-Auth']).toBeUndefined();
    const form = new URLSearchParams(String(call.init.body));
    expect(Object.fromEntries(form)).toEqual({
      grantType: 'domain',
      tenantId: '000000',
      account: 'zhang.san',
      password: 'P&ss word=1',
      scope: 'all',
    });
  });

  it('tells the observers which calls run in the background', async () => {
    const { fetch } = fakeFetch(() => json({ code: 200, data: null }));
    const { client, log } = clientWith(fetch);
    await client.request('POST', '/token', { background: true });
    expect(log).toEqual(['start background', 'done']);
  });

  it('builds the same headers for the calls it cannot make itself', () => {
    const { client } = clientWith(fakeFetch(() => json({})).fetch);
    expect(client.headers({ headers: { datasource: 'master' } })).toMatchObject({
      'Blade-Auth': 'bearer tok',
      'Blade-Requested-With': 'BladeHttpRequest',
      datasource: 'master',
    });
    expect(client.headers({ anonymous: true })['Blade-Auth']).toBeUndefined();
  });
});
