import { syscodeTable } from '@bl/entities/system/syscode';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { catalogue } from '../src/engine/routes.ts';
import { numberedEntities, syncSerials } from '../src/modules/system/serial-defaults.ts';
import { datePart, dayOf } from '../src/modules/system/serials.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string };

/**
 * Issue 29, 12: the cost bill is numbered like every bill (a blank number takes the next of its
 * serial sequence, in new tenants and in tenants made before), keeps its owner's name on every
 * write (FieldInput.nameOf, the generic fill: a typed month-start stock row names its warehouse
 * the same way), and its lines can be seen before saving: the preview answers what saving makes.
 */
describe.each(testDrivers())('cost bill form on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  let token = '';
  const f = feeFixtures(() => api);
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  const number = () => datePart('yyyyMMdd', dayOf(new Date()));

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    token = (await tokensOf(app, '000000')).accessToken;
    api = client(app, () => token);
    await masterData(api.submit);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const read = async (entity: string, id: string) =>
    (await api.call('GET', `${f.path(entity)}/detail`, { query: { id } })).data as Row;
  /** A charge the fee writer would have written (the fee engine is tested on its own). */
  const charge = (
    owner: string,
    day: string,
    costType: string,
    qty: string,
    price: string,
    amount: string,
    material = 'M1',
  ) =>
    queryRows(
      test.database.db,
      sql`insert into bl_costdetail (id, tenant_id, cost_date, source_date, customer_code, material_code,
            cost_type, qty, reality_qty, unit_price, amount)
          values (${nextId()}, '000000', ${day}::date, ${day}::date, ${owner}, ${material}, ${costType},
            ${qty}::numeric, ${qty}::numeric, ${price}::numeric, ${amount}::numeric)`,
    );

  it('numbers a cost bill left blank from its own sequence, and names its owner', async () => {
    expect(numberedEntities().map((e) => e.name)).toContain('costbill');
    // The form asks whether to show "(automatic)" by the entity's number field.
    expect(catalogue.entities.find((e) => e.name === 'costbill')?.numberField).toBe('costBillNo');
    expect(
      (await api.call('GET', '/api/bl-system/syscode/has', { query: { seqCode: 'costbill' } })).data,
    ).toBe(true);
    const bill = await f.must('costbill', {
      costBillNo: '',
      customerCode: 'C1',
      costDate: monthStart,
      costDateEnd: today,
    });
    expect(bill.costBillNo).toBe(`FYZD${number()}0001`);
    expect(bill.customerName).toBe('货主 C1');
    expect(await read('costbill', bill.id)).toMatchObject({
      costBillNo: bill.costBillNo,
      customerName: '货主 C1',
    });
    // A typed number stands.
    const typed = await f.must('costbill', {
      costBillNo: 'CB-TYPED',
      customerCode: 'C2',
      costDate: monthStart,
      costDateEnd: today,
    });
    expect(typed.costBillNo).toBe('CB-TYPED');
    expect(typed.customerName).toBe('货主 C2');
  });

  it("numbers the other documents whose number is not called billNo: the core firm's transactions", async () => {
    for (const name of ['corefirmorder', 'corefirmtransaction'])
      expect(numberedEntities().map((e) => e.name)).toContain(name);
    await f.must('supplier', { code: 'S1', name: '供应商一' });
    const paid = await f.must('corefirmtransaction', {
      transactionNo: '',
      supplierCode: 'S1',
      type: '1',
      amount: '100',
      transactionDate: '2020-06-01',
    });
    expect(paid.transactionNo).toBe(`HXJY${number()}0001`);
  });

  it('fills the owner name on every write, not from the body', async () => {
    await f.must('customer', { code: 'C7', name: '七号货主', customerStatus: '1' });
    await f.must('customer', { code: 'C8', name: '八号货主', customerStatus: '1' });
    // A name sent by the client is not taken: the owner record names it.
    const bill = await f.must('costbill', {
      costBillNo: '',
      customerCode: 'C7',
      customerName: 'typed by hand',
      costDate: '2020-01-01',
      costDateEnd: '2020-01-31',
    });
    expect(bill.customerName).toBe('七号货主');
    // An edit to another owner names the new one.
    const edited = await f.must('costbill', {
      ...(await read('costbill', bill.id)),
      customerCode: 'C8',
    });
    expect(edited.customerName).toBe('八号货主');
    expect((await read('costbill', bill.id)).customerName).toBe('八号货主');
    // The same fill serves any entity declaring it: a typed month-start row names its warehouse.
    const row = await f.must('monthbegininv', {
      customerCode: 'C1',
      warehouseCode: 'W1',
      costDate: '2020-02-01',
      materialCode: 'M1',
      qty: '1',
    });
    expect(row.warehouseName).toBe('一号仓');
  });

  it('gives tenants made before the cost bill was numbered its rule at start', async () => {
    // Tenant 100000 as it was before: no rule for cost bills.
    await test.database.withTenant('100000', (tx) =>
      tx
        .delete(syscodeTable)
        .where(and(eq(syscodeTable.tenantId, '100000'), eq(syscodeTable.seqCode, 'costbill'))),
    );
    const rules = () =>
      test.database.withTenant('100000', (tx) =>
        tx
          .select({ prefix: syscodeTable.prefixValue, deleted: syscodeTable.isDeleted })
          .from(syscodeTable)
          .where(and(eq(syscodeTable.tenantId, '100000'), eq(syscodeTable.seqCode, 'costbill'))),
      );
    expect(await rules()).toEqual([]);
    await syncSerials(test.database);
    expect(await rules()).toEqual([{ prefix: 'FYZD', deleted: 0 }]);
    // A rule the tenant deleted stays deleted: the start does not bring it back.
    await test.database.withTenant('100000', (tx) =>
      tx
        .update(syscodeTable)
        .set({ isDeleted: 1 })
        .where(and(eq(syscodeTable.tenantId, '100000'), eq(syscodeTable.seqCode, 'costbill'))),
    );
    await syncSerials(test.database);
    expect(await rules()).toEqual([{ prefix: 'FYZD', deleted: 1 }]);
  });

  it('previews the lines and stock summary that saving makes, and writes nothing', async () => {
    await f.must('customer', { code: 'C5', name: '五号货主', customerStatus: '1' });
    await charge('C5', '2020-03-02', 'STORAGE', '10', '0.5', '5.00');
    await charge('C5', '2020-03-03', 'STORAGE', '10', '0.5', '5.00');
    await charge('C5', '2020-03-03', 'LOAD', '4', '2.5', '10.00');
    const query = { customerCode: 'C5', costDate: '2020-03-01', costDateEnd: '2020-03-31' };
    const answer = await api.call('GET', '/api/bl-acct/billing/cost-bill-preview', { query });
    expect(answer.success, answer.msg).toBe(true);
    const preview = answer.data as { amount: string; provisional: string; details: Row[]; packs: Row[] };
    expect(preview.amount).toBe('20.00');
    expect(preview.provisional).toBe('0');
    const lines = preview.details.map((l) => [
      l.costType,
      l.materialCode,
      l.realityQty,
      l.realityDay,
      l.amount,
    ]);
    expect(lines).toEqual([
      ['STORAGE', 'M1', '20.0000', 2, '10.00'],
      ['LOAD', 'M1', '4.0000', 1, '10.00'],
    ]);
    // Nothing was billed by looking: the cost details are still free.
    const [free] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_costdetail where customer_code = 'C5' and cost_bill_no is null`,
    );
    expect(free?.n).toBe(3);
    // Saving makes the same lines.
    const bill = await f.must('costbill', { costBillNo: '', ...query });
    const saved = await read('costbill', bill.id);
    expect(saved.amount).toBe('20.00');
    expect(
      (saved.details as Row[]).map((l) => [l.costType, l.materialCode, l.realityQty, l.realityDay, l.amount]),
    ).toEqual(lines);
    // Once billed, a preview of the same period says it overlaps, in the user's language.
    const again = await api.call('GET', '/api/bl-acct/billing/cost-bill-preview', { query, language: 'en' });
    expect(again.success).toBe(false);
    expect(again.msg).toContain(String(bill.costBillNo));
    const zh = await api.call('GET', '/api/bl-acct/billing/cost-bill-preview', {
      query: { ...query, costDateEnd: '2020-02-01' },
      language: 'zh',
    });
    expect(zh.success).toBe(false);
    expect(zh.msg).not.toBe('');
  });

  it('saves a bill again through its form although its storage line names no material', async () => {
    await f.must('customer', { code: 'C6', name: '六号货主', customerStatus: '1' });
    // The fee engine charges storage on the owner's stock as a whole: no material.
    await charge('C6', '2020-05-02', 'STORAGE', '10', '1', '10.00', '');
    const bill = await f.must('costbill', {
      costBillNo: '',
      customerCode: 'C6',
      costDate: '2020-05-01',
      costDateEnd: '2020-05-31',
    });
    const saved = await read('costbill', bill.id);
    const [line] = saved.details as Row[];
    expect(line?.materialCode ?? null).toBeNull();
    // The form sends the bill back with its lines (a discount typed): accepted, the line kept.
    const again = await f.must('costbill', { ...saved, discountAmount: '1' });
    expect(again.amount).toBe('9.00');
    expect(((await read('costbill', bill.id)).details as Row[]).map((l) => l.amount)).toEqual(['10.00']);
  });
});
