import type { TokenAnswer, UserInfo } from './auth.ts';
import type { ApiResult } from './envelope.ts';
import type { Language } from './language.ts';
import type { ButtonNode, MenuNode } from './menu.ts';

/** An answer whose envelope says it failed; carries the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send no bearer token (sign-in calls). */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

function base64(text: string): string {
  return typeof btoa === 'function' ? btoa(text) : Buffer.from(text).toString('base64');
}

function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The one typed client of the API, shared by the web app, the browser tests and the tools.
 * It sends the client credential, the bearer token and the language on every call.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;

  async function request<T>(method: 'GET' | 'POST', path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Basic ${base64(`${options.clientId}:${options.clientSecret}`)}`,
      'Blade-Language': options.language(),
      ...req.headers,
    };
    const token = req.anonymous ? undefined : options.token();
    if (token) headers['Blade-Auth'] = `bearer ${token}`;
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const response = await doFetch(`${options.baseUrl}${path}${toQueryString(req.query)}`, {
      method,
      headers,
      body,
    });
    const envelope = (await response.json()) as ApiResult<T>;
    if (!envelope.success) throw new ApiError(envelope.code ?? response.status, envelope.msg);
    return envelope.data;
  }

  return {
    request,
    signIn(input: { tenantId: string; account: string; passwordMd5: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
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
    /** A sign-in code to a phone of the tenant; answers the seconds before another may be asked. */
    sendCode(input: { tenantId: string; phone: string }) {
      return request<{ seconds: number }>('POST', '/api/bl-auth/send-code', {
        anonymous: true,
        headers: { 'Tenant-Id': input.tenantId },
        query: { tenantId: input.tenantId, phone: input.phone },
      });
    },
    signInPhone(input: { tenantId: string; phone: string; code: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
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
        headers: { 'Tenant-Id': input.tenantId },
        query: { tenantId: input.tenantId, source: input.source },
      });
    },
    signInSocial(input: { tenantId: string; source: string; code: string; state: string }) {
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
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
      return request<TokenAnswer>('POST', '/api/bl-auth/token', {
        anonymous: true,
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
      return request<null>('GET', '/api/bl-auth/logout');
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
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
