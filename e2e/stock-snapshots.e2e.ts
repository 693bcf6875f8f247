import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  clockBehind,
  launchBrowser,
  popupsSettled,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
  startServer,
  stopSuite,
} from './harness.ts';

/** What an operator reads, per language: written independently of the app. */
const expected = {
  zh: { languageName: '简体中文', heading: '账号登录', title: '月末库存快照', done: '2 个货主，2 条' },
  mo: { languageName: '繁體中文', heading: '帳號登入', title: '月末庫存快照', done: '2 個貨主，2 條' },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    title: 'Month-end stock snapshots',
    done: '2 owner(s), 2 row(s)',
  },
} as const;

/** Far enough back that what is received then is in stock at the end of last month, whatever today is. */
const daysBehind = 35;
const lastMonth = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
})();

let suite: Suite | undefined;
let dataDir: string | undefined;
let context: BrowserContext | undefined;

/**
 * Goods of two owners received on a server whose clock runs `daysBehind` days back: the same
 * data directory then serves the story on a server at today's date.
 */
async function receiveLastMonth(dir: string) {
  const past = await startServer(clockBehind(daysBehind), { dataDir: dir });
  try {
    const { submit } = await adminApi(past.baseUrl);
    const billDate = new Date(Date.now() - daysBehind * 86_400_000).toISOString().slice(0, 10);
    await submit('unit', { code: 'CTN', name: '箱', rate: '1' });
    await submit('material', { code: 'TEA', name: '茶叶', unitCode: 'CTN' });
    await submit('warehouse', { code: 'W1', name: '一号仓' });
    await submit('warehousearea', { code: 'A1', name: '常温区', warehouseCode: 'W1' });
    for (const [owner, name, place, qty] of [
      ['S01', '东方茶行', 'A1-01', '12'],
      ['S02', '西湖茶社', 'A1-02', '30'],
    ] as const) {
      await submit('customer', { code: owner, name, customerStatus: '1' });
      await submit('warehouseplace', { code: place, name: place, warehouseAreaCode: 'A1', placeStatus: '1' });
      await submit('isinstockbill', {
        billNo: `RK-${owner}`,
        billDate,
        customerCode: owner,
        warehouseCode: 'W1',
        type: '2',
        stockType: '1',
        isReview: '0',
        details: [{ lineNumber: 1, unitCode: 'CTN', materialCode: 'TEA', warehousePlaceCode: place, qty }],
      });
    }
  } finally {
    await past.stop();
  }
}

async function signIn(language: keyof typeof expected): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  await context?.close();
  const signedIn = await signInAsAdmin(suite, expected[language]);
  context = signedIn.context;
  await signedIn.page.goto('/reportManagement/stockSnapshot');
  await signedIn.page.getByTestId('snapshot-title').getByText(expected[language].title).waitFor();
  return signedIn.page;
}

const rows = (page: Page) =>
  page.locator('[data-testid="stock-snapshots"] .ant-table-tbody tr.ant-table-row');

describe.skipIf(!browserAvailable)('month-end stock snapshots in the browser', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-e2e-snapshots-'));
    await receiveLastMonth(dataDir);
    const server = await startServer({}, { dataDir });
    const browser = await launchBrowser().catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    suite = { server, browser };
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it("takes last month's snapshot with its progress, lists it and narrows it to an owner", async () => {
    const page = await signIn('zh');
    expect(await page.title()).toContain(expected.zh.title);
    expect(await page.getByTestId('snapshot-month').locator('input').inputValue()).toBe(lastMonth);
    // Not taken yet: the empty list says so and offers the button.
    await page.getByTestId('snapshot-none').waitFor();
    await screenshot(page, 'stock-snapshots-none-zh');
    await page.getByTestId('snapshot-take-empty').click();
    // The progress bar follows the job to its end, then the outcome and the list.
    const result = page.getByTestId('snapshot-job-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(expected.zh.done);
    expect(
      await page.getByTestId('snapshot-job-progress').locator('.ant-progress-status-success').count(),
    ).toBe(1);
    await rows(page).nth(1).waitFor();
    expect(await rows(page).count()).toBe(2);
    expect(await rows(page).first().textContent()).toContain('S01');
    await screenshot(page, 'stock-snapshots-zh');

    // The month exported to .xlsx, after the confirmation every export asks.
    await page.getByTestId('snapshot-export').click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '是否导出数据?' });
    await dialog.waitFor();
    await popupsSettled(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: spacedOut('确定') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^月末库存快照-\d{14}\.xlsx$/);

    await page.getByTestId('snapshot-owner').locator('.ant-select').click();
    await page.keyboard.type('S02');
    await popupsSettled(page);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'S02' })
      .click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="stock-snapshots"] tr.ant-table-row').length === 1,
    );
    expect(await rows(page).first().textContent()).toContain('30');
  });

  it.each(['mo', 'en'] as const)('reads the screen in %s', async (language) => {
    const page = await signIn(language);
    await page.getByTestId('snapshot-taken').waitFor();
    expect(await rows(page).count()).toBe(2);
    await screenshot(page, `stock-snapshots-${language}`);
  });
});
