import type { SocialProviderConfig, SocialSource } from '../../config.ts';
import { badRequest } from '../../http/errors.ts';

/** The person as the provider reports them; `uuid` is the provider's stable user id. */
export interface SocialProfile {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  blog: string;
  company: string;
  location: string;
}

/**
 * Talks to the providers: where to send the browser, and turning the code the provider sent
 * back into a profile. Pluggable so tests (and any provider added later) bring their own.
 */
export interface SocialClient {
  authorizeUrl(
    source: SocialSource,
    provider: SocialProviderConfig,
    state: string,
    redirectUri: string,
  ): string;
  exchange(
    source: SocialSource,
    provider: SocialProviderConfig,
    code: string,
    redirectUri: string,
  ): Promise<SocialProfile>;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function url(base: string, query: Record<string, string>): string {
  return `${base}?${new URLSearchParams(query).toString()}`;
}

/** The providers' documented OAuth 2 authorisation-code flows, over fetch. */
export function httpSocialClient(fetchImpl: typeof fetch = fetch): SocialClient {
  async function json(target: string, init?: RequestInit): Promise<Record<string, unknown>> {
    const response = await fetchImpl(target, {
      ...init,
      headers: { accept: 'application/json', 'user-agent': 'bl-3pl', ...init?.headers },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!response) throw badRequest('auth.socialUnreachable');
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const problem =
      body.error_description ?? body.error ?? body.errmsg ?? (response.ok ? '' : response.status);
    // WeChat and QQ answer 200 with an error code in the body.
    if (problem || (body.errcode && body.errcode !== 0) || (body.ret && body.ret !== 0))
      throw badRequest('auth.socialFailed', {
        reason: text(problem || body.msg || body.errcode || body.ret),
      });
    return body;
  }

  return {
    authorizeUrl(source, provider, state, redirectUri) {
      switch (source) {
        case 'github':
          return url('https://github.com/login/oauth/authorize', {
            client_id: provider.clientId,
            redirect_uri: redirectUri,
            state,
            scope: 'read:user user:email',
          });
        case 'gitee':
          return url('https://gitee.com/oauth/authorize', {
            client_id: provider.clientId,
            redirect_uri: redirectUri,
            response_type: 'code',
            state,
          });
        case 'wechat':
          return `${url('https://open.weixin.qq.com/connect/qrconnect', {
            appid: provider.clientId,
            redirect_uri: redirectUri,
            response_type: 'code',
            scope: 'snsapi_login',
            state,
          })}#wechat_redirect`;
        case 'qq':
          return url('https://graph.qq.com/oauth2.0/authorize', {
            response_type: 'code',
            client_id: provider.clientId,
            redirect_uri: redirectUri,
            state,
          });
      }
    },

    async exchange(source, provider, code, redirectUri) {
      const credentials = { client_id: provider.clientId, client_secret: provider.clientSecret };
      switch (source) {
        case 'github': {
          const token = await json('https://github.com/login/oauth/access_token', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...credentials, code, redirect_uri: redirectUri }),
          });
          const me = await json('https://api.github.com/user', {
            headers: { authorization: `Bearer ${text(token.access_token)}` },
          });
          return {
            uuid: text(me.id),
            username: text(me.login),
            nickname: text(me.name || me.login),
            avatar: text(me.avatar_url),
            email: text(me.email),
            blog: text(me.blog),
            company: text(me.company),
            location: text(me.location),
          };
        }
        case 'gitee': {
          const token = await json(
            url('https://gitee.com/oauth/token', {
              grant_type: 'authorization_code',
              ...credentials,
              code,
              redirect_uri: redirectUri,
            }),
            { method: 'POST' },
          );
          const me = await json(
            url('https://gitee.com/api/v5/user', { access_token: text(token.access_token) }),
          );
          return {
            uuid: text(me.id),
            username: text(me.login),
            nickname: text(me.name || me.login),
            avatar: text(me.avatar_url),
            email: text(me.email),
            blog: text(me.blog),
            company: text(me.company),
            location: text(me.location ?? me.address),
          };
        }
        case 'wechat': {
          const token = await json(
            url('https://api.weixin.qq.com/sns/oauth2/access_token', {
              appid: provider.clientId,
              secret: provider.clientSecret,
              code,
              grant_type: 'authorization_code',
            }),
          );
          const me = await json(
            url('https://api.weixin.qq.com/sns/userinfo', {
              access_token: text(token.access_token),
              openid: text(token.openid),
            }),
          );
          return {
            // unionid is the same across the operator's WeChat apps; openid only within one.
            uuid: text(me.unionid || token.unionid || me.openid || token.openid),
            username: text(me.nickname),
            nickname: text(me.nickname),
            avatar: text(me.headimgurl),
            email: '',
            blog: '',
            company: '',
            location: [me.country, me.province, me.city].filter(Boolean).map(text).join(' '),
          };
        }
        case 'qq': {
          const token = await json(
            url('https://graph.qq.com/oauth2.0/token', {
              grant_type: 'authorization_code',
              ...credentials,
              code,
              redirect_uri: redirectUri,
              fmt: 'json',
            }),
          );
          const accessToken = text(token.access_token);
          const me = await json(
            url('https://graph.qq.com/oauth2.0/me', { access_token: accessToken, fmt: 'json' }),
          );
          const info = await json(
            url('https://graph.qq.com/user/get_user_info', {
              access_token: accessToken,
              oauth_consumer_key: provider.clientId,
              openid: text(me.openid),
            }),
          );
          return {
            uuid: text(me.openid),
            username: text(info.nickname),
            nickname: text(info.nickname),
            avatar: text(info.figureurl_qq_2 || info.figureurl_qq_1),
            email: '',
            blog: '',
            company: '',
            location: [info.province, info.city].filter(Boolean).map(text).join(' '),
          };
        }
      }
    },
  };
}
