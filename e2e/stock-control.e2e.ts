/**
 * Stock-control bills in the browser (issue 15 §2, docs/adr/0020-stock-control-flows.md), in
 * Chinese, Traditional Chinese and English: a transfer is reviewed from its list toolbar and
 * its stock moves; an allocation is shipped, and the stock report shows its goods in transit.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  confirmDialog,
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
    ship: '确定调出选择的调拨单？库存将转为在途。',
    inTransit: '在途',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    ok: '確定',
    review: '確定審核選擇的單據？審核後庫存將過賬。',
    ship: '確定調出選擇的調撥單？庫存將轉為在途。',
    inTransit: '在途',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    ok: 'OK',
    review: 'Review the selected bills? Their stock will be posted.',
    ship: 'Ship the selected allocations? Their stock goes in transit.',
    inTransit: 'In transit',
  },
} as const;

let suite: Suite;
let api: Awaited<ReturnType<typeof adminApi>>;

async function seed() {
  api = await adminApi(suite.server.baseUrl);
  await api.submit('unit', { code: 'SCU', name: '件', rate: '1' });
  await api.submit('material', { code: 'SCM', name: '控制物料', spec: 'S', model: 'X', unitCode: 'SCU' });
  await api.submit('customer', { code: 'SCC', name: '控制货主', customerStatus: '1' });
  for (const w of ['1', '2']) {
    await api.submit('warehouse', { code: `SCW${w}`, name: `控制仓 ${w}` });
    await api.submit('warehousearea', { code: `SCA${w}`, name: `控制区 ${w}`, warehouseCode: `SCW${w}` });
  }
  for (const [place, area] of [
    ['SCP1', 'SCA1'],
    ['SCP2', 'SCA1'],
    ['SCP3', 'SCA2'],
  ])
    await api.submit('warehouseplace', {
      code: place,
      name: place,
      warehouseAreaCode: area,
      placeStatus: '1',
    });
  await api.submit('isinstockbill', {
    billNo: 'SC-IN-1',
    billDate: '2026-03-01',
    customerCode: 'SCC',
    type: '2',
    isReview: '0',
    details: [{ lineNumber: 1, materialCode: 'SCM', batchNo: 'SCB', warehousePlaceCode: 'SCP1', qty: '30' }],
  });
  for (const language of ['zh', 'mo', 'en'] as const) {
    await api.submit('warehousetransferbill', {
      billNo: `SC-TR-${language}`,
      billDate: '2026-03-02',
      customerCode: 'SCC',
      transferReason: 'shelf repair',
      details: [
        {
          lineNumber: 1,
          materialCode: 'SCM',
          batchNo: 'SCB',
          warehousePlaceCode: 'SCP1',
          targetWarehousePlaceCode: 'SCP2',
          qty: '2',
        },
      ],
    });
    await api.submit('wmallocatebill', {
      billNo: `SC-AL-${language}`,
      billDate: '2026-03-03',
      customerCode: 'SCC',
      warehouseCode: 'SCW1',
      targetWarehouseCode: 'SCW2',
      details: [
        {
          lineNumber: 1,
          materialCode: 'SCM',
          batchNo: 'SCB',
          warehousePlaceCode: 'SCP1',
          targetWarehousePlaceCode: 'SCP3',
          qty: '3',
        },
      ],
    });
  }
}

/** Ticks the list row holding `text` and runs a toolbar action behind its confirmation. */
async function act(page: Page, entity: string, text: string, action: string, confirm: string, ok: string) {
  const row = page
    .locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`)
    .filter({ hasText: text });
  await row.first().waitFor();
  const box = row.first().locator('.ant-checkbox-input');
  if (!(await box.isChecked())) await box.check();
  await succeeded(page, 'POST', `/${entity}/${action}?`, async () => {
    await page.getByTestId(`toolbar-${action}`).click();
    await confirmDialog(page, confirm, ok);
  });
}

const stockOf = async (place: string, status: string) => {
  const list = (await api.call(
    'GET',
    `/api/bl-wms/stock/list?materialCode=SCM&warehousePlaceCode=${place}&stockStatus=${status}`,
  )) as { records: { qty: string }[] };
  return list.records.reduce((sum, r) => sum + Number(r.qty), 0);
};

describe.skipIf(!browserAvailable)('stock-control bills in the browser', () => {
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
    'reviews a transfer and ships an allocation from their lists (%s)',
    async (language: Language) => {
      const words = expected[language];
      ({ context } = await signInAsAdmin(suite, words));
      const page = await context.newPage();
      const before = await stockOf('SCP2', '1');
      await page.goto('/otherBill/warehousetransferbillForm');
      await screenshot(page, `stock-control-transfer-list-${language}`);
      await act(page, 'warehousetransferbill', `SC-TR-${language}`, 'review', words.review, words.ok);
      expect(await stockOf('SCP2', '1')).toBe(before + 2);
      await screenshot(page, `stock-control-transfer-reviewed-${language}`);

      await page.goto('/inWarehouseManagement/wmallocatebill');
      await act(page, 'wmallocatebill', `SC-AL-${language}`, 'ship', words.ship, words.ok);
      expect(await stockOf('SCP1', '4')).toBeGreaterThanOrEqual(3);
      await screenshot(page, `stock-control-allocation-shipped-${language}`);

      // Receive part of it: the dialog offers the 3 still in transit; 1 comes in now.
      const received = await stockOf('SCP3', '1');
      const row = page
        .locator('[data-testid="crud-wmallocatebill"] .ant-table-tbody tr.ant-table-row')
        .filter({ hasText: `SC-AL-${language}` });
      const box = row.first().locator('.ant-checkbox-input');
      if (!(await box.isChecked())) await box.check();
      await page.getByTestId('toolbar-receive').click();
      const dialog = page.locator('.bl-quantities');
      const quantity = dialog.getByTestId('quantity-1');
      await quantity.waitFor();
      expect(await quantity.inputValue()).toBe('3');
      await quantity.fill('1');
      await screenshot(page, `stock-control-allocation-receive-${language}`);
      await succeeded(page, 'POST', '/wmallocatebill/receive?', async () => {
        await dialog.getByRole('button', { name: spacedOut(words.ok) }).click();
      });
      await dialog.waitFor({ state: 'detached' });
      expect(await stockOf('SCP3', '1')).toBe(received + 1);
      expect(await stockOf('SCP1', '4')).toBeGreaterThanOrEqual(2);

      await page.goto('/reportManagement/stockByDetailsView');
      await page.getByText(words.inTransit, { exact: true }).first().waitFor();
      await screenshot(page, `stock-control-in-transit-report-${language}`);
      await context.close();
      context = undefined;
    },
    180_000,
  );
});
