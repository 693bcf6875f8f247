import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string };
type Language = 'zh' | 'mo' | 'en';

/** YYYY-MM-DD of a UTC day `n` days from today. */
const dayFromToday = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n))
    .toISOString()
    .slice(0, 10);
};
const today = dayFromToday(0);
const monthStart = `${today.slice(0, 7)}-01`;
const monthEndOf = (first: string) => {
  const d = new Date(`${first}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};
const monthEnd = monthEndOf(monthStart);
const lastMonthEnd = new Date(Date.parse(`${monthStart}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const lastMonthStart = `${lastMonthEnd.slice(0, 7)}-01`;

/**
 * Issue 29, items 1, 2 and 6, with the figures: a day of inbound 100, a place move of 30,
 * a count difference of −2 and an outbound of 20 is in 100 / out 20 / lost 2 wherever a figure
 * says in or out; no day after today is charged (a lot received today is charged 1 day, a run
 * into the future is refused or cut, a bill made before its period ends is provisional and
 * cannot be reviewed or confirmed); line weight and price come from the material; the count
 * bill's state follows its posting.
 */
describe.each(testDrivers())('billable days and in/out figures on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  const f = feeFixtures(() => api);

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    await f.must('lgagreement', {
      agreementCode: 'AG-C1',
      customerCode: 'C1',
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      storagePrice: '1',
    });
    await f.must('billingrules', {
      code: 'R1',
      name: 'R1',
      customerCode: 'C1',
      storageTime: 0,
      isSubsectBill: '0',
    });
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const ok = async (entity: string, action: string, id: string, language: Language = 'en') => {
    const answer = await api.call('POST', `${f.path(entity)}/${action}`, { query: { ids: id }, language });
    expect(answer.success, `${entity}/${action}: ${answer.msg}`).toBe(true);
    return answer;
  };
  const refusal = async (entity: string, action: string, id: string, language: Language) => {
    const answer = await api.call('POST', `${f.path(entity)}/${action}`, { query: { ids: id }, language });
    expect(answer.success).toBe(false);
    return answer.msg;
  };
  const detail = async (entity: string, id: string) =>
    (await api.call('GET', `${f.path(entity)}/detail`, { query: { id } })).data as Row &
      Record<string, Row[]>;

  it('receive 100, move 30, count −2, ship 20: in 100 / out 20 / adjust 2 in the summary, the statement and the dashboard', async () => {
    await f.receive('C1', today, [{ materialCode: 'M1', qty: '100' }]);
    const move = await f.must('warehousetransferbill', {
      billNo: nextBillNo('TR'),
      billDate: today,
      customerCode: 'C1',
      details: f.numbered([
        {
          materialCode: 'M1',
          batchNo: 'B',
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P2',
          qty: '30',
        },
      ]),
    });
    await ok('warehousetransferbill', 'review', move.id);
    // The count of P2 finds 28 of the 30 moved there.
    const count = await f.must('wmstockcheckbill', {
      billNo: nextBillNo('CHK'),
      billDate: today,
      checkType: '1',
      warehouseCode: 'W1',
      customerCode: 'C1',
      placeFrom: 'P2',
      placeTo: 'P2',
    });
    await ok('wmstockcheckbill', 'snapshot', count.id);
    const [line] = (await detail('wmstockcheckbill', count.id)).details as Row[];
    await f.must('wmstockcheckbilldetail', { ...line, qty: '28' });
    expect((await detail('wmstockcheckbill', count.id)).state).toBe('0');
    await ok('wmstockcheckbill', 'review', count.id);
    // Item 6: the count's state follows its posting (新建 → 已完成).
    expect(await detail('wmstockcheckbill', count.id)).toMatchObject({
      isReview: '2',
      streamStatus: '1',
      state: '3',
    });
    await f.ship('C1', today, [{ materialCode: 'M1', batchNo: 'B', warehousePlaceCode: 'P1', qty: '20' }]);
    // An owner transfer is in and out as each owner sees it, nothing for the warehouse.
    await f.receive('C1', today, [{ materialCode: 'M2', qty: '10' }]);
    const transfer = await f.must('diversecustomertransferbill', {
      billNo: nextBillNo('DT'),
      billDate: today,
      customerCode: 'C1',
      targetCustomerCode: 'C2',
      details: f.numbered([{ materialCode: 'M2', batchNo: 'B', warehousePlaceCode: 'P1', qty: '4' }]),
    });
    await ok('diversecustomertransferbill', 'review', transfer.id);

    const summary = async (owner: string, costBillNo: string) => {
      const bill = await f.must('costbill', {
        costBillNo,
        customerCode: owner,
        costDate: monthStart,
        costDateEnd: monthEnd,
      });
      const packs = (await detail('costbill', bill.id)).packs as Row[];
      return {
        bill,
        rows: packs.map((p) => [
          p.materialCode,
          Number(p.beginQty),
          Number(p.inQty),
          Number(p.outQty),
          Number(p.adjustQty),
          Number(p.endQty),
        ]),
      };
    };
    const c1 = await summary('C1', 'CB-C1');
    expect(c1.rows).toEqual([
      ['M1', 0, 100, 20, 2, 78],
      ['M2', 0, 10, 4, 0, 6],
    ]);
    expect((await summary('C2', 'CB-C2')).rows).toEqual([['M2', 0, 4, 0, 0, 4]]);

    // The statement shows the same figures, with the adjust column.
    const file = await app.inject({
      method: 'GET',
      url: '/api/bl-acct/billing/statement',
      query: { id: c1.bill.id },
      headers: {
        'blade-auth': `bearer ${(await tokensOf(app, '000000')).accessToken}`,
        'blade-language': 'en',
      },
    });
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells = (book.worksheets[0]?.getSheetValues() ?? []).map((row) =>
      Array.isArray(row) ? row.slice(1) : [],
    );
    expect(cells).toContainEqual([
      'Material',
      'Opening quantity',
      'Quantity in',
      'Quantity out',
      'Quantity lost',
      'Closing quantity',
    ]);
    expect(cells).toContainEqual(['M1', 0, 100, 20, 2, 78]);

    // The dashboard's today: the goods through the door only (receipts 100 + 10, shipment 20).
    const since = `${dayFromToday(-6)}T00:00:00.000Z`;
    const dashboard = await api.call('GET', '/api/bl-wms/dashboard', { query: { since } });
    const days = (dashboard.data as { days: { day: number; inQty: string; outQty: string }[] }).days;
    expect(days.at(-1)).toMatchObject({ day: 6 });
    expect([Number(days.at(-1)?.inQty), Number(days.at(-1)?.outQty)]).toEqual([110, 20]);

    // The stock movements report says what each row is: the place move is neither in nor out.
    const movements = async (billNo: string) => {
      const page = await api.call('GET', '/api/bl-wms/report/stockStreamDetail/list', { query: { billNo } });
      return (page.data as { records: Row[] }).records.map((r) => [r.direction, r.movement]);
    };
    expect(await movements(String(move.billNo))).toEqual(
      expect.arrayContaining([
        ['1', 'internal'],
        ['2', 'internal'],
      ]),
    );
    expect(await movements(String(count.billNo))).toEqual([['2', 'adjust']]);
    expect(await movements(String(transfer.billNo))).toEqual(
      expect.arrayContaining([
        ['1', 'owner'],
        ['2', 'owner'],
      ]),
    );

    // The material reports of /acct/lcr sum the same rule per material, day, warehouse or bill
    // (issue 30); the raw-material ones read raw materials only (material type 2).
    const report = async (code: string, query: Record<string, string> = {}) => {
      const page = await api.call('GET', `/api/bl-wms/report/${code}/list`, {
        query: { customerCode_equal: 'C1', ...query },
      });
      expect(page.success, page.msg).toBe(true);
      const data = page.data as { records: Row[]; totals: Record<string, string> };
      return {
        rows: data.records.map((r) => [
          r.materialCode ?? r.billNo,
          Number(r.inQty),
          Number(r.outQty),
          Number(r.adjustQty),
        ]),
        records: data.records,
        totals: [Number(data.totals.inQty), Number(data.totals.outQty), Number(data.totals.adjustQty)],
      };
    };
    const received = await report('importmatReport');
    expect(received.rows).toEqual([
      ['M1', 100, 20, 2],
      ['M2', 10, 4, 0],
    ]);
    expect(received.totals).toEqual([110, 24, 2]);
    await test.database.db.execute(sql`update bl_material set type = '2' where code = 'M1'`);
    const raw = await report('ylmatReportDetail', { streamTime_dategt: today, streamTime_datelt: today });
    expect(raw.rows).toEqual([['M1', 100, 20, 2]]);
    expect(raw.records[0]?.day).toBe(today);
    expect(
      (await report('ylmatReportDayWare')).records.map((r) => [r.warehouseCode, Number(r.inQty)]),
    ).toEqual([['W1', 100]]);
    const byBill = await report('ylmatReportbillSum');
    // The place move is in none of the figures; the count's loss is its only figure.
    expect(byBill.rows).toEqual(
      expect.arrayContaining([
        [move.billNo, 0, 0, 0],
        [count.billNo, 0, 0, 2],
      ]),
    );
    expect(byBill.totals).toEqual([100, 20, 2]);
    expect((await report('packmatReport')).rows).toEqual([]);

    // Un-reviewing the count takes its difference back and makes it new again.
    const back = await api.call('POST', `${f.path('wmstockcheckbill')}/unreview`, {
      query: { ids: count.id },
      language: 'en',
    });
    expect(back.success, back.msg).toBe(true);
    expect(await detail('wmstockcheckbill', count.id)).toMatchObject({
      isReview: '1',
      streamStatus: '0',
      state: '0',
    });
  });

  it('a cost bill made before its period ends is provisional and cannot be confirmed', async () => {
    const list = await api.call('GET', `${f.path('costbill')}/list`, {
      query: { costBillNo_equal: 'CB-C1' },
    });
    const bill = (list.data as { records: Row[] }).records[0] as Row;
    expect(bill).toMatchObject({ provisional: '1' });
    expect((await detail('costbill', bill.id)).madeThrough).toBe(today);
    const expected: Record<Language, string> = {
      zh: `账单 CB-C1 是临时账单（计至 ${today}），其期间到 ${monthEnd} 才结束：期末后重新生成再确认`,
      mo: `帳單 CB-C1 是臨時帳單（計至 ${today}），其期間到 ${monthEnd} 才結束：期末後重新生成再確認`,
      en: `Bill CB-C1 is provisional (charged through ${today}) and its period ends ${monthEnd}: make it again after that, then confirm`,
    };
    for (const language of ['zh', 'mo', 'en'] as const)
      expect(await refusal('costbill', 'confirm', bill.id, language)).toBe(expected[language]);
  });

  it('a month bill counts no day after today: a lot received today is charged 1 day; made early it is provisional and its review refused', async () => {
    const bill = await f.must('monthbill', {
      billNo: nextBillNo('MB'),
      billDate: today,
      customerCode: 'C1',
      periodStart: monthStart,
      periodEnd: monthEnd,
    });
    const notices: Record<Language, string> = {
      zh: `账单 ${bill.billNo} 为临时账单：只计到 ${today}，其期间到 ${monthEnd} 才结束；期末后请重新生成`,
      mo: `帳單 ${bill.billNo} 為臨時帳單：只計到 ${today}，其期間到 ${monthEnd} 才結束；期末後請重新生成`,
      en: `Bill ${bill.billNo} is provisional: charged through ${today}, its period ends ${monthEnd}; make it again after that`,
    };
    // Making it again gives the same lines: once per language.
    for (const language of ['zh', 'mo', 'en'] as const)
      expect((await ok('monthbill', 'make', bill.id, language)).msg).toBe(notices[language]);
    const made = await detail('monthbill', bill.id);
    expect(made).toMatchObject({ provisional: '1', madeThrough: today });
    expect((made.details as Row[]).map((l) => [l.materialCode, l.instockDate, l.storageDays])).toEqual([
      ['M1', today, 1],
      ['M2', today, 1],
    ]);
    const refused: Record<Language, string> = {
      zh: `账单 ${bill.billNo} 是临时账单（计至 ${today}），其期间到 ${monthEnd} 才结束：期末后重新生成再审核`,
      mo: `帳單 ${bill.billNo} 是臨時帳單（計至 ${today}），其期間到 ${monthEnd} 才結束：期末後重新生成再審核`,
      en: `Bill ${bill.billNo} is provisional (charged through ${today}) and its period ends ${monthEnd}: make it again after that, then review`,
    };
    for (const language of ['zh', 'mo', 'en'] as const)
      expect(await refusal('monthbill', 'review', bill.id, language)).toBe(refused[language]);
    expect((await detail('monthbill', bill.id)).isReview).not.toBe('2');

    // A period that is over is final at once.
    const past = await f.must('monthbill', {
      billNo: nextBillNo('MB'),
      billDate: today,
      customerCode: 'C1',
      periodStart: lastMonthStart,
      periodEnd: lastMonthEnd,
    });
    expect((await ok('monthbill', 'make', past.id)).msg).toBe('operation success !');
    expect(await detail('monthbill', past.id)).toMatchObject({ provisional: '0', madeThrough: lastMonthEnd });
  });

  it('a fee run over days that have not begun is refused; one reaching past today is cut to today and says so', async () => {
    const tomorrow = dayFromToday(1);
    const later = dayFromToday(40);
    const futures: Record<Language, string> = {
      zh: `计费期间 ${tomorrow} 至 ${later} 尚未开始：费用最多计到今天 ${today}`,
      mo: `計費期間 ${tomorrow} 至 ${later} 尚未開始：費用最多計到今天 ${today}`,
      en: `The period ${tomorrow} to ${later} has not begun: charges run to today, ${today}, at most`,
    };
    for (const language of ['zh', 'mo', 'en'] as const) {
      const answer = await api.call('POST', '/api/bl-acct/billing/run', {
        payload: { customerCode: 'C1', start: tomorrow, end: later },
        language,
      });
      expect(answer.success).toBe(false);
      expect(answer.msg).toBe(futures[language]);
    }
    const cuts: Record<Language, string> = {
      zh: `已计费至今天 ${today}：${tomorrow} 之后的日子尚未发生，未计费`,
      mo: `已計費至今天 ${today}：${tomorrow} 之後的日子尚未發生，未計費`,
      en: `Charged through today, ${today}: the days from ${tomorrow} have not happened and were not charged`,
    };
    for (const language of ['zh', 'mo', 'en'] as const) {
      const answer = await api.call('POST', '/api/bl-acct/billing/run', {
        payload: { customerCode: 'C1', start: monthStart, end: later },
        language,
      });
      expect(answer.success, answer.msg).toBe(true);
      expect(answer.msg).toBe(cuts[language]);
      const { jobId, notices } = answer.data as { jobId: string; notices: string[] };
      expect(notices).toEqual([cuts[language]]);
      let status = '';
      for (let i = 0; i < 600 && status !== 'done' && status !== 'failed'; i += 1) {
        status = ((await api.call('GET', '/api/bl-jobs/job/detail', { query: { id: jobId } })).data as Row)
          .status as string;
        if (status !== 'done') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe('done');
    }
    // Storage is charged for today, once, and for no later day.
    const charged = await queryRows<{ day: string; qty: string }>(
      test.database.db,
      sql`select to_char(cost_date, 'YYYY-MM-DD') as day, sum(qty)::text as qty from bl_costdetail
          where customer_code = 'C1' and cost_type = 'STORAGE' and is_deleted = 0 group by 1 order by 1`,
    );
    expect(charged.map((c) => c.day)).toEqual([today]);
  });

  it('line weight and price come from the material when the line gives none, so the totals follow', async () => {
    await f.must('material', { code: 'MW', name: '重物', unitCode: 'PCS', gross: '2.5', price: '10' });
    const bill = await f.must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: today,
      customerCode: 'C1',
      type: '2',
      isReview: '1',
      details: f.numbered([
        { materialCode: 'MW', warehousePlaceCode: 'P1', qty: '4' },
        // A weighed line keeps its own weight and price.
        { materialCode: 'MW', warehousePlaceCode: 'P1', batchNo: 'W', qty: '1', qtyWeg: '3', price: '2' },
      ]),
    });
    expect([bill.totalWeg, bill.totalAmount]).toEqual(['13.0000', '42.00']);
    const saved = await detail('isinstockbill', bill.id);
    expect((saved.details as Row[]).map((l) => [l.qty, l.qtyWeg, l.price])).toEqual([
      ['4.0000', '10.0000', '10.0000'],
      ['1.0000', '3.0000', '2.0000'],
    ]);
    expect([saved.totalWeg, saved.totalAmount]).toEqual(['13.0000', '42.00']);
  });
});
