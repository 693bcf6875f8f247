/**
 * Receivables in the browser (issue 30, docs/adr/0039-receivables-ageing.md): an owner's
 * September monthly bill (10 pieces × 30 days × 1.00 = 300.00, due 10 days after Sep 30) is
 * made; in Chinese it is reviewed on its screen, a payment of 120.00 is booked against it on the
 * payment screen,
 * then the arrears screen shows the ageing as of Nov 15 (the 180.00 left is 36 days past due:
 * the 31-60 bucket) in the chart and the table, and the arrears rows per month; the same screen
 * read in English and Traditional Chinese.
 */

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  confirmDialog,
  networkSettled,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

/** What an operator reads, per language, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    save: '保存',
    title: '应收账龄',
    bucket: '逾期 31-60 天',
    ok: '确定',
    reviewConfirm: '确定审核选择的月结账单',
  },
  mo: { languageName: '繁體中文', heading: '帳號登入', title: '應收帳齡', bucket: '逾期 31-60 天' },
  en: { languageName: 'English', heading: 'Sign in', title: 'Receivables ageing', bucket: '31-60 days' },
} as const;

const arrearsPath = '/supplyChain/customerarrears';

/** Picks a referenced record in a searchable picker by typing part of its code. */
async function pickRef(page: Page, input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

/** Sets the ageing report's as-of day and waits for its figures. */
async function asOf(page: Page, day: string) {
  const input = page.getByTestId('ageing-as-of').locator('input');
  await succeeded(page, 'GET', `/receivables/ageing?asOf=${day}`, async () => {
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  });
}

/** The ageing table's row of the owner, as its cells' texts. */
async function ageingRow(page: Page) {
  const row = page.getByTestId('ageing-table').locator('tr.ant-table-row').filter({ hasText: 'RAC1' });
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

describe.skipIf(!browserAvailable)('receivables', () => {
  let suite: Suite;

  beforeAll(async () => {
    suite = await startSuite();
    const api = await adminApi(suite.server.baseUrl);
    await api.submit('unit', { code: 'RAU', name: '箱', rate: '1' });
    await api.submit('material', { code: 'RAM1', name: '账龄物料', spec: 'S', model: 'X', unitCode: 'RAU' });
    await api.submit('customer', { code: 'RAC1', name: '账龄货主', customerStatus: '1' });
    await api.submit('warehouse', { code: 'RAW', name: '账龄仓' });
    await api.submit('warehousearea', { code: 'RAA', name: '账龄区', warehouseCode: 'RAW' });
    await api.submit('warehouseplace', {
      code: 'RAP',
      name: '账龄位',
      warehouseAreaCode: 'RAA',
      placeStatus: '1',
    });
    await api.submit('lgagreement', {
      agreementCode: 'RAAG',
      customerCode: 'RAC1',
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      storagePrice: '1',
      paymentDays: 10,
    });
    await api.submit('isinstockbill', {
      billNo: 'RA-IN-1',
      billDate: '2026-09-01',
      customerCode: 'RAC1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'RAM1', batchNo: 'B1', warehousePlaceCode: 'RAP', qty: '10' }],
    });
    // The bill: September's monthly bill, made (300.00); the story reviews it.
    const bill = await api.call('POST', '/api/bl-acct/monthbill/submit', {
      billNo: 'RA-MB-09',
      billDate: '2026-09-30',
      customerCode: 'RAC1',
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
    });
    await api.call('POST', `/api/bl-acct/monthbill/make?ids=${bill.id}`, {});
    const made = await api.call('GET', `/api/bl-acct/monthbill/detail?id=${bill.id}`);
    expect(made.totalAmount).toBe('300.00');
  }, 300_000);
  afterAll(async () => {
    await stopSuite(suite);
  });

  it('pays part of a monthly bill and reads the ageing and the arrears rows (zh)', async () => {
    const words = expected.zh;
    const { context, page } = await signInAsAdmin(suite, words);
    try {
      // Bill: the monthly bill is reviewed on its screen, so it is owed.
      await page.goto('/otherBill/monthbill');
      const bill = page
        .locator('[data-testid="crud-monthbill"] .ant-table-tbody tr.ant-table-row')
        .filter({ hasText: 'RA-MB-09' })
        .first();
      await bill.waitFor({ timeout: 60_000 });
      await bill.locator('.ant-checkbox-input').check();
      await succeeded(page, 'POST', '/monthbill/review?', async () => {
        await page.getByTestId('toolbar-review').click();
        await confirmDialog(page, words.reviewConfirm, words.ok);
      });

      // Pay part: 120.00 on Oct 20 against the monthly bill, on the payment screen.
      await page.goto('/acct/paydetail');
      await page.getByTestId('toolbar-add').click();
      const form = page.locator('.bl-record-drawer');
      await pickRef(page, form.locator('#customerCode'), 'RAC1', 'RAC1');
      await pickRef(page, form.locator('#monthBillNo'), 'RA-MB', 'RA-MB-09');
      const date = form.locator('#costDate');
      await date.click();
      await date.fill('2026-10-20');
      await date.press('Enter');
      await form.locator('#payAmount').fill('120');
      const saved = await succeeded(page, 'POST', '/paydetail/submit', async () => {
        await form.getByRole('button', { name: spacedOut(words.save) }).click();
      });
      expect((saved.data as { realityAmount: string }).realityAmount).toBe('120.00');

      // Read the ageing: as of Nov 15 the 180.00 left is 36 days past its Oct 10 due date.
      await page.goto(arrearsPath);
      await page.getByTestId('ageing-report').getByText(words.title).waitFor();
      await asOf(page, '2026-11-15');
      // Owner, billed, paid, deducted, balance, not due, 0-30, 31-60, 61-90, >90, overdue, due, days
      // (polled: the table renders just after the answer).
      await expect
        .poll(() => ageingRow(page))
        .toEqual([
          'RAC1 账龄货主',
          '300.00',
          '120.00',
          '0.00',
          '180.00',
          '0.00',
          '0.00',
          '180.00',
          '0.00',
          '0.00',
          '180.00',
          '2026-10-10',
          '36',
        ]);
      await page.getByTestId('ageing-chart').locator('canvas').first().waitFor();
      await page.getByTestId('ageing-report').getByText(words.bucket).first().waitFor();
      // The arrears rows: September billed 300.00, October paid 120.00, the balance carried.
      const list = page.locator('[data-testid="crud-customerarrears"] .ant-table-tbody tr.ant-table-row');
      await list.filter({ hasText: '2026-09' }).first().waitFor();
      await list.filter({ hasText: '2026-10' }).filter({ hasText: '120.00' }).first().waitFor();
      await networkSettled(page);
      await screenshot(page, 'receivables-zh');
      // Before the payment's day (Oct 15) nothing is paid: 300.00, 5 days overdue, 0-30.
      await asOf(page, '2026-10-15');
      await expect
        .poll(async () => (await ageingRow(page)).slice(1, 8))
        .toEqual(['300.00', '0.00', '0.00', '300.00', '0.00', '300.00', '0.00']);
    } finally {
      await context.close();
    }
  });

  for (const language of ['en', 'mo'] as const) {
    it(`reads the ageing in ${language}`, async () => {
      const words = expected[language];
      const { context, page } = await signInAsAdmin(suite, words);
      try {
        await page.goto(arrearsPath);
        await page.getByTestId('ageing-report').getByText(words.title).waitFor();
        await asOf(page, '2026-11-15');
        await expect.poll(async () => (await ageingRow(page))[4]).toBe('180.00');
        await page.getByTestId('ageing-chart').locator('canvas').first().waitFor();
        await page.getByTestId('ageing-report').getByText(words.bucket).first().waitFor();
        await networkSettled(page);
        await screenshot(page, `receivables-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
