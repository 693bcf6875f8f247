/**
 * Owner billing in the browser (issue 16, docs/adr/0024-fee-engine.md), in Chinese, Traditional
 * Chinese and English: an owner with an agreement and a tiered rule holds goods received and
 * partly shipped on earlier days; the cost-detail screen's billing run charges yesterday for
 * every owner, shows its progress and result, and the charges appear in the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  type Suite,
  screenshot,
  signInAsAdmin,
  startSuite,
  stopSuite,
} from './harness.ts';

type Language = 'zh' | 'mo' | 'en';

/** What an operator reads, per language, written independently of the app. */
const expected = {
  zh: { languageName: '简体中文', heading: '账号登录', run: '计费', start: '开始计费', done: '计费完成' },
  mo: { languageName: '繁體中文', heading: '帳號登入', run: '計費', start: '開始計費', done: '計費完成' },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    run: 'Billing run',
    start: 'Start',
    done: 'Billing done',
  },
} as const;

describe.skipIf(!browserAvailable)('owner billing', () => {
  let suite: Suite;

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
  }, 300_000);
  afterAll(async () => {
    await stopSuite(suite);
  });

  for (const language of ['zh', 'mo', 'en'] as Language[]) {
    it(`runs billing for yesterday from the cost-detail screen (${language})`, async () => {
      const words = expected[language];
      const { context, page } = await signInAsAdmin(suite, words);
      try {
        await page.goto('/acct/report/costbillDayAcctSum');
        await page.getByTestId('toolbar-billingRun').click();
        const dialog = page.getByTestId('billing-run-dialog');
        await expect.poll(() => dialog.getByText(words.run).first().isVisible()).toBe(true);
        await screenshot(page, `billing-run-dialog-${language}`);
        await dialog.getByRole('button', { name: words.start }).click();
        const result = page.getByTestId('billing-run-result');
        await result.waitFor({ timeout: 60_000 });
        expect(await result.textContent()).toContain(words.done);
        await screenshot(page, `billing-run-result-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
