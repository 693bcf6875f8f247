import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  popupsSettled,
  type Suite,
  screenshot,
  screenshotDir,
  signInAsAdmin,
  spacedOut,
  startSuite,
  stopSuite,
} from './harness.ts';

/**
 * What an operator must read, per language: written independently of the app. zh is read by
 * the warehouse story (warehouse-story.e2e.ts), which reads these reports and the bin board
 * after receiving and shipping on the screens.
 */
const expected = {
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    byArea: '庫區庫存',
    total: '合計',
    history: '流水',
    movements: '庫存流水',
    chooseArea: '請選擇庫區',
    occupancy: '佔用率',
    owner: '貨主',
    exportConfirm: '是否匯出資料?',
    ok: '確定',
    empty: '空庫位',
    quantity: '數量',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    byArea: 'Stock by zone',
    total: 'Total',
    history: 'Movements',
    movements: 'Stock movements',
    chooseArea: 'Please choose a storage area',
    occupancy: 'Occupancy',
    owner: 'Owner',
    exportConfirm: 'Do you want to export the data?',
    ok: 'OK',
    empty: 'Empty',
    quantity: 'Quantity',
  },
} as const;
type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;

/**
 * Goods of two owners in two storage areas, received through inbound bills that post when
 * saved, and part of one owner's goods shipped: what the reports then read.
 */
async function seed(baseUrl: string) {
  const { submit } = await adminApi(baseUrl);
  await submit('unit', { code: 'CTN', name: '箱', rate: '1' });
  await submit('customer', { code: 'C01', name: '华东食品', customerStatus: '1' });
  await submit('customer', { code: 'C02', name: '南方日化', customerStatus: '1' });
  await submit('material', { code: 'BISCUIT', name: '饼干', unitCode: 'CTN' });
  await submit('material', { code: 'SOAP', name: '香皂', unitCode: 'CTN' });
  await submit('warehouse', { code: 'W1', name: '一号仓' });
  await submit('warehousearea', { code: 'A1', name: '常温区', warehouseCode: 'W1' });
  await submit('warehousearea', { code: 'A2', name: '冷藏区', warehouseCode: 'W1' });
  for (const [code, row, column, volume] of [
    ['A1-01', 1, 1, '10'],
    ['A1-02', 1, 2, '10'],
    ['A1-03', 1, 3, '10'],
    ['A1-04', 2, 1, '10'],
    ['A1-05', 2, 2, '10'],
    ['A1-06', 2, 3, '10'],
  ] as const)
    await submit('warehouseplace', {
      code,
      name: code,
      warehouseAreaCode: 'A1',
      placeStatus: '1',
      rowNo: row,
      columnNo: column,
      volume,
    });
  await submit('warehouseplace', { code: 'A2-01', name: 'A2-01', warehouseAreaCode: 'A2', placeStatus: '1' });
  const inbound = async (billNo: string, customerCode: string, stockType: string, details: object[]) =>
    submit('isinstockbill', {
      billNo,
      billDate: '2026-11-20',
      customerCode,
      warehouseCode: 'W1',
      type: '2',
      stockType,
      isReview: '0',
      details: details.map((line, index) => ({ lineNumber: index + 1, unitCode: 'CTN', ...line })),
    });
  await inbound('RK-001', 'C01', '1', [
    {
      materialCode: 'BISCUIT',
      batchNo: 'B1',
      customerBatchNo: 'HD-1',
      warehousePlaceCode: 'A1-01',
      qty: '100',
      qtyWeg: '250',
      volume: '9',
    },
    {
      materialCode: 'BISCUIT',
      batchNo: 'B2',
      customerBatchNo: 'HD-1',
      warehousePlaceCode: 'A1-02',
      qty: '40',
      qtyWeg: '100',
      volume: '3',
    },
    {
      materialCode: 'SOAP',
      batchNo: 'B1',
      customerBatchNo: 'HD-2',
      warehousePlaceCode: 'A2-01',
      qty: '12.5',
      qtyWeg: '6.25',
    },
  ]);
  await inbound('RK-002', 'C02', '1', [
    {
      materialCode: 'SOAP',
      batchNo: 'S1',
      customerBatchNo: 'NF-1',
      warehousePlaceCode: 'A1-02',
      qty: '60',
      qtyWeg: '30',
      volume: '5.5',
    },
    {
      materialCode: 'SOAP',
      batchNo: 'S2',
      customerBatchNo: 'NF-1',
      warehousePlaceCode: 'A1-04',
      qty: '20',
      qtyWeg: '10',
      volume: '12',
    },
  ]);
  await inbound('RK-003', 'C02', '2', [
    {
      materialCode: 'SOAP',
      batchNo: 'S3',
      customerBatchNo: 'NF-2',
      warehousePlaceCode: 'A1-05',
      qty: '8',
      qtyWeg: '4',
      volume: '1',
    },
  ]);
  await submit('osoutstockbill', {
    billNo: 'CK-001',
    billDate: '2026-11-21',
    customerCode: 'C01',
    warehouseCode: 'W1',
    outTransferType: '1',
    isReview: '0',
    details: [
      { lineNumber: 1, materialCode: 'BISCUIT', batchNo: 'B1', warehousePlaceCode: 'A1-01', qty: '30' },
    ],
  });
}

async function signIn(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  const signedIn = await signInAsAdmin(suite, expected[language]);
  context = signedIn.context;
  return signedIn.page;
}

const rows = (page: Page, report: string) =>
  page.locator(`[data-testid="report-${report}"] .ant-table-tbody tr.ant-table-row`);
const totals = (page: Page, report: string) =>
  page.locator(`[data-testid="report-${report}"] .bl-report-totals`);

