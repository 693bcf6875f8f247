import type { Page } from '@bl/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialTable } from '../../../packages/entities/src/master-data/material.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };
interface Printable {
  bill: { billNo: string };
  lines: { id: string; lineNumber: number; qty: string; printed: string; remaining: string }[];
}
interface Printed {
  labels: Row[];
  quantity: string;
  corrected: boolean;
  remaining: string;
}

describe.each(testDrivers())('inbound labels on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let bill: Row & { details: Row[] };
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    const saved = async (entity: string, payload: unknown) => {
      const response = await call('POST', `${entity}/submit`, { payload });
      if (response.statusCode !== 200) throw new Error(response.body);
      return body<Row>(response).data;
    };
    await saved('unit', { code: 'CTN', name: '箱', defaultRate: '1' });
    await saved('customer', { code: 'C01', name: '华东食品' });
    await saved('material', { code: 'M01', name: '饼干', unitCode: 'CTN' });
    await saved('material', { code: 'M02', name: '果汁', unitCode: 'CTN' });
    bill = (await saved('isinstockbill', {
      billNo: 'RK2611001',
      billDate: '2026-11-22',
      type: '2',
      customerCode: 'C01',
      details: [
        { lineNumber: 1, materialCode: 'M01', batchNo: 'B1', unitCode: 'CTN', qty: '10' },
        { lineNumber: 2, materialCode: 'M02', unitCode: 'CTN', qty: '5' },
      ],
    })) as Row & { details: Row[] };
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  function call(
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; language?: string; token?: string } = {},
  ) {
    return app.inject({
      method,
      url: `/api/bl-wms/${url}`,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-auth': `bearer ${options.token ?? admin.accessToken}`,
        'blade-language': options.language ?? 'zh',
      },
    });
  }
  const print = (payload: Record<string, unknown>, language = 'en') =>
    call('POST', 'inprint/print', { payload, language });
  const printable = async () =>
    body<Printable>(await call('GET', 'inprint/printable', { query: { billId: bill.id } })).data;
  const lineId = (n: number) => String(bill.details[n - 1]?.id);

  it('lists the lines of a bill with what remains printable', async () => {
    const data = await printable();
    expect(data.bill.billNo).toBe('RK2611001');
    expect(data.lines.map((l) => [l.lineNumber, l.qty, l.printed, l.remaining])).toEqual([
      [1, '10', '0', '10'],
      [2, '5', '0', '5'],
    ]);
  });

  it('prints labels of the given size, each with its own barcode', async () => {
    const response = await print({ detailId: lineId(1), quantity: '5', perLabel: '2' });
    expect(response.statusCode, response.body).toBe(200);
    const result = body<Printed>(response).data;
    expect(result.corrected).toBe(false);
    expect(result.labels.map((l) => [l.barcode, l.qty])).toEqual([
      ['RK2611001-001-0001', '2.0000'],
      ['RK2611001-001-0002', '2.0000'],
      ['RK2611001-001-0003', '1.0000'],
    ]);
    expect(result.labels[0]).toMatchObject({
      customerCode: 'C01',
      materialCode: 'M01',
      batchNo: 'B1',
      printCount: 1,
    });
    expect(result.remaining).toBe('5');
    const listed = body<Page<Row>>(
      await call('GET', 'inprint/list', { query: { billNo: 'RK2611001' } }),
    ).data;
    expect(listed.total).toBe(3);
  });

  it('corrects a quantity above what remains and says so', async () => {
    const response = await print({ detailId: lineId(1), quantity: '100' });
    const result = body<Printed>(response);
    expect(result.msg).toBe('The print quantity was corrected to the 5 left to print');
    expect(result.data.quantity).toBe('5');
    expect(result.data.labels.map((l) => l.barcode)).toEqual(['RK2611001-001-0004']);
    expect((await printable()).lines[0]).toMatchObject({ printed: '10', remaining: '0' });
  });

  it('refuses a fully labelled line, and an empty, zero or negative quantity, writing nothing', async () => {
    const full = await print({ detailId: lineId(1), quantity: '1' });
    expect(full.statusCode).toBe(400);
    expect(body(full).msg).toBe('This line is fully labelled (10 of 10); nothing is left to print');
    const zh = await print({ detailId: lineId(1), quantity: '1' }, 'zh');
    expect(body(zh).msg).toBe('该明细已全部打印（已打印 10，单据数量 10），不能再打印');
    for (const quantity of [undefined, '', '0', '-3', 'abc']) {
      const refused = await print({ detailId: lineId(2), ...(quantity !== undefined && { quantity }) });
      expect(refused.statusCode, String(quantity)).toBe(400);
      expect(body(refused).msg).toBe('The print quantity must be greater than 0 (at most 4 decimals)');
    }
    expect((await printable()).lines[1]).toMatchObject({ printed: '0', remaining: '5' });
  });

  it('reprints labels, counting each print', async () => {
    const listed = body<Page<Row>>(
      await call('GET', 'inprint/list', { query: { billNo: 'RK2611001' } }),
    ).data;
    const ids = listed.records.slice(0, 2).map((r) => r.id);
    const response = await call('POST', 'inprint/reprint', { query: { ids: ids.join(',') } });
    expect(response.statusCode, response.body).toBe(200);
    expect(body<Row[]>(response).data.map((l) => l.printCount)).toEqual([2, 2]);
  });

  it('refuses when the material or the line is gone', async () => {
    await test.database.db.update(materialTable).set({ isDeleted: 1 }).where(eq(materialTable.code, 'M02'));
    const gone = await print({ detailId: lineId(2), quantity: '1' });
    expect(body(gone).msg).toBe('The material "M02" no longer exists and cannot be printed');
    await test.database.db.update(materialTable).set({ isDeleted: 0 }).where(eq(materialTable.code, 'M02'));

    // The bill is edited without its first line: that line's labels can no longer be printed.
    const current = body<Row>(await call('GET', 'isinstockbill/detail', { query: { id: bill.id } })).data;
    const edited = await call('POST', 'isinstockbill/submit', {
      payload: { id: bill.id, version: current.version, details: [bill.details[1]] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const lineGone = await print({ detailId: lineId(1), quantity: '1' });
    expect(body(lineGone).msg).toBe('The chosen inbound line no longer exists; refresh and try again');
    const [label] = body<Page<Row>>(await call('GET', 'inprint/list', { query: { billNo: 'RK2611001' } }))
      .data.records;
    const reprint = await call('POST', 'inprint/reprint', {
      query: { ids: String(label?.id) },
      language: 'en',
    });
    expect(body(reprint).msg).toBe('The chosen inbound line no longer exists; refresh and try again');
  });

  it('numbers lines saved without a line number, so each line labels under its own number', async () => {
    // The bill form leaves the line number to the user: blank lines take the next numbers.
    const saved = await call('POST', 'isinstockbill/submit', {
      payload: {
        billNo: 'RK2611002',
        billDate: '2026-11-22',
        type: '2',
        customerCode: 'C01',
        details: [
          { materialCode: 'M01', batchNo: 'B1', unitCode: 'CTN', qty: '2' },
          { lineNumber: 5, materialCode: 'M01', batchNo: 'B2', unitCode: 'CTN', qty: '2' },
          { materialCode: 'M02', unitCode: 'CTN', qty: '2' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const details = body<Row & { details: Row[] }>(saved).data.details;
    expect(details.map((line) => line.lineNumber)).toEqual([6, 5, 7]);
    const barcodes: unknown[] = [];
    for (const line of details) {
      const printed = await print({ detailId: line.id, quantity: '1' });
      expect(printed.statusCode, printed.body).toBe(200);
      barcodes.push(...body<Printed>(printed).data.labels.map((label) => label.barcode));
    }
    expect(barcodes).toEqual(['RK2611002-006-0001', 'RK2611002-005-0001', 'RK2611002-007-0001']);
  });

  it('needs the print button', async () => {
    const roleId = await createRole(test.database, { roleAlias: 'labelViewer', buttons: ['inprint_view'] });
    const viewer = await createUserAndSignIn(app, test.database, { account: 'viewer', roleId });
    expect(
      (await call('GET', 'inprint/printable', { query: { billId: bill.id }, token: viewer })).statusCode,
    ).toBe(200);
    const refused = await call('POST', 'inprint/print', {
      payload: { detailId: lineId(2), quantity: '1' },
      token: viewer,
    });
    expect(refused.statusCode).toBe(403);
  });
});
