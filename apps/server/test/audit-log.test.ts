import type { Page } from '@bl/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, multipart, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(testDrivers())('operation log on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'blade-language': 'en' },
    });
  const log = async (query: Record<string, string>) =>
    body<Page<Row>>(await call('GET', '/api/bl-system/auditlog/list', { query: { size: '50', ...query } }))
      .data.records;

  it('records who created, changed and deleted what, with the changed fields before and after', async () => {
    const created = body<Row>(
      await call('POST', '/api/bl-wms/unit/submit', {
        payload: { code: 'KG', name: '千克', defaultRate: '1' },
      }),
    ).data;
    await call('POST', '/api/bl-wms/unit/submit', {
      payload: { id: created.id, version: created.version, name: '公斤' },
    });
    await call('POST', '/api/bl-wms/unit/remove', { query: { ids: created.id } });
    const rows = await log({ entityName: 'unit', recordId: created.id });
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    for (const row of rows)
      expect(row).toMatchObject({
        account: 'admin',
        title: '公斤' === row.title ? '公斤' : row.title,
        ip: '127.0.0.1',
      });
    const update = rows.find((r) => r.action === 'update');
    expect(JSON.parse(String(update?.changes))).toEqual({ name: ['千克', '公斤'] });
    const create = rows.find((r) => r.action === 'create');
    expect(JSON.parse(String(create?.changes))).toMatchObject({ code: [null, 'KG'], name: [null, '千克'] });
    expect(update?.createUser).toBe(create?.createUser);
  });

  it('records prints with the bill number, and imports and exports with their row counts', async () => {
    await call('POST', '/api/bl-wms/unit/submit', { payload: { code: 'BOX', name: '盒', defaultRate: '1' } });
    await call('POST', '/api/bl-wms/material/submit', {
      payload: { code: 'P01', name: '纸', unitCode: 'BOX' },
    });
    const bill = body<Row>(
      await call('POST', '/api/bl-wms/isinstockbill/submit', {
        payload: {
          billNo: 'PRINT-1',
          billDate: '2026-11-25',
          type: '2',
          details: [{ lineNumber: 1, materialCode: 'P01', qty: '1' }],
        },
      }),
    ).data;
    const printed = await call('POST', '/api/bl-wms/isinstockbill/printed', { query: { ids: bill.id } });
    expect(printed.statusCode, printed.body).toBe(200);
    const [print] = await log({ entityName: 'isinstockbill', action: 'print' });
    expect(print).toMatchObject({ action: 'print', recordId: bill.id, title: 'PRINT-1', account: 'admin' });
    // A print of a record one cannot see is refused and leaves no row.
    const missing = await call('POST', '/api/bl-wms/isinstockbill/printed', { query: { ids: '1' } });
    expect(missing.statusCode).toBe(404);
    expect(await log({ entityName: 'isinstockbill', action: 'print' })).toHaveLength(1);

    const sheet = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      sheet,
      XLSX.utils.aoa_to_sheet([
        ['物料编码', '物料名称', '基本单位'],
        ['I-1', 'one', 'BOX'],
        ['I-2', 'two', 'BOX'],
      ]),
      'Sheet1',
    );
    const form = multipart('m.xlsx', XLSX.write(sheet, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/bl-wms/material/import',
      payload: form.payload,
      headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'content-type': form.contentType },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [importRow] = await log({ entityName: 'material', action: 'import' });
    expect(importRow).toMatchObject({ action: 'import', detail: 'rows=2', recordId: null });

    const exported = await call('GET', '/api/bl-wms/material/export');
    expect(exported.statusCode).toBe(200);
    const [exportRow] = await log({ entityName: 'material', action: 'export' });
    expect(exportRow).toMatchObject({ action: 'export', detail: 'rows=3' });
  });

  it('never shows a secret, only that it was set', async () => {
    const [role] = body<Page<Row>>(
      await call('GET', '/api/bl-system/role/list', { query: { roleAlias: 'administrator' } }),
    ).data.records;
    const user = body<Row>(
      await call('POST', '/api/bl-system/user/submit', {
        payload: {
          account: 'auditor',
          name: 'Auditor',
          password: 'Secret-99',
          confirmPassword: 'Secret-99',
          roleId: role?.id,
        },
      }),
    ).data;
    const [row] = await log({ entityName: 'user', recordId: user.id });
    const changes = JSON.parse(String(row?.changes)) as Record<string, unknown>;
    expect(changes.password).toEqual([null, '******']);
    expect(String(row?.changes)).not.toContain('Secret-99');
    expect(String(row?.changes)).not.toContain('argon2');
  });

  it('records sign-ins that succeed and fail, and sign-outs', async () => {
    await signIn(app, { account: 'admin', password: 'wrong-one' });
    const other = body<Tokens>(await signIn(app, { account: 'admin', password: 'admin' })).data;
    await app.inject({
      method: 'GET',
      url: '/api/bl-auth/logout',
      headers: { 'blade-auth': `bearer ${other.accessToken}` },
    });
    const actions = (await log({ account: 'admin' })).map((r) => [r.action, r.detail ?? null]);
    expect(actions.slice(0, 3)).toEqual([
      ['signOut', null],
      ['signIn', null],
      ['signInFailed', 'auth.badCredentials'],
    ]);
  });

  it('is append-only: no screen writes it and the database refuses the application a change', async () => {
    expect((await call('POST', '/api/bl-system/auditlog/submit', { payload: {} })).statusCode).toBe(404);
    expect((await call('POST', '/api/bl-system/auditlog/remove', { query: { ids: '1' } })).statusCode).toBe(
      404,
    );
    // drizzle wraps the database's error: its cause says why.
    const refusal = (statement: ReturnType<typeof sql>) =>
      test.database
        .withTenant('000000', (tx) => tx.execute(statement))
        .then(
          () => 'accepted',
          (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
        );
    expect(await refusal(sql`update bl_auditlog set title = 'rewritten'`)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from bl_auditlog`)).toMatch(/permission denied/);
    expect((await log({})).length).toBeGreaterThan(0);
  });

  it('keeps each tenant to its own log', async () => {
    const tenant = await tokensOf(app, '100000');
    const rows = body<Page<Row>>(
      await app.inject({
        method: 'GET',
        url: '/api/bl-system/auditlog/list',
        query: { size: '100' },
        headers: { 'blade-auth': `bearer ${tenant.accessToken}` },
      }),
    ).data.records;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.tenantId === '100000')).toBe(true);
  });
});
