import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Answer<T = unknown> = { code: number; success: boolean; data: T; msg: string };
type Rec = Record<string, string | null>;
interface ReportPage {
  records: Rec[];
  total: number;
  size: number;
  current: number;
  pages: number;
  totals: Record<'qty' | 'weg' | 'qtyWeg' | 'board' | 'volume', string>;
}
interface BoardPlace {
  code: string;
  qty: string;
  volume: string;
  capacityBasis: string;
  occupancy: string;
  owners: string[];
  statuses: string[];
  lines: Rec[];
}

/**
 * The ledger the reports read: two owners (C1, C2), places P1 and P2 in area A1 and P3 in A2,
 * posted through inbound bills that need no review (they post when submitted), and one
 * outbound bill taking part of C1's M1 out of P1.
 */
const bills = [
  {
    customerCode: 'C1',
    stockType: '1',
    details: [
      {
        materialCode: 'M1',
        batchNo: 'B1',
        customerBatchNo: 'CB1',
        warehousePlaceCode: 'P1',
        qty: '10',
        weg: '0.0255',
        qtyWeg: '25.5',
        board: '1',
        volume: '2.5',
      },
      {
        materialCode: 'M1',
        batchNo: 'B2',
        customerBatchNo: 'CB1',
        warehousePlaceCode: 'P2',
        qty: '4',
        qtyWeg: '10',
        board: '0.5',
      },
      {
        materialCode: 'M2',
        batchNo: 'B1',
        customerBatchNo: 'CB2',
        warehousePlaceCode: 'P3',
        qty: '0.3333',
        qtyWeg: '0.1111',
        volume: '0.1',
      },
    ],
  },
  {
    customerCode: 'C2',
    stockType: '1',
    details: [
      {
        materialCode: 'M1',
        batchNo: 'B9',
        customerBatchNo: 'CB9',
        warehousePlaceCode: 'P1',
        qty: '7',
        qtyWeg: '14',
        volume: '1.5',
      },
    ],
  },
  {
    customerCode: 'C2',
    stockType: '3',
    details: [
      {
        materialCode: 'M2',
        batchNo: 'B9',
        customerBatchNo: 'CB9',
        warehousePlaceCode: 'P3',
        qty: '0.6667',
        qtyWeg: '0.2222',
      },
    ],
  },
];

