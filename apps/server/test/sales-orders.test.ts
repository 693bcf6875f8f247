import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
