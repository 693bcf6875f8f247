import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { body, multipart, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

/** Every button the delegate holds: users, roles, data scopes, tenants and packages, materials. */
const delegateButtons = [
  'user_view',
  'user_add',
  'user_edit',
  'user_delete',
  'user_import',
  'user_approve',
  'user_enable',
  'user_disable',
  'user_resetPassword',
  'role_view',
  'role_add',
  'role_edit',
  'role_delete',
  'role_grant',
  'datascope_view',
  'datascope_add',
  'datascope_edit',
  'datascope_delete',
  'tenant_view',
  'tenant_add',
  'tenant_edit',
  'tenant_delete',
  'tenantpackage_view',
  'tenantpackage_add',
  'tenantpackage_edit',
  'tenantpackage_delete',
  'material_view',
  'material_add',
  'useroauth_add',
  'useroauth_edit',
];

/** The tables that hold who may do what: a refused escalation must leave them as they were. */
const guardedTables = [
  'blade_user',
  'blade_role',
  'blade_role_menu',
  'blade_role_api',
  'bl_datascope',
  'blade_tenant',
  'blade_tenant_package',
];

/**
 * Issue 13, defect 1 (ADR 0009, "Who may grant what"): a delegate who holds every user, role,
 * data scope, tenant and package button, but is not an administrator, tries every write path
 * with every way to escalate. Each answers 4xx with a message and changes nothing; an
 * administrator can do all of them.
 */
describe.each(testDrivers())('privilege escalation on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let delegate: string;
  const ids = {} as Record<
    'adminRole' | 'adminUser' | 'delegateRole' | 'delegateUser' | 'bigRole' | 'apiRole' | 'wideRole' | 'api',
    string
  >;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${options.token ?? admin.accessToken}` },
    });
  const asAdmin = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    query?: Record<string, string>,
  ) => {
    const response = await call(method, url, { payload, query });
    expect(response.statusCode, response.body).toBe(200);
    return body<Row>(response).data;
  };
  const detail = (entity: string, id: string) =>
    asAdmin('GET', `/api/bl-system/${entity}/detail`, undefined, { id });

  const fingerprint = async () => {
    const parts: string[] = [];
    for (const table of guardedTables) {
      const [row] = await queryRows<{ digest: string | null }>(
        test.database.db,
        sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`),
      );
      parts.push(`${table}:${row?.digest}`);
    }
    return parts.join(' ');
  };

  /** One attempt: its answer must be a refusal with these words, and nothing may have changed. */
  const refused = async (attempt: () => Promise<LightMyRequestResponse>, status: number, words: RegExp) => {
    const before = await fingerprint();
    const response = await attempt();
    expect(response.statusCode, response.body).toBe(status);
    expect(body(response).success).toBe(false);
    expect(body(response).msg).toMatch(words);
    expect(await fingerprint()).toBe(before);
  };

  const workbook = (rows: unknown[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };
  const importUsers = (token: string, rows: unknown[][]) => {
    const form = multipart('users.xlsx', workbook([['account', 'password', 'name', 'roleId'], ...rows]));
    return app.inject({
      method: 'POST',
      url: '/api/bl-system/user/import',
      payload: form.payload,
      headers: {
        'content-type': form.contentType,
        'blade-language': 'en',
        'blade-auth': `bearer ${token}`,
      },
    });
  };

  const userSubmit = (token: string, payload: Record<string, unknown>) =>
    call('POST', '/api/bl-system/user/submit', { token, payload });
  const newUser = (account: string, roleId: string) => ({
    account,
    password: 'secret1',
    confirmPassword: 'secret1',
    name: account,
    roleId,
  });

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    const [adminUser] = await queryRows<{ id: string; roleId: string }>(
      test.database.db,
      sql`select id::text as id, role_id as "roleId" from blade_user where tenant_id = '000000' and account = 'admin'`,
    );
    ids.adminUser = adminUser?.id as string;
    ids.adminRole = adminUser?.roleId as string;
    ids.delegateRole = await createRole(test.database, { roleAlias: 'delegate', buttons: delegateButtons });
    // A role with one more button, one with an interface permission, one seeing all materials.
    ids.bigRole = await createRole(test.database, { roleAlias: 'big', buttons: ['material_delete'] });
    ids.apiRole = await createRole(test.database, { roleAlias: 'apirole', buttons: ['material_view'] });
    ids.wideRole = await createRole(test.database, { roleAlias: 'wide', buttons: ['material_view'] });
    // The delegate sees only the materials they created.
    await asAdmin('POST', '/api/bl-system/datascope/submit', {
      scopeName: 'own materials',
      resourceCode: 'material',
      roleAlias: 'delegate',
      scopeType: '2',
    });
    await asAdmin('POST', '/api/bl-system/apipermissioncategory/submit', {
      code: 'material',
      name: 'M',
      sort: 1,
    });
    await asAdmin('POST', '/api/bl-wms/unit/submit', { code: 'PCS', name: 'piece', rate: '1' });
    const api = await asAdmin('POST', '/api/bl-system/apipermission/submit', {
      categoryId: 'material',
      resourceCode: 'material-list',
      resourceUrl: '/api/bl-wms/material/list-unused',
      resourceDesc: 'materials',
    });
    ids.api = api.id;
    await asAdmin('POST', '/api/bl-system/role/grant-api', { roleIds: [ids.apiRole], apiIds: [ids.api] });
    delegate = await createUserAndSignIn(app, test.database, {
      account: 'delegate',
      roleId: ids.delegateRole,
    });
    const [delegateUser] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text as id from blade_user where tenant_id = '000000' and account = 'delegate'`,
    );
    ids.delegateUser = delegateUser?.id as string;
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  /** The ways to escalate through a role assignment, and the words of each refusal. */
  const escalatingRoles = () =>
    [
      ['the administrator role', ids.adminRole, /Only an administrator/],
      ['a role with a button the granter lacks', ids.bigRole, /1 menus or buttons you do not hold/],
      ['a role with an interface permission the granter lacks', ids.apiRole, /1 interface permissions/],
      ['a role seeing more than the granter’s data scope', ids.wideRole, /sees more of "material"/],
    ] as const;

  it('user submit (create) refuses every role beyond the granter’s own', async () => {
    for (const [, roleId, words] of escalatingRoles())
      await refused(() => userSubmit(delegate, newUser(`new${roleId}`, roleId)), 403, words);
  });

  it('user submit (update) refuses giving oneself a role beyond one’s own', async () => {
    for (const [, roleId, words] of escalatingRoles()) {
      const self = await detail('user', ids.delegateUser);
      await refused(() => userSubmit(delegate, { id: self.id, version: self.version, roleId }), 403, words);
    }
  });

  it('user submit (update) refuses editing an administrator: password, roles, name', async () => {
    const target = await detail('user', ids.adminUser);
    for (const change of [
      { password: 'hijack1', confirmPassword: 'hijack1' },
      { roleId: ids.delegateRole },
      { name: 'renamed' },
    ])
      await refused(
        () => userSubmit(delegate, { id: target.id, version: target.version, ...change }),
        403,
        /Only an administrator/,
      );
    // The old password still signs in; the one the delegate tried does not.
    expect((await signIn(app, { account: 'admin', password: 'hijack1' })).statusCode).toBe(400);
  });

  it('binding a third-party sign-in refuses an administrator and a user holding more', async () => {
    const big = await asAdmin('POST', '/api/bl-system/user/submit', newUser('bigoauth', ids.bigRole));
    for (const [userId, words] of [
      [ids.adminUser, /Only an administrator/],
      [big.id, /menus or buttons you do not hold/],
    ] as const)
      await refused(
        () =>
          call('POST', '/api/bl-system/useroauth/submit', {
            token: delegate,
            payload: { source: 'github', uuid: `gh-${userId}`, userId },
          }),
        403,
        words,
      );
    const mine = await call('POST', '/api/bl-system/useroauth/submit', {
      token: delegate,
      payload: { source: 'github', uuid: 'gh-unbound' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const row = body<Row>(mine).data;
    await refused(
      () =>
        call('POST', '/api/bl-system/useroauth/submit', {
          token: delegate,
          payload: { id: row.id, version: row.version, userId: ids.adminUser },
        }),
      403,
      /Only an administrator/,
    );
  });

  it('user import refuses every role beyond the granter’s own, naming the row and why', async () => {
    for (const [, roleId, words] of escalatingRoles()) {
      await refused(
        () => importUsers(delegate, [[`imp${roleId}`, 'secret1', 'imported', roleId]]),
        400,
        /Import failed/,
      );
      const answer = body<{ row: number; message: string }[]>(
        await importUsers(delegate, [[`imp${roleId}`, 'secret1', 'imported', roleId]]),
      );
      expect(answer.data).toEqual([{ row: 2, message: expect.stringMatching(words) }]);
    }
  });

  it('user delete refuses deleting an administrator or a user holding more', async () => {
    const big = await asAdmin('POST', '/api/bl-system/user/submit', newUser('bigone', ids.bigRole));
    for (const [id, words] of [
      [ids.adminUser, /Only an administrator/],
      [big.id, /menus or buttons you do not hold/],
    ] as const)
      await refused(
        () => call('POST', '/api/bl-system/user/remove', { token: delegate, query: { ids: id } }),
        403,
        words,
      );
  });

  it('approve, enable, disable and reset-password refuse an administrator and a user holding more', async () => {
    const pendingId = nextId();
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`insert into blade_user (id, tenant_id, account, password, name, role_id, status)
        values (${pendingId}, '000000', 'pendingbig', 'x', 'pendingbig', ${ids.bigRole}, 2)`),
    );
    const big = await asAdmin('POST', '/api/bl-system/user/submit', newUser('bigtwo', ids.bigRole));
    const cases = [
      ['approve', pendingId, /menus or buttons you do not hold/],
      ['enable', ids.adminUser, /Only an administrator/],
      ['disable', ids.adminUser, /Only an administrator/],
      ['reset-password', ids.adminUser, /Only an administrator/],
      ['disable', big.id, /menus or buttons you do not hold/],
      ['reset-password', big.id, /menus or buttons you do not hold/],
    ] as const;
    for (const [path, id, words] of cases)
      await refused(
        () => call('POST', `/api/bl-system/user/${path}`, { token: delegate, query: { ids: id } }),
        403,
        words,
      );
  });

  it('role submit refuses the reserved aliases, the administrator role and a parent beyond one’s own', async () => {
    for (const [alias, status, words] of [
      ['admin', 403, /reserved for the tenant's administrator role/],
      ['Admin', 403, /reserved for the tenant's administrator role/],
      ['administrator', 400, /already exists/],
    ] as const)
      await refused(
        () =>
          call('POST', '/api/bl-system/role/submit', {
            token: delegate,
            payload: { roleName: 'sneaky', roleAlias: alias, sort: 0 },
          }),
        status,
        words,
      );
    const own = await detail('role', ids.delegateRole);
    await refused(
      () =>
        call('POST', '/api/bl-system/role/submit', {
          token: delegate,
          payload: { id: own.id, version: own.version, roleAlias: 'admin' },
        }),
      403,
      /reserved/,
    );
    const adminRole = await detail('role', ids.adminRole);
    await refused(
      () =>
        call('POST', '/api/bl-system/role/submit', {
          token: delegate,
          payload: { id: adminRole.id, version: adminRole.version, roleName: 'mine now' },
        }),
      403,
      /Only an administrator/,
    );
    for (const [, parentId, words] of escalatingRoles())
      await refused(
        () =>
          call('POST', '/api/bl-system/role/submit', {
            token: delegate,
            payload: { id: own.id, version: own.version, parentId },
          }),
        403,
        words,
      );
    await refused(
      () => call('POST', '/api/bl-system/role/remove', { token: delegate, query: { ids: ids.adminRole } }),
      400,
      /administrator role cannot be deleted/,
    );
    await refused(
      () => call('POST', '/api/bl-system/role/remove', { token: delegate, query: { ids: ids.bigRole } }),
      403,
      /menus or buttons you do not hold/,
    );
  });

  it('role/grant and role/grant-api refuse the administrator role and anything beyond one’s own', async () => {
    const tree = body<{ id: string; code: string; children?: unknown[] }[]>(
      await call('GET', '/api/bl-system/role/grant-tree'),
    ).data;
    const flat = (
      nodes: { id: string; code: string; children?: unknown[] }[],
    ): { id: string; code: string }[] =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    const deleteButton = flat(tree).find((n) => n.code === 'material_delete')?.id as string;
    await refused(
      () =>
        call('POST', '/api/bl-system/role/grant', {
          token: delegate,
          payload: { roleIds: [ids.adminRole], menuIds: [] },
        }),
      403,
      /Only an administrator/,
    );
    await refused(
      () =>
        call('POST', '/api/bl-system/role/grant', {
          token: delegate,
          payload: { roleIds: [ids.delegateRole], menuIds: [deleteButton] },
        }),
      400,
      /not yours to grant/,
    );
    await refused(
      () =>
        call('POST', '/api/bl-system/role/grant-api', {
          token: delegate,
          payload: { roleIds: [ids.adminRole], apiIds: [] },
        }),
      403,
      /Only an administrator/,
    );
    await refused(
      () =>
        call('POST', '/api/bl-system/role/grant-api', {
          token: delegate,
          payload: { roleIds: [ids.delegateRole], apiIds: [ids.api] },
        }),
      400,
      /not yours to grant/,
    );
  });

  it('data scope writes stay within the granter’s own scope', async () => {
    const [own] = body<{ records: Row[] }>(
      await call('GET', '/api/bl-system/datascope/list', { query: { roleAlias: 'delegate' } }),
    ).data.records;
    if (!own) throw new Error('no data scope of the delegate');
    const write = (payload: Record<string, unknown>) =>
      call('POST', '/api/bl-system/datascope/submit', { token: delegate, payload });
    // A wider rule for another role, and widening, moving or deleting one's own.
    await refused(
      () => write({ scopeName: 'all', resourceCode: 'material', roleAlias: 'wide', scopeType: '1' }),
      403,
      /narrower/,
    );
    await refused(
      () => write({ scopeName: 'dept', resourceCode: 'material', roleAlias: 'wide', scopeType: '3' }),
      403,
      /narrower/,
    );
    await refused(() => write({ id: own.id, version: own.version, scopeType: '1' }), 403, /narrower/);
    await refused(
      () => write({ id: own.id, version: own.version, resourceCode: 'customer' }),
      403,
      /narrower/,
    );
    await refused(
      () => call('POST', '/api/bl-system/datascope/remove', { token: delegate, query: { ids: own.id } }),
      403,
      /narrower/,
    );
  });

  it('tenant and tenant package writes need an administrator of the operator tenant', async () => {
    const pkg = await asAdmin('POST', '/api/bl-system/tenantpackage/submit', {
      packageName: 'small',
      menuId: '',
    });
    const tenant = await asAdmin('POST', '/api/bl-system/tenant/submit', {
      tenantId: '300000',
      tenantName: 'Escalation Ltd',
    });
    const attempts = [
      () =>
        call('POST', '/api/bl-system/tenantpackage/submit', {
          token: delegate,
          payload: { packageName: 'mine', menuId: '' },
        }),
      () =>
        call('POST', '/api/bl-system/tenantpackage/submit', {
          token: delegate,
          payload: { id: pkg.id, version: pkg.version, packageName: 'bigger' },
        }),
      () =>
        call('POST', '/api/bl-system/tenantpackage/grant', {
          token: delegate,
          payload: { id: pkg.id, menuIds: [] },
        }),
      () => call('POST', '/api/bl-system/tenantpackage/remove', { token: delegate, query: { ids: pkg.id } }),
      () =>
        call('POST', '/api/bl-system/tenant/submit', {
          token: delegate,
          payload: { tenantId: '300001', tenantName: 'Mine' },
        }),
      () =>
        call('POST', '/api/bl-system/tenant/submit', {
          token: delegate,
          payload: { id: tenant.id, version: tenant.version, packageId: pkg.id },
        }),
      () => call('POST', '/api/bl-system/tenant/remove', { token: delegate, query: { ids: tenant.id } }),
    ];
    for (const attempt of attempts) await refused(attempt, 403, /operator tenant/);
  });

  it('an alias grants nothing: a role aliased admin by hand is not all-powerful, the flagged role is', async () => {
    const roleId = nextId();
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`insert into blade_role (id, tenant_id, role_name, role_alias)
        values (${roleId}, '000000', 'old admin alias', 'admin')`),
    );
    const pretender = await createUserAndSignIn(app, test.database, { account: 'pretender', roleId });
    expect((await call('GET', '/api/bl-wms/material/list', { token: pretender })).statusCode).toBe(403);
    // The tenant's administrator role keeps every right under any alias an administrator gives it.
    expect((await call('GET', '/api/bl-wms/material/list')).statusCode).toBe(200);
  });

  it('flags the administrator roles: seeded, made with a new tenant, and by migration 0019', async () => {
    const flagged = async () =>
      (
        await queryRows<{ tenantId: string; alias: string }>(
          test.database.db,
          sql`select tenant_id as "tenantId", role_alias as alias from blade_role
            where is_administrator and is_deleted = 0 order by tenant_id`,
        )
      ).map((r) => `${r.tenantId}:${r.alias}`);
    // 300000 was made by the tenant test above; the role aliased admin by hand is not flagged.
    expect(await flagged()).toEqual(['000000:administrator', '100000:administrator', '300000:administrator']);
    await test.database.db.execute(
      sql`update blade_role set is_administrator = false where tenant_id = '100000'`,
    );
    const migration = readFileSync(
      new URL('../drizzle/0019_administrator_role_flag.sql', import.meta.url),
      'utf8',
    );
    const update = migration.split('--> statement-breakpoint')[1] ?? '';
    await test.database.db.execute(sql.raw(update));
    expect(await flagged()).toEqual(['000000:administrator', '100000:administrator', '300000:administrator']);
  });

  it('a renamed role keeps its data scopes: the rename does not widen what its users see', async () => {
    const material = (code: string) => ({ code, name: code, unitCode: 'PCS' });
    await asAdmin('POST', '/api/bl-wms/material/submit', material('ESC-ADMIN'));
    const mine = await call('POST', '/api/bl-wms/material/submit', {
      token: delegate,
      payload: material('ESC-MINE'),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const seen = async () =>
      body<{ records: Row[] }>(
        await call('GET', '/api/bl-wms/material/list', { token: delegate, query: { code: 'ESC-' } }),
      ).data.records.map((r) => r.code);
    expect(await seen()).toEqual(['ESC-MINE']);
    const own = await detail('role', ids.delegateRole);
    const renamed = await call('POST', '/api/bl-system/role/submit', {
      token: delegate,
      payload: { id: own.id, version: own.version, roleAlias: 'delegate2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A new alias ends the sessions of the role's holders (session revocation): sign in again.
    expect((await call('GET', '/api/bl-wms/material/list', { token: delegate })).statusCode).toBe(401);
    const again = body<Tokens>(
      await signIn(app, { tenantId: '000000', account: 'delegate', password: 'delegate' }),
    );
    expect(again.success, again.msg).toBe(true);
    delegate = again.data.accessToken;
    expect(await seen()).toEqual(['ESC-MINE']);
  });

  it('the legitimate paths still work: a delegate within their own, an administrator everywhere', async () => {
    // The delegate gives a new user their own role, and manages that user.
    const peer = body<Row>(await userSubmit(delegate, newUser('peer', ids.delegateRole)));
    expect(peer.success, peer.msg).toBe(true);
    const peerId = (peer.data as Row).id;
    for (const path of ['disable', 'enable', 'reset-password'])
      expect(
        (await call('POST', `/api/bl-system/user/${path}`, { token: delegate, query: { ids: peerId } }))
          .statusCode,
      ).toBe(200);
    const imported = await importUsers(delegate, [['peer2', 'secret1', 'peer2', ids.delegateRole]]);
    expect(imported.statusCode, imported.body).toBe(200);
    // A data scope rule the delegate holds, and one on an entity they see whole.
    const scoped = await call('POST', '/api/bl-system/datascope/submit', {
      token: delegate,
      payload: { scopeName: 'own', resourceCode: 'material', roleAlias: 'wide', scopeType: '2' },
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const free = await call('POST', '/api/bl-system/datascope/submit', {
      token: delegate,
      payload: { scopeName: 'all', resourceCode: 'customer', roleAlias: 'wide', scopeType: '1' },
    });
    expect(free.statusCode, free.body).toBe(200);
    // The administrator: any role to anyone, their own account, grants, scopes, packages, tenants.
    const chief = await asAdmin('POST', '/api/bl-system/user/submit', newUser('chief', ids.adminRole));
    const chiefAgain = await detail('user', chief.id);
    await asAdmin('POST', '/api/bl-system/user/submit', {
      id: chief.id,
      version: chiefAgain.version,
      roleId: ids.bigRole,
    });
    await asAdmin('POST', '/api/bl-system/user/reset-password', undefined, { ids: chief.id });
    const adminImport = await importUsers(admin.accessToken, [
      ['chief2', 'secret1', 'chief2', ids.adminRole],
    ]);
    expect(adminImport.statusCode, adminImport.body).toBe(200);
    await asAdmin('POST', '/api/bl-system/role/grant-api', { roleIds: [ids.wideRole], apiIds: [ids.api] });
    await asAdmin('POST', '/api/bl-system/datascope/submit', {
      scopeName: 'all',
      resourceCode: 'material',
      roleAlias: 'big',
      scopeType: '1',
    });
    const adminRole = await detail('role', ids.adminRole);
    await asAdmin('POST', '/api/bl-system/role/submit', {
      id: adminRole.id,
      version: adminRole.version,
      roleName: 'Chief',
    });
    const pkg = await asAdmin('POST', '/api/bl-system/tenantpackage/submit', {
      packageName: 'admin pkg',
      menuId: '',
    });
    await asAdmin('POST', '/api/bl-system/tenantpackage/grant', { id: pkg.id, menuIds: [] });
  });

  it('drawing a serial number and reading the statistics need their buttons', async () => {
    const plain = await createUserAndSignIn(app, test.database, {
      account: 'plain',
      roleId: await createRole(test.database, { roleAlias: 'plain', buttons: ['material_view'] }),
    });
    const stats = (token: string) =>
      call('GET', '/api/bl-system/statistics', { token, query: { since: new Date().toISOString() } });
    const draw = (token: string, seqCode: string) =>
      call('POST', '/api/bl-system/syscode/next', { token, query: { seqCode } });
    await refused(() => stats(plain), 403, /user_view/);
    await refused(() => draw(plain, 'isinstockbill'), 403, /isinstockbill_add/);
    await refused(() => draw(plain, 'anything'), 403, /syscode_edit/);
    expect((await stats(admin.accessToken)).statusCode).toBe(200);
    expect((await stats(delegate)).statusCode).toBe(200);
  });
});
