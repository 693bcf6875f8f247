import type { BrowserContext, Page } from 'playwright-core';
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

/**
 * What an operator must read, per language: written independently of the app. zh is read by
 * the warehouse story (warehouse-story.e2e.ts), which takes an outbound bill made on its form
 * through the same steps on the screens.
 */
const expected = {
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    ok: '確定',
    success: '操作成功!',
    reviewConfirm: '確定審核選擇的單據？',
    sortConfirm: '確定為選擇的出庫單生成分揀單？',
    sortReviewConfirm: '確定選擇的分揀單已分揀並覆核？',
    loadConfirm: '確定將選擇的出庫單裝上同一輛車？',
    loadedConfirm: '確定選擇的裝車單已裝車完成？',
    completed: '已完成',
    task: '裝車任務',
    times: '裝車時間',
    group: '2 行，共 5',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    ok: 'OK',
    success: 'operation success !',
    reviewConfirm: 'Review the selected bills?',
    sortConfirm: 'Make a sorting bill for each selected outbound bill?',
    sortReviewConfirm: 'Are the selected bills sorted and checked?',
    loadConfirm: 'Load the selected outbound bills onto one vehicle?',
    loadedConfirm: 'Are the selected loading bills loaded?',
    completed: 'Completed',
    task: 'Loading task',
    times: 'Loading times',
    group: '2 lines, 5 in all',
  },
} as const;
type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;
let api: Awaited<ReturnType<typeof adminApi>> | undefined;

/** Master data, goods of two owners in two places, and one outbound bill of owner C01 per language. */
async function seed(baseUrl: string) {
  api = await adminApi(baseUrl);
  const { submit } = api;
  await submit('unit', { code: 'CTN', name: '箱', defaultRate: '1' });
  for (const [code, name] of [
    ['C01', '华东食品'],
    ['C02', '华南日化'],
  ])
    await submit('customer', { code, name });
  await submit('material', { code: 'BISCUIT', name: '饼干', unitCode: 'CTN' });
  await submit('warehouse', { code: 'W1', name: '一号仓' });
  await submit('warehousearea', { code: 'A1', name: 'A 区', warehouseCode: 'W1' });
  for (const code of ['A-01', 'A-02'])
    await submit('warehouseplace', { code, name: code, warehouseAreaCode: 'A1', placeStatus: '1' });
  for (const code of ['E01', 'E02']) await submit('employee', { code, name: `员工${code}` });
  // Each language's bill has its own batch of owner C01 in two places (and C02 goods beside).
  for (const language of ['MO', 'EN'])
    for (const [owner, place, validity] of [
      ['C01', 'A-01', '2027-01-31'],
      ['C01', 'A-02', '2027-03-31'],
      ['C02', 'A-01', '2026-12-31'],
    ] as const)
      await submit('isinstockbill', {
        billDate: '2026-11-20',
        billNo: `RK-${language}-${owner}-${place}`,
        type: '2',
        customerCode: owner,
        warehouseCode: 'W1',
        isReview: '0',
        details: [
          {
            lineNumber: 1,
            materialCode: 'BISCUIT',
            batchNo: `B-${language}`,
            warehousePlaceCode: place,
            unitCode: 'CTN',
            qty: '3',
            validityDate: validity,
          },
        ],
      });
  for (const language of ['mo', 'en'])
    await submit('osoutstockbill', {
      billNo: `CK-${language.toUpperCase()}`,
      billDate: '2026-11-22',
      customerCode: 'C01',
      warehouseCode: 'W1',
      outTransferType: '1',
      carNo: `粤B-${language.toUpperCase()}`,
      driverName: '李师傅',
      consigneeName: '张三',
      isReview: '1',
      // 3 from A-01 (earliest validity) and 2 from A-02: two sorting and loading lines.
      details: [
        {
          lineNumber: 1,
          materialCode: 'BISCUIT',
          batchNo: `B-${language.toUpperCase()}`,
          unitCode: 'CTN',
          qty: '5',
        },
      ],
    });
}

async function signIn(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  const signedIn = await signInAsAdmin(suite, expected[language]);
  context = signedIn.context;
  return signedIn.page;
}

