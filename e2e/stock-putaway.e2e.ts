import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

/** What an operator must read, per language: written independently of the app. */
const expected = {
  zh: { languageName: '简体中文', heading: '账号登录', ok: '确定', bind: '绑定批次', propose: '推荐库位' },
  mo: { languageName: '繁體中文', heading: '帳號登入', ok: '確定', bind: '綁定批次', propose: '推薦庫位' },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    ok: 'OK',
    bind: 'Bind batch',
    propose: 'Propose locations',
  },
} as const;
type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;

let submit: Awaited<ReturnType<typeof adminApi>>['submit'] | undefined;
/** Per language: the bill whose line waits for a location. */
const pendingBill = new Map<Language, string>();

/** A nearest-location strategy, two locations, and per language goods received without batch. */
async function seed(baseUrl: string) {
  submit = (await adminApi(baseUrl)).submit;
  await submit('unit', { code: 'PCS', name: '件', rate: '1' });
  await submit('strategy', { code: 'NEAR', name: 'Nearest', type: '1', rule: '4', priority: 1 });
  await submit('customer', { code: 'C01', name: 'East Foods' });
  await submit('warehouse', { code: 'W1', name: 'Main' });
  await submit('warehousearea', { code: 'A1', name: 'Zone A', warehouseCode: 'W1' });
  await submit('warehouseplace', {
    ...{ code: 'P-FAR', name: 'Far rack', warehouseAreaCode: 'A1', placeStatus: '1' },
    ...{ volume: '100', rowNo: 9, columnNo: 1, layerNo: 1 },
  });
  await submit('warehouseplace', {
    ...{ code: 'P-NEAR', name: 'Near rack', warehouseAreaCode: 'A1', placeStatus: '1' },
    ...{ volume: '100', rowNo: 1, columnNo: 1, layerNo: 1 },
  });
  for (const language of Object.keys(expected) as Language[]) {
    const material = `GOODS-${language.toUpperCase()}`;
    await submit('material', {
      code: material,
      name: `Goods ${language}`,
      unitCode: 'PCS',
      upshelfStrategyCode: 'NEAR',
    });
    const received = {
      billDate: '2026-11-20',
      customerCode: 'C01',
      warehouseCode: 'W1',
      type: '2',
    };
    await submit('isinstockbill', {
      ...received,
      billNo: `RK-${language}`,
      isReview: '0',
      details: [
        { lineNumber: 1, materialCode: material, warehousePlaceCode: 'P-FAR', qty: '10', qtyWeg: '10' },
      ],
    });
    const pending = await submit('isinstockbill', {
      ...received,
      billNo: `YS-${language}`,
      isReview: '1',
      details: [{ lineNumber: 1, materialCode: material, qty: '2', volume: '1' }],
    });
    pendingBill.set(language, String(pending.id));
  }
}

async function signIn(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  const signedIn = await signInAsAdmin(suite, expected[language]);
  context = signedIn.context;
  return signedIn.page;
}

describe.skipIf(!browserAvailable)('bind batch and put-away proposals in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
    await seed(suite.server.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['zh', 'mo', 'en'] as const)(
    'binds a batch to part of a balance, and proposes the nearest location for a new line (%s)',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language);

      await page.goto('/warehousingManagement/stockBatchForm');
      const rows = page.locator('[data-testid="crud-stock"] .ant-table-tbody tr.ant-table-row');
      const unbatched = rows.filter({ hasText: `GOODS-${language.toUpperCase()}` });
      await unbatched.first().waitFor();
      await unbatched.first().locator('.ant-checkbox-input').check();
      await page.getByTestId('toolbar-bindBatch').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.locator('#bindBatch_qty') });
      await dialog.getByText(text.bind, { exact: true }).first().waitFor();
      await dialog.locator('#bindBatch_qty').fill('4');
      await dialog.locator('#bindBatch_batchNo').fill(`LOT-${language}`);
      await screenshot(page, `bind-batch-${language}`);
      await succeeded(page, 'POST', '/stock/bind-batch', () =>
        dialog.getByRole('button', { name: spacedOut(text.ok) }).click(),
      );
      await rows
        .filter({ hasText: `LOT-${language}` })
        .first()
        .waitFor();

      await page.goto(`/warehousingManagement/isinstockbillFormEdit?id=${pendingBill.get(language)}`);
      const lines = page.getByTestId('lines-details');
      await lines.waitFor();
      await succeeded(page, 'POST', '/isinstockbill/putaway', () =>
        page.getByTestId('lines-putaway').click(),
      );
      // The line's location reads the proposal: the nearest rack (shown by name or code).
      await lines
        .getByText(/Near rack|P-NEAR/)
        .first()
        .waitFor();
      await screenshot(page, `putaway-${language}`);
      await context?.close();
      context = undefined;
    },
    120_000,
  );
});
