import type { Page } from '@bl/contract';
import { entities } from '@bl/entities/registry';
import * as XLSX from '@e965/xlsx';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialTable } from '../../../packages/entities/src/master-data/material.ts';
import { importFields, matchHeaders } from '../src/engine/excel-columns.ts';
import { body, multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string };
const materialEntity = entities.find((e) => e.name === 'material') as (typeof entities)[number];
type Cell = string | number | boolean | Date | null;

/** A workbook's first (or named) sheet as arrays of plain values. */
function readBook(content: Buffer, sheet?: string): Cell[][] {
  const book = XLSX.read(content, { type: 'buffer', cellDates: true });
  const name = sheet ?? (book.SheetNames[0] as string);
  return XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[name] as XLSX.WorkSheet, {
    header: 1,
    raw: true,
    defval: null,
  });
}

function writeBook(rows: Cell[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

describe.each(testDrivers())('entity spreadsheets on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
    const submit = (entity: string, payload: object, token = admin.accessToken) =>
      app.inject({
        method: 'POST',
        url: `/api/bl-wms/${entity}/submit`,
        payload,
        headers: { 'blade-auth': `bearer ${token}` },
      });
    for (const token of [admin.accessToken, other.accessToken]) {
      expect((await submit('unit', { code: 'PCS', name: '件' }, token)).statusCode).toBe(200);
    }
    for (const material of [
      { code: 'M-001', name: '螺丝 M3', unitCode: 'PCS', price: '12.5', type: '1', batchFlag: '1' },
      { code: 'M-002', name: '螺母 M3', unitCode: 'PCS', price: '3', shelfLife: 365 },
      { code: 'X-100', name: '托盘', unitCode: 'PCS' },
    ]) {
      expect((await submit('material', material)).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const get = (url: string, query: Record<string, string> = {}, language = 'zh', token = admin.accessToken) =>
    app.inject({
      method: 'GET',
      url,
      query,
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': language },
    });
  const upload = (fileName: string, content: Buffer, language = 'zh', token = admin.accessToken) => {
    const form = multipart(fileName, content);
    return app.inject({
      method: 'POST',
      url: '/api/bl-wms/material/import',
      payload: form.payload,
      headers: {
        'blade-auth': `bearer ${token}`,
        'blade-language': language,
        'content-type': form.contentType,
      },
    });
  };
  const materials = async (tenantId = '000000') =>
    (
      await test.database.db
        .select({ n: count() })
        .from(materialTable)
        .where(and(eq(materialTable.tenantId, tenantId), eq(materialTable.isDeleted, 0)))
    )[0]?.n ?? 0;
  const listCodes = async (query: Record<string, string>) =>
    body<Page<Row>>(await get('/api/bl-wms/material/list', { size: '100', ...query })).data.records.map(
      (r) => r.code,
    );
  const xlsx = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    return response.rawPayload;
  };

  it('exports the filtered rows, in the list order, with labels in the request language', async () => {
    const response = await get('/api/bl-wms/material/export', { code: 'M-', descs: 'code', size: '1' });
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="material-\d{14}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] as string)).toMatch(/^物料-\d{14}\.xlsx$/);
    const [header, ...rows] = readBook(xlsx(response));
    expect(header).toEqual(
      expect.arrayContaining([
        '物料编码',
        '物料名称',
        '基本单位',
        '单价',
        '物料类型',
        '批次管理',
        '创建时间',
      ]),
    );
    expect(header).not.toContain('租户编号');
    // A reference held by code is followed by the referenced record's name.
    expect((header as Cell[])[(header as Cell[]).indexOf('基本单位') + 1]).toBe('基本单位名称');
    expect(header).not.toContain('版本');
    const at = (name: string) => (header as Cell[]).indexOf(name);
    expect(rows.map((r) => r[at('物料编码')])).toEqual(['M-002', 'M-001']);
    const screw = rows[1] as Cell[];
    expect(screw[at('单价')]).toBe(12.5);
    expect(screw[at('物料类型')]).toBe('成品');
    expect(screw[at('批次管理')]).toBe('是');
    expect(screw[at('创建时间')]).toBeInstanceOf(Date);
    expect((rows[0] as Cell[])[at('保质期（天）')]).toBe(365);
    expect(screw[at('基本单位')]).toBe('PCS');
    expect(screw[at('基本单位名称')]).toBe('件');
    // The name column names no field: the workbook imports back, the column skipped.
    expect(
      matchHeaders(importFields(materialEntity), ['基本单位', '基本单位名称']).columns.map((f) => f?.name),
    ).toEqual(['unitCode', undefined]);

    // The number format keeps the price's scale.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(3).getCell(at('单价') + 1).numFmt).toBe('0.0000');

    const english = readBook(xlsx(await get('/api/bl-wms/material/export', { name: '螺丝' }, 'en')));
    expect(english[0]).toEqual(
      expect.arrayContaining(['Material code', 'Unit price', 'Material type', 'Base unit name']),
    );
    expect(english.slice(1).map((r) => r[(english[0] as Cell[]).indexOf('Material code')])).toEqual([
      'M-001',
    ]);
    expect(english[1]).toContain('Finished goods');
    expect(english[1]).toContain('Yes');
  });

  it('answers a bad export query with an envelope, not a file', async () => {
    const bad = await get('/api/bl-wms/material/export', { nonsense: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('不支持按“nonsense”筛选');
    const sort = await get('/api/bl-wms/material/export', { descs: 'password' }, 'en');
    expect(body(sort).msg).toBe('Cannot sort by "password"');
    // Detail-line entities export on their own (ADR 0004) but take no import of their own.
    expect((await get('/api/bl-wms/unitfloat/export')).statusCode).toBe(200);
    expect((await get('/api/bl-wms/unitfloat/import-template')).statusCode).toBe(404);
  });

  it('streams a large export batch by batch, tenant by tenant', async () => {
    await test.database.withTenant('100000', (tx) =>
      tx.execute(sql`
        insert into bl_material (id, tenant_id, code, name, unit_code, price, create_time, update_time)
        select 900000000000000 + g, '100000', 'B-' || lpad(g::text, 5, '0'), '批量 ' || g, 'PCS',
               (g % 1000) / 10.0, now() - make_interval(secs => g), now()
        from generate_series(1, 4500) g`),
    );
    const response = await get('/api/bl-wms/material/export', { ascs: 'code' }, 'en', other.accessToken);
    const [header, ...rows] = readBook(xlsx(response));
    const code = (header as Cell[]).indexOf('Material code');
    const price = (header as Cell[]).indexOf('Unit price');
    expect(rows).toHaveLength(4500);
    expect(rows[0]?.[code]).toBe('B-00001');
    expect(rows[4499]?.[code]).toBe('B-04500');
    expect(rows[1233]?.[price]).toBe(23.4);
    // Tenant 000000 exports only its own three.
    expect(readBook(xlsx(await get('/api/bl-wms/material/export'))).length).toBe(4);
  });

  it('serves an import template with the writable fields and the dictionaries', async () => {
    const response = await get('/api/bl-wms/material/import-template');
    const content = xlsx(response);
    expect(
      decodeURIComponent(String(response.headers['content-disposition']).split("UTF-8''")[1] ?? ''),
    ).toBe('物料-导入模板.xlsx');
    const [header, ...rest] = readBook(content);
    expect(rest).toEqual([]);
    expect(header).toEqual(
      expect.arrayContaining(['*物料编码', '*物料名称', '*基本单位', '单价', '物料类型', '备注']),
    );
    expect(header).not.toContain('创建时间');
    const dictionaries = readBook(content, '字典说明');
    expect(dictionaries[0]).toEqual(['字段', '填写内容', '保存的值']);
    expect(dictionaries).toContainEqual(['物料类型', '原材料', '2']);
    const english = readBook(xlsx(await get('/api/bl-wms/material/import-template', {}, 'en')));
    expect(english[0]).toEqual(expect.arrayContaining(['*Material code', '*Base unit', 'Unit price']));
  });

  it('imports a good .xlsx, columns named in any language, dictionaries by label or value', async () => {
    const before = await materials();
    const content = writeBook([
      [
        '*Material code',
        '物料名稱',
        '*基本单位',
        '单价',
        'Material type',
        '批次管理',
        'shelfLife',
        'unknown',
      ],
      ['I-001', '导入一', 'PCS', 1.25, 'Raw material', '是', 30, 'ignored'],
      [],
      ['I-002', '导入二', 'PCS', '2.5', '2', '0', null, null],
      ['I-003', '导入三', 'PCS', null, '包裝材料', 'No', '7', null],
    ]);
    const response = await upload('物料.xlsx', content);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response)).toMatchObject({ success: true, data: { imported: 3 }, msg: '导入成功：共 3 条' });
    expect(await materials()).toBe(before + 3);
    const rows = body<Page<Row>>(await get('/api/bl-wms/material/list', { code: 'I-', ascs: 'code' })).data
      .records;
    expect(rows.map((r) => [r.code, r.price, r.type, r.batchFlag, r.shelfLife])).toEqual([
      ['I-001', '1.2500', '2', '1', 30],
      ['I-002', '2.5000', '2', '0', null],
      ['I-003', null, '3', '0', 7],
    ]);
  });

  it('imports nothing when any row is bad, and names the rows', async () => {
    const before = await materials();
    const content = writeBook([
      ['物料编码', '物料名称', '基本单位', '单价'],
      ['J-001', '好的', 'PCS', 1],
      ['J-002', null, 'PCS', 1],
      ['J-003', '价格错', 'PCS', 'abc'],
      ['J-004', '单位错', 'NOPE', 1],
      ['J-001', '文件内重复', 'PCS', 1],
      ['M-001', '已存在', 'PCS', 1],
      ['J-007', '好的', 'PCS', 2],
    ]);
    const response = await upload('bad.xlsx', content);
    expect(response.statusCode).toBe(400);
    const answer = body<{ row: number; message: string }[]>(response);
    expect(answer.msg).toBe('导入失败：5 行有错误');
    expect(answer.data).toEqual([
      { row: 3, message: '请输入物料名称' },
      { row: 4, message: '单价必须是数字' },
      { row: 5, message: '基本单位“NOPE”不存在' },
      { row: 6, message: '物料编码“J-001”已存在' },
      { row: 7, message: '物料编码“M-001”已存在' },
    ]);
    expect(await materials()).toBe(before);
    expect(await listCodes({ code: 'J-' })).toEqual([]);

    const english = body<{ row: number; message: string }[]>(await upload('bad.xlsx', content, 'en'));
    expect(english.msg).toBe('Import failed: 5 rows have errors');
    expect(english.data[0]).toEqual({ row: 3, message: 'please input Material name' });
  });

  it('imports a legacy .xls (BIFF8)', async () => {
    const content = writeBook(
      [
        ['物料编码', '物料名称', '基本单位', '毛重（KG）'],
        ['L-001', '旧格式', 'PCS', 0.125],
      ],
      'biff8',
    );
    expect(content.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const response = await upload('legacy.xls', content);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).data).toEqual({ imported: 1 });
    const row = body<Page<Row>>(await get('/api/bl-wms/material/list', { code_equal: 'L-001' })).data
      .records[0];
    expect(row).toMatchObject({ name: '旧格式', gross: '0.1250' });
  });

  it('refuses anything but .xls and .xlsx, by name and by content', async () => {
    const before = await materials();
    const csv = Buffer.from('物料编码,物料名称,基本单位\nC-1,csv,PCS\n');
    const good = writeBook([
      ['物料编码', '物料名称', '基本单位'],
      ['C-2', 'x', 'PCS'],
    ]);
    const cases: [string, Buffer, string, string][] = [
      ['materials.csv', csv, 'zh', '只能上传 .xls 或 .xlsx 文件'],
      ['materials.xlsx', csv, 'mo', '只能上傳 .xls 或 .xlsx 檔案'],
      [
        'materials.xls',
        Buffer.from('<html><table><tr><td>1</td></tr></table></html>'),
        'en',
        'Only .xls or .xlsx files can be uploaded',
      ],
      ['materials.txt', good, 'en', 'Only .xls or .xlsx files can be uploaded'],
    ];
    for (const [name, content, language, message] of cases) {
      const response = await upload(name, content, language);
      expect(response.statusCode, name).toBe(400);
      expect(body(response).msg, name).toBe(message);
    }
    // A zip that is no workbook passes the sniff but not the reader.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    expect(body(await upload('fake.xlsx', zip, 'en')).msg).toMatch(/cannot be read|no data/);
    // No file at all, or JSON instead of a form.
    const json = await app.inject({
      method: 'POST',
      url: '/api/bl-wms/material/import',
      payload: { file: 'x' },
      headers: { 'blade-auth': `bearer ${admin.accessToken}` },
    });
    expect(body(json).msg).toBe('请选择要上传的文件（表单字段 file）');
    // Uploads are parsed by the import route only: submit still refuses a form.
    const form = multipart('a.xlsx', good);
    const submitForm = await app.inject({
      method: 'POST',
      url: '/api/bl-wms/material/submit',
      payload: form.payload,
      headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'content-type': form.contentType },
    });
    expect(submitForm.statusCode).toBe(415);
    const header = writeBook([['nothing', 'known']]);
    expect(body(await upload('h.xlsx', header)).msg).toBe('第 1 行没有可识别的列标题，请使用导入模板');
    expect(body(await upload('e.xlsx', writeBook([['物料编码']]))).msg).toMatch(/文件中没有数据/);
    expect(await materials()).toBe(before);
  });

  it('refuses files over the size limit and sheets over the row limit', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const large = await upload('big.xlsx', big, 'en');
    expect(large.statusCode).toBe(413);
    expect(body(large).msg).toBe('The file is too large (limit 10 MB)');
    const rows: Cell[][] = [['物料编码']];
    for (let i = 0; i <= 50_000; i++) rows.push([`R-${i}`]);
    // A file this large is imported by a job (IMPORT_JOB_MIN_BYTES): the limit is its result.
    const many = await upload('many.xlsx', writeBook(rows), 'en');
    expect(many.statusCode, many.body).toBe(200);
    const { jobId } = body<{ jobId: string }>(many).data;
    let job: { status: string; message: string } | undefined;
    for (let i = 0; i < 300 && job?.status !== 'failed' && job?.status !== 'done'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = body<typeof job>(await get('/api/bl-jobs/job/detail', { id: jobId }, 'en')).data;
    }
    expect(job).toMatchObject({
      status: 'failed',
      message: 'Too many rows: at most 50000 rows can be imported at once',
    });
  });

  it('checks the export and import buttons on the server', async () => {
    const roleId = await createRole(test.database, { roleAlias: 'viewer', buttons: ['material_view'] });
    const viewer = await createUserAndSignIn(app, test.database, { account: 'viewer', roleId });
    expect((await get('/api/bl-wms/material/list', {}, 'zh', viewer)).statusCode).toBe(200);
    const exported = await get('/api/bl-wms/material/export', {}, 'en', viewer);
    expect(exported.statusCode).toBe(403);
    expect(body(exported).msg).toBe('You have no permission for this action (material_export)');
    const template = await get('/api/bl-wms/material/import-template', {}, 'en', viewer);
    expect(body(template).msg).toBe('You have no permission for this action (material_import)');
    const before = await materials();
    const imported = await upload(
      'ok.xlsx',
      writeBook([
        ['物料编码', '物料名称', '基本单位'],
        ['V-1', 'v', 'PCS'],
      ]),
      'en',
      viewer,
    );
    expect(imported.statusCode).toBe(403);
    expect(body(imported).msg).toBe('You have no permission for this action (material_import)');
    expect(await materials()).toBe(before);
  });
});