/** Picks `option` in the search form's picker of `filter`. */
async function pick(page: Page, filter: string, option: string) {
  await page.locator(`.bl-filter-${filter} .ant-select`).click();
  await page.keyboard.type(option);
  await popupsSettled(page);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

describe.skipIf(!browserAvailable)('stock reports in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
    await seed(suite.server.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['mo', 'en'] as const)(
    'reads every stock report and the bin board (%s)',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language);

      // By area: one row per storage area, and the totals of everything.
      await page.goto('/reportManagement/stockByWarehouseAreaView');
      await page.getByTestId('report-stockByWarehouseArea').getByText(text.byArea).first().waitFor();
      await rows(page, 'stockByWarehouseArea').filter({ hasText: '常温区' }).waitFor();
      expect(await rows(page, 'stockByWarehouseArea').count()).toBe(2);
      const areaTotals = totals(page, 'stockByWarehouseArea');
      expect(await areaTotals.textContent()).toContain(text.total);
      expect(await areaTotals.locator('.bl-total-qty').textContent()).toBe('210.5');
      expect(await page.title()).toContain(text.byArea);
      await screenshot(page, `report-by-area-${language}`);

      // By owner batch, narrowed to one owner through the search form.
      await page.goto('/reportManagement/stockByCustomerBatchNoView');
      await rows(page, 'stockByCustomerBatchNo').first().waitFor();
      expect(await rows(page, 'stockByCustomerBatchNo').count()).toBe(4);
      await pick(page, 'customerCode', 'C02');
      await page.getByTestId('report-search').click();
      await rows(page, 'stockByCustomerBatchNo').filter({ hasText: 'NF-2' }).waitFor();
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="report-stockByCustomerBatchNo"] tr.ant-table-row')
            .length === 2,
      );
      expect(await totals(page, 'stockByCustomerBatchNo').locator('.bl-total-qty').textContent()).toBe('88');
      await screenshot(page, `report-by-owner-batch-${language}`);

      // By details, with every key; exported to .xlsx after the confirmation.
      await page.goto('/reportManagement/stockByDetailsView');
      await rows(page, 'stockByDetails').first().waitFor();
      expect(await rows(page, 'stockByDetails').count()).toBe(6);
      await screenshot(page, `report-by-details-${language}`);
      await page.getByTestId('toolbar-export').click();
      const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text.exportConfirm });
      await dialog.waitFor();
      await popupsSettled(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: spacedOut(text.ok) }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

      // Detail: a key's balance, then its history whose totals equal it.
      await page.goto('/reportManagement/stockDetailView');
      const biscuit = rows(page, 'stockDetail').filter({ hasText: 'A1-01' });
      await biscuit.waitFor();
      await biscuit.getByTestId('row-history').click();
      await page.waitForURL('**/reportManagement/stockDetailViewShow?id=*');
      const show = page.getByTestId('report-stockDetailShow');
      await show.getByText(text.movements, { exact: true }).waitFor();
      await show.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'CK-001' }).waitFor();
      expect(await show.locator('.bl-report-totals .bl-total-qty').textContent()).toBe('70');
      await screenshot(page, `report-detail-show-${language}`);

      // Movements, each linking to its bill.
      await page.goto('/reportManagement/stockStreamDetailView');
      await rows(page, 'stockStreamDetail').first().waitFor();
      expect(await rows(page, 'stockStreamDetail').count()).toBe(7);
      expect(await page.getByTestId('bill-link').count()).toBe(7);
      await screenshot(page, `report-movements-${language}`);

      // The bin board of A1: six places, coloured by occupancy, one of them over capacity.
      await page.goto('/reportManagement/stockpageshow2');
      await page.getByTestId('report-stockpageshow2').getByText(text.chooseArea).first().waitFor();
      await pick(page, 'area', 'A1');
      const grid = page.getByTestId('board-grid');
      await grid.waitFor();
      expect(await grid.locator('.bl-bin-cell').count()).toBe(6);
      expect(await page.getByTestId('bin-A1-04').getAttribute('data-band')).toBe('5');
      expect(await page.getByTestId('bin-A1-03').getAttribute('data-band')).toBe('0');
      await page.getByTestId('board-legend').getByText(text.empty).waitFor();
      await page.getByTestId('bin-A1-02').hover();
      const details = page.getByTestId('bin-details');
      await details.getByText('C02').first().waitFor();
      await popupsSettled(page);
      await page.screenshot({
        path: path.join(screenshotDir, `bin-board-hover-${language}.png`),
        fullPage: true,
      });
      await screenshot(page, `bin-board-occupancy-${language}`);
      await page.getByTestId('board-colour-by').getByText(text.owner, { exact: true }).click();
      await page.getByTestId('board-legend').getByText('C02').waitFor();
      await screenshot(page, `bin-board-owner-${language}`);

      // The stock list at 1440 px: the quantity is never under the fixed actions column, which
      // is only as wide as the one "view" link of a read-only ledger (issue 29, 10).
      await page.goto('/reportManagement/stock');
      const stock = page.getByTestId('crud-stock');
      await stock.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const header = (index: number) => stock.locator('.ant-table-thead th').nth(index).boundingBox();
      const titles = await stock
        .locator('.ant-table-thead th')
        .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
      const qty = await header(titles.indexOf(text.quantity));
      const actions = await stock
        .locator('.ant-table-thead th.ant-table-cell-fix-right')
        .first()
        .boundingBox();
      expect(qty && actions && qty.x + qty.width <= actions.x + 1).toBe(true);
      await screenshot(page, `stock-list-1440-${language}`);
      await context?.close();
      context = undefined;
    },
    180_000,
  );
});
