import { defaultTenantId, ok, type TokenAnswer } from '@bl/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { spendAllowance } from './address-limit.ts';
import { checkCaptcha, createCaptcha } from './captcha.ts';
import { signInWithDirectory } from './directory-grant.ts';
import {
  completeCodeCheck,
  sendPhoneCode,
  signInWithPhone,
  signInWithSocial,
  socialAuthorizeUrl,
} from './more-grants.ts';
import {
  type AuthDeps,
  authenticateClient,
  refreshSession,
  requireGrant,
  revokeSession,
  signInWithPassword,
} from './sign-in.ts';

/** SpringBlade clients send these as query parameters; forms and JSON bodies are read too. */
const tokenParams = z.object({
  grantType: z.string().max(32).optional(),
  grant_type: z.string().max(32).optional(),
  tenantId: z.string().max(12).optional(),
  // Up to a domain account's length (`zhang.san@corp.example`, grant domain).
  account: z.string().max(128).optional(),
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  refreshToken: z.string().max(2048).optional(),
  refresh_token: z.string().max(2048).optional(),
  scope: z.string().max(64).optional(),
  type: z.string().max(32).optional(),
  phone: z.string().max(32).optional(),
  code: z.string().max(2048).optional(),
  codeChallenge: z.string().max(2048).optional(),
  source: z.string().max(16).optional(),
  state: z.string().max(2048).optional(),
});
type TokenParams = z.infer<typeof tokenParams>;

const tokenAnswer = z.object({
  code: z.number(),
  success: z.boolean(),
  msg: z.string(),
  data: z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.literal('bearer'),
    expiresIn: z.number(),
    userId: z.string(),
    tenantId: z.string(),
    oauthId: z.string(),
    account: z.string(),
    userName: z.string(),
    avatar: z.string(),
    authority: z.string(),
    roleName: z.string(),
    openCodeCheck: z.string(),
    codeChallenge: z.string().optional(),
    codePhone: z.string().optional(),
    passwordChangeDue: z.boolean().optional(),
  }),
});

function readParams(request: FastifyRequest): TokenParams {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  const merged = tokenParams.parse({ ...body, ...(request.query as object) });
  return merged;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function tenantOf(request: FastifyRequest, params: TokenParams): string {
  const header = request.headers['tenant-id'];
  return (params.tenantId || (Array.isArray(header) ? header[0] : header) || defaultTenantId).trim();
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/bl-auth/token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in (grantType password, captcha, phone, social, domain; dynamic_code finishes a sign-in that answered openCodeCheck "1") or renew tokens (refresh_token). The domain grant takes the directory password in plain text, in the form or JSON body only.',
        querystring: tokenParams,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const params = readParams(request);
      const clientRow = await authenticateClient(deps.database, request.headers.authorization);
      const grantType = params.grantType ?? params.grant_type ?? 'password';
      // The challenge names the client that started the sign-in, under a grant it holds.
      if (grantType !== 'dynamic_code') requireGrant(clientRow, grantType);
      const tenantId = tenantOf(request, params);
      let answer: TokenAnswer;
      switch (grantType) {
        case 'captcha':
          // The password grant behind a captcha (headers Captcha-Key and Captcha-Code).
          await checkCaptcha(deps.database, header(request, 'captcha-key'), header(request, 'captcha-code'));
          answer = await signInWithPassword(deps, clientRow, {
            tenantId,
            account: (params.account ?? params.username ?? '').trim(),
            password: params.password ?? '',
            ip: request.ip,
          });
          break;
        case 'password':
          answer = await signInWithPassword(deps, clientRow, {
            tenantId,
            account: (params.account ?? params.username ?? '').trim(),
            password: params.password ?? '',
            ip: request.ip,
          });
          break;
        case 'refresh_token':
          answer = await refreshSession(deps, clientRow, {
            tenantId: params.tenantId ?? '',
            refreshToken: params.refreshToken ?? params.refresh_token ?? '',
          });
          break;
        case 'phone':
          answer = await signInWithPhone(deps, clientRow, {
            tenantId,
            phone: (params.phone ?? '').trim(),
            code: (params.code ?? '').trim(),
            ip: request.ip,
          });
          break;
        case 'dynamic_code':
          answer = await completeCodeCheck(deps, clientRow, {
            challenge: params.codeChallenge ?? '',
            code: params.code ?? '',
            ip: request.ip,
          });
          break;
        case 'domain': {
          // The directory needs the password itself: it must not travel in the address, where
          // proxies and access logs keep it.
          if ((request.query as TokenParams).password !== undefined)
            throw badRequest('auth.domainPasswordInQuery');
          answer = await signInWithDirectory(deps, clientRow, {
            tenantId,
            account: params.account ?? params.username ?? '',
            password: params.password ?? '',
            ip: request.ip,
          });
          break;
        }
        case 'social':
          answer = await signInWithSocial(deps, clientRow, {
            tenantId,
            source: (params.source ?? '').trim(),
            code: params.code ?? '',
            state: params.state ?? '',
            ip: request.ip,
          });
          break;
        default:
          throw badRequest('auth.grantUnsupported', { grantType });
      }
      return ok(answer, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-auth/captcha',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'A new captcha: key (send as Captcha-Key) and image (SVG data URL); answer within 5 minutes, once',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await spendAllowance(deps.attempts, 'captcha', request.ip, deps.config.captchaMaxPerHour);
      return ok(await createCaptcha(deps.database), translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-auth/send-code',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Send a sign-in code to a phone of a tenant (grantType phone); answers the seconds before another may be asked',
        querystring: z.object({
          tenantId: z.string().max(12).optional(),
          phone: z.string().max(32).optional(),
        }),
      },
    },
    async (request) => {
      await authenticateClient(deps.database, request.headers.authorization);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const input = { ...(body as { tenantId?: string; phone?: string }), ...request.query };
      const sent = await sendPhoneCode(deps, {
        tenantId: tenantOf(request, input),
        phone: (input.phone ?? '').trim(),
        ip: request.ip,
      });
      return ok(sent, translate('auth.codeSent', request.language));
    },
  );

  api.get(
    '/api/bl-auth/social/authorize',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Where to send the browser to sign in with a provider (source wechat, qq, github, gitee); refused when the provider is not configured',
        querystring: z.object({ tenantId: z.string().max(12).optional(), source: z.string().max(16) }),
      },
    },
    async (request) => {
      await authenticateClient(deps.database, request.headers.authorization);
      const origin = `${request.protocol}://${request.host}`;
      const answer = await socialAuthorizeUrl(deps, {
        tenantId: tenantOf(request, request.query),
        source: request.query.source.trim(),
        origin,
      });
      return ok(answer, translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-auth/refreshToken',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Renew tokens with a refresh token',
        querystring: tokenParams,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const params = readParams(request);
      const clientRow = await authenticateClient(deps.database, request.headers.authorization);
      requireGrant(clientRow, 'refresh_token');
      const answer = await refreshSession(deps, clientRow, {
        tenantId: params.tenantId ?? '',
        refreshToken: params.refreshToken ?? params.refresh_token ?? '',
      });
      return ok(answer, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: the session and all its tokens stop working' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      await revokeSession(deps.database, auth.tenantId, auth.sessionId);
      await deps.database.withTenant(auth.tenantId, (tx) => writeAudit(tx, auth, { action: 'signOut' }));
      return ok(null, translate('auth.loggedOut', request.language));
    },
  );
}
