import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, multipart, testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string };

/**
 * Issue 29 pt 5 (ADR 0038): owner and agreement constrain each other. A bill names only its
 * owner's agreements, and materials that are its owner's or no one's (shared), on the header and
 * on every line, whichever endpoint writes (the header's submit with its lines, a line's own
 * submit, an import); a line naming something that does not exist is refused with its number.
 * An owner transfer leaves the target holding another owner's material, which it may ship on.
 */
describe.each(testDrivers())('owner scope of references on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  let token = '';
  const f = feeFixtures(() => api);

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    token = admin.accessToken;
    api = client(app, () => token);
    await masterData(api.submit);
    // M1..M3 of masterData have no owner: every owner may use them.
    await f.must('material', { code: 'MC1', name: '一号的货', unitCode: 'PCS', custCode: 'C1' });
    await f.must('material', { code: 'MC2', name: '二号的货', unitCode: 'PCS', custCode: 'C2' });
    for (const owner of ['C1', 'C2'])
      await f.must('lgagreement', {
        agreementCode: `AG-${owner}`,
        name: `协议 ${owner}`,
        customerCode: owner,
        startDate: '2026-01-01',
        agreementStatus: '2',
        chargeBasis: '1',
      });
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const inbound = (owner: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
    billNo: nextBillNo('IN'),
    billDate: '2026-11-28',
    customerCode: owner,
    type: '2',
    isReview: '1',
    ...extra,
    details: f.numbered(lines.map((line) => ({ warehousePlaceCode: 'P1', qty: '4', ...line }))),
  });
  const billsOf = async (owner: string) =>
    (
      (await api.call('GET', `${f.path('isinstockbill')}/list`, { query: { customerCode_equal: owner } }))
        .data as { total: number }
    ).total;

  it("refuses a header naming another owner's agreement, in zh, mo and en, and keeps nothing", async () => {
    const before = await billsOf('C1');
    const bill = inbound('C1', [{ materialCode: 'M1' }], { agreementCode: 'AG-C2' });
    const zh = await api.submit('isinstockbill', bill, 'zh');
    expect(zh.success).toBe(false);
    expect(zh.msg).toBe('协议编号“AG-C2 协议 C2”属于货主 C2 货主 C2，不能用于货主 C1 货主 C1');
    expect((await api.submit('isinstockbill', bill, 'mo')).msg).toBe(
      '協議編號「AG-C2 协议 C2」屬於貨主 C2 货主 C2，不能用於貨主 C1 货主 C1',
    );
    expect((await api.submit('isinstockbill', bill, 'en')).msg).toBe(
      'Agreement "AG-C2 协议 C2" belongs to owner C2 货主 C2; it cannot be used for owner C1 货主 C1',
    );
    expect(await billsOf('C1')).toBe(before);
    // Its own agreement passes.
    expect((await api.submit('isinstockbill', { ...bill, agreementCode: 'AG-C1' })).success).toBe(true);
  });

  it("refuses a line naming another owner's material, naming the line; shared and own ones pass", async () => {
    const lines = [{ materialCode: 'M1' }, { materialCode: 'MC2' }];
    const refused = await api.submit('isinstockbill', inbound('C1', lines), 'en');
    expect(refused.msg).toBe(
      'Line 2: Material "MC2 二号的货" belongs to owner C2 货主 C2; it cannot be used for owner C1 货主 C1',
    );
    const zh = await api.submit('isinstockbill', inbound('C1', lines));
    expect(zh.msg).toBe('第 2 行明细：物料“MC2 二号的货”属于货主 C2 货主 C2，不能用于货主 C1 货主 C1');
    // A shared material (M1, no owner) and the owner's own (MC1) are accepted, for either owner.
    expect(
      (await api.submit('isinstockbill', inbound('C1', [{ materialCode: 'M1' }, { materialCode: 'MC1' }])))
        .msg,
    ).toBe('操作成功');
    expect(
      (await api.submit('isinstockbill', inbound('C2', [{ materialCode: 'M1' }, { materialCode: 'MC2' }])))
        .msg,
    ).toBe('操作成功');
  });

  it('refuses a line naming something that does not exist, with its line number', async () => {
    const answer = await api.submit(
      'isinstockbill',
      inbound('C1', [{ materialCode: 'M1' }, { materialCode: 'NOPE' }]),
      'en',
    );
    expect(answer.msg).toBe('Line 2: Material "NOPE" does not exist');
    const place = await api.submit(
      'isinstockbill',
      inbound('C1', [{ materialCode: 'M1', warehousePlaceCode: 'P9' }]),
    );
    expect(place.msg).toMatch(/^第 1 行明细：.+“P9”不存在$/);
  });

  it("refuses a header given another owner while its lines keep the first owner's material", async () => {
    const saved = await f.must('isinstockbill', inbound('C1', [{ materialCode: 'MC1' }]));
    const moved = await api.submit(
      'isinstockbill',
      { ...saved, details: undefined, customerCode: 'C2' },
      'en',
    );
    expect(moved.msg).toBe(
      'Line 1: Material "MC1 一号的货" belongs to owner C1 货主 C1; it cannot be used for owner C2 货主 C2',
    );
  });

  it("checks a line written through its own endpoint against its bill's owner", async () => {
    const bill = await f.must('isinstockbill', inbound('C1', [{ materialCode: 'M1' }]));
    const line = (materialCode: string) => ({
      headerId: bill.id,
      materialCode,
      warehousePlaceCode: 'P1',
      qty: '2',
    });
    const other = await api.submit('isinstockbilldetail', line('MC2'), 'en');
    expect(other.msg).toBe(
      'Line 2: Material "MC2 二号的货" belongs to owner C2 货主 C2; it cannot be used for owner C1 货主 C1',
    );
    expect((await api.submit('isinstockbilldetail', line('NOPE'), 'en')).msg).toBe(
      'Line 2: Material "NOPE" does not exist',
    );
    const own = await api.submit('isinstockbilldetail', line('MC1'));
    expect(own.msg).toBe('操作成功');
    // An edit that swaps the material for another owner's is refused too.
    const edited = await api.submit(
      'isinstockbilldetail',
      { ...(own.data as Row), materialCode: 'MC2' },
      'en',
    );
    expect(edited.msg).toMatch(/^Line 2: Material "MC2 二号的货" belongs to owner C2/);
  });

  it('checks imported rows the same way, and imports none when one row names another owner', async () => {
    await f.must('strategy', { code: 'S1', name: '上架策略', type: '1', rule: '1' });
    const upload = async (rows: string[][]) => {
      const book = XLSX.utils.book_new();
      const sheet = XLSX.utils.aoa_to_sheet([['货主', '策略', '物料', '优先级'], ...rows]);
      XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
      const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const form = multipart('strategies.xlsx', file);
      return body<unknown>(
        await app.inject({
          method: 'POST',
          url: `${f.path('customstrategy')}/import`,
          payload: form.payload,
          headers: {
            'blade-auth': `bearer ${token}`,
            'blade-language': 'en',
            'content-type': form.contentType,
          },
        }),
      );
    };
    const strategies = async () =>
      ((await api.call('GET', `${f.path('customstrategy')}/list`)).data as { total: number }).total;
    const refused = await upload([
      ['C1', 'S1', 'MC1', '1'],
      ['C1', 'S1', 'MC2', '2'],
    ]);
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.data)).toContain(
      'Material \\"MC2 二号的货\\" belongs to owner C2 货主 C2; it cannot be used for owner C1 货主 C1',
    );
    expect(await strategies()).toBe(0);
    const imported = await upload([
      ['C1', 'S1', 'MC1', '1'],
      ['C2', 'S1', 'M1', '2'],
    ]);
    expect(imported.data).toEqual({ imported: 2 });
  });

  it('lets the target of an owner transfer ship the material it received', async () => {
    await f.receive('C1', '2026-11-28', [{ materialCode: 'MC1', qty: '10' }]);
    const transfer = await f.must('diversecustomertransferbill', {
      billNo: nextBillNo('OT'),
      billDate: '2026-11-28',
      customerCode: 'C1',
      agreementCode: 'AG-C1',
      targetCustomerCode: 'C2',
      targetAgreementCode: 'AG-C2',
      isReview: '1',
      details: f.numbered([{ materialCode: 'MC1', batchNo: 'B', warehousePlaceCode: 'P1', qty: '6' }]),
    });
    const reviewed = await api.action('diversecustomertransferbill', 'review', [transfer.id]);
    expect(reviewed.msg).toBe('操作成功');
    // The target's agreement is checked against the target: C1's agreement is refused there.
    const wrongTarget = await api.submit(
      'diversecustomertransferbill',
      {
        billNo: nextBillNo('OT'),
        billDate: '2026-11-28',
        customerCode: 'C1',
        targetCustomerCode: 'C2',
        targetAgreementCode: 'AG-C1',
        isReview: '1',
        details: f.numbered([{ materialCode: 'MC1', batchNo: 'B', warehousePlaceCode: 'P1', qty: '1' }]),
      },
      'en',
    );
    expect(wrongTarget.msg).toBe(
      'To agreement "AG-C1 协议 C1" belongs to owner C1 货主 C1; it cannot be used for owner C2 货主 C2',
    );
    const shipped = await f.ship('C2', '2026-11-28', [
      { materialCode: 'MC1', batchNo: 'B', warehousePlaceCode: 'P1', qty: '6' },
    ]);
    expect(shipped.billNo).toBeTruthy();
    // Once C2 holds none of it, MC1 is C1's alone again.
    const after = await api.submit(
      'osoutstockbill',
      {
        billNo: nextBillNo('OUT'),
        billDate: '2026-11-28',
        customerCode: 'C2',
        warehouseCode: 'W1',
        outTransferType: '1',
        isReview: '1',
        details: f.numbered([{ materialCode: 'MC1', batchNo: 'B', warehousePlaceCode: 'P1', qty: '1' }]),
      },
      'en',
    );
    expect(after.msg).toMatch(/^Line 1: .+"MC1 一号的货" belongs to owner C1 货主 C1/);
  });
});
