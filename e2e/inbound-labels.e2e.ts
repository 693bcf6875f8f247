import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
  startSuite,
  stopSuite,
} from './harness.ts';

/**
 * What an operator must read, per language: written independently of the app. zh is read by
 * the warehouse story (warehouse-story.e2e.ts), which labels a line of a bill made on its form
 * under the same rules.
 */
const expected = {
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    printTitle: '列印入庫標籤',
    print: '列印標籤',
    corrected: '列印數量已調整為剩餘可列印數量 4',
    sheet: '標籤（2 張）',
    full: '該明細已全部列印（已列印 10，單據數量 10），不能再列印',
    reprint: '重新列印',
    close: '關閉',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    printTitle: 'Print inbound labels',
    print: 'Print labels',
    corrected: 'The print quantity was corrected to the 4 left to print',
    sheet: 'Labels (2)',
    full: 'This line is fully labelled (10 of 10); nothing is left to print',
    reprint: 'Reprint',
    close: 'Close',
  },
} as const;
type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;

/** Master data and one inbound bill per language, made through the API as an operator's colleague would. */
async function seed(baseUrl: string) {
  const { submit } = await adminApi(baseUrl);
  await submit('unit', { code: 'CTN', name: '箱', defaultRate: '1' });
  await submit('customer', { code: 'C01', name: '华东食品' });
  await submit('material', { code: 'BISCUIT', name: '饼干', unitCode: 'CTN' });
  await submit('tagmodel', { code: 'T80', name: '80×50', width: '80', height: '50', barcodeType: 'code128' });
  for (const language of ['mo', 'en']) {
    await submit('isinstockbill', {
      billNo: `RK-${language.toUpperCase()}`,
      billDate: '2026-11-22',
      type: '2',
      customerCode: 'C01',
      details: [{ lineNumber: 1, materialCode: 'BISCUIT', batchNo: 'B1', unitCode: 'CTN', qty: '10' }],
    });
  }
}

async function signIn(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  const signedIn = await signInAsAdmin(suite, expected[language]);
  context = signedIn.context;
  return signedIn.page;
}

const toast = (page: Page, kind: 'success' | 'error' | 'warning', text: string) =>
  page.locator(`.ant-message-notice .ant-message-${kind}`).filter({ hasText: text }).first().waitFor();

describe.skipIf(!browserAvailable)('inbound label printing in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
    await seed(suite.server.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['mo', 'en'] as const)(
    'prints labels of an inbound line under the print rules, then reprints (%s)',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language);
      await page.goto('/barcode/inprintPrint');
      await page.getByText(text.printTitle).waitFor();
      const billNo = `RK-${language.toUpperCase()}`;
      const billPicker = page.locator('.bl-inprint-card .ant-select').first();
      await billPicker.click();
      await page.keyboard.type(billNo);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: billNo })
        .click();
      const lines = page.getByTestId('printable-lines');
      await lines.locator('tr.ant-table-row').first().click();
      const quantity = page.locator('.bl-inprint-options input').first();
      // The print quantity starts at what remains printable.
      expect(await quantity.inputValue()).toBe('10');
      await quantity.fill('6');
      await page.locator('.bl-inprint-options input').nth(1).fill('3');
      const template = page.locator('.bl-inprint-options .ant-select').first();
      await template.click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'T80' })
        .click();
      await page.getByTestId('print-labels').click();
      const sheet = page.getByTestId('label-sheet');
      await sheet.waitFor();
      await page.getByText(text.sheet).waitFor();
      expect(await sheet.getByTestId('label').count()).toBe(2);
      expect(await sheet.locator('svg').count()).toBe(4); // a QR and a Code 128 on each label
      await sheet.getByText(`${billNo}-001-0001`).waitFor();
      await screenshot(page, `labels-sheet-${language}`);
      await page
        .locator('.ant-modal-footer button')
        .filter({ hasText: spacedOut(text.close) })
        .click();

      // 6 of 10 labelled: asking for 9 prints the 4 left, and says so.
      await lines.getByText('4', { exact: true }).waitFor();
      await quantity.fill('9');
      await page.locator('.bl-inprint-options input').nth(1).fill('2');
      await page.getByTestId('print-labels').click();
      await toast(page, 'warning', text.corrected);
      await page.getByText(text.sheet).waitFor();
      await page
        .locator('.ant-modal-footer button')
        .filter({ hasText: spacedOut(text.close) })
        .click();

      // Nothing left: the server refuses with the spec's rule.
      await lines.locator('tr.ant-table-row').first().click();
      expect(await quantity.inputValue()).toBe('0');
      await quantity.fill('1');
      await page.getByTestId('print-labels').click();
      await toast(page, 'error', text.full);

      // The printed labels are listed below; two of them reprinted.
      const printed = page.locator('[data-testid="crud-inprint"] .ant-table-tbody tr.ant-table-row');
      await printed.filter({ hasText: `${billNo}-001-0004` }).waitFor();
      await printed
        .filter({ hasText: `${billNo}-001-0001` })
        .locator('.ant-checkbox-input')
        .check();
      await printed
        .filter({ hasText: `${billNo}-001-0002` })
        .locator('.ant-checkbox-input')
        .check();
      await page.getByTestId('toolbar-reprint').click();
      await page.getByText(text.sheet).waitFor();
      await screenshot(page, `labels-reprint-${language}`);
      await context?.close();
      context = undefined;
    },
    90_000,
  );
});
