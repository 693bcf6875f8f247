import type { TokenAnswer } from '@bl/contract';
import { auditlogTable } from '@bl/entities/system/auditlog';
import { staffTable } from '@bl/entities/system/staff';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.ts';
import { directorySetting, loginFailure, user } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { verifyDirectoryPassword } from '../src/modules/directory/ldap.ts';
import type { TestAnswer } from '../src/modules/directory/routes.ts';
import type { DirectoryView } from '../src/modules/directory/settings.ts';
import { basic, body, md5, signIn, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import {
  closedPortUrl,
  type FakeDirectory,
  type FakePerson,
  startFakeDirectory,
  startSilentServer,
} from './support/fake-directory.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

/** The people of the company's directory (passwords are the directory's, not the system's). */
const people: FakePerson[] = [
  {
    cn: 'Zhang San',
    sAMAccountName: 'zhang.san',
    userPrincipalName: 'zhang.san@corp.example',
    password: 'Zs-Dir-Pass1',
  },
  { cn: 'Li Si', sAMAccountName: 'li.si', password: 'Ls-Dir-Pass1' },
  { cn: 'Wang Wu', sAMAccountName: 'wang.wu', password: 'Ww-Dir-Pass1' },
  { cn: 'Lock Me', sAMAccountName: 'lock.me', password: 'Lm-Dir-Pass1' },
  { cn: 'No Account', sAMAccountName: 'no.account', password: 'Na-Dir-Pass1' },
  { cn: 'Old Password', sAMAccountName: 'old.password', password: 'Op-Dir-Pass1', adError: '532' },
  { cn: 'Locked Out', sAMAccountName: 'locked.out', password: 'Lo-Dir-Pass1', adError: '775' },
  { cn: 'Gone Away', sAMAccountName: 'gone.away', password: 'Ga-Dir-Pass1' },
  { cn: 'Two Step', sAMAccountName: 'two.step', password: 'Ts-Dir-Pass1' },
  { cn: 'Not Here', sAMAccountName: 'not.here', password: 'Nh-Dir-Pass1' },
];

const settingsFor = (directory: FakeDirectory, extra: Record<string, unknown> = {}) => ({
  enabled: true,
  url: directory.url,
  bindDn: directory.serviceDn,
  bindPassword: directory.servicePassword,
  baseDn: directory.baseDn,
  loginAttributes: 'sAMAccountName,userPrincipalName',
  userFilter: '(objectClass=person)',
  timeoutSeconds: 5,
  rejectUnauthorized: true,
  ...extra,
});

describe.each(testDrivers())('directory (LDAP / AD) sign-in on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let directory: FakeDirectory;
  let adminToken: string;
  let address = 0;
  /** A fresh client address per call, so the per-address wait of one test never touches another. */
  const nextAddress = () => `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    // The fake directory listens on this machine, which the outbound guard refuses by default.
    app = await testApp(test.database, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1/32' });
    directory = await startFakeDirectory({ people });
    adminToken = (await tokensOf(app)).accessToken;
    for (const account of [
      'zhangsan',
      'lisi',
      'lockme',
      'oldpassword',
      'lockedout',
      'twostep',
      'injected',
      'rone',
    ])
      await addUser('000000', account);
    await addUser('000000', 'goneaway', { status: 0 });
    await addUser('000000', 'twostepmfa', { phone: '13800000009', openCodeCheck: '1' });
    await addUser('100000', 'wangwu');
    await addStaff('000000', { code: 'S001', account: 'zhangsan', domainAccount: 'zhang.san' });
    await addStaff('000000', { code: 'S002', account: 'lisi', domainAccount: 'CORP\\li.si' });
    await addStaff('000000', { code: 'S003', account: 'lockme', domainAccount: 'lock.me' });
    await addStaff('000000', { code: 'S004', account: '', domainAccount: 'no.account' });
    await addStaff('000000', { code: 'S005', account: 'oldpassword', domainAccount: 'old.password' });
    await addStaff('000000', { code: 'S006', account: 'lockedout', domainAccount: 'locked.out' });
    await addStaff('000000', { code: 'S007', account: 'goneaway', domainAccount: 'gone.away' });
    await addStaff('000000', { code: 'S008', account: 'twostepmfa', domainAccount: 'two.step' });
    // Domain login switched off for this one.
    await addStaff('000000', { code: 'S009', account: 'twostep', domainAccount: 'not.here', flag: '0' });
    // Whatever a staff record holds is sent to the directory escaped: this one must match nobody.
    await addStaff('000000', { code: 'S010', account: 'injected', domainAccount: '*)(sAMAccountName=*' });
    await addStaff('100000', { code: 'S101', account: 'wangwu', domainAccount: 'wang.wu' });
    expect(body(await saveSettings(settingsFor(directory))).success).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    await directory.close();
    await test.dispose();
  });

  async function addUser(tenantId: string, account: string, extra: Partial<typeof user.$inferInsert> = {}) {
    await test.database.withTenant(tenantId, async (tx) =>
      tx.insert(user).values({
        id: nextId(),
        tenantId,
        account,
        // The system password differs from the directory's: only the directory's signs in here.
        password: await hashPassword(md5(`system-${account}`)),
        name: `Name of ${account}`,
        ...extra,
      }),
    );
  }

  /** Straight into the table: some rows here are ones the staff screen would refuse. */
  async function addStaff(
    tenantId: string,
    row: { code: string; account: string; domainAccount: string; flag?: '0' | '1' },
  ) {
    await test.database.withTenant(tenantId, (tx) =>
      tx.insert(staffTable).values({
        id: nextId(),
        tenantId,
        code: row.code,
        name: row.code,
        account: row.account || null,
        domainLoginFlag: row.flag ?? '1',
        domainAccount: row.domainAccount,
      }),
    );
  }

  const domain = (
    account: string,
    password: string,
    options: { tenantId?: string; address?: string; language?: string; query?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: {
        authorization: basic,
        'blade-language': options.language ?? 'en',
        'content-type': 'application/x-www-form-urlencoded',
      },
      query: options.query ?? {},
      payload: new URLSearchParams({
        grantType: 'domain',
        tenantId: options.tenantId ?? '000000',
        account,
        password,
      }).toString(),
      remoteAddress: options.address ?? nextAddress(),
    });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = adminToken) =>
    app.inject({
      method,
      url,
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': 'en' },
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  const saveSettings = (settings: Record<string, unknown>, token = adminToken) =>
    call('POST', '/api/bl-system/directory/submit', settings, token);
  const testConnection = (settings: Record<string, unknown>) =>
    call('POST', '/api/bl-system/directory/test', settings);
  /** Runs `during` with other settings saved, then puts the usual ones back. */
  async function withSettings(extra: Record<string, unknown>, during: () => Promise<void>) {
    expect(body(await saveSettings(settingsFor(directory, extra))).success).toBe(true);
    try {
      await during();
    } finally {
      expect(body(await saveSettings(settingsFor(directory))).success).toBe(true);
    }
  }

  const lastAudit = async (tenantId = '000000') => {
    const [row] = await test.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(auditlogTable)
        .orderBy(desc(auditlogTable.createTime), desc(auditlogTable.id))
        .limit(1),
    );
    return row;
  };
  const directoryTraffic = () => ({ binds: directory.binds.length, searches: directory.searches.length });

  describe('signing in', () => {
    it("signs in as the staff member's system account with the directory password", async () => {
      const before = directory.binds.length;
      const response = await domain('ZHANG.SAN', 'Zs-Dir-Pass1');
      expect(response.statusCode, response.body).toBe(200);
      const answer = body<TokenAnswer>(response).data;
      expect(answer).toMatchObject({
        account: 'zhangsan',
        userName: 'Name of zhangsan',
        tenantId: '000000',
        tokenType: 'bearer',
        openCodeCheck: '0',
      });
      expect(answer.accessToken).not.toBe('');
      expect(answer.refreshToken).not.toBe('');
      // The service account searched, then the person's own entry was bound with their password.
      expect(directory.binds.slice(before)).toEqual([
        { dn: directory.serviceDn, password: true },
        { dn: 'cn=Zhang San,ou=People,dc=corp,dc=example', password: true },
      ]);
      // The tokens are the password grant's: they open the API and refresh.
      const info = await app.inject({
        method: 'GET',
        url: '/api/bl-system/user/getUserInfo',
        headers: { 'blade-auth': `bearer ${answer.accessToken}` },
      });
      expect(body<{ account: string }>(info).data.account).toBe('zhangsan');
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/bl-auth/token',
        headers: { authorization: basic },
        query: { grantType: 'refresh_token', tenantId: '000000', refreshToken: answer.refreshToken },
      });
      expect(body<TokenAnswer>(refreshed).data.account).toBe('zhangsan');
      expect(await lastAuditOf('zhangsan', 'signIn')).toMatchObject({ detail: 'domain' });
    });

    it('finds a down-level logon name (CORP\\li.si) by its account name', async () => {
      const response = await domain('corp\\LI.SI', 'Ls-Dir-Pass1');
      expect(body<TokenAnswer>(response).data.account, response.body).toBe('lisi');
      expect(directory.searches.at(-1)).toContain('(sAMAccountName=li.si)');
    });

    it('refuses a wrong directory password, counts it and logs it', async () => {
      const response = await domain('zhang.san', 'not-the-password');
      expect(body(response)).toMatchObject({ success: false, msg: 'Wrong domain account or password' });
      const [failure] = await test.database.withTenant('000000', (tx) =>
        tx.select().from(loginFailure).where(eq(loginFailure.account, 'zhangsan')),
      );
      expect(failure?.failures).toBe(1);
      expect(await lastAudit()).toMatchObject({
        action: 'signInFailed',
        account: 'zhangsan',
        detail: 'auth.domainBadCredentials',
      });
      // A success clears the count, as with the password grant.
      expect(body(await domain('zhang.san', 'Zs-Dir-Pass1')).success).toBe(true);
      const left = await test.database.withTenant('000000', (tx) =>
        tx.select().from(loginFailure).where(eq(loginFailure.account, 'zhangsan')),
      );
      expect(left).toEqual([]);
    });

    it('refuses an empty password before anything is sent to the directory', async () => {
      const before = directoryTraffic();
      const response = await domain('zhang.san', '', { language: 'zh' });
      expect(body(response)).toMatchObject({ success: false, msg: '请输入域账号和密码' });
      expect(directoryTraffic()).toEqual(before);
      // And the directory client itself never binds without one (an "unauthenticated bind").
      await expect(
        verifyDirectoryPassword(
          {
            urls: [directory.url],
            bindDn: directory.serviceDn,
            bindPassword: directory.servicePassword,
            baseDn: directory.baseDn,
            loginAttributes: ['sAMAccountName'],
            userFilter: '',
            timeoutSeconds: 5,
            rejectUnauthorized: true,
          },
          { allowPrivate: false, allowedHosts: ['127.0.0.1/32'] },
          'zhang.san',
          '',
        ),
      ).rejects.toMatchObject({ reason: 'wrongPassword' });
      expect(directoryTraffic()).toEqual(before);
    });

    it('refuses the password in the address', async () => {
      const before = directoryTraffic();
      const response = await domain('zhang.san', 'Zs-Dir-Pass1', { query: { password: 'Zs-Dir-Pass1' } });
      expect(body(response)).toMatchObject({
        success: false,
        msg: 'Send the domain password in the request body, never in the address',
      });
      expect(directoryTraffic()).toEqual(before);
    });

    it('sends unknown accounts and accounts not enabled for domain login nowhere', async () => {
      const before = directoryTraffic();
      for (const account of ['nobody.here', 'not.here']) {
        const response = await domain(account, 'Nh-Dir-Pass1');
        expect(body(response)).toMatchObject({
          success: false,
          msg: 'This domain account is not enabled for sign-in here; ask your administrator',
        });
      }
      expect(directoryTraffic()).toEqual(before);
      expect(await lastAudit()).toMatchObject({ action: 'signInFailed', detail: 'auth.domainNotEnabled' });
    });

    it('searches a staff record holding filter syntax literally: it matches nobody', async () => {
      const searchesBefore = directory.searches.length;
      const bindsBefore = directory.binds.length;
      // Zhang San's directory password: were the filter widened, his entry would be found and bound.
      const response = await domain('*)(sAMAccountName=*', 'Zs-Dir-Pass1');
      expect(body(response)).toMatchObject({ success: false, msg: 'Wrong domain account or password' });
      const searched = directory.searches.slice(searchesBefore);
      expect(searched).toHaveLength(1);
      expect(searched[0]).toContain('(sAMAccountName=\\2a\\29\\28sAMAccountName=\\2a)');
      expect(directory.binds.slice(bindsBefore)).toEqual([{ dn: directory.serviceDn, password: true }]);
    });

    it('locks the system account after repeated wrong directory passwords, for both grants', async () => {
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect(body(await domain('lock.me', `wrong-${attempt}`)).msg).toBe(
          'Wrong domain account or password',
        );
      const locked = await domain('lock.me', 'Lm-Dir-Pass1');
      expect(locked.statusCode).toBe(429);
      expect(body(locked).msg).toMatch(/locked, try again in \d+ minutes/);
      // One count for the person: the password grant of the same account is locked too.
      const viaPassword = await signIn(app, { account: 'lockme', password: 'system-lockme', language: 'en' });
      expect(viaPassword.statusCode).toBe(429);
      expect(await lastAudit()).toMatchObject({
        action: 'signInFailed',
        account: 'lockme',
        detail: 'auth.locked',
      });
    });

    it("makes one address wait after many failures, whoever's accounts", async () => {
      const from = nextAddress();
      for (let attempt = 0; attempt < 20; attempt += 1) await domain('nobody.here', 'x', { address: from });
      const waiting = await domain('zhang.san', 'Zs-Dir-Pass1', { address: from });
      expect(waiting.statusCode).toBe(429);
    });

    it("tells a person what the directory says about their account (AD's sub-codes)", async () => {
      expect(body(await domain('old.password', 'Op-Dir-Pass1')).msg).toBe(
        'Your domain password has expired or must be changed; change it in Windows first',
      );
      expect(body(await domain('locked.out', 'Lo-Dir-Pass1')).msg).toBe(
        'Your domain account is locked in the directory; ask your IT administrator',
      );
    });

    it('tells a staff member without a usable system account so, only once the password was right', async () => {
      expect(body(await domain('no.account', 'wrong')).msg).toBe('Wrong domain account or password');
      expect(body(await domain('no.account', 'Na-Dir-Pass1')).msg).toBe(
        'This domain account is not linked to a system account; ask your administrator',
      );
      expect(body(await domain('gone.away', 'Ga-Dir-Pass1')).msg).toBe(
        'This account is disabled; contact the administrator',
      );
    });

    it('asks for the dynamic code when the account has the check on', async () => {
      const answer = body<TokenAnswer>(await domain('two.step', 'Ts-Dir-Pass1')).data;
      expect(answer).toMatchObject({ openCodeCheck: '1', accessToken: '', account: 'twostepmfa' });
      expect(answer.codeChallenge).toBeTruthy();
    });

    it("keeps tenants apart: another tenant's staff and settings are not used", async () => {
      const zh = { language: 'zh' };
      // wang.wu is staff of tenant 100000 only.
      expect(body(await domain('wang.wu', 'Ww-Dir-Pass1', zh)).msg).toBe(
        '该域账号未启用域登录，请联系管理员',
      );
      // Tenant 100000 has no directory settings of its own yet.
      expect(body(await domain('wang.wu', 'Ww-Dir-Pass1', { tenantId: '100000' })).msg).toBe(
        'Directory sign-in is not set up for this tenant; ask your administrator',
      );
      const other = await tokensOf(app, '100000');
      expect(body(await saveSettings(settingsFor(directory), other.accessToken)).success).toBe(true);
      const signedIn = body<TokenAnswer>(await domain('wang.wu', 'Ww-Dir-Pass1', { tenantId: '100000' }));
      expect(signedIn.data).toMatchObject({ account: 'wangwu', tenantId: '100000' });
      // zhang.san is staff of 000000: tenant 100000 does not know him.
      expect(body(await domain('zhang.san', 'Zs-Dir-Pass1', { tenantId: '100000' })).msg).toBe(
        'This domain account is not enabled for sign-in here; ask your administrator',
      );
      expect(await lastAudit('100000')).toMatchObject({ detail: 'auth.domainNotEnabled' });
    });

    it('says when domain sign-in is switched off for the tenant', async () => {
      await withSettings({ enabled: false }, async () => {
        expect(body(await domain('zhang.san', 'Zs-Dir-Pass1', { language: 'mo' })).msg).toBe(
          '本租戶未啟用網域帳號登入，請聯絡管理員',
        );
      });
    });

    it('says the directory cannot be reached: refused, and silent past the time-out', async () => {
      const closed = await closedPortUrl();
      await withSettings({ url: closed }, async () => {
        expect(body(await domain('zhang.san', 'Zs-Dir-Pass1')).msg).toBe(
          'The directory (domain controller) cannot be reached; try again later or ask your administrator',
        );
      });
      const silent = await startSilentServer();
      try {
        await withSettings({ url: silent.url, timeoutSeconds: 1 }, async () => {
          const response = await domain('zhang.san', 'Zs-Dir-Pass1');
          expect(body(response).msg).toBe(
            'The directory (domain controller) cannot be reached; try again later or ask your administrator',
          );
          expect(await lastAudit()).toMatchObject({ detail: 'auth.domainUnreachable (unreachable)' });
        });
        // A second server answers when the first does not.
        await withSettings({ url: `${silent.url} ${directory.url}`, timeoutSeconds: 4 }, async () => {
          expect(body<TokenAnswer>(await domain('zhang.san', 'Zs-Dir-Pass1')).data.account).toBe('zhangsan');
        });
      } finally {
        await silent.close();
      }
    });

    it('does not let a wrong service account look like a wrong personal password', async () => {
      await withSettings({ bindPassword: 'wrong-service-password' }, async () => {
        const response = await domain('zhang.san', 'Zs-Dir-Pass1');
        expect(body(response).msg).toBe(
          'The directory refused the lookup; ask your administrator to check the directory settings',
        );
        expect(await lastAudit()).toMatchObject({ detail: 'auth.domainDirectoryError (serviceBind)' });
      });
    });
  });

  async function lastAuditOf(account: string, action: string) {
    const [row] = await test.database.withTenant('000000', (tx) =>
      tx
        .select()
        .from(auditlogTable)
        .where(and(eq(auditlogTable.account, account), eq(auditlogTable.action, action)))
        .orderBy(desc(auditlogTable.createTime), desc(auditlogTable.id))
        .limit(1),
    );
    return row;
  }

  describe('settings', () => {
    it('keeps the service password to itself: never answered, logged or stored readable', async () => {
      const detail = await call('GET', '/api/bl-system/directory/detail');
      const view = body<DirectoryView>(detail).data;
      expect(view).toMatchObject({
        enabled: true,
        url: directory.url,
        bindDn: directory.serviceDn,
        bindPasswordSet: true,
        baseDn: directory.baseDn,
      });
      expect(detail.body).not.toContain(directory.servicePassword);
      expect(view).not.toHaveProperty('bindPassword');
      const [stored] = await test.database.withTenant('000000', (tx) =>
        tx.select().from(directorySetting).where(eq(directorySetting.tenantId, '000000')),
      );
      expect(stored?.bindPassword).toMatch(/^v1\./);
      expect(stored?.bindPassword).not.toContain(directory.servicePassword);
      const logged = await test.database.withTenant('000000', (tx) =>
        tx.select().from(auditlogTable).where(eq(auditlogTable.entityName, 'directory')),
      );
      expect(logged.length).toBeGreaterThan(0);
      expect(JSON.stringify(logged)).not.toContain(directory.servicePassword);
      expect(logged[0]?.changes).toContain('******');
    });

    it('keeps the stored password when the form leaves it blank, and forgets it when asked', async () => {
      const { bindPassword: _left, ...withoutPassword } = settingsFor(directory);
      const saved = await saveSettings(withoutPassword);
      expect(body<DirectoryView>(saved).data.bindPasswordSet).toBe(true);
      expect(body<TokenAnswer>(await domain('zhang.san', 'Zs-Dir-Pass1')).data.account).toBe('zhangsan');
      // Forgetting it with a service account still named is refused: the search could not bind.
      expect(body(await saveSettings({ ...withoutPassword, clearBindPassword: true })).msg).toBe(
        'A service account needs its password (or leave the service account empty to search anonymously)',
      );
      const anonymous = await saveSettings({ ...withoutPassword, bindDn: '', clearBindPassword: true });
      expect(body<DirectoryView>(anonymous).data).toMatchObject({ bindDn: '', bindPasswordSet: false });
      expect(body(await saveSettings(settingsFor(directory))).success).toBe(true);
    });

    it('checks what the form holds, in the reader’s language', async () => {
      const refused = async (extra: Record<string, unknown>) =>
        body(await saveSettings(settingsFor(directory, extra))).msg;
      expect(await refused({ url: 'http://dc1.corp.example' })).toBe(
        'Server address "http://dc1.corp.example" is not valid: use ldap://host[:port] or ldaps://host[:port]',
      );
      expect(await refused({ url: '' })).toBe('Enter the directory server address (ldap:// or ldaps://)');
      expect(await refused({ baseDn: '' })).toBe('Enter the base DN, e.g. DC=corp,DC=example');
      expect(await refused({ loginAttributes: 'sAMAccountName,(uid)' })).toBe(
        'Account attribute "(uid)" is not valid: letters, digits and hyphens only',
      );
      expect(await refused({ userFilter: '(&(objectClass=person)' })).toBe(
        'The extra filter is not a valid LDAP filter, e.g. (objectClass=person)',
      );
      expect(await refused({ timeoutSeconds: 0 })).toBe(
        'The time-out must be a whole number of seconds from 1 to 30',
      );
      // A switched-off draft may be incomplete, not malformed.
      expect(
        body(await saveSettings(settingsFor(directory, { enabled: false, url: '', baseDn: '' }))).success,
      ).toBe(true);
      expect(body(await saveSettings(settingsFor(directory))).success).toBe(true);
    });

    it('tests a connection and says which step failed', async () => {
      const tested = async (extra: Record<string, unknown>) =>
        body<TestAnswer>(await testConnection(settingsFor(directory, extra))).data;
      expect(await tested({ account: 'zhang.san@corp.example' })).toEqual({
        ok: true,
        stage: 'done',
        dn: 'cn=Zhang San,ou=People,dc=corp,dc=example',
        message: `Connected to ${directory.url}; the service account signed in. Found the user: cn=Zhang San,ou=People,dc=corp,dc=example`,
      });
      // Without a password in the form the stored one is used.
      const { bindPassword: _left, ...withoutPassword } = settingsFor(directory);
      expect((await testConnection(withoutPassword)).json().data).toMatchObject({ ok: true, stage: 'done' });
      // Behind the default outbound policy this machine's directory is not reached at all.
      const guarded = await testApp(test.database);
      try {
        const before = directoryTraffic();
        for (const url of [directory.url, directory.url.replace('127.0.0.1', 'localhost')]) {
          const answer = await guarded.inject({
            method: 'POST',
            url: '/api/bl-system/directory/test',
            headers: { 'blade-auth': `bearer ${adminToken}`, 'blade-language': 'en' },
            payload: settingsFor(directory, { url }),
          });
          expect(body<TestAnswer>(answer).data, url).toEqual({
            ok: false,
            stage: 'connect',
            message:
              'This address may not be reached (this machine, a private network or a reserved range); ask the operator of this server to allow it if it is needed',
          });
        }
        const signIn = await guarded.inject({
          method: 'POST',
          url: '/api/bl-auth/token',
          headers: {
            authorization: basic,
            'content-type': 'application/x-www-form-urlencoded',
            'blade-language': 'en',
          },
          payload: new URLSearchParams({
            grantType: 'domain',
            tenantId: '000000',
            account: 'zhang.san',
            password: 'Zs-Dir-Pass1',
          }).toString(),
          remoteAddress: nextAddress(),
        });
        expect(body(signIn).success).toBe(false);
        expect(directoryTraffic()).toEqual(before);
      } finally {
        await guarded.close();
      }
      const closed = await closedPortUrl();
      expect(await tested({ url: closed })).toMatchObject({
        ok: false,
        stage: 'connect',
        message: 'Could not connect to the configured server; check the address and the network',
      });
      expect(await tested({ bindPassword: 'wrong' })).toMatchObject({
        ok: false,
        stage: 'serviceBind',
        message: expect.stringMatching(
          /^The service account was refused; check its name and password \(.*data 52e/,
        ),
      });
      expect(await tested({ account: 'nobody.here' })).toEqual({
        ok: false,
        stage: 'search',
        message:
          'Connected, but no entry answers to "nobody.here"; check the account attributes and the extra filter',
      });
      // Anonymous: this directory lets only its service account search.
      expect(await tested({ bindDn: '', bindPassword: '', clearBindPassword: true })).toMatchObject({
        ok: false,
        stage: 'search',
      });
    });

    it('tests ldaps://: an untrusted certificate is named as such, and may be accepted', async () => {
      const secure = await startFakeDirectory({ people, tls: true, anonymousSearch: true });
      try {
        const untrusted = body<TestAnswer>(
          await testConnection(settingsFor(secure, { account: 'zhang.san' })),
        ).data;
        expect(untrusted).toMatchObject({ ok: false, stage: 'connect' });
        expect(untrusted.message).toMatch(/^The server certificate is not trusted \(.*self-signed/i);
        const accepted = body<TestAnswer>(
          await testConnection(settingsFor(secure, { account: 'zhang.san', rejectUnauthorized: false })),
        ).data;
        expect(accepted).toMatchObject({ ok: true, dn: 'cn=Zhang San,ou=People,dc=corp,dc=example' });
        const anonymous = body<TestAnswer>(
          await testConnection(
            settingsFor(secure, {
              bindDn: '',
              bindPassword: '',
              clearBindPassword: true,
              rejectUnauthorized: false,
            }),
          ),
        ).data;
        expect(anonymous).toMatchObject({
          ok: true,
          message: `Connected to ${secure.url}; anonymous search works.`,
        });
        await withSettings({ url: secure.url, rejectUnauthorized: false }, async () => {
          expect(body<TokenAnswer>(await domain('zhang.san', 'Zs-Dir-Pass1')).data.account).toBe('zhangsan');
        });
      } finally {
        await secure.close();
      }
    });

    it('is for those granted its buttons', async () => {
      const roleId = await createRole(test.database, { roleAlias: 'clerk', buttons: ['directory_view'] });
      const token = await createUserAndSignIn(app, test.database, { account: 'dirclerk', roleId });
      expect(body(await call('GET', '/api/bl-system/directory/detail', undefined, token)).success).toBe(true);
      expect((await saveSettings(settingsFor(directory), token)).json()).toMatchObject({ code: 403 });
      expect(
        (await call('POST', '/api/bl-system/directory/test', settingsFor(directory), token)).json(),
      ).toMatchObject({ code: 403 });
    });
  });

  describe('staff enabled for domain login', () => {
    const submit = (values: Record<string, unknown>) =>
      call('POST', '/api/bl-system/staff/submit', { name: 'Someone', staffType: '1', ...values });

    it('must name a domain account of its own and an existing system account', async () => {
      expect(body(await submit({ code: 'R001', domainLoginFlag: '1', account: 'rone' })).msg).toBe(
        'Domain login needs a domain account',
      );
      expect(body(await submit({ code: 'R001', domainLoginFlag: '1', domainAccount: 'r.one' })).msg).toBe(
        'Domain login needs the system account the person signs in as',
      );
      expect(
        body(await submit({ code: 'R001', domainLoginFlag: '1', domainAccount: 'r.one', account: 'ghost' }))
          .msg,
      ).toBe('There is no system account "ghost"; create it under Users first');
      expect(
        body(
          await submit({ code: 'R001', domainLoginFlag: '1', domainAccount: 'Zhang.San', account: 'rone' }),
        ).msg,
      ).toBe('Domain account "Zhang.San" is already used by staff S001');
      const saved = await submit({
        code: 'R001',
        domainLoginFlag: '1',
        domainAccount: 'r.one',
        account: 'rone',
      });
      expect(body(saved).success, saved.body).toBe(true);
      // Switched off, nothing is asked.
      expect(body(await submit({ code: 'R002', domainLoginFlag: '0' })).success).toBe(true);
    });
  });
});
