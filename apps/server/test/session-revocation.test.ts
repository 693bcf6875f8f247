import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { authSession, user } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { refreshGraceSeconds } from '../src/modules/auth/sign-in.ts';
import { basic, body, md5, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, skipPasswordChange } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

interface Person {
  id: string;
  account: string;
  tokens: Tokens;
}

/** Issue 13, defect 3: a change to an account ends its sessions at once, and only its own. */
describe.each(testDrivers())('sessions end with account changes on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let clerkRole: string;
  let otherRole: string;
  let bystander: Person;
  let made = 0;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { DEFAULT_PASSWORD: 'Reset-2026' });
    admin = await tokensOf(app, '000000');
    clerkRole = await createRole(test.database, { roleAlias: 'clerk', buttons: ['material_view'] });
    otherRole = await createRole(test.database, { roleAlias: 'picker', buttons: ['material_view'] });
    bystander = await person();
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string; language?: string } = {},
  ) =>
    app.inject({
      method,
      url: `/api/bl-system/${url}`,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-language': options.language ?? 'en',
        'blade-auth': `bearer ${options.token ?? admin.accessToken}`,
      },
    });

  /** A new user of the clerk role (password = account), signed in. */
  async function person(roleId = clerkRole): Promise<Person> {
    made += 1;
    const account = `person${made}`;
    const id = nextId();
    const password = await hashPassword(md5(account));
    await test.database.withTenant('000000', (tx) =>
      tx.insert(user).values({ id, tenantId: '000000', account, password, name: account, roleId }),
    );
    const answer = await signIn(app, { account, password: account });
    expect(answer.statusCode, answer.body).toBe(200);
    return { id, account, tokens: body<Tokens>(answer).data };
  }

  // The menu tree reads nothing of the user's row: only the session decides whether it answers.
  const userInfo = (tokens: Tokens, target = app) =>
    target.inject({
      method: 'GET',
      url: '/api/bl-system/menu/routes',
      headers: { 'blade-auth': `bearer ${tokens.accessToken}` },
    });
  const refresh = (tokens: Tokens, target = app) =>
    target.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic },
      query: { grantType: 'refresh_token', refreshToken: tokens.refreshToken },
    });

  async function expectEnded(tokens: Tokens) {
    expect((await userInfo(tokens)).statusCode).toBe(401);
    expect((await refresh(tokens)).statusCode).toBe(401);
  }
  /** Open, checked without using the refresh token up (that would rotate it). */
  async function expectOpen(tokens: Tokens) {
    expect((await userInfo(tokens)).statusCode).toBe(200);
  }
  const detail = async (entity: string, id: string) =>
    body<Row>(await call('GET', `${entity}/detail`, { query: { id } })).data;

  it('ends the sessions of a disabled account, and no one else', async () => {
    const victim = await person();
    await expectOpen(victim.tokens);
    expect((await call('POST', 'user/disable', { query: { ids: victim.id } })).statusCode).toBe(200);
    await expectEnded(victim.tokens);
    await expectOpen(bystander.tokens);
    await expectOpen(admin);
  });

  it('ends the sessions of a deleted account', async () => {
    const victim = await person();
    expect((await call('POST', 'user/remove', { query: { ids: victim.id } })).statusCode).toBe(200);
    await expectEnded(victim.tokens);
    await expectOpen(bystander.tokens);
  });

  it('ends the sessions of an account whose password an administrator resets', async () => {
    const victim = await person();
    const second = body<Tokens>(
      await signIn(app, { account: victim.account, password: victim.account }),
    ).data;
    expect((await call('POST', 'user/reset-password', { query: { ids: victim.id } })).statusCode).toBe(200);
    await expectEnded(victim.tokens);
    await expectEnded(second);
    await expectOpen(bystander.tokens);
    expect((await signIn(app, { account: victim.account, password: 'Reset-2026' })).statusCode).toBe(200);
  });

  it('ends the sessions of a user given a new password, role or department on the user screen', async () => {
    const dept = body<Row>(
      await call('POST', 'dept/submit', { payload: { code: 'night', deptName: 'Night shift', sort: 1 } }),
    ).data;
    expect(dept.id).toBeTruthy();
    const changes: Record<string, unknown>[] = [
      { roleId: otherRole },
      { deptId: dept.id },
      { password: 'Changed-2026', confirmPassword: 'Changed-2026' },
    ];
    for (const change of changes) {
      const victim = await person();
      const current = await detail('user', victim.id);
      const saved = await call('POST', 'user/submit', {
        payload: { id: victim.id, version: current.version, ...change },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await expectEnded(victim.tokens);
    }
    await expectOpen(bystander.tokens);
  });

  it('keeps the sessions of a user whose edit changes nothing they depend on, or fails', async () => {
    const victim = await person();
    const current = await detail('user', victim.id);
    const renamed = await call('POST', 'user/submit', {
      payload: { id: victim.id, version: current.version, realName: 'Li Si' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectOpen(victim.tokens);
    // A role change refused (an unknown role; then a stale version) revokes nothing.
    const refused = await call('POST', 'user/submit', {
      payload: { id: victim.id, version: current.version + 1, roleId: '1234567' },
    });
    expect(refused.statusCode).toBe(400);
    const stale = await call('POST', 'user/submit', {
      payload: { id: victim.id, version: current.version, roleId: otherRole },
    });
    expect(stale.statusCode).toBe(409);
    await expectOpen(victim.tokens);
  });

  it("ends the sessions of a role's holders when its alias or parent changes", async () => {
    const roleId = await createRole(test.database, { roleAlias: 'packer', buttons: ['material_view'] });
    const holder = await person(roleId);
    const other = await person();
    let role = await detail('role', roleId);
    const renamed = await call('POST', 'role/submit', {
      payload: { id: roleId, version: role.version, roleName: 'Packers, day shift' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectOpen(holder.tokens);
    role = await detail('role', roleId);
    const aliased = await call('POST', 'role/submit', {
      payload: { id: roleId, version: role.version, roleAlias: 'packer2' },
    });
    expect(aliased.statusCode, aliased.body).toBe(200);
    await expectEnded(holder.tokens);
    await expectOpen(other.tokens);

    const again = await person(roleId);
    role = await detail('role', roleId);
    const moved = await call('POST', 'role/submit', {
      payload: { id: roleId, version: role.version, parentId: clerkRole },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectEnded(again.tokens);
    await expectOpen(other.tokens);
  });

  it('ends the sessions of the holders of a deleted role; a refused removal ends nothing', async () => {
    const roleId = await createRole(test.database, { roleAlias: 'loader', buttons: ['material_view'] });
    const holder = await person(roleId);
    // In use by a live user: refused, and the holder stays signed in.
    expect((await call('POST', 'role/remove', { query: { ids: roleId } })).statusCode).toBe(400);
    await expectOpen(holder.tokens);
    // Once its only holder is gone, a user holding it second in SpringBlade's comma list of
    // roles does not keep it from being deleted (the in-use check compares whole values).
    const both = await person(`${clerkRole},${roleId}`);
    expect((await call('POST', 'user/remove', { query: { ids: holder.id } })).statusCode).toBe(200);
    const removed = await call('POST', 'role/remove', { query: { ids: roleId } });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectEnded(both.tokens);
    await expectOpen(bystander.tokens);
  });

  it("ends a user's other sessions when they change their own password, and keeps this one", async () => {
    const victim = await person();
    const elsewhere = body<Tokens>(
      await signIn(app, { account: victim.account, password: victim.account }),
    ).data;
    const wrong = await call('POST', 'user/update-password', {
      token: victim.tokens.accessToken,
      payload: { oldPassword: md5('nope'), newPassword: md5('New-pass-1'), newPassword1: md5('New-pass-1') },
    });
    expect(wrong.statusCode).toBe(400);
    await expectOpen(elsewhere);
    const changed = await call('POST', 'user/update-password', {
      token: victim.tokens.accessToken,
      payload: {
        oldPassword: md5(victim.account),
        newPassword: md5('New-pass-1'),
        newPassword1: md5('New-pass-1'),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(elsewhere);
    await expectOpen(victim.tokens);
    // The kept session still renews.
    expect((await refresh(victim.tokens)).statusCode).toBe(200);
    await expectOpen(bystander.tokens);
  });

  it('ends the sessions of a tenant that is disabled or deleted, and of no other tenant', async () => {
    const made = body<Row>(
      await call('POST', 'tenant/submit', {
        payload: { tenantId: '400000', tenantName: 'Closing Co', linkman: 'Ma' },
      }),
    );
    expect(made.success, made.msg).toBe(true);
    const tenantId = String(made.data.tenantId);
    await skipPasswordChange(test.database, tenantId);
    const signedIn = async () => {
      const answer = body<Tokens>(await signIn(app, { tenantId, account: 'admin', password: 'Reset-2026' }));
      expect(answer.success, answer.msg).toBe(true);
      return answer.data;
    };
    const first = await signedIn();
    await expectOpen(first);
    const stored = await detail('tenant', made.data.id);
    const disabled = await call('POST', 'tenant/submit', {
      payload: { id: stored.id, version: stored.version, status: 0 },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    // The refresh is refused too, with the sign-in's own reason (the tenant is disabled).
    expect((await userInfo(first)).statusCode).toBe(401);
    expect(body(await refresh(first)).success).toBe(false);
    await expectOpen(admin);
    await expectOpen(bystander.tokens);
    const again = await detail('tenant', made.data.id);
    expect(
      (await call('POST', 'tenant/submit', { payload: { id: again.id, version: again.version, status: 1 } }))
        .statusCode,
    ).toBe(200);
    const second = await signedIn();
    expect((await call('POST', 'tenant/remove', { query: { ids: made.data.id } })).statusCode).toBe(200);
    expect((await userInfo(second)).statusCode).toBe(401);
    expect(body(await refresh(second)).success).toBe(false);
    await expectOpen(admin);
  });
});

/** "On every server process": two applications on one PostgreSQL database. */
describe.each(testDrivers().filter((d) => d === 'postgres'))(
  'sessions end on every server process (%s)',
  (driver) => {
    let test: TestDatabase;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let secondDatabase: ReturnType<typeof openPostgres>;
    beforeAll(async () => {
      test = await createTestDatabase(driver);
      first = await testApp(test.database);
      secondDatabase = openPostgres(test.url as string, 2);
      second = await testApp(secondDatabase);
    });
    afterAll(async () => {
      await second.close();
      await secondDatabase.close();
      await first.close();
      await test.dispose();
    });

    it('revoked on one process, refused on the other', async () => {
      const roleId = await createRole(test.database, { roleAlias: 'clerk', buttons: ['material_view'] });
      const id = nextId();
      await test.database.withTenant('000000', async (tx) =>
        tx.insert(user).values({
          id,
          tenantId: '000000',
          account: 'zhao',
          password: await hashPassword(md5('zhao')),
          name: 'zhao',
          roleId,
        }),
      );
      const zhao = body<Tokens>(await signIn(second, { account: 'zhao', password: 'zhao' })).data;
      const info = (target: FastifyInstance) =>
        target.inject({
          method: 'GET',
          url: '/api/bl-system/menu/routes',
          headers: { 'blade-auth': `bearer ${zhao.accessToken}` },
        });
      expect((await info(second)).statusCode).toBe(200);
      const admin = await tokensOf(first);
      const disabled = await first.inject({
        method: 'POST',
        url: '/api/bl-system/user/disable',
        query: { ids: id },
        headers: { 'blade-auth': `bearer ${admin.accessToken}` },
      });
      expect(disabled.statusCode).toBe(200);
      expect((await info(second)).statusCode).toBe(401);
      const renewed = await second.inject({
        method: 'POST',
        url: '/api/bl-auth/token',
        headers: { authorization: basic },
        query: { grantType: 'refresh_token', refreshToken: zhao.refreshToken },
      });
      expect(renewed.statusCode).toBe(401);
    });
  },
);

/** Issue 13, defect 7: two refreshes of one token at once must not end the session. */
describe.each(testDrivers())('refresh token grace window on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const refresh = (refreshToken: string) =>
    app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic, 'blade-language': 'en' },
      query: { grantType: 'refresh_token', refreshToken },
    });
  const menu = (tokens: Tokens) =>
    app.inject({
      method: 'GET',
      url: '/api/bl-system/menu/routes',
      headers: { 'blade-auth': `bearer ${tokens.accessToken}` },
    });
  const sessionOf = (tokens: Tokens): string =>
    JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] as string, 'base64url').toString()).sid;

  it('renews both of two concurrent refreshes of one token, and the session goes on', async () => {
    const signedIn = await tokensOf(app);
    const answers = await Promise.all([refresh(signedIn.refreshToken), refresh(signedIn.refreshToken)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [one, two] = answers.map((answer) => body<Tokens>(answer).data) as [Tokens, Tokens];
    expect((await menu(one)).statusCode).toBe(200);
    expect((await menu(two)).statusCode).toBe(200);
    // Either tab renews next time; the session rotated once, so both hold its current token.
    const next = await refresh(two.refreshToken);
    expect(next.statusCode, next.body).toBe(200);
    expect((await menu(body<Tokens>(next).data)).statusCode).toBe(200);
  });

  it(`still ends the session when a replaced token comes back after ${refreshGraceSeconds} s`, async () => {
    const signedIn = await tokensOf(app);
    const renewed = body<Tokens>(await refresh(signedIn.refreshToken)).data;
    // Within the window, the replaced token renews again (a retry after a lost answer).
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(200);
    // The clock moves past the window: the rotation happened a minute ago.
    await test.database.withTenant('000000', (tx) =>
      tx
        .update(authSession)
        .set({ refreshedAt: new Date(Date.now() - (refreshGraceSeconds + 30) * 1000) })
        .where(eq(authSession.id, sessionOf(renewed))),
    );
    const late = await refresh(signedIn.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(body(late).msg).toMatch(/already used/);
    expect((await menu(renewed)).statusCode).toBe(401);
    expect((await refresh(renewed.refreshToken)).statusCode).toBe(401);
  });

  it('never renews a token two rotations old, even within the window', async () => {
    const signedIn = await tokensOf(app);
    const second = body<Tokens>(await refresh(signedIn.refreshToken)).data;
    // Rotating again from the newest token leaves the first one two rotations behind.
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(401);
    expect((await menu(body<Tokens>(third).data)).statusCode).toBe(401);
  });
});
