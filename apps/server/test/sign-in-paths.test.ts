import type { TokenAnswer } from '@bl/contract';
import { useroauthTable } from '@bl/entities/system/useroauth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.ts';
import { authCode, user } from '../src/db/schema/index.ts';
import type { CodeMessage } from '../src/modules/auth/codes.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import type { SocialClient, SocialProfile } from '../src/modules/auth/social.ts';
import { basic, body, md5, signIn, testApp } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/** The provider of the tests: a code names the profile it stands for. */
const profiles: Record<string, SocialProfile> = {
  'code-new': {
    uuid: 'gh-1001',
    username: 'octo',
    nickname: 'Octo Cat',
    avatar: '',
    email: 'octo@example.com',
    blog: '',
    company: '',
    location: '',
  },
};
const fakeSocial: SocialClient = {
  authorizeUrl: (source, provider, state, redirectUri) =>
    `https://provider.test/${source}?client_id=${provider.clientId}&state=${state}&redirect_uri=${encodeURIComponent(redirectUri)}`,
  exchange: async (_source, _provider, code) => {
    const found = profiles[code];
    if (!found) throw new Error(`unknown code ${code}`);
    return found;
  },
};

describe.each(testDrivers())('phone, dynamic-code and social sign-in on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const sent: CodeMessage[] = [];
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(
      test.database,
      {
        SOCIAL_GITHUB_CLIENT_ID: 'gh-id',
        SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
        CODE_RESEND_SECONDS: '60',
      },
      { codeSender: { send: async (message) => void sent.push(message) }, social: fakeSocial },
    );
    await addUser('phoneuser', { phone: '13800000001' });
    await addUser('mfauser', { phone: '13800000002', openCodeCheck: '1' });
    await addUser('mfanophone', { openCodeCheck: '1' });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  async function addUser(account: string, extra: Partial<typeof user.$inferInsert>) {
    const id = nextId();
    await test.database.withTenant('000000', async (tx) =>
      tx.insert(user).values({
        id,
        tenantId: '000000',
        account,
        password: await hashPassword(md5(account)),
        name: account,
        ...extra,
      }),
    );
    return id;
  }

  const token = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic, 'blade-language': 'en', ...headers },
      query: { tenantId: '000000', ...query },
    });
  const sendCode = (phone: string, address = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/bl-auth/send-code',
      headers: { authorization: basic, 'blade-language': 'en' },
      query: { tenantId: '000000', phone },
      remoteAddress: address,
    });
  const lastCode = () => {
    const message = sent.at(-1);
    if (!message) throw new Error('no code was sent');
    return message.code;
  };
  const expire = (prefix: string) =>
    test.database.db
      .update(authCode)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${authCode.key} like ${`${prefix}%`}`);
  const allowResend = () =>
    test.database.db.update(authCode).set({ sentAt: sql`now() - interval '2 minutes'` });

  describe('phone login', () => {
    it('sends a code to a known phone and signs in with it once', async () => {
      const response = await sendCode('13800000001');
      expect(response.statusCode, response.body).toBe(200);
      expect(body<{ seconds: number }>(response).data.seconds).toBe(60);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ purpose: 'phone', tenantId: '000000', phone: '13800000001' });
      const code = lastCode();
      const stored = await test.database.db.select().from(authCode);
      expect(JSON.stringify(stored)).not.toContain(code);
      const signedIn = await token({ grantType: 'phone', phone: '13800000001', code });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(body<TokenAnswer>(signedIn).data.account).toBe('phoneuser');
      const reused = await token({ grantType: 'phone', phone: '13800000001', code });
      expect(body(reused).msg).toBe('The code was already used; ask for a new one');
    });

    it('refuses another code within the countdown', async () => {
      await allowResend();
      expect((await sendCode('13800000001')).statusCode).toBe(200);
      const again = await sendCode('13800000001');
      expect(again.statusCode).toBe(400);
      expect(body(again).msg).toMatch(/^A code was just sent; ask again in \d+ seconds$/);
    });

    it('refuses a wrong code, then too many wrong codes', async () => {
      await allowResend();
      await sendCode('13800000001');
      const right = lastCode();
      const wrong = right === '000000' ? '111111' : '000000';
      const refused = await token({ grantType: 'phone', phone: '13800000001', code: wrong });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).msg).toBe('The code is wrong');
      for (let i = 0; i < 4; i++) await token({ grantType: 'phone', phone: '13800000001', code: wrong });
      expect(body(await token({ grantType: 'phone', phone: '13800000001', code: right })).msg).toBe(
        'Too many wrong codes; ask for a new one',
      );
    });

    it('refuses an expired code', async () => {
      await allowResend();
      await sendCode('13800000001');
      await expire('phone:');
      const response = await token({ grantType: 'phone', phone: '13800000001', code: lastCode() });
      expect(body(response).msg).toBe('The code has expired; ask for a new one');
    });

    it('answers an unknown phone like a known one, sends nothing, and refuses its sign-in', async () => {
      const response = await sendCode('13900000009');
      expect(response.statusCode).toBe(200);
      expect(sent).toHaveLength(0);
      const refused = await token({ grantType: 'phone', phone: '13900000009', code: '123456' });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).msg).toBe('The code is wrong');
    });

    it('refuses a malformed phone and a missing code', async () => {
      expect(body(await sendCode('abc')).msg).toBe('The mobile number is not valid');
      expect(body(await token({ grantType: 'phone', phone: '13800000001' })).msg).toBe(
        'Please enter the mobile number and the code',
      );
    });

    it('limits how many codes one address may ask for', async () => {
      const limited = await testApp(
        test.database,
        { CODE_SEND_MAX_PER_HOUR: '2' },
        { codeSender: { send: async () => {} } },
      );
      try {
        const ask = (phone: string) =>
          limited.inject({
            method: 'POST',
            url: '/api/bl-auth/send-code',
            headers: { authorization: basic, 'blade-language': 'en' },
            query: { tenantId: '000000', phone },
            remoteAddress: '10.9.9.9',
          });
        expect((await ask('13700000001')).statusCode).toBe(200);
        expect((await ask('13700000002')).statusCode).toBe(200);
        const third = await ask('13700000003');
        expect(body(third).code).toBe(429);
        expect(body(third).msg).toBe('Too many codes asked from this address; try again later');
      } finally {
        await limited.close();
      }
    });
  });

  describe('dynamic-code check', () => {
    const password = (account: string) => signIn(app, { account, password: account, language: 'en' });

    it('answers a challenge and no tokens, then signs in with the code once', async () => {
      const first = body<TokenAnswer>(await password('mfauser'));
      expect(first.success).toBe(true);
      expect(first.data).toMatchObject({
        openCodeCheck: '1',
        accessToken: '',
        refreshToken: '',
        codePhone: '138****0002',
      });
      expect(first.data.codeChallenge).toBeTruthy();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.purpose).toBe('mfa');
      // The challenge opens nothing.
      const guarded = await app.inject({
        method: 'GET',
        url: '/api/bl-system/user/getUserInfo',
        headers: { 'blade-auth': `bearer ${first.data.codeChallenge}` },
      });
      expect(guarded.statusCode).toBe(401);
      const done = await token({
        grantType: 'dynamic_code',
        codeChallenge: first.data.codeChallenge ?? '',
        code: lastCode(),
      });
      expect(done.statusCode, done.body).toBe(200);
      const tokens = body<TokenAnswer>(done).data;
      expect(tokens.accessToken).not.toBe('');
      expect(tokens.account).toBe('mfauser');
      const info = await app.inject({
        method: 'GET',
        url: '/api/bl-system/user/getUserInfo',
        headers: { 'blade-auth': `bearer ${tokens.accessToken}` },
      });
      expect(info.statusCode).toBe(200);
      const reused = await token({
        grantType: 'dynamic_code',
        codeChallenge: first.data.codeChallenge ?? '',
        code: lastCode(),
      });
      expect(body(reused).msg).toBe('The code was already used; ask for a new one');
    });

    it('refuses a wrong code, an expired code, a phone code and a forged challenge', async () => {
      const { codeChallenge = '' } = body<TokenAnswer>(await password('mfauser')).data;
      const right = lastCode();
      const wrong = right === '000000' ? '111111' : '000000';
      expect(body(await token({ grantType: 'dynamic_code', codeChallenge, code: wrong })).msg).toBe(
        'The code is wrong',
      );
      await expire('mfa:');
      expect(body(await token({ grantType: 'dynamic_code', codeChallenge, code: right })).msg).toBe(
        'The code has expired; ask for a new one',
      );
      expect(
        body(await token({ grantType: 'dynamic_code', codeChallenge: `${codeChallenge}x`, code: right })).msg,
      ).toBe('The dynamic-code check is not valid; sign in again');
      expect(body(await token({ grantType: 'dynamic_code', codeChallenge, code: '' })).msg).toBe(
        'Please enter the code',
      );
    });

    it('refuses a user with the check on but no phone', async () => {
      const response = await password('mfanophone');
      expect(response.statusCode).toBe(400);
      expect(body(response).msg).toBe(
        'This account needs a dynamic code but has no mobile number; ask your administrator',
      );
    });
  });

  describe('social sign-in', () => {
    const authorize = (source: string, language = 'en') =>
      app.inject({
        method: 'GET',
        url: '/api/bl-auth/social/authorize',
        headers: { authorization: basic, 'blade-language': language, host: 'wms.test' },
        query: { tenantId: '000000', source },
      });
    const stateOf = async (source = 'github') => {
      const response = await authorize(source);
      expect(response.statusCode, response.body).toBe(200);
      const url = new URL(body<{ url: string }>(response).data.url);
      expect(url.searchParams.get('redirect_uri')).toBe('http://wms.test/login?source=github');
      return url.searchParams.get('state') ?? '';
    };

    it('refuses a provider that is not configured, and an unknown one, with a clear message', async () => {
      expect(body(await authorize('gitee')).msg).toBe(
        'Sign-in with gitee is not configured; ask your administrator',
      );
      expect(body(await authorize('gitee', 'zh')).msg).toBe('第三方登录 gitee 尚未配置，请联系管理员');
      const grant = await token({ grantType: 'social', source: 'wechat', code: 'x', state: 'y' });
      expect(grant.statusCode).toBe(400);
      expect(body(grant).success).toBe(false);
      expect(body(await authorize('myspace')).msg).toBe('Unknown third-party sign-in: myspace');
    });

    it('records an unknown identity and answers userId -1 with a guest token that opens nothing', async () => {
      const state = await stateOf();
      const response = await token({ grantType: 'social', source: 'github', code: 'code-new', state });
      expect(response.statusCode, response.body).toBe(200);
      const answer = body<TokenAnswer>(response).data;
      expect(answer.userId).toBe('-1');
      expect(answer.account).toBe('octo');
      const [row] = await test.database.withTenant('000000', (tx) =>
        tx.select().from(useroauthTable).where(eq(useroauthTable.id, answer.oauthId)),
      );
      expect(row).toMatchObject({ source: 'github', uuid: 'gh-1001', userId: null });
      const guarded = await app.inject({
        method: 'GET',
        url: '/api/bl-system/user/getUserInfo',
        headers: { 'blade-auth': `bearer ${answer.accessToken}` },
      });
      expect(guarded.statusCode).toBe(401);

      // Registering binds the identity, but only with the guest token that names it.
      const register = (auth?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/bl-system/register-guest',
          headers: { 'blade-language': 'en', ...(auth && { 'blade-auth': `bearer ${auth}` }) },
          query: {
            tenantId: '000000',
            name: 'Octo',
            account: 'octo',
            password: md5('pw-1'),
            oauthId: answer.oauthId,
          },
        });
      expect(body(await register()).msg).toBe('The third-party account does not exist or is already linked');
      expect((await register(answer.accessToken)).statusCode).toBe(200);

      // Bound but not approved yet: the same identity is told so.
      const again = await token({
        grantType: 'social',
        source: 'github',
        code: 'code-new',
        state: await stateOf(),
      });
      expect(body(again).msg).toMatch(/approv/i);
      await test.database.withTenant('000000', (tx) =>
        tx.update(user).set({ status: 1 }).where(eq(user.account, 'octo')),
      );
      const approved = body<TokenAnswer>(
        await token({ grantType: 'social', source: 'github', code: 'code-new', state: await stateOf() }),
      ).data;
      expect(approved.account).toBe('octo');
      expect(approved.userId).not.toBe('-1');
      expect(approved.accessToken).not.toBe('');
    });

    it('refuses a forged or foreign state', async () => {
      const state = await stateOf();
      expect(
        body(await token({ grantType: 'social', source: 'github', code: 'code-new', state: `${state}x` }))
          .msg,
      ).toBe('The third-party sign-in is no longer valid; start it again');
      expect(
        body(
          await token({ grantType: 'social', source: 'github', code: 'code-new', state, tenantId: '100000' }),
        ).msg,
      ).toBe('The third-party sign-in is no longer valid; start it again');
    });
  });
});
