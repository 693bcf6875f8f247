/**
 * Bill screens a clerk uses all day (issue 14, points 1 and 7), in Chinese then English, in one
 * browser session: the inbound bill page opens no drawer by itself (on load, on a tab switch,
 * on a language change) and keeps its list filter; a line quantity keeps its sign, and a
 * negative or zero quantity is refused at the field with the shared message.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, type Suite, screenshot, signInAsAdmin, startSuite, stopSuite } from './harness.ts';

type Language = 'zh' | 'en';

/** What a clerk reads, per language, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    search: /^搜\s*索$/,
    addLine: '添加一行',
    notPositive: '数量必须大于0',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    search: /^Search$/,
    addLine: 'Add a line',
    notPositive: 'Quantity must be greater than 0',
  },
} as const;

const inboundPath = '/warehousingManagement/isinstockbillForm';
const filter = 'IN-KEEP-01';

const openDrawers = (page: Page) => page.locator('.ant-drawer-open, .bl-record-drawer');
const screen = (page: Page) => page.getByTestId('crud-isinstockbill');
const billNoFilter = (page: Page) => screen(page).locator('.ant-pro-table-search #billNo');

/** Waits `ms` and checks no drawer opened meanwhile. */
async function noDrawerFor(page: Page, ms: number) {
  await page.waitForTimeout(ms);
  expect(await openDrawers(page).count()).toBe(0);
}

async function switchLanguage(page: Page, language: Language) {
  await page.getByTestId('language-switch').click();
  await page.locator('.ant-dropdown-menu-item').filter({ hasText: expected[language].languageName }).click();
  await page.getByTestId('language-switch').filter({ hasText: expected[language].languageName }).waitFor();
}

/** Types -5 then 0 in the first line's quantity: each kept as typed and refused at the field. */
async function quantityRefused(page: Page, language: Language) {
  await screen(page).getByTestId('toolbar-add').click();
  const drawer = page.locator('.bl-record-drawer');
  const lines = drawer.getByTestId('lines-details');
  await lines.getByRole('button', { name: expected[language].addLine }).click();
  const qty = lines.locator('#details_0_qty');
  // An editable grid shows a cell's refusal beside the cell (a popover), by the field's rule.
  const refusal = page.getByText(expected[language].notPositive, { exact: true });
  await qty.fill('-5');
  await qty.click();
  expect(await qty.inputValue()).toBe('-5');
  await refusal.first().waitFor();
  await qty.scrollIntoViewIfNeeded();
  await screenshot(page, `bill-quantity-refused-${language}`);
  await qty.fill('0');
  await qty.click();
  expect(await qty.inputValue()).toBe('0');
  await refusal.first().waitFor();
  await qty.fill('5');
  await qty.click();
  await refusal.first().waitFor({ state: 'hidden' });
  // Leave without saving: the drawer asks nothing of a draft and closes.
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'detached' });
}

describe.skipIf(!browserAvailable)('bill screens', () => {
  let suite: Suite | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    suite = await startSuite();
  });
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it('opens no drawer by itself, keeps the filter across tabs and languages, refuses -5 and 0 (zh, en)', async () => {
    if (!suite) throw new Error('no suite');
    const signedIn = await signInAsAdmin(suite, expected.zh);
    context = signedIn.context;
    const { page } = signedIn;

    // Loaded, the list waits for the user: no drawer, even after the catalogue has long arrived.
    await page.goto(inboundPath);
    await screen(page).getByTestId('toolbar-add').waitFor();
    await noDrawerFor(page, 6000);

    // A filter on the list, then away to the home tab and back: the page as left, filter kept.
    await billNoFilter(page).fill(filter);
    await screen(page)
      .locator('.ant-pro-table-search button')
      .filter({ hasText: expected.zh.search })
      .click();
    await page.locator(`[data-testid="tab"][data-path="/wel/index"]`).click();
    await page.waitForURL((url) => url.pathname === '/wel/index');
    await page.locator(`[data-testid="tab"][data-path="${inboundPath}"]`).click();
    await page.waitForURL((url) => url.pathname === inboundPath);
    await screen(page).getByTestId('toolbar-add').waitFor();
    await noDrawerFor(page, 1500);
    expect(await billNoFilter(page).inputValue()).toBe(filter);

    await quantityRefused(page, 'zh');

    // Another language: the page re-renders in place, no drawer, the filter still there.
    await switchLanguage(page, 'en');
    await noDrawerFor(page, 2500);
    expect(await billNoFilter(page).inputValue()).toBe(filter);
    expect(page.url()).toContain(inboundPath);

    await quantityRefused(page, 'en');
  }, 90_000);
});
