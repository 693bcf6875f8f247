/**
 * Bills made before their period ends (issue 29, 1 and 2), in Chinese with checks in Traditional
 * Chinese and English: goods received today and one lost; a monthly bill and a cost bill over
 * the current month are made now, so they charge through today only. Their lists and views
 * show them provisional; reviewing the monthly bill is refused saying why; the cost bill's
 * stock summary shows the loss as its own figure, not as goods out.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  answerOf,
  browserAvailable,
  confirmDialog,
  type Suite,
  screenshot,
  signInAsAdmin,
  startSuite,
  stopSuite,
} from './harness.ts';

type Language = 'zh' | 'mo' | 'en';

const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 7)}-01`;
const monthEnd = (() => {
  const d = new Date(`${monthStart}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
})();

/** What an operator reads, per language, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    provisional: '临时账单',
    lost: '损溢数量',
    ok: '确定',
    reviewConfirm: '确定审核选择的月结账单',
    refused: `账单 PV-MB 是临时账单（计至 ${today}），其期间到 ${monthEnd} 才结束：期末后重新生成再审核`,
  },
  mo: { languageName: '繁體中文', heading: '帳號登入', provisional: '臨時賬單', lost: '損溢數量' },
  en: { languageName: 'English', heading: 'Sign in', provisional: 'Provisional', lost: 'Quantity lost' },
} as const;

describe.skipIf(!browserAvailable)('provisional bills', () => {
  let suite: Suite;

  beforeAll(async () => {
    suite = await startSuite();
    const api = await adminApi(suite.server.baseUrl);
    await api.submit('unit', { code: 'PVU', name: '箱', rate: '1' });
    await api.submit('material', { code: 'PVM1', name: '临时物料', spec: 'S', model: 'X', unitCode: 'PVU' });
    await api.submit('customer', { code: 'PVC1', name: '临时货主', customerStatus: '1' });
    await api.submit('warehouse', { code: 'PVW', name: '临时仓' });
    await api.submit('warehousearea', { code: 'PVA', name: '临时区', warehouseCode: 'PVW' });
    await api.submit('warehouseplace', {
      code: 'PVP',
      name: '临时位',
      warehouseAreaCode: 'PVA',
      placeStatus: '1',
    });
    await api.submit('lgagreement', {
      agreementCode: 'PVAG',
      customerCode: 'PVC1',
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      storagePrice: '1',
    });
    await api.submit('isinstockbill', {
      billNo: 'PV-IN',
      billDate: today,
      customerCode: 'PVC1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'PVM1', batchNo: 'B', warehousePlaceCode: 'PVP', qty: '10' }],
    });
    const loss = (await api.submit('inventorylossbill', {
      billNo: 'PV-LOSS',
      billDate: today,
      customerCode: 'PVC1',
      lossType: '1',
      details: [{ lineNumber: 1, materialCode: 'PVM1', batchNo: 'B', warehousePlaceCode: 'PVP', qty: '1' }],
    })) as { id: string };
    await api.call('POST', `/api/bl-wms/inventorylossbill/review?ids=${loss.id}`, {});
    const month = (await api.call('POST', '/api/bl-acct/monthbill/submit', {
      billNo: 'PV-MB',
      billDate: today,
      customerCode: 'PVC1',
      periodStart: monthStart,
      periodEnd: monthEnd,
    })) as { id: string };
    await api.call('POST', `/api/bl-acct/monthbill/make?ids=${month.id}`, {});
    await api.call('POST', '/api/bl-acct/costbill/submit', {
      costBillNo: 'PV-CB',
      customerCode: 'PVC1',
      costDate: monthStart,
      costDateEnd: monthEnd,
    });
  }, 300_000);
  afterAll(async () => {
    await stopSuite(suite);
  });

  const rowOf = (page: Page, entity: string, text: string) =>
    page
      .locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`)
      .filter({ hasText: text })
      .first();

  it('shows the monthly bill provisional, refuses its review, and shows the loss apart in the cost bill (zh)', async () => {
    const words = expected.zh;
    const { context, page } = await signInAsAdmin(suite, words);
    try {
      await page.goto('/otherBill/monthbill');
      const row = rowOf(page, 'monthbill', 'PV-MB');
      await row.waitFor({ timeout: 60_000 });
      await row.locator('.ant-tag', { hasText: words.provisional }).waitFor();
      await row.locator('.ant-checkbox-input').check();
      const answer = await answerOf(page, 'POST', '/monthbill/review?', async () => {
        await page.getByTestId('toolbar-review').click();
        await confirmDialog(page, words.reviewConfirm, words.ok);
      });
      expect(answer.success).toBe(false);
      expect(answer.msg).toBe(words.refused);
      await page.getByText(words.refused).first().waitFor();
      await screenshot(page, 'monthbill-provisional-zh');

      await page.goto('/acct/report/costbillView');
      const bill = rowOf(page, 'costbill', 'PV-CB');
      await bill.waitFor({ timeout: 60_000 });
      await bill.locator('.ant-tag', { hasText: words.provisional }).waitFor();
      await bill.getByTestId('row-view').click();
      const view = page.locator('.bl-view-drawer');
      await view.getByText(words.lost).first().waitFor();
      await view.locator('.ant-tag', { hasText: words.provisional }).first().waitFor();
      await screenshot(page, 'costbill-provisional-view-zh');
      // The stock summary, scrolled to its lost and closing columns: 10 in, nothing out, 1 lost, 9 left.
      const summary = view.locator('.ant-table-content').last();
      await summary.evaluate((table) => {
        table.scrollLeft = table.scrollWidth;
      });
      const cells = await view.locator('tr.ant-table-row').last().locator('td').allTextContents();
      const header = await view.locator('.ant-table-thead').last().locator('th').allTextContents();
      const figure = (name: string) => cells[header.indexOf(name)];
      expect([figure('入库数量'), figure('出库数量'), figure(words.lost), figure('期末数量')]).toEqual([
        '10',
        '0',
        '1',
        '9',
      ]);
      await screenshot(page, 'costbill-stock-summary-zh');
    } finally {
      await context.close();
    }
  });

  for (const language of ['mo', 'en'] as Language[]) {
    it(`shows both bills provisional (${language})`, async () => {
      const words = expected[language];
      const { context, page } = await signInAsAdmin(suite, words);
      try {
        await page.goto('/otherBill/monthbill');
        const row = rowOf(page, 'monthbill', 'PV-MB');
        await row.waitFor({ timeout: 60_000 });
        await row.locator('.ant-tag', { hasText: words.provisional }).waitFor();
        await page.goto('/acct/report/costbillView');
        const bill = rowOf(page, 'costbill', 'PV-CB');
        await bill.locator('.ant-tag', { hasText: words.provisional }).waitFor({ timeout: 60_000 });
        await bill.getByTestId('row-view').click();
        await page.locator('.bl-view-drawer').getByText(words.lost).first().waitFor();
        await screenshot(page, `costbill-provisional-view-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
