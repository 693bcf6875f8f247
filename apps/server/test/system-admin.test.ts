import type { Page } from '@bl/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(testDrivers())('users, roles and menus on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let tenantAdmin: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    tenantAdmin = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; language?: string; as?: Tokens } = {},
  ) =>
    app.inject({
      method,
      url: `/api/bl-system/${url}`,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-auth': `bearer ${(options.as ?? admin).accessToken}`,
        'blade-language': options.language ?? 'zh',
      },
    });
  const submit = (entity: string, payload: unknown, language = 'zh') =>
    call('POST', `${entity}/submit`, { payload, language });
  const list = async (entity: string, query: Record<string, string>) =>
    body<Page<Row>>(await call('GET', `${entity}/list`, { query })).data.records;

  let operator: Row;
  let user: Row;

  it('creates a role and a user who signs in with the password typed twice', async () => {
    const created = await submit('role', { roleName: '仓管员', roleAlias: 'operator', sort: 2 });
    expect(created.statusCode, created.body).toBe(200);
    operator = body<Row>(created).data;
    const saved = await submit('user', {
      account: 'zhang',
      name: '张三',
      password: 'Warehouse-1',
      confirmPassword: 'Warehouse-1',
      roleId: operator.id,
      phone: '13800138000',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    user = body<Row>(saved).data;
    expect(user).not.toHaveProperty('password');
    expect(
      JSON.stringify(body(await call('GET', 'user/detail', { query: { id: user.id } })).data),
    ).not.toContain('password');
    expect((await list('user', { account: 'zhang' })).map((r) => r.account)).toEqual(['zhang']);
    const signedIn = await signIn(app, { account: 'zhang', password: 'Warehouse-1' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('refuses a confirmation that differs, in the caller language, and writes nothing', async () => {
    const payload = {
      account: 'li',
      name: '李四',
      password: 'Warehouse-1',
      confirmPassword: 'Warehouse-2',
      roleId: operator.id,
    };
    const zh = await submit('user', payload);
    expect(zh.statusCode).toBe(400);
    expect(body(zh).msg).toContain('两次输入密码不一致');
    const en = await submit('user', payload, 'en');
    expect(body(en).msg).toContain('The two input password is inconsistent.');
    expect(await list('user', { account: 'li' })).toEqual([]);
  });

  it('refuses a short password and a user without a role', async () => {
    const short = await submit(
      'user',
      { account: 'wang', name: '王五', password: 'abc', confirmPassword: 'abc', roleId: operator.id },
      'en',
    );
    expect(body(short).msg).toBe('The password needs at least 6 characters');
    const roleless = await submit('user', { account: 'wang', name: '王五', password: 'Warehouse-1' }, 'en');
    expect(roleless.statusCode).toBe(400);
    expect(body(roleless).msg).toContain('please select Role');
  });

  it('keeps the password on an edit that leaves it blank, and changes it when typed twice', async () => {
    const edited = await submit('user', {
      id: user.id,
      version: user.version,
      realName: '张三丰',
      password: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await signIn(app, { account: 'zhang', password: 'Warehouse-1' })).statusCode).toBe(200);
    const changed = await submit('user', {
      id: user.id,
      version: body<Row>(edited).data.version,
      password: 'Dock-door-7',
      confirmPassword: 'Dock-door-7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(app, { account: 'zhang', password: 'Warehouse-1' })).statusCode).toBe(400);
    expect((await signIn(app, { account: 'zhang', password: 'Dock-door-7' })).statusCode).toBe(200);
    user = body<Row>(changed).data;
  });

  it('edits a user whose department was stored blank (older rows, seeds) instead of failing', async () => {
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`update blade_user set dept_id = '' where id = ${user.id}`),
    );
    const [stored] = await list('user', { account_equal: 'zhang' });
    const edited = await submit('user', { id: user.id, version: stored?.version, realName: '张三' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(body<Row>(edited).data.realName).toBe('张三');
    user = body<Row>(edited).data;
  });

  it('keeps roles a tree without loops', async () => {
    const child = body<Row>(
      await submit('role', { roleName: '夜班仓管', roleAlias: 'night', parentId: operator.id }),
    ).data;
    const loop = await submit(
      'role',
      { id: operator.id, version: operator.version, parentId: child.id },
      'en',
    );
    expect(loop.statusCode).toBe(400);
    expect(body(loop).msg).toBe('A role cannot be placed under itself or one of its own sub-roles');
    const self = await submit('role', { id: child.id, version: child.version, parentId: child.id }, 'en');
    expect(body(self).msg).toBe('A role cannot be placed under itself or one of its own sub-roles');
    expect((await call('POST', 'role/remove', { query: { ids: child.id } })).statusCode).toBe(200);
  });

  it('refuses to delete the signed-in account, the administrator role and a role in use', async () => {
    const [me] = await list('user', { account: 'admin' });
    const self = await call('POST', 'user/remove', { query: { ids: String(me?.id) }, language: 'en' });
    expect(body(self).msg).toBe('You cannot delete the account you are signed in with');
    const [administrator] = await list('role', { roleAlias: 'administrator' });
    const adminRole = await call('POST', 'role/remove', {
      query: { ids: String(administrator?.id) },
      language: 'en',
    });
    expect(body(adminRole).msg).toBe('The administrator role cannot be deleted');
    const inUse = await call('POST', 'role/remove', { query: { ids: operator.id }, language: 'en' });
    expect(inUse.statusCode).toBe(400);
    expect(body(inUse).msg).toContain('zhang');
    expect((await call('POST', 'user/remove', { query: { ids: user.id } })).statusCode).toBe(200);
    expect((await call('POST', 'role/remove', { query: { ids: operator.id } })).statusCode).toBe(200);
    expect((await signIn(app, { account: 'zhang', password: 'Dock-door-7' })).statusCode).toBe(400);
  });

  it('never exports a password', async () => {
    const exported = await call('GET', 'user/export', { language: 'en' });
    expect(exported.statusCode).toBe(200);
    const book = XLSX.read(exported.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string];
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]).toContain('Account');
    expect(rows[0]).not.toContain('Password');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.flat().some((cell) => String(cell).startsWith('$argon2'))).toBe(false);
  });

  it('keeps one menu tree for every tenant, changed only by the platform tenant', async () => {
    const [parent] = await list('menu', { code: 'system' });
    const created = await submit('menu', {
      parentId: parent?.id,
      code: 'dockSchedule',
      name: '月台排程',
      path: '/system/dockSchedule',
      category: '1',
      sort: 900,
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = body<Row>(created).data;
    expect(row).toMatchObject({ code: 'dockSchedule', parentId: parent?.id, category: 1, isShow: 1 });
    expect(row).not.toHaveProperty('tenantId');

    const seen = body<Page<Row>>(
      await call('GET', 'menu/list', { query: { code: 'dockSchedule' }, as: tenantAdmin }),
    ).data.records;
    expect(seen.map((r) => r.name)).toEqual(['月台排程']);
    const edit = await call('POST', 'menu/submit', {
      payload: { id: row.id, version: row.version, name: '改名' },
      as: tenantAdmin,
      language: 'en',
    });
    expect(edit.statusCode).toBe(403);
    expect(body(edit).msg).toBe(
      'The Menus are shared by every tenant and only the platform tenant may change them',
    );
    const remove = await call('POST', 'menu/remove', { query: { ids: row.id }, as: tenantAdmin });
    expect(remove.statusCode).toBe(403);
    const add = await call('POST', 'menu/submit', {
      payload: { code: 'x', name: 'x', category: '1' },
      as: tenantAdmin,
    });
    expect(add.statusCode).toBe(403);

    const routes = body<{ code: string; parentId: string; children: { code: string }[] }[]>(
      await call('GET', 'menu/routes'),
    ).data;
    const system = routes.find((r) => r.code === 'system');
    expect(system?.parentId).toBe('0');
    expect(system?.children.map((c) => c.code)).toContain('dockSchedule');
    expect((await call('POST', 'menu/remove', { query: { ids: row.id } })).statusCode).toBe(200);
  });
});
