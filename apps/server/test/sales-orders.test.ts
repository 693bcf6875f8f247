import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown>;

/** Sales orders (issue 15): review after the credit list, then one outbound bill per order. */
describe.each(testDrivers())('sales orders on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;

  const must = async (entity: string, payload: Row, service = 'bl-wms') => {
    const answer = await api.call('POST', `/api/${service}/${entity}/submit`, { payload });
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const detail = async (entity: string, id: unknown) =>
    (await api.call('GET', `/api/bl-wms/${entity}/detail`, { query: { id: String(id) } })).data as Row & {
      details: Row[];
    };
  const order = (owner: string) =>
    must('ossobill', {
      billNo: nextBillNo('SO'),
      billDate: '2026-11-20',
      customerCode: owner,
      warehouseCode: 'W1',
      customerBillNo: 'PO-778',
      consigneeName: '王五',
      details: [
        { lineNumber: 1, materialCode: 'M1', unitCode: 'PCS', qty: '3', price: '2.5' },
        { lineNumber: 2, materialCode: 'M2', unitCode: 'PCS', qty: '1', price: '10' },
      ],
    });

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    await must(
      'customerblackwhite',
      { customerCode: 'C2', blackOrWhite: '1', reason: '逾期欠款', effectiveDate: '2026-01-01' },
      'bl-scm',
    );
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('an order is reviewed, made into an outbound bill quoting its lines, and is then in progress', async () => {
    const sale = await order('C1');
    expect(await api.action('ossobill', 'review', [String(sale.id)], 'en')).toMatchObject({
      success: true,
      data: { reviewed: 1 },
    });
    expect(await detail('ossobill', sale.id)).toMatchObject({
      state: '1',
      isReview: '2',
      blackOrWhite: null,
    });
    // A reviewed order cannot be changed, and is not made into an outbound bill twice.
    const made = await api.action('ossobill', 'toOutbound', [String(sale.id)], 'en');
    expect(made.success, made.msg).toBe(true);
    const [outboundNo] = (made.data as { outbound: string[] }).outbound;
    const found = (await api.call('GET', '/api/bl-wms/osoutstockbill/list', {
      query: { billNo: String(outboundNo) },
    })) as { data: { records: Row[] } };
    const outbound = await detail('osoutstockbill', found.data.records[0]?.id);
    expect(outbound).toMatchObject({
      customerCode: 'C1',
      sourceBillNo: sale.billNo,
      consigneeName: '王五',
      remark: 'PO-778',
      isReview: '1',
      totalQty: '4.0000',
      totalAmount: '17.50',
    });
    expect(outbound.details.map((l) => [l.lineNumber, l.materialCode, l.qty])).toEqual([
      [1, 'M1', '3.0000'],
      [2, 'M2', '1.0000'],
    ]);
    expect(await detail('ossobill', sale.id)).toMatchObject({ state: '2' });
    const again = await api.action('ossobill', 'toOutbound', [String(sale.id)], 'en');
    expect(again.success).toBe(false);
    expect(again.msg).toContain(String(sale.billNo));
    expect(again.msg).toContain('In progress');
    const back = await api.action('ossobill', 'unreview', [String(sale.id)], 'zh');
    expect(back.success).toBe(false);
    expect(back.msg).toContain('执行中');
  });

  it("a blacklisted owner's order is refused at review, naming the owner and the reason, and nothing changes", async () => {
    const sale = await order('C2');
    const refused = await api.action('ossobill', 'review', [String(sale.id)], 'en');
    expect(refused.msg).toBe(
      `Sales order ${sale.billNo}: owner C2 is on the blacklist (逾期欠款); it cannot be reviewed or shipped`,
    );
    expect(await detail('ossobill', sale.id)).toMatchObject({ state: '0', isReview: '1' });
    // Made before review: an order still new is not turned into an outbound bill.
    const early = await api.action('ossobill', 'toOutbound', [String(sale.id)], 'en');
    expect(early.success).toBe(false);
  });

  it('a whitelisted owner is recorded on the order (derived from the list, never typed)', async () => {
    await must(
      'customerblackwhite',
      { customerCode: 'C1', blackOrWhite: '2', effectiveDate: '2026-01-01' },
      'bl-scm',
    );
    const sale = await order('C1');
    expect((await api.action('ossobill', 'review', [String(sale.id)])).success).toBe(true);
    expect(await detail('ossobill', sale.id)).toMatchObject({ blackOrWhite: '2' });
  });
  it('the credit line: what the owner owes on confirmed cost bills is used, an order over the rest or on a frozen line is refused, the override reviews it', async () => {
    const submit = async (entity: string, payload: Row) => {
      const answer = await api.call('POST', `${entityByName.get(entity)?.path}/submit`, {
        payload,
        language: 'en',
      });
      if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
      return answer.data as Row;
    };
    const read = async (entity: string, id: unknown) =>
      (await api.call('GET', `${entityByName.get(entity)?.path}/detail`, { query: { id: String(id) } }))
        .data as Row;
    const act = (entity: string, name: string, id: unknown, language = 'en') =>
      api.call('POST', `${entityByName.get(entity)?.path}/${name}`, { query: { ids: String(id) }, language });
    await submit('customer', { code: 'C3', name: '货主 C3', customerStatus: '1' });
    const credit = await submit('customercredit', {
      customerCode: 'C3',
      creditLimit: '20',
      validFrom: '2026-01-01',
      creditStatus: '1',
    });
    // Kept by the database, never typed: a typed figure is overwritten.
    expect(await read('customercredit', credit.id)).toMatchObject({
      usedCredit: '0.00',
      availableCredit: '20.00',
    });

    // October's charge of 12.00 on a cost bill: owed once the bill is confirmed, not while draft.
    await queryRows(
      test.database.db,
      sql`insert into bl_costdetail (id, tenant_id, cost_date, customer_code, material_code, cost_type, amount, source_date)
          values (${nextId()}, '000000', '2026-10-05', 'C3', 'M1', 'STORAGE', 12.00, '2026-10-05')`,
    );
    const bill = await submit('costbill', {
      costBillNo: nextBillNo('ZD'),
      customerCode: 'C3',
      costDate: '2026-10-01',
      costDateEnd: '2026-10-31',
    });
    expect(await read('costbill', bill.id)).toMatchObject({ amount: '12.00' });
    expect(await read('customercredit', credit.id)).toMatchObject({ usedCredit: '0.00' });
    expect((await act('costbill', 'confirm', bill.id)).success).toBe(true);
    expect(await read('customercredit', credit.id)).toMatchObject({
      usedCredit: '12.00',
      availableCredit: '8.00',
    });

    // 17.50 (3 × 2.50 + 10) is more than the 8.00 left: refused, and nothing changes.
    const sale = await order('C3');
    const over = await act('ossobill', 'review', sale.id);
    expect(over.success).toBe(false);
    expect(over.msg).toBe(
      `Sales order ${sale.billNo}: its amount 17.50 is more than the credit available to owner C3 (8.00); it cannot be reviewed (use "Review over credit" if it must go)`,
    );
    expect(await detail('ossobill', sale.id)).toMatchObject({ state: '0', isReview: '1', auditUser: null });

    // A payment of 5.00 on it: owed 7.00, 13.00 available, still short of 17.50; paid back out
    // (the payment removed), owed 12.00 again.
    const payment = await submit('paydetail', {
      customerCode: 'C3',
      costBillNo: bill.costBillNo,
      costDate: '2026-11-01',
      payAmount: '5',
      payType: '2',
    });
    expect(await read('customercredit', credit.id)).toMatchObject({
      usedCredit: '7.00',
      availableCredit: '13.00',
    });
    expect((await act('ossobill', 'review', sale.id)).msg).toContain('(13.00)');
    const removed = await api.call('POST', `${entityByName.get('paydetail')?.path}/remove`, {
      query: { ids: String(payment.id) },
    });
    expect(removed.success, removed.msg).toBe(true);
    expect(await read('customercredit', credit.id)).toMatchObject({ usedCredit: '12.00' });

    // Un-confirmed, the bill is no longer owed: 20.00 available, but a frozen line refuses all.
    expect((await act('costbill', 'unconfirm', bill.id)).success).toBe(true);
    expect(await read('customercredit', credit.id)).toMatchObject({
      usedCredit: '0.00',
      availableCredit: '20.00',
    });
    await submit('customercredit', { ...(await read('customercredit', credit.id)), creditStatus: '2' });
    const frozen = await act('ossobill', 'review', sale.id, 'zh');
    expect(frozen.msg).toBe(
      `销售订单 ${sale.billNo}：货主 C3 的信用额度已冻结，不能审核；需要时请用“信用特批审核”`,
    );

    // The override reviews it, stamped with who took it on; the blacklist still refuses it.
    const overridden = await act('ossobill', 'overrideReview', sale.id);
    expect(overridden.success, overridden.msg).toBe(true);
    expect(await detail('ossobill', sale.id)).toMatchObject({
      state: '1',
      isReview: '2',
      auditUser: '管理员',
    });
    const blacklisted = await order('C2');
    const refused = await act('ossobill', 'overrideReview', blacklisted.id);
    expect(refused.msg).toBe(
      `Sales order ${blacklisted.billNo}: owner C2 is on the blacklist (逾期欠款); it cannot be reviewed or shipped`,
    );
  });
});
