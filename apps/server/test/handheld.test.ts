import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { body, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { ledgerProblems } from './support/ledger.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Answer = { code: number; success: boolean; data: unknown; msg: string };
const path = (entity: string) => entityByName.get(entity)?.path as string;

/**
 * The handheld's server side (ADR 0041): idempotency keys on action routes (a replay posts once,
 * also under 20 concurrent replays on PostgreSQL), terminals registered on first use and refused
 * once disabled, the scan lookup and the move through the transfer flow.
 */
describe.each(testDrivers())('handheld on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: ReturnType<typeof client>;
  let handheldToken = '';
  let batch = 0;
  const nextBatch = () => `HB${++batch}`;

  /** A call as the handheld, with its own session, and an optional idempotency key. */
  const hh = async (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; key?: string; language?: string } = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-auth': `bearer ${handheldToken}`,
        'blade-language': options.language ?? 'en',
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
    });
    return { answer: body(response) as Answer, replayed: response.headers['idempotent-replayed'] === 'true' };
  };
  const signInHandheld = async (serial: string) => {
    handheldToken = (await tokensOf(app, '000000')).accessToken;
    return hh('POST', '/api/bl-handheld/terminal/register', { payload: { serial, warehouseCode: 'W1' } });
  };
  const received = async (b: string, qty: string, place = 'P1', material = 'M1') => {
    const answer = await admin.call('POST', `${path('isinstockbill')}/submit`, {
      payload: {
        billNo: nextBillNo('IN'),
        billDate: '2026-03-01',
        customerCode: 'C1',
        type: '2',
        isReview: '0',
        details: [{ lineNumber: 1, materialCode: material, batchNo: b, warehousePlaceCode: place, qty }],
      },
    });
    if (!answer.success) throw new Error(answer.msg);
  };
  const balance = async (b: string, place: string) => {
    const [row] = await queryRows<{ qty: string }>(
      test.database.db,
      sql`select coalesce(sum(qty), 0)::text qty from bl_stock where is_deleted = 0 and batch_no = ${b}
          and warehouse_place_code = ${place} and stock_status = '1'`,
    );
    return Number(row?.qty ?? 0).toString();
  };
  const transfersOf = async (b: string) =>
    (
      await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(distinct header_id)::int n from bl_warehousetransferbilldetail where is_deleted = 0 and batch_no = ${b}`,
      )
    )[0]?.n;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const tokens = await tokensOf(app, '000000');
    admin = client(app, () => tokens.accessToken);
    await masterData(admin.submit);
    const barcode = await admin.submit('material', {
      code: 'M9',
      name: '扫码物料',
      spec: 'S',
      model: 'X',
      unitCode: 'PCS',
      barMark: '6901234567892',
    });
    expect(barcode.success).toBe(true);
    const registered = await signInHandheld('HH-TEST-0001');
    expect(registered.answer.success, registered.answer.msg).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('registers the terminal on first use with its serial, warehouse, user and time', async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      test.database.db,
      sql`select code, serial_number, warehouse_code, user_account, device_status, last_seen_time
          from bl_pdainfo where serial_number = 'HH-TEST-0001' and is_deleted = 0`,
    );
    expect(row).toMatchObject({
      code: 'HH-TEST-0001',
      serial_number: 'HH-TEST-0001',
      warehouse_code: 'W1',
      user_account: 'admin',
      device_status: '1',
    });
    expect(row?.last_seen_time).toBeTruthy();
    // A second registration of the same serial finds the same terminal: no second row.
    expect((await signInHandheld('HH-TEST-0001')).answer.success).toBe(true);
    const [count] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int n from bl_pdainfo where serial_number = 'HH-TEST-0001'`,
    );
    expect(count?.n).toBe(1);
  });

  it('looks up a place and a material (by code or barcode) with names and quantities', async () => {
    const b = nextBatch();
    await received(b, '7', 'P3');
    const place = await hh('GET', '/api/bl-handheld/lookup', { query: { code: 'P3' } });
    expect(place.answer.success, place.answer.msg).toBe(true);
    const scan = place.answer.data as {
      kind: string;
      place: { name: string };
      rows: Record<string, string>[];
    };
    expect(scan.kind).toBe('place');
    expect(scan.place.name).toBe('库位 P3');
    expect(scan.rows.find((r) => r.batchNo === b)).toMatchObject({
      materialCode: 'M1',
      materialName: '物料 M1',
      customerName: '货主 C1',
      qty: '7.0000',
    });
    const material = await hh('GET', '/api/bl-handheld/lookup', { query: { code: '6901234567892' } });
    expect(material.answer.data).toMatchObject({
      kind: 'material',
      material: { code: 'M9', name: '扫码物料' },
    });
    const wrong = await hh('GET', '/api/bl-handheld/lookup', { query: { code: 'M1', expect: 'place' } });
    expect(wrong.answer).toMatchObject({ success: false, msg: 'M1 is not a location' });
    const unknown = await hh('GET', '/api/bl-handheld/lookup', { query: { code: 'NOPE' }, language: 'zh' });
    expect(unknown.answer.msg).toBe('条码 NOPE 不是库位、物料编码或物料条码');
  });

  it('a move replayed with its idempotency key posts once and answers the first answer', async () => {
    const b = nextBatch();
    await received(b, '10');
    const move = { fromPlace: 'P1', material: 'M1', qty: '4', toPlace: 'P2' };
    const key = `move-${driver}-${b}`;
    const first = await hh('POST', '/api/bl-handheld/move', { payload: move, key });
    expect(first.answer.success, first.answer.msg).toBe(true);
    expect(first.replayed).toBe(false);
    const again = await hh('POST', '/api/bl-handheld/move', { payload: move, key });
    expect(again.answer.success).toBe(true);
    expect(again.replayed).toBe(true);
    expect(again.answer.data).toEqual(first.answer.data);
    expect(await balance(b, 'P1')).toBe('6');
    expect(await balance(b, 'P2')).toBe('4');
    expect(await transfersOf(b)).toBe(1);
    // The bill is posted through the transfer flow: reviewed and posted.
    const [bill] = await queryRows<{ is_review: string; stream_status: string }>(
      test.database.db,
      sql`select is_review, stream_status from bl_warehousetransferbill where bill_no = ${(first.answer.data as { billNo: string }).billNo}`,
    );
    expect(bill).toEqual({ is_review: '2', stream_status: '1' });
    // The same key for another request is refused, and changes nothing.
    const reused = await hh('POST', '/api/bl-handheld/move', { payload: { ...move, qty: '1' }, key });
    expect(reused.answer).toMatchObject({ success: false });
    expect(reused.answer.msg).toContain(key);
    expect(await balance(b, 'P1')).toBe('6');
    // Without a key, the same request is a second move.
    expect((await hh('POST', '/api/bl-handheld/move', { payload: move })).answer.success).toBe(true);
    expect(await balance(b, 'P1')).toBe('2');
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('a refused move keeps no key: it leaves nothing and is tried again when resent', async () => {
    const b = nextBatch();
    await received(b, '3', 'P3', 'M2');
    const move = { fromPlace: 'P3', material: 'M2', qty: '5', toPlace: 'P2' };
    const key = `short-${driver}-${b}`;
    const first = await hh('POST', '/api/bl-handheld/move', { payload: move, key });
    expect(first.answer.success).toBe(false);
    expect(first.answer.msg).toContain(b);
    expect(await transfersOf(b)).toBe(0);
    const [kept] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int n from bl_idempotency_key where idem_key = ${key}`,
    );
    expect(kept?.n).toBe(0);
    // Once the goods are there, the same step with the same key goes through.
    await received(b, '2', 'P3', 'M2');
    const resent = await hh('POST', '/api/bl-handheld/move', { payload: move, key });
    expect(resent).toMatchObject({ replayed: false, answer: { success: true } });
    expect(await balance(b, 'P2')).toBe('5');
  });

  it('any bill action takes an idempotency key: a resent review answers its first answer', async () => {
    const b = nextBatch();
    await received(b, '5');
    const saved = await admin.call('POST', `${path('warehousetransferbill')}/submit`, {
      payload: {
        billNo: nextBillNo('TR'),
        billDate: '2026-03-02',
        customerCode: 'C1',
        details: [
          {
            lineNumber: 1,
            materialCode: 'M1',
            batchNo: b,
            warehousePlaceCode: 'P1',
            targetWarehousePlaceCode: 'P2',
            qty: '2',
          },
        ],
      },
    });
    const id = (saved.data as { id: string }).id;
    const review = () =>
      hh('POST', `${path('warehousetransferbill')}/review`, {
        query: { ids: id },
        key: `review-${driver}-${b}`,
      });
    const first = await review();
    expect(first.answer).toMatchObject({ success: true, data: { reviewed: 1 } });
    const again = await review();
    // Without the key the second review is refused as posted; with it, the first answer comes back.
    expect(again).toMatchObject({ replayed: true, answer: { success: true, data: { reviewed: 1 } } });
    expect(await balance(b, 'P2')).toBe('2');
    const bare = await hh('POST', `${path('warehousetransferbill')}/review`, { query: { ids: id } });
    expect(bare.answer.success).toBe(false);
  });

  // On PGlite the twenty take turns on its one connection; on PostgreSQL they race for the key.
  it('20 concurrent replays of one key post once', async () => {
    const b = nextBatch();
    // A material and place of its own: a move takes the oldest stock first, of any batch.
    await received(b, '20', 'P3', 'M3');
    const key = `burst-${driver}-${b}`;
    const move = { fromPlace: 'P3', material: 'M3', qty: '3', toPlace: 'P2' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => hh('POST', '/api/bl-handheld/move', { payload: move, key })),
    );
    expect(answers.map((a) => a.answer.success)).toEqual(Array(20).fill(true));
    expect(new Set(answers.map((a) => (a.answer.data as { billNo: string }).billNo)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await transfersOf(b)).toBe(1);
    expect(await balance(b, 'P3')).toBe('17');
    expect(await balance(b, 'P2')).toBe('3');
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('a disabled terminal ends its sessions and is refused afterwards with a clear message', async () => {
    expect((await signInHandheld('HH-TEST-0002')).answer.success).toBe(true);
    const lookup = () => hh('GET', '/api/bl-handheld/lookup', { query: { code: 'P1' } });
    expect((await lookup()).answer.success).toBe(true);
    const [terminal] = await queryRows<{ id: string; version: number }>(
      test.database.db,
      sql`select id::text id, version from bl_pdainfo where serial_number = 'HH-TEST-0002' and is_deleted = 0`,
    );
    const disabled = await admin.submit('pdainfo', {
      id: terminal?.id,
      version: terminal?.version,
      deviceStatus: '5',
    });
    expect(disabled.success, disabled.msg).toBe(true);
    // The handheld's session ended at once; the administrator's own session goes on.
    expect((await lookup()).answer.code).toBe(401);
    expect((await admin.call('GET', `${path('pdainfo')}/list`)).success).toBe(true);
    // Signing in again works (the account is fine), but the terminal is refused.
    const again = await signInHandheld('HH-TEST-0002');
    expect(again.answer).toMatchObject({ success: false, code: 403 });
    expect(again.answer.msg).toBe(
      'Handheld terminal HH-TEST-0002 was disabled by an administrator and cannot be used; ask an administrator',
    );
    expect((await lookup()).answer.code).toBe(403);
    const zh = await hh('POST', '/api/bl-handheld/terminal/register', {
      payload: { serial: 'HH-TEST-0002' },
      language: 'zh',
    });
    expect(zh.answer.msg).toBe('手持终端 HH-TEST-0002 已被管理员停用，不能再使用，请联系管理员');
    // Another terminal still works for the same account.
    expect((await signInHandheld('HH-TEST-0003')).answer.success).toBe(true);
    expect((await lookup()).answer.success).toBe(true);
  });

  it('a removed terminal ends its sessions too', async () => {
    expect((await signInHandheld('HH-TEST-0004')).answer.success).toBe(true);
    const [terminal] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text id from bl_pdainfo where serial_number = 'HH-TEST-0004' and is_deleted = 0`,
    );
    const removed = await admin.call('POST', `${path('pdainfo')}/remove`, {
      query: { ids: String(terminal?.id) },
    });
    expect(removed.success, removed.msg).toBe(true);
    expect((await hh('GET', '/api/bl-handheld/lookup', { query: { code: 'P1' } })).answer.code).toBe(401);
  });

  it('a malformed idempotency key is refused before anything is done', async () => {
    expect((await signInHandheld('HH-TEST-0005')).answer.success).toBe(true);
    const b = nextBatch();
    await received(b, '1');
    const answer = await hh('POST', '/api/bl-handheld/move', {
      payload: { fromPlace: 'P1', material: 'M1', qty: '1', toPlace: 'P2' },
      key: 'no spaces allowed',
    });
    expect(answer.answer).toMatchObject({ success: false });
    expect(answer.answer.msg).toContain('Idempotency-Key');
    expect(await transfersOf(b)).toBe(0);
  });

  it('a session never registered on a terminal is refused by the handheld routes', async () => {
    handheldToken = (await tokensOf(app, '000000')).accessToken;
    const answer = await hh('GET', '/api/bl-handheld/lookup', { query: { code: 'P1' } });
    expect(answer.answer).toMatchObject({ success: false, code: 403 });
    expect(answer.answer.msg).toContain('not registered');
  });
});