describe.each(testDrivers())('stock reports on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;

  const call = async <T>(
    url: string,
    query: Record<string, string> = {},
    token = admin.accessToken,
    language = 'en',
    method: 'GET' | 'POST' = 'GET',
    payload?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url,
      query,
      payload: payload as never,
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': language },
    });
    return body<T>(response) as Answer<T>;
  };
  const submit = async (entity: string, payload: unknown, token = admin.accessToken) => {
    const answer = await call<Rec>(`/api/bl-wms/${entity}/submit`, {}, token, 'en', 'POST', payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data;
  };
  const report = (code: string, query: Record<string, string> = {}, token = admin.accessToken) =>
    call<ReportPage>(`/api/bl-wms/report/${code}/list`, query, token);

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
    await submit('unit', { code: 'PCS', name: '件', rate: '1' });
    for (const code of ['M1', 'M2'])
      await submit('material', { code, name: `物料 ${code}`, spec: 'S', model: 'X', unitCode: 'PCS' });
    for (const code of ['C1', 'C2'])
      await submit('customer', { code, name: `货主 ${code}`, customerStatus: '1' });
    await submit('warehouse', { code: 'W1', name: '一号仓' });
    await submit('warehousearea', { code: 'A1', name: 'A 区', warehouseCode: 'W1' });
    await submit('warehousearea', { code: 'A2', name: 'B 区', warehouseCode: 'W1' });
    await submit('warehouseplace', {
      code: 'P1',
      name: '库位 P1',
      warehouseAreaCode: 'A1',
      placeStatus: '1',
      rowNo: 1,
      columnNo: 1,
      volume: '10',
    });
    await submit('warehouseplace', {
      code: 'P2',
      name: '库位 P2',
      warehouseAreaCode: 'A1',
      placeStatus: '1',
      rowNo: 1,
      columnNo: 2,
    });
    await submit('warehouseplace', {
      code: 'P4',
      name: '库位 P4',
      warehouseAreaCode: 'A1',
      placeStatus: '1',
      rowNo: 2,
      columnNo: 1,
    });
    await submit('warehouseplace', {
      code: 'P3',
      name: '库位 P3',
      warehouseAreaCode: 'A2',
      placeStatus: '1',
    });
    for (const [index, bill] of bills.entries()) {
      await submit('isinstockbill', {
        billNo: `IN-${index + 1}`,
        billDate: `2026-03-0${index + 1}`,
        warehouseCode: 'W1',
        type: '2',
        isReview: '0',
        ...bill,
        details: bill.details.map((line, n) => ({ lineNumber: n + 1, unitCode: 'PCS', ...line })),
      });
    }
    await submit('osoutstockbill', {
      billNo: 'OUT-1',
      billDate: '2026-04-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'B1', warehousePlaceCode: 'P1', qty: '3' }],
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('groups stock by storage area with exact totals', async () => {
    const page = await report('stockByWarehouseArea');
    expect(page.success, page.msg).toBe(true);
    expect(page.data.records).toEqual([
      expect.objectContaining({
        warehouseAreaCode: 'A1',
        warehouseAreaName: 'A 区',
        placeCount: '2',
        lineCount: '3',
        qty: '18.0000',
      }),
      expect.objectContaining({
        warehouseAreaCode: 'A2',
        warehouseAreaName: 'B 区',
        placeCount: '1',
        lineCount: '2',
        qty: '1.0000',
      }),
    ]);
    // 0.3333 + 0.6667 is exactly 1 (no float drift); 7 + 4 + 7 in A1 after 3 went out, which
    // took 3/10 of the line's weight, pallets and volume (0.00765 t rounded to 0.0077).
    expect(page.data.totals).toEqual({
      qty: '19.0000',
      weg: '0.0178',
      qtyWeg: '42.1833',
      board: '1.2000',
      volume: '3.3500',
    });
    expect(page.data.total).toBe(2);

    // Balances are summed per location before the areas: filters on the ledger and on the area
    // still narrow the groups, and their totals follow.
    const b = await report('stockByWarehouseArea', { warehouseAreaCode_equal: 'A2' });
    expect(b.data.records.map((r) => [r.warehouseAreaCode, r.placeCount, r.lineCount, r.qty])).toEqual([
      ['A2', '1', '2', '1.0000'],
    ]);
    expect([b.data.total, b.data.totals.qty]).toEqual([1, '1.0000']);
    const none = await report('stockByWarehouseArea', {
      warehouseAreaCode_equal: 'A2',
      materialCode_equal: 'nothing',
    });
    expect([none.data.records, none.data.total, none.data.totals.qty]).toEqual([[], 0, '0']);
  });

  it('groups by owner, owner batch and material, and filters by owner', async () => {
    const page = await report('stockByCustomerBatchNo', { customerCode_equal: 'C1' });
    expect(page.data.records.map((r) => [r.customerCode, r.customerBatchNo, r.materialCode, r.qty])).toEqual([
      ['C1', 'CB1', 'M1', '11.0000'],
      ['C1', 'CB2', 'M2', '0.3333'],
    ]);
    expect(page.data.totals.qty).toBe('11.3333');
  });

  it('lists balances with every key, filtered by owner, material, place, area and status, paged', async () => {
    const all = await report('stockByDetails', { size: '2' });
    expect(all.data.total).toBe(5);
    expect(all.data.records).toHaveLength(2);
    expect(all.data.pages).toBe(3);
    expect(all.data.totals.qty).toBe('19.0000');
    const one = await report('stockByDetails', {
      customerCode_equal: 'C1',
      materialCode_equal: 'M1',
      warehousePlaceCode_equal: 'P1',
    });
    expect(one.data.records).toEqual([
      expect.objectContaining({
        customerCode: 'C1',
        materialCode: 'M1',
        batchNo: 'B1',
        customerBatchNo: 'CB1',
        warehousePlaceCode: 'P1',
        warehouseAreaCode: 'A1',
        stockStatus: '1',
        qty: '7.0000',
        instockDate: '2026-03-01',
      }),
    ]);
    const area = await report('stockByDetails', { warehouseAreaCode_equal: 'A2' });
    expect(area.data.records.map((r) => r.qty)).toEqual(['0.3333', '0.6667']);
    // The count and totals of an area filter (the area's locations, a semi-join) match its rows.
    expect([area.data.total, area.data.totals.qty]).toEqual([2, '1.0000']);
    const noArea = await report('stockByDetails', { warehouseAreaCode_equal: 'A9' });
    expect([noArea.data.total, noArea.data.totals.qty, noArea.data.records]).toEqual([0, '0', []]);
    const frozen = await report('stockByDetails', { stockStatus_equal: '3' });
    expect(frozen.data.records.map((r) => [r.customerCode, r.materialCode])).toEqual([['C2', 'M2']]);
    const sorted = await report('stockByDetails', { descs: 'qty', size: '1' });
    expect(sorted.data.records[0]?.qty).toBe('7.0000');
  });

  it('refuses undeclared filters and sorts with a message, never SQL', async () => {
    const bad = await report('stockByDetails', { 'qty;drop table bl_stock': '1' });
    expect(bad).toMatchObject({
      code: 400,
      success: false,
      msg: 'Cannot filter by "qty;drop table bl_stock"',
    });
    expect((await report('stockByWarehouseArea', { remark: 'x' })).code).toBe(400);
    expect((await report('stockByWarehouseArea', { billNo: 'x' })).code).toBe(400);
    expect((await report('stockByDetails', { ascs: 'tenantId' })).msg).toBe('Cannot sort by "tenantId"');
    expect((await report('stockByDetails', { size: '100000' })).code).toBe(400);
    expect((await report('stockStreamDetail', { streamTime_dategt: 'soon' })).code).toBe(400);
  });

  it('lists movements with bill links, filtered by date range and bill', async () => {
    const page = await report('stockStreamDetail', { customerCode_equal: 'C1', ascs: 'billNo' });
    expect(page.data.total).toBe(4);
    const out = page.data.records.find((r) => r.billNo === 'OUT-1');
    expect(out).toMatchObject({
      billType: 'osoutstockbill',
      direction: '2',
      qty: '-3.0000',
      warehouseAreaCode: 'A1',
    });
    const bill = await call<Rec>('/api/bl-wms/osoutstockbill/detail', { id: String(out?.billId) });
    expect(bill.data.billNo).toBe('OUT-1');
    expect(page.data.totals.qty).toBe('11.3333');
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await report('stockStreamDetail', { streamTime_dategt: today, streamTime_datelt: today });
    expect(inRange.data.total).toBe(6);
    const before = await report('stockStreamDetail', { streamTime_datelt: '2020-01-01' });
    expect(before.data.total).toBe(0);
    expect((await report('stockStreamDetail', { billNo: 'IN-2' })).data.totals.qty).toBe('7.0000');
  });

  it('shows one balance key with its movements, which add up to it', async () => {
    const [row] = (
      await report('stockDetail', { customerCode_equal: 'C1', materialCode_equal: 'M1', batchNo_equal: 'B1' })
    ).data.records;
    const shown = await call<{ balance: Rec; stream: ReportPage }>('/api/bl-wms/report/stockDetail/show', {
      id: String(row?.id),
    });
    expect(shown.success, shown.msg).toBe(true);
    expect(shown.data.balance).toMatchObject({ qty: '7.0000', warehouseAreaName: 'A 区' });
    expect(shown.data.stream.records.map((r) => [r.billNo, r.qty])).toEqual([
      ['IN-1', '10.0000'],
      ['OUT-1', '-3.0000'],
    ]);
    expect(shown.data.stream.totals.qty).toBe(shown.data.balance.qty);
  });

  it('draws the bin board of an area: occupancy, owners and statuses per place', async () => {
    const answer = await call<{ area: Rec; places: BoardPlace[] }>(
      '/api/bl-wms/report/stockpageshow2/board',
      { warehouseAreaCode: 'A1' },
    );
    expect(answer.success, answer.msg).toBe(true);
    expect(answer.data.area).toEqual({ code: 'A1', name: 'A 区' });
    const byCode = new Map(answer.data.places.map((p) => [p.code, p]));
    expect([...byCode.keys()]).toEqual(['P1', 'P2', 'P4']);
    // P1 has a volume of 10: (2.5 × 7/10 left of C1's line + 1.5) / 10.
    expect(byCode.get('P1')).toMatchObject({
      capacityBasis: 'volume',
      volume: '3.2500',
      occupancy: '0.3250',
      owners: ['C1', 'C2'],
      statuses: ['1'],
    });
    expect(byCode.get('P1')?.lines).toHaveLength(2);
    // P2 has no volume nor pallets: measured against the fullest place's quantity (P1, 14).
    expect(byCode.get('P2')).toMatchObject({ capacityBasis: 'qty', qty: '4.0000', occupancy: '0.2857' });
    expect(byCode.get('P4')).toMatchObject({ qty: '0', occupancy: '0.0000', owners: [], lines: [] });
    const c2 = await call<{ places: BoardPlace[] }>('/api/bl-wms/report/stockpageshow2/board', {
      warehouseAreaCode: 'A1',
      customerCode_equal: 'C2',
    });
    expect(c2.data.places.find((p) => p.code === 'P1')?.owners).toEqual(['C2']);
    const frozen = await call<{ places: BoardPlace[] }>('/api/bl-wms/report/stockpageshow2/board', {
      warehouseAreaCode: 'A2',
    });
    expect(frozen.data.places[0]?.statuses).toEqual(['1', '3']);
    expect((await call('/api/bl-wms/report/stockpageshow2/board', {}, admin.accessToken, 'zh')).msg).toBe(
      '请选择库区',
    );
    expect(
      (await call('/api/bl-wms/report/stockpageshow2/board', { warehouseAreaCode: 'A1', remark: 'x' })).code,
    ).toBe(400);
  });

  it('exports every matched row and the totals row to .xlsx', async () => {
    const response: LightMyRequestResponse = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/report/stockByDetails/export',
      query: { customerCode_equal: 'C1' },
      headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'blade-language': 'zh' },
    });
    expect(response.statusCode).toBe(200);
    expect(
      decodeURIComponent(String(response.headers['content-disposition']).split("UTF-8''")[1] ?? ''),
    ).toMatch(/^库存明细-\d{14}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    expect(header.slice(0, 3)).toEqual(['货主', '物料', '批次号']);
    expect(rows).toHaveLength(1 + 3 + 1);
    const qty = header.indexOf('数量');
    expect(rows.slice(1, 4).map((r) => r[qty])).toEqual([7, 4, 0.3333]);
    const last = rows[4] as unknown[];
    expect(last[0]).toBe('合计');
    expect(last[qty]).toBe(11.3333);
    expect(rows[1]?.[header.indexOf('库存状态')]).toBe('可用');
  });

  it('keeps tenants apart and checks the buttons and data scope on the server', async () => {
    const theirs = await report('stockByDetails', {}, other.accessToken);
    expect(theirs.data).toMatchObject({ total: 0, records: [], totals: { qty: '0' } });
    const board = await call(
      '/api/bl-wms/report/stockpageshow2/board',
      { warehouseAreaCode: 'A1' },
      other.accessToken,
    );
    expect(board.code).toBe(404);
    const foreignId = (await report('stockDetail')).data.records[0]?.id as string;
    expect(
      (await call('/api/bl-wms/report/stockDetail/show', { id: foreignId }, other.accessToken)).code,
    ).toBe(404);

    const roleId = await createRole(test.database, { roleAlias: 'viewer', buttons: ['stockByDetails_view'] });
    const viewer = await createUserAndSignIn(app, test.database, { account: 'viewer', roleId });
    expect((await report('stockByDetails', {}, viewer)).data.total).toBe(5);
    expect((await report('stockByWarehouseArea', {}, viewer)).code).toBe(403);
    const exported = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/report/stockByDetails/export',
      headers: { 'blade-auth': `bearer ${viewer}` },
    });
    expect(body(exported).code).toBe(403);
    // A data scope "own rows" on the stock entity: the viewer posted nothing, so sees nothing.
    const scope = await call('/api/bl-system/datascope/submit', {}, admin.accessToken, 'en', 'POST', {
      scopeName: 'viewer stock',
      resourceCode: 'stock',
      roleAlias: 'viewer',
      scopeType: '2',
    });
    expect(scope.success, scope.msg).toBe(true);
    expect((await report('stockByDetails', {}, viewer)).data).toMatchObject({
      total: 0,
      totals: { qty: '0' },
    });
    expect((await report('stockByDetails')).data.total).toBe(5);
  });
});
