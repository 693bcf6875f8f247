/**
 * Stock vouchers in the browser (issue 30, docs/adr/0040-stock-vouchers.md), in Chinese,
 * Traditional Chinese and English: an inbound bill is reviewed from its list, its voucher is on
 * the voucher screen, it is reversed there with a remark, and the screen shows it reversed (and
 * the mirror voucher) while the stock is back where it was.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  confirmDialog,
  popupsSettled,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
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
    ok: '确定',
    review: '确定审核选择的单据？审核后库存将过账。',
    receipt: '入库凭证',
    mirror: '冲销凭证',
    reversed: '已冲销',
    notReversed: '未冲销',
    remarkLabel: '冲销备注',
    remark: '数量录错，冲销重录',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    ok: '確定',
    review: '確定審核選擇的單據？審核後庫存將過賬。',
    receipt: '入庫憑證',
    mirror: '沖銷憑證',
    reversed: '已沖銷',
    notReversed: '未沖銷',
    remarkLabel: '沖銷備註',
    remark: '數量錄錯，沖銷重錄',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    ok: 'OK',
    review: 'Review the selected bills? Their stock will be posted.',
    receipt: 'Receipt',
    mirror: 'Reversal',
    reversed: 'Reversed',
    notReversed: 'Not reversed',
    remarkLabel: 'Reversal remark',
    remark: 'Wrong quantity, reversed to re-enter',
  },
} as const;

let suite: Suite;
let api: Awaited<ReturnType<typeof adminApi>>;

async function seed() {
  api = await adminApi(suite.server.baseUrl);
  await api.submit('unit', { code: 'VCU', name: '件', rate: '1' });
  await api.submit('material', { code: 'VCM', name: '凭证物料', spec: 'S', model: 'X', unitCode: 'VCU' });
  await api.submit('customer', { code: 'VCC', name: '凭证货主', customerStatus: '1' });
  await api.submit('warehouse', { code: 'VCW', name: '凭证仓' });
  await api.submit('warehousearea', { code: 'VCA', name: '凭证区', warehouseCode: 'VCW' });
  await api.submit('warehouseplace', {
    code: 'VCP',
    name: 'VCP',
    warehouseAreaCode: 'VCA',
    placeStatus: '1',
  });
  for (const language of ['zh', 'mo', 'en'] as const)
    await api.submit('isinstockbill', {
      billNo: `VC-IN-${language}`,
      billDate: '2026-03-01',
      customerCode: 'VCC',
      warehouseCode: 'VCW',
      type: '2',
      isReview: '1',
      details: [
        {
          lineNumber: 1,
          materialCode: 'VCM',
          batchNo: `VCB-${language}`,
          warehousePlaceCode: 'VCP',
          qty: '12',
        },
      ],
    });
}

const stockOf = async (batch: string) => {
  const list = (await api.call('GET', `/api/bl-wms/stock/list?materialCode=VCM&batchNo=${batch}`)) as {
    records: { qty: string }[];
  };
  return list.records.reduce((sum, r) => sum + Number(r.qty), 0);
};

const rowsOf = (page: Page, entity: string, text: string) =>
  page.locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`).filter({ hasText: text });

async function tick(page: Page, entity: string, text: string) {
  const row = rowsOf(page, entity, text).first();
  await row.waitFor();
  const box = row.locator('.ant-checkbox-input');
  if (!(await box.isChecked())) await box.check();
}

describe.skipIf(!browserAvailable)('stock vouchers in the browser', () => {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    suite = await startSuite();
    await seed();
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['zh', 'mo', 'en'] as const)(
    'reviews a bill, reads its voucher, reverses it with a remark and sees the stock back (%s)',
    async (language: Language) => {
      const words = expected[language];
      const bill = `VC-IN-${language}`;
      ({ context } = await signInAsAdmin(suite, words));
      const page = await context.newPage();

      await page.goto('/warehousingManagement/isinstockbillFormView');
      await tick(page, 'isinstockbill', bill);
      await succeeded(page, 'POST', '/isinstockbill/review?', async () => {
        await page.getByTestId('toolbar-review').click();
        await confirmDialog(page, words.review, words.ok);
      });
      expect(await stockOf(`VCB-${language}`)).toBe(12);

      // The voucher names the bill and the movement, not yet reversed.
      await page.goto('/voucher/voucherbillView');
      const voucher = rowsOf(page, 'voucherbill', bill).filter({ hasText: words.receipt });
      await voucher.first().waitFor();
      expect(await voucher.first().textContent()).toContain(words.notReversed);
      await screenshot(page, `stock-vouchers-list-${language}`);

      // Reversed with a remark, asked in the dialog.
      const row = voucher.first();
      const box = row.locator('.ant-checkbox-input');
      if (!(await box.isChecked())) await box.check();
      await page.getByTestId('toolbar-reverse').click();
      const dialog = page.locator('.bl-confirm-reverse');
      await dialog.waitFor();
      await popupsSettled(page);
      await dialog.getByLabel(words.remarkLabel).fill(words.remark);
      await screenshot(page, `stock-vouchers-reverse-${language}`);
      await succeeded(page, 'POST', '/voucherbill/reverse?', async () => {
        await dialog.getByRole('button', { name: spacedOut(words.ok) }).click();
      });
      await dialog.waitFor({ state: 'detached' });

      // The voucher reads reversed, its mirror is listed, and the goods are gone from stock again.
      await voucher.filter({ hasText: words.reversed }).first().waitFor();
      await rowsOf(page, 'voucherbill', bill).filter({ hasText: words.mirror }).first().waitFor();
      expect(await stockOf(`VCB-${language}`)).toBe(0);
      await screenshot(page, `stock-vouchers-reversed-${language}`);

      // Its view shows the remark and the item.
      await row.getByTestId('row-view').click();
      const drawer = page.locator('.ant-drawer-content').last();
      await drawer.getByText(words.remark).waitFor();
      await drawer.getByText('VCM').first().waitFor();
      await screenshot(page, `stock-vouchers-view-${language}`);
      await context.close();
      context = undefined;
    },
    180_000,
  );
});
