import type { Page } from '@bl/contract';
import type { Catalogue } from '@bl/entities';
import { entityByName } from '@bl/entities/registry';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialTable } from '../../../packages/entities/src/master-data/material.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(testDrivers())('entity API on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    options: { query?: Record<string, string>; payload?: unknown; language?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': options.language ?? 'zh' },
    });
  const submit = (entity: string, payload: unknown, token = admin.accessToken, language = 'zh') =>
    call('POST', `/api/bl-wms/${entity}/submit`, token, { payload, language });
  const list = (entity: string, query: Record<string, string>, token = admin.accessToken) =>
    call('GET', `/api/bl-wms/${entity}/list`, token, { query });
  const materials = async () =>
    (
      await test.database.db.select({ n: count() }).from(materialTable).where(eq(materialTable.isDeleted, 0))
    )[0]?.n;

  it('refuses javascript: and data: links in picture and file fields, naming the field', async () => {
    const project = entityByName.get('project');
    if (!project) throw new Error('no project entity');
    const save = (indexImage: string, language = 'en') =>
      call('POST', `${project.path}/submit`, admin.accessToken, {
        payload: { projectName: `P ${indexImage.slice(0, 20)}`, indexImage },
        language,
      });
    for (const bad of ['javascript:alert(document.cookie)', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      const refused = await save(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(body(refused).msg).toContain(
        'Cover image must be an http:// or https:// address, or a path on this site',
      );
    }
    expect(body(await save('JavaScript:alert(1)', 'zh')).msg).toContain(
      '封面图只能是 http:// 或 https:// 开头的网址，或本系统内的路径',
    );
    expect(body(await save('https://example.com/cover.png')).success).toBe(true);
    expect(body(await save('/api/bl-resource/attach/download?id=1')).success).toBe(true);
  });

  it('serves the catalogue with fields, limits and dictionaries', async () => {
    const catalogue = body<Catalogue>(await call('GET', '/api/bl-system/catalogue', admin.accessToken)).data;
    const material = catalogue.entities.find((e) => e.name === 'material');
    expect(material).toMatchObject({ service: 'bl-wms', path: '/api/bl-wms/material', area: 'basicData' });
    expect(material?.fields.find((f) => f.name === 'code')).toMatchObject({
      kind: 'text',
      required: true,
      maxLength: 64,
      unique: true,
    });
    expect(material?.fields.find((f) => f.name === 'price')).toMatchObject({ kind: 'money', scale: 4 });
    expect(catalogue.dicts.find((d) => d.code === 'yesNo')?.values.map((v) => v.value)).toEqual(['0', '1']);
  });

  it('creates, reads, lists with filters and sort, edits and removes a record', async () => {
    expect(body(await submit('unit', { code: 'PCS', name: '件', rate: '1' })).success).toBe(true);
    const created = await submit('material', {
      code: 'M-001',
      name: '螺丝 M3',
      unitCode: 'PCS',
      price: 12.5,
      shelfLife: '365',
    });
    expect(created.statusCode).toBe(200);
    const row = body<Row>(created).data;
    expect(row).toMatchObject({
      code: 'M-001',
      price: '12.5000',
      shelfLife: 365,
      batchFlag: '0',
      version: 1,
      tenantId: '000000',
    });
    await submit('material', { code: 'M-002', name: '螺母 M3', unitCode: 'PCS', price: '3' });
    await submit('material', { code: 'X-100', name: '托盘', unitCode: 'PCS' });

    const detail = body<Row>(
      await call('GET', '/api/bl-wms/material/detail', admin.accessToken, { query: { id: row.id } }),
    );
    expect(detail.data.name).toBe('螺丝 M3');

    const page = body<Page<Row>>(
      await list('material', { code: 'M-', descs: 'code', current: '1', size: '10' }),
    ).data;
    expect(page).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(page.records.map((r) => r.code)).toEqual(['M-002', 'M-001']);
    // "Contains" ignores case for letters; a term without letters of two cases (Chinese,
    // digits) is matched as it is, and % or _ in a term are characters, not wildcards.
    const names = async (query: Record<string, string>) =>
      body<Page<Row>>(await list('material', { ...query, ascs: 'code' })).data.records.map((r) => r.code);
    expect(await names({ name: 'm3' })).toEqual(['M-001', 'M-002']);
    expect(await names({ code_like: 'm-00' })).toEqual(['M-001', 'M-002']);
    expect(await names({ name: '螺' })).toEqual(['M-001', 'M-002']);
    expect(await names({ name: '3' })).toEqual(['M-001', 'M-002']);
    expect(await names({ name_notlike: '螺' })).toEqual(['X-100']);
    expect(await names({ code: '-1_' })).toEqual([]);
    expect(await names({ code: '%' })).toEqual([]);
    const cheap = body<Page<Row>>(await list('material', { price_lt: '5' })).data;
    expect(cheap.records.map((r) => r.code)).toEqual(['M-002']);
    const exact = body<Page<Row>>(await list('material', { code_equal: 'X-100', price_null: '' })).data;
    expect(exact.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      body<Page<Row>>(await list('material', { createTime_dategt: today, ascs: 'code' })).data.total,
    ).toBe(3);
    expect(body<Page<Row>>(await list('material', { create_time_datelt: '2000-01-01' })).data.total).toBe(0);
    const paged = body<Page<Row>>(await list('material', { size: '2', current: '2', ascs: 'code' })).data;
    expect(paged.records.map((r) => r.code)).toEqual(['X-100']);

    const edited = await submit('material', { id: row.id, version: 1, name: '螺丝 M3×8' });
    expect(body<Row>(edited).data).toMatchObject({ name: '螺丝 M3×8', code: 'M-001', version: 2 });

    const removed = await call('POST', '/api/bl-wms/material/remove', admin.accessToken, {
      query: { ids: row.id },
    });
    expect(body(removed).success).toBe(true);
    expect(body<Page<Row>>(await list('material', { code_equal: 'M-001' })).data.total).toBe(0);
    expect(
      (await call('GET', '/api/bl-wms/material/detail', admin.accessToken, { query: { id: row.id } }))
        .statusCode,
    ).toBe(404);
    // The code is free again once its record is deleted.
    expect(body(await submit('material', { code: 'M-001', name: '新螺丝', unitCode: 'PCS' })).success).toBe(
      true,
    );
  });

  it('saves a header with its lines in one transaction, and edits the lines', async () => {
    const created = await submit('unit', {
      code: 'BOX',
      name: '箱',
      floats: [
        { floatUnitCode: 'BOX10', defaultRate: '10', minRate: '9.5' },
        { floatUnitCode: 'BOX12', defaultRate: 12 },
      ],
    });
    const header = body<Row & { floats: Row[] }>(created).data;
    expect(header.floats.map((l) => l.floatUnitCode)).toEqual(['BOX10', 'BOX12']);
    expect(header.floats.every((l) => l.unitId === header.id)).toBe(true);
    const [first] = header.floats as [Row];
    const edited = await submit('unit', {
      id: header.id,
      version: 1,
      floats: [
        { ...first, defaultRate: '10.5' },
        { floatUnitCode: 'BOX20', defaultRate: 20 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const detail = body<Row & { floats: Row[] }>(
      await call('GET', '/api/bl-wms/unit/detail', admin.accessToken, { query: { id: header.id } }),
    ).data;
    expect(detail.floats.map((l) => [l.floatUnitCode, l.defaultRate])).toEqual([
      ['BOX10', '10.500000'],
      ['BOX20', '20.000000'],
    ]);
    expect(detail.floats[0]?.id).toBe(first.id);

    const units = async () => body<Page<Row>>(await list('unit', { code_equal: 'BAD' })).data.total;
    const twice = await submit('unit', {
      code: 'BAD',
      name: 'x',
      floats: [
        { floatUnitCode: 'A', defaultRate: 1 },
        { floatUnitCode: 'A', defaultRate: 2 },
      ],
    });
    expect(body(twice).msg).toBe('明细中浮动单位编码“A”重复：引用的物料不能重复');
    const badLine = await submit(
      'unit',
      { code: 'BAD', name: 'x', floats: [{ floatUnitCode: 'A', defaultRate: 1 }, { floatUnitCode: 'B' }] },
      admin.accessToken,
      'en',
    );
    expect(body(badLine).msg).toBe('Line 2: please input Default rate');
    expect(body(await submit('unit', { code: 'BAD', name: 'x', floats: 'nope' })).code).toBe(400);
    expect(await units()).toBe(0);
  });

  it('keeps records that others still use, and checks unique field sets', async () => {
    await submit('unit', { code: 'KG', name: '千克' });
    const kg = body<Page<Row>>(await list('unit', { code_equal: 'KG' })).data.records[0] as Row;
    const user = body<Row>(await submit('material', { code: 'R-1', name: '大米', unitCode: 'KG' })).data;
    const refused = await call('POST', '/api/bl-wms/unit/remove', admin.accessToken, {
      query: { ids: kg.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe('计量单位“KG”正被物料“大米”使用，不能删除');
    await call('POST', '/api/bl-wms/material/remove', admin.accessToken, { query: { ids: user.id } });
    expect(
      body(await call('POST', '/api/bl-wms/unit/remove', admin.accessToken, { query: { ids: kg.id } }))
        .success,
    ).toBe(true);

    const enumPath = '/api/bl-wms/sysenum/submit';
    const first = await call('POST', enumPath, admin.accessToken, {
      payload: { enumType: 'color', code: 'red', name: '红' },
    });
    expect(body(first).success).toBe(true);
    expect(
      body(
        await call('POST', enumPath, admin.accessToken, {
          payload: { enumType: 'size', code: 'red', name: 'x' },
        }),
      ).success,
    ).toBe(true);
    const again = await call('POST', enumPath, admin.accessToken, {
      payload: { enumType: 'color', code: 'red', name: '又红' },
      language: 'en',
    });
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toMatch(/^Enumeration type \+ .+ "color \/ red" already exists$/);
  });

  it('gives a blank field its default on create (a blank sorting reason means shipment)', async () => {
    const bill = await call('POST', '/api/bl-wms/stocksortingbill/submit', admin.accessToken, {
      payload: {
        billNo: 'SO-BLANK',
        billDate: '2026-11-22',
        reason: '',
        details: [{ materialCode: 'M-002', qty: '1' }],
      },
    });
    expect(body(bill).msg).toBe('操作成功');
    expect(body<Row>(bill).data.reason).toBe('1');
  });

  it('never sends a secret back, and keeps it when an edit leaves it blank', async () => {
    const path = '/api/bl-system/oss';
    const saved = body<Row>(
      await call('POST', `${path}/submit`, admin.accessToken, {
        payload: {
          category: '5',
          ossCode: 'LOCAL',
          endpoint: '/data/files',
          accessKey: 'ak',
          secretKey: 'top-secret',
        },
      }),
    );
    expect(saved.success, saved.msg).toBe(true);
    expect(saved.data).not.toHaveProperty('secretKey');
    const detail = await call('GET', `${path}/detail`, admin.accessToken, { query: { id: saved.data.id } });
    expect(detail.body).not.toContain('top-secret');
    const listed = await call('GET', `${path}/list`, admin.accessToken, {
      query: { ossCode_equal: 'LOCAL' },
    });
    expect(listed.body).not.toContain('top-secret');
    await call('POST', `${path}/submit`, admin.accessToken, {
      payload: { id: saved.data.id, version: 1, secretKey: '', endpoint: '/data/files2' },
    });
    const [stored] = await test.database
      .withTenant('000000', (tx) =>
        tx.execute(sql`select secret_key, endpoint from bl_oss where oss_code = 'LOCAL'`),
      )
      .then((r) => (r as unknown as { rows: { secret_key: string; endpoint: string }[] }).rows);
    expect(stored).toEqual({ secret_key: 'top-secret', endpoint: '/data/files2' });
  });

  it('refuses a stale edit with a message instead of overwriting', async () => {
    const row = body<Row>(await submit('material', { code: 'S-1', name: 'first', unitCode: 'PCS' })).data;
    expect(body(await submit('material', { id: row.id, version: 1, name: 'second' })).success).toBe(true);
    const stale = await submit(
      'material',
      { id: row.id, version: 1, name: 'third' },
      admin.accessToken,
      'en',
    );
    expect(stale.statusCode).toBe(409);
    expect(body(stale).msg).toBe(
      'The Material was changed by someone else (now version 2, you edited version 1); refresh and try again',
    );
    const noVersion = await submit('material', { id: row.id, name: 'fourth' });
    expect(body(noVersion).code).toBe(400);
    const kept = body<Row>(
      await call('GET', '/api/bl-wms/material/detail', admin.accessToken, { query: { id: row.id } }),
    ).data;
    expect(kept).toMatchObject({ name: 'second', version: 2 });
  });

  it('answers bad input with clear messages and writes nothing', async () => {
    const before = await materials();
    const cases: [Record<string, string>, RegExp][] = [
      [{ nonsense: 'x' }, /不支持按“nonsense”筛选/],
      [{ tenantId: '100000' }, /不支持按“tenantId”筛选/],
      [{ price_gt: 'cheap' }, /单价必须是数字/],
      [{ descs: 'password' }, /不支持按“password”排序/],
      [{ size: '100000' }, /分页参数错误/],
      [{ current: '0' }, /分页参数错误/],
      [{ createTime_dategt: '2026-02-30' }, /不是有效日期/],
    ];
    for (const [query, message] of cases) {
      const response = await list('material', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(body(response).msg).toMatch(message);
    }
    const bad: [unknown, RegExp, string?][] = [
      [{ name: 'no code', unitCode: 'PCS' }, /请输入物料编码/],
      [{ code: 'A', name: 'n', unitCode: 'PCS', price: 'abc' }, /单价必须是数字/],
      [{ code: 'A', name: 'n', unitCode: 'PCS', price: '1.23456' }, /单价最多保留4位小数/],
      [
        { code: 'x'.repeat(65), name: 'n', unitCode: 'PCS' },
        /Material code must be at most 64 characters/,
        'en',
      ],
      [{ code: 'A', name: 'n', unitCode: 'PCS', shelfLife: 1.5 }, /保质期（天）必须是整数/],
      [{ code: 'A', name: 'n', unitCode: 'PCS', batchFlag: '7' }, /批次管理的值“7”不在可选范围内/],
      [{ code: 'A', name: 'n', unitCode: 'NOPE' }, /基本单位“NOPE”不存在/],
      [{ code: 'M-002', name: 'dup', unitCode: 'PCS' }, /物料编码“M-002”已存在/],
      [[1, 2], /提交的内容必须是一个对象/],
      [{ id: 'abc', version: 1 }, /编号格式错误/],
    ];
    for (const [payload, message, language] of bad) {
      const response = await submit('material', payload, admin.accessToken, language);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).msg).toMatch(message);
    }
    const malformed = await call('POST', '/api/bl-wms/material/remove', admin.accessToken, {
      query: { ids: '1,abc' },
    });
    expect(malformed.statusCode).toBe(400);
    const none = await call('POST', '/api/bl-wms/material/remove', admin.accessToken, { query: { ids: '' } });
    expect(body(none).msg).toBe('请至少选择一条数据');
    expect(await materials()).toBe(before);
  });

  it('never reaches another tenant records, by id or by list', async () => {
    const mine = body<Row>(await submit('material', { code: 'T-1', name: 'mine', unitCode: 'PCS' })).data;
    const before = await materials();
    const asOther = other.accessToken;
    expect(
      (await call('GET', '/api/bl-wms/material/detail', asOther, { query: { id: mine.id } })).statusCode,
    ).toBe(404);
    expect(body<Page<Row>>(await list('material', { code: 'T-1' }, asOther)).data.total).toBe(0);
    const edit = await submit('material', { id: mine.id, version: 1, name: 'stolen' }, asOther);
    expect(edit.statusCode).toBe(404);
    const both = await call('POST', '/api/bl-wms/material/remove', asOther, { query: { ids: `${mine.id}` } });
    expect(both.statusCode).toBe(404);
    // A list naming one own and one foreign id removes neither.
    await submit('unit', { code: 'PCS', name: '件' }, asOther);
    const theirs = body<Row>(
      await submit('material', { code: 'T-1', name: 'theirs', unitCode: 'PCS' }, asOther),
    ).data;
    const mixed = await call('POST', '/api/bl-wms/material/remove', asOther, {
      query: { ids: `${theirs.id},${mine.id}` },
    });
    expect(mixed.statusCode).toBe(404);
    expect(
      body<Row>(await call('GET', '/api/bl-wms/material/detail', asOther, { query: { id: theirs.id } })).data
        .name,
    ).toBe('theirs');
    expect(await materials()).toBe((before ?? 0) + 1);
  });

  // Only PostgreSQL runs transactions side by side (PGlite runs them one at a time).
  if (driver === 'postgres') {
    it('lets one of many simultaneous saves of the same code through', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 6 }, () =>
          submit('material', { code: 'RACE-1', name: 'race', unitCode: 'PCS' }),
        ),
      );
      const codes = attempts.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 400 || c === 409)).toBe(true);
      expect(body<Page<Row>>(await list('material', { code_equal: 'RACE-1' })).data.total).toBe(1);
    });
  }

  it('checks the button permission of every action on the server', async () => {
    const roleId = await createRole(test.database, { roleAlias: 'keeper', buttons: ['material_view'] });
    const keeper = await createUserAndSignIn(app, test.database, { account: 'keeper', roleId });
    expect((await list('material', {}, keeper)).statusCode).toBe(200);
    const add = await submit('material', { code: 'K-1', name: 'k', unitCode: 'PCS' }, keeper, 'en');
    expect(add.statusCode).toBe(403);
    expect(body(add).msg).toBe('You have no permission for this action (material_add)');
    const row = body<Page<Row>>(await list('material', { code_equal: 'M-002' }, keeper)).data
      .records[0] as Row;
    const remove = await call('POST', '/api/bl-wms/material/remove', keeper, {
      query: { ids: row.id },
      language: 'en',
    });
    expect(remove.statusCode).toBe(403);
    expect(body(remove).msg).toBe('You have no permission for this action (material_delete)');
    // Routes that declare their button have it checked by the token guard, in the statement of
    // the session check: the same refusal, naming the button, in the caller's language.
    const units = await call('GET', '/api/bl-wms/unit/list', keeper, { language: 'en' });
    expect(units.statusCode).toBe(403);
    expect(body(units).msg).toBe('You have no permission for this action (unit_view)');
    expect(
      (await call('GET', '/api/bl-wms/material/detail', keeper, { query: { id: String(row.id) } }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/bl-wms/unit/detail', keeper, { query: { id: '1' } })).statusCode).toBe(
      403,
    );
    // Nothing was removed by the refused call.
    expect(body<Page<Row>>(await list('material', { code_equal: 'M-002' }, keeper)).data.total).toBe(1);
  });

  it('lets whoever reads a bill read and export its lines across bills', async () => {
    const roleId = await createRole(test.database, {
      roleAlias: 'reader',
      buttons: ['isinstockbill_view', 'isinstockbill_export'],
    });
    const reader = await createUserAndSignIn(app, test.database, { account: 'reader', roleId });
    expect((await list('isinstockbilldetail', {}, reader)).statusCode).toBe(200);
    const exported = await call('GET', '/api/bl-wms/isinstockbilldetail/export', reader);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await list('osoutstockbilldetail', {}, reader)).statusCode).toBe(403);
    // Lines come in with their bill: no import of their own.
    expect((await call('GET', '/api/bl-wms/isinstockbilldetail/import-template', reader)).statusCode).toBe(
      404,
    );
  });
});