/** Ticks the list row holding `text` and runs a toolbar action behind its confirmation. */
async function act(
  page: Page,
  entity: string,
  text: string,
  action: string,
  confirm: string,
  language: Language,
) {
  const row = page
    .locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`)
    .filter({ hasText: text });
  await row.first().waitFor();
  const box = row.first().locator('.ant-checkbox-input');
  if (!(await box.isChecked())) await box.check();
  await succeeded(page, 'POST', `/${entity}/${action}?`, async () => {
    await page.getByTestId(`toolbar-${action}`).click();
    await confirmDialog(page, confirm, expected[language].ok);
  });
}

describe.skipIf(!browserAvailable)('outbound through sorting and loading in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
    await seed(suite.server.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['mo', 'en'] as const)(
    'an outbound bill of one owner is reviewed, sorted, loaded and shown to the dock (%s)',
    async (language) => {
      if (!api) throw new Error('not seeded');
      const text = expected[language];
      const billNo = `CK-${language.toUpperCase()}`;
      const page = await signIn(language);

      await page.goto('/outWarehouseManagement/osoutstockbill');
      await act(page, 'osoutstockbill', billNo, 'review', text.reviewConfirm, language);
      await act(page, 'osoutstockbill', billNo, 'sort', text.sortConfirm, language);

      // The scan and check persons are entered on the sorting bill (here by a colleague, through the API).
      const sortings = (await api.call(
        'GET',
        `/api/bl-wms/stocksortingbill/list?applyNo=${billNo}`,
      )) as unknown as { records: { id: string }[] };
      const sortingId = sortings.records[0]?.id;
      const sorting = await api.call('GET', `/api/bl-wms/stocksortingbill/detail?id=${sortingId}`);
      expect((sorting.details as unknown[]).length).toBe(2);
      await api.submit('stocksortingbill', { ...sorting, scanPerson: 'E01', reviewPerson: 'E02' });

      await page.goto('/outWarehouseManagement/stocksortingbill');
      await act(page, 'stocksortingbill', billNo, 'review', text.sortReviewConfirm, language);
      await screenshot(page, `outbound-sorting-${language}`);

      await page.goto('/outWarehouseManagement/osoutstockbill');
      await act(page, 'osoutstockbill', billNo, 'load', text.loadConfirm, language);

      await page.goto('/loadHandle/loadbill');
      await act(page, 'loadbill', `粤B-${language.toUpperCase()}`, 'review', text.loadedConfirm, language);
      await page
        .locator('[data-testid="crud-loadbill"] tr.ant-table-row')
        .filter({ hasText: `粤B-${language.toUpperCase()}` })
        .filter({ hasText: text.completed })
        .waitFor();

      await page.goto('/outWarehouseManagement/osoutstockbill');
      await page
        .locator('[data-testid="crud-osoutstockbill"] tr.ant-table-row')
        .filter({ hasText: billNo })
        .filter({ hasText: text.completed })
        .waitFor();
      await screenshot(page, `outbound-completed-${language}`);

      const loads = (await api.call('GET', '/api/bl-wms/loadbill/list?size=50')) as unknown as {
        records: { id: string; carNo: string }[];
      };
      const load = loads.records.find((row) => row.carNo === `粤B-${language.toUpperCase()}`);
      await page.goto(`/loadHandle/loadbillFormShow?id=${load?.id}`);
      await page.getByText(text.task).first().waitFor();
      const group = page.getByTestId('loading-group');
      await group.filter({ hasText: billNo }).waitFor();
      await group.getByText(text.group).waitFor();
      expect(await group.locator('tr.ant-table-row').count()).toBe(2);
      await screenshot(page, `outbound-loading-task-${language}`);

      await page.goto(`/loadHandle/loadbillTimeEdit?id=${load?.id}`);
      await page.getByTestId('times-save').waitFor();
      // Review filled the actual start and end: the form shows them once it has taken the record's.
      await page.waitForFunction(
        () => (document.querySelector('input#actualEndTime') as HTMLInputElement | null)?.value,
      );
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().includes('/loadbill/times'),
      );
      await page.getByTestId('times-save').click();
      expect(((await (await saved).json()) as { success: boolean }).success).toBe(true);
      await screenshot(page, `outbound-loading-times-${language}`);
      await context?.close();
      context = undefined;
    },
    120_000,
  );
});
