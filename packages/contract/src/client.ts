import type { TokenAnswer, UserInfo } from './auth.ts';
import { type ApiResult, ResultCode } from './envelope.ts';
import type { Language } from './language.ts';
import type { ButtonNode, MenuNode, TopMenuItem } from './menu.ts';

/**
 * An answer whose envelope says it failed; carries the server's code and message. `quiet` marks
 * a code of the client's white list: the caller rejects it without telling the user.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly quiet = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A call that got no answer to read: the network failed, the time-out passed, or the HTTP status
 * was outside 200-500 (a proxy's 502, say), where no envelope can be expected.
 */
export class RequestError extends Error {
  constructor(
    readonly reason: 'network' | 'timeout' | 'status',
    readonly status?: number,
    /** For a time-out: how long the call waited, so the message names that (calls differ). */
    readonly waitedMs?: number,
  ) {
    super(reason === 'status' ? `HTTP ${status}` : reason);
    this.name = 'RequestError';
  }
}

/** A call gives up after this long (spec 01 §9). */
export const defaultRequestTimeoutMs = 6000;

/**
 * Calls that wait on a tenant's directory (domain sign-in, its connection test) give up after
 * this long: past the longest directory time-out a tenant may set (30 s), so the server's own,
 * clearer, time-out message arrives first.
 */
export const directoryTimeoutMs = 35_000;

/**
 * Marks calls as coming from this client, as SpringBlade/Saber clients do; BladeX gateways that
 * let only their own clients through look for it. This server does not require it.
 */
export const requestedWithHeader = { 'Blade-Requested-With': 'BladeHttpRequest' } as const;

/** What the client tells its observers about each call (the progress bar, error reporting). */
export interface ApiClientEvents {
  /** A call started; `background` calls (the token refresh) show no progress. */
  started?(request: RequestOptions): void;
  /** A call ended, answered or not; always paired with `started`. */
  finished?(request: RequestOptions): void;
  /** A call is about to reject: report it (a toast, a forced sign-out) unless it is `quiet`. */
  failed?(error: ApiError | RequestError, request: RequestOptions): void;
}

export interface ApiClientOptions {
  /** Origin and prefix, '' in the browser (same origin). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  language: () => Language;
  /** The current access token, if signed in. */
  token: () => string | undefined;
  fetch?: typeof fetch;
  /** Default 6000 ms (spec 01 §9). */
  timeoutMs?: number;
  /** Result codes that reject without telling the user (spec 01 §8). */
  statusWhiteList?: readonly number[];
  /** The message of a failed envelope without one, in the user's language. */
  unknownMessage?: () => string;
  events?: ApiClientEvents;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send no bearer token (sign-in calls). */
  anonymous?: boolean;
  /** POST the body as `application/x-www-form-urlencoded` instead of JSON (Saber's `isSerialize`). */
  form?: boolean;
  /** Runs without the progress bar (the token refresh, spec 01 §8). */
  background?: boolean;
  /** The caller tells the user itself; observers still see the failure with this flag set. */
  quiet?: boolean;
  headers?: Record<string, string>;
  /** This call's time-out instead of the client's (a call that waits on another server). */
  timeoutMs?: number;
}

function base64(text: string): string {
  return typeof btoa === 'function' ? btoa(text) : Buffer.from(text).toString('base64');
}

function toSearchParams(values: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
}

function toQueryString(query: Query | undefined): string {
  const text = query ? toSearchParams(query).toString() : '';
  return text ? `?${text}` : '';
}

/** The body as a form: top-level fields as pairs, nested values as JSON (Saber's `serialize`). */
export function serializeForm(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
  return toSearchParams(body as Record<string, unknown>).toString();
}

/** HTTP statuses whose body is read as an envelope (spec 01 §8): errors arrive as body codes. */
export function isReadableStatus(status: number): boolean {
  return status >= 200 && status <= 500;
}

