/**
 * Owner billing in the browser (issue 16, docs/adr/0024-fee-engine.md), one story in Chinese
 * with short checks in Traditional Chinese and English: an owner with an agreement and a tiered
 * rule holds goods received and partly shipped in March, which is charged and billed; the
 * cost-detail screen's billing run charges yesterday and shows its result; the March cost bill
 * is confirmed, drilled down from its lines to the storage days and the lots of a day, and its
 * statement printed.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  confirmDialog,
  type Suite,
  screenshot,
  signInAsAdmin,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

type Language = 'zh' | 'mo' | 'en';

/** What an operator reads, per language, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    run: '计费',
    start: '开始计费',
    done: '计费完成',
    ok: '确定',
    confirmBill: '确定确认选择的账单',
    drillTitle: '账单 EB-CB-03 的费用来源',
  },
  mo: { languageName: '繁體中文', heading: '帳號登入', drillTitle: '帳單 EB-CB-03 的費用來源' },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    drillTitle: 'Where the charges of cost bill EB-CB-03 come from',
  },
} as const;

describe.skipIf(!browserAvailable)('owner billing', () => {
  let suite: Suite;
  let costBillId = '';

  beforeAll(async () => {
    suite = await startSuite();
    const api = await adminApi(suite.server.baseUrl);
    await api.submit('unit', { code: 'EBU', name: '箱', rate: '1' });
    await api.submit('material', { code: 'EBM1', name: '计费物料', spec: 'S', model: 'X', unitCode: 'EBU' });
    await api.submit('customer', { code: 'EBC1', name: '计费货主', customerStatus: '1' });
    await api.submit('warehouse', { code: 'EBW', name: '计费仓' });
    await api.submit('warehousearea', { code: 'EBA', name: '计费区', warehouseCode: 'EBW' });
    await api.submit('warehouseplace', {
      code: 'EBP',
      name: '计费位',
      warehouseAreaCode: 'EBA',
      placeStatus: '1',
    });
    await api.submit('lgagreement', {
      agreementCode: 'EBAG',
      customerCode: 'EBC1',
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      unloadPrice: '0.5',
      loadPrice: '0.3',
    });
    await api.submit('billingrules', {
      code: 'EBR',
      name: '阶梯计费',
      customerCode: 'EBC1',
      storageTime: 3,
      isSubsectBill: '1',
      storagePrice: '1',
      storageIncreasePrice: '0.5',
      storageHighestPrice: '1.8',
    });
    await api.submit('isinstockbill', {
      billNo: 'EB-IN-1',
      billDate: '2026-03-01',
      customerCode: 'EBC1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'EBM1', batchNo: 'B1', warehousePlaceCode: 'EBP', qty: '10' }],
    });
    await api.submit('osoutstockbill', {
      billNo: 'EB-OUT-1',
      billDate: '2026-03-08',
      customerCode: 'EBC1',
      warehouseCode: 'EBW',
      outTransferType: '1',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'EBM1', qty: '4' }],
    });
    // March is charged (a run through the API) and billed: 95.40 storage + 6.20 handling.
    const { jobId } = (await api.call('POST', '/api/bl-acct/billing/run', {
      customerCode: 'EBC1',
      start: '2026-03-01',
      end: '2026-03-12',
    })) as { jobId: string };
    for (let i = 0; ; i += 1) {
      const job = await api.call('GET', `/api/bl-jobs/job/detail?id=${jobId}`);
      if (job.status === 'done') break;
      if (job.status === 'failed' || i > 600) throw new Error(`March run: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const bill = await api.call('POST', '/api/bl-acct/costbill/submit', {
      costBillNo: 'EB-CB-03',
      customerCode: 'EBC1',
      costDate: '2026-03-01',
      costDateEnd: '2026-03-31',
    });
    expect(bill.amount).toBe('101.60');
    costBillId = String(bill.id);
  }, 300_000);
  afterAll(async () => {
    await stopSuite(suite);
  });

  /** Ticks the row of a cost bill on its list. */
  async function tick(page: Page, billNo: string) {
    await page.goto('/acct/report/costbillView');
    const row = page
      .locator('[data-testid="crud-costbill"] .ant-table-tbody tr.ant-table-row')
      .filter({ hasText: billNo });
    await row.first().waitFor({ timeout: 60_000 });
    const box = row.first().locator('.ant-checkbox-input');
    if (!(await box.isChecked())) await box.check();
  }

  it('runs billing, confirms the cost bill, drills down to the lots and prints the statement (zh)', async () => {
    const words = expected.zh;
    const { context, page } = await signInAsAdmin(suite, words);
    try {
      // The nightly-style run of yesterday, from the cost-detail screen.
      await page.goto('/acct/report/costbillDayAcctSum');
      await page.getByTestId('toolbar-billingRun').click();
      const dialog = page.getByTestId('billing-run-dialog');
      await expect.poll(() => dialog.getByText(words.run).first().isVisible()).toBe(true);
      await screenshot(page, 'billing-run-dialog-zh');
      await dialog.getByRole('button', { name: words.start }).click();
      const result = page.getByTestId('billing-run-result');
      await result.waitFor({ timeout: 60_000 });
      expect(await result.textContent()).toContain(words.done);
      await screenshot(page, 'billing-run-result-zh');

      // March's cost bill (charged in beforeAll): confirmed from its list.
      await tick(page, 'EB-CB-03');
      await succeeded(page, 'POST', '/costbill/confirm?', async () => {
        await page.getByTestId('toolbar-confirm').click();
        await confirmDialog(page, words.confirmBill, words.ok);
      });

      // Drill-down: bill → its lines → the storage days of the first tier → the lots of a day.
      await tick(page, 'EB-CB-03');
      await page.getByTestId('toolbar-costBillDrill').click();
      const drill = page.getByTestId('cost-bill-drill');
      await drill.getByText(words.drillTitle).waitFor();
      const lines = drill.getByTestId('cost-bill-lines');
      const tier1 = lines
        .locator('tr.ant-table-row')
        .filter({ hasText: 'STORAGE' })
        .filter({ hasText: '1.0000' });
      await tier1.first().locator('.ant-table-row-expand-icon').click();
      const sources = drill.locator('[data-testid^="line-sources-"]');
      await sources.locator('tr.ant-table-row').filter({ hasText: '2026-03-04' }).first().waitFor();
      expect(await sources.locator('tr.ant-table-row').count()).toBe(3);
      await sources
        .locator('tr.ant-table-row')
        .filter({ hasText: '2026-03-04' })
        .first()
        .locator('.ant-table-row-expand-icon')
        .click();
      const lots = drill.getByTestId('stock-days-2026-03-04');
      await lots.getByText('EBM1').waitFor();
      expect(await lots.textContent()).toContain('2026-03-01');
      await screenshot(page, 'cost-bill-drill-zh');

      // The owner's statement on paper.
      await page.goto(`/print/costbill?ids=${costBillId}`);
      const printed = page.getByTestId('bill-print');
      await printed.getByText('EB-CB-03').first().waitFor();
      expect(await printed.textContent()).toContain('计费货主');
      expect(await printed.textContent()).toContain('101.60');
      await screenshot(page, 'cost-bill-statement-zh');
    } finally {
      await context.close();
    }
  });

  for (const language of ['mo', 'en'] as Language[]) {
    it(`shows the cost bill's drill-down (${language})`, async () => {
      const words = expected[language];
      const { context, page } = await signInAsAdmin(suite, words);
      try {
        await tick(page, 'EB-CB-03');
        await page.getByTestId('toolbar-costBillDrill').click();
        const drill = page.getByTestId('cost-bill-drill');
        await drill.getByText(words.drillTitle).waitFor();
        await drill.getByTestId('cost-bill-lines').locator('tr.ant-table-row').first().waitFor();
        await screenshot(page, `cost-bill-drill-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