/**
 * The one typed client of the API, shared by the web app, the browser tests and the tools.
 * It sends the client credential, the bearer token, the language and the requested-with marker
 * on every call, gives up after the time-out, and rejects every answer whose code is not 200.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? defaultRequestTimeoutMs;
  const whiteList = new Set(options.statusWhiteList ?? []);
  const unknownMessage = options.unknownMessage ?? (() => 'unknown error');
  const events = options.events ?? {};

  /** The headers of every call; exported for the calls `request` cannot make (blobs, uploads). */
  function headersFor(req: Pick<RequestOptions, 'anonymous' | 'headers'> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Basic ${base64(`${options.clientId}:${options.clientSecret}`)}`,
      'Blade-Language': options.language(),
      ...requestedWithHeader,
      ...req.headers,
    };
    const token = req.anonymous ? undefined : options.token();
    if (token) headers['Blade-Auth'] = `bearer ${token}`;
    return headers;
  }

  async function send<T>(method: 'GET' | 'POST', path: string, req: RequestOptions): Promise<T> {
    const headers = headersFor(req);
    let body: string | undefined;
    if (method === 'POST' && req.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = serializeForm(req.body);
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    } else if (method === 'GET') {
      // A body-less POST says nothing: an empty document is not valid JSON, and Fastify refuses it.
      headers['Content-Type'] = 'application/json';
    }
    const abort = new AbortController();
    const waitMs = req.timeoutMs ?? timeoutMs;
    const timer = setTimeout(() => abort.abort(), waitMs);
    let response: Response;
    let envelope: Partial<ApiResult<T>> | null = null;
    try {
      response = await doFetch(`${options.baseUrl}${path}${toQueryString(req.query)}`, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: abort.signal,
      });
      if (!isReadableStatus(response.status)) throw new RequestError('status', response.status);
      const text = await response.text();
      try {
        envelope = text ? (JSON.parse(text) as Partial<ApiResult<T>>) : {};
      } catch {
        // Not an envelope (a proxy's page): only the status is known.
      }
    } catch (error) {
      if (error instanceof RequestError) throw error;
      throw abort.signal.aborted
        ? new RequestError('timeout', undefined, waitMs)
        : new RequestError('network');
    } finally {
      clearTimeout(timer);
    }
    // The body's code, else the status: 200 for every answer that reached a handler (spec 01 §8).
    const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
    if (code === ResultCode.success) return envelope?.data as T;
    const message =
      typeof envelope?.msg === 'string' && envelope.msg.trim() ? envelope.msg : unknownMessage();
    throw new ApiError(code, message, whiteList.has(code));
  }

  async function request<T>(method: 'GET' | 'POST', path: string, req: RequestOptions = {}): Promise<T> {
    events.started?.(req);
    try {
      return await send<T>(method, path, req);
    } catch (error) {
      if (error instanceof ApiError || error instanceof RequestError) events.failed?.(error, req);
      throw error;
    } finally {
      events.finished?.(req);
    }
  }

  return {
    request,
    headers: headersFor,
    signIn(input: { tenantId: string; account: string; passwordMd5: string }) {
      // The sign-in page tells its own failures, next to the form.
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
        quiet: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: {
          grantType: 'password',
          tenantId: input.tenantId,
          account: input.account,
          password: input.passwordMd5,
          scope: 'all',
        },
      });
    },
    /**
     * Sign-in with a directory (LDAP / AD) account (ADR 0013). The directory needs the password
     * itself, so it goes in plain text, in the form body (never the address, which proxies and
     * access logs keep); the call may wait for the directory up to its time-out.
     */
    signInDomain(input: { tenantId: string; account: string; password: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
        // The sign-in page tells its own failures (see signIn).
        quiet: true,
        headers: { 'Tenant-Id': input.tenantId },
        form: true,
        body: {
          grantType: 'domain',
          tenantId: input.tenantId,
          account: input.account,
          password: input.password,
          scope: 'all',
        },
        timeoutMs: directoryTimeoutMs,
      });
    },
    /** A sign-in code to a phone of the tenant; answers the seconds before another may be asked. */
    sendCode(input: { tenantId: string; phone: string }) {
      return request<{ seconds: number }>('POST', '/api/bl-auth/send-code', {
        anonymous: true,
        // The sign-in page and its dialogs tell their own failures (see signIn).
        quiet: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: { tenantId: input.tenantId, phone: input.phone },
      });
    },
    signInPhone(input: { tenantId: string; phone: string; code: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
        // The sign-in page and its dialogs tell their own failures (see signIn).
        quiet: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: {
          grantType: 'phone',
          tenantId: input.tenantId,
          phone: input.phone,
          code: input.code,
          scope: 'all',
        },
      });
    },
    /** Finishes a sign-in that answered openCodeCheck "1", with the code sent to the phone. */
    checkDynamicCode(input: { codeChallenge: string; code: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
        // The sign-in page and its dialogs tell their own failures (see signIn).
        quiet: true,
        query: {
          grantType: 'dynamic_code',
          codeChallenge: input.codeChallenge,
          code: input.code,
          scope: 'all',
        },
      });
    },
    /** Where to send the browser to sign in with a provider (refused when it is not configured). */
    socialAuthorize(input: { tenantId: string; source: string }) {
      return request<{ url: string }>('GET', '/api/bl-auth/social/authorize', {
        anonymous: true,
        // The sign-in page and its dialogs tell their own failures (see signIn).
        quiet: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: { tenantId: input.tenantId, source: input.source },
      });
    },
    signInSocial(input: { tenantId: string; source: string; code: string; state: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
        // The sign-in page and its dialogs tell their own failures (see signIn).
        quiet: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: { grantType: 'social', scope: 'all', ...input },
      });
    },
    /** Third-party registration (spec 01 §5): sent with the guest token of the social sign-in. */
    registerGuest(input: {
      tenantId: string;
      name: string;
      account: string;
      passwordMd5: string;
      oauthId: string;
    }) {
      return request<null>('POST', '/api/bl-system/register-guest', {
        // The registration dialog tells its own failure (server message or "提交失败").
        quiet: true,
        query: {
          tenantId: input.tenantId,
          name: input.name,
          account: input.account,
          password: input.passwordMd5,
          oauthId: input.oauthId || undefined,
        },
      });
    },
    refresh(input: { tenantId: string; refreshToken: string }) {
      // Runs on a timer, unasked: no progress bar (spec 01 §8).
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
        background: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: {
          grantType: 'refresh_token',
          tenantId: input.tenantId,
          refreshToken: input.refreshToken,
          scope: 'all',
        },
      });
    },
    logout() {
      // Signing out ends the session here whatever the server says: nothing to tell.
      return request<null>('GET', '/api/bl-auth/logout', { quiet: true });
    },
    userInfo() {
      return request<UserInfo>('GET', '/api/bl-system/user/getUserInfo');
    },
    menuRoutes(query?: Query) {
      return request<MenuNode[]>('GET', '/api/bl-system/menu/routes', { query });
    },
    menuButtons() {
      return request<ButtonNode[]>('GET', '/api/bl-system/menu/buttons');
    },
    /** The caller's top menus (spec 01 §7), those out of the caller's reach left out. */
    topMenus() {
      return request<TopMenuItem[]>('GET', '/api/bl-system/topmenu/listByParams', { query: { filter: 1 } });
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
