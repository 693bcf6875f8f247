import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  browserAvailable,
  newContext,
  popupsSettled,
  type Suite,
  screenshot,
  startSuite,
  stopSuite,
} from './harness.ts';

/** What a person must read, per language: written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    more: '更多',
    tabs: ['全部', '仓储作业', '运输调度', '计费结算', '基础资料', '系统管理', '质量管理'],
    loading: '装车管理',
    vehicles: '车辆',
    transport: '运输管理',
    system: '系统管理',
    inbound: '入库管理',
    empty: '顶部菜单【质量管理】还没有分配菜单',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    more: '更多',
    tabs: ['全部', '倉儲作業', '運輸調度', '計費結算', '基礎資料', '系統管理', '质量管理'],
    loading: '裝車管理',
    vehicles: '車輛',
    transport: '運輸管理',
    system: '系統管理',
    inbound: '入庫管理',
    empty: '頂部選單【质量管理】還沒有分配選單',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    more: 'More',
    tabs: ['All', 'Warehouse', 'Transport', 'Billing', 'Master data', 'System', '质量管理'],
    loading: 'Loading',
    vehicles: 'Vehicle',
    transport: 'Transport',
    system: 'System',
    inbound: 'Inbound',
    empty: 'No menus have been assigned to the top menu "质量管理" yet',
  },
} as const;

type Language = keyof typeof expected;
const languages = Object.keys(expected) as Language[];

let suite: Suite | undefined;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** An administrator's top menu with nothing assigned yet, made through the API as the admin screen would. */
async function addEmptyTopMenu(baseUrl: string) {
  const query = new URLSearchParams({
    grantType: 'password',
    tenantId: '000000',
    account: 'admin',
    password: md5(adminPassword),
  });
  const signedIn = await fetch(`${baseUrl}/api/bl-auth/token?${query}`, {
    method: 'POST',
    headers: { authorization: basic },
  });
  const { data } = (await signedIn.json()) as { data: { accessToken: string } };
  const created = await fetch(`${baseUrl}/api/bl-system/topmenu/submit`, {
    method: 'POST',
    headers: {
      authorization: basic,
      'blade-auth': `bearer ${data.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ menuCode: 'quality', menuName: '质量管理', sort: 9 }),
  });
  const answer = (await created.json()) as { success: boolean; msg: string };
  if (!answer.success) throw new Error(answer.msg);
}

async function signIn(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/login');
  const text = expected[language];
  const languageSwitch = page.getByTestId('language-switch');
  if (!(await languageSwitch.textContent())?.includes(text.languageName)) {
    await languageSwitch.click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: text.languageName }).click();
    await page.getByRole('heading', { name: text.heading }).waitFor();
  }
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill('admin');
  await page.locator('#login_password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
  await page.getByTestId('side-menu').waitFor();
  return page;
}

/** The side menu's top-level groups, by label, once `first` is among them. */
async function sideRoots(page: Page, first: string): Promise<string[]> {
  const roots = page.locator('[data-testid="side-menu"] > li.ant-menu-submenu > .ant-menu-submenu-title');
  await roots.filter({ hasText: first }).first().waitFor();
  return (await roots.allTextContents()).map((label) => label.trim());
}

/** Chooses a top menu, from the bar or, when the bar has no room for it, from "more". */
async function chooseTopMenu(page: Page, code: string) {
  const tab = page.locator(`[role="tab"][data-testid="top-menu-${code}"]`);
  if (await tab.isVisible()) {
    await tab.click();
    return;
  }
  await page.getByTestId('top-menu-more').click();
  const item = page.locator('.ant-dropdown-menu-item').filter({ has: page.getByTestId(`top-menu-${code}`) });
  await item.waitFor();
  await popupsSettled(page);
  await item.click();
}

/** Waits until the bar shows `label` as the chosen top menu, on its own tab or on "more". */
async function selected(page: Page, label: string) {
  await page
    .locator('[data-testid="top-menu"] .bl-top-menu-tab-active')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .waitFor();
}

describe.skipIf(!browserAvailable)('the top menu', () => {
  beforeAll(async () => {
    suite = await startSuite();
    await addEmptyTopMenu(suite.server.baseUrl);
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    const errors = pageErrors;
    pageErrors = [];
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await stopSuite(suite);
  });

  for (const language of languages) {
    const text = expected[language];

    it(`loads each top menu's side menu, tells an empty one, and keeps the choice (${language})`, async () => {
      const page = await signIn(language);
      const bar = page.getByTestId('top-menu');
      await bar.getByRole('tab').first().waitFor();
      // Spec 01 §9: the first tab 80 px wide, the others 114 px; what has no room is under "more".
      const shown = (await bar.getByRole('tab').allTextContents()).map((t) => t.trim());
      // English names take more room in the top bar: at 1440 px one tab may be all that fits.
      expect(shown.length).toBeGreaterThanOrEqual(1);
      const widths = await bar
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().width)));
      expect(widths).toEqual(shown.map((_, index) => (index === 0 ? 80 : 114)));
      let listed = shown;
      if (shown.length < text.tabs.length) {
        await page.getByTestId('top-menu-more').click();
        const rest = page.locator('.ant-dropdown-menu-item');
        await rest.nth(text.tabs.length - shown.length - 1).waitFor();
        listed = [...shown, ...(await rest.allTextContents()).map((t) => t.trim())];
        await popupsSettled(page);
        await page.getByTestId('top-menu-more').click();
        await rest.first().waitFor({ state: 'hidden' });
      }
      expect(listed).toEqual(text.tabs);
      // Before any choice: every menu, as without top menus.
      await selected(page, text.tabs[0]);
      expect(await sideRoots(page, text.system)).toEqual(expect.arrayContaining([text.inbound, text.system]));

      await chooseTopMenu(page, 'transport');
      await selected(page, text.tabs[2]);
      await page
        .locator('[data-testid="side-menu"] > li.ant-menu-submenu')
        .filter({ hasText: text.system })
        .waitFor({ state: 'detached' });
      expect(await sideRoots(page, text.transport)).toEqual([text.loading, text.transport]);
      const menu = page.getByTestId('side-menu');
      await menu.getByText(text.transport, { exact: true }).click();
      // Clicked once the sub-menu has finished opening: a click on a moving item can miss.
      await menu.getByText(text.vehicles, { exact: true }).waitFor();
      await popupsSettled(page);
      await menu.getByText(text.vehicles, { exact: true }).click();
      await page.waitForURL('**/transport/basiccar');
      await page.locator('.bl-tabs .ant-tabs-tab-active').filter({ hasText: text.vehicles }).waitFor();
      await screenshot(page, `top-menu-transport-${language}`);

      // A reload keeps the chosen top menu and its side menu.
      await page.reload();
      await selected(page, text.tabs[2]);
      expect(await sideRoots(page, text.transport)).toEqual([text.loading, text.transport]);

      await chooseTopMenu(page, 'quality');
      await page
        .locator('.ant-message-notice .ant-message-warning')
        .filter({ hasText: text.empty })
        .waitFor();
      await selected(page, text.tabs[6]);
      await page.getByTestId('side-menu-empty').filter({ hasText: text.empty }).waitFor();
      await screenshot(page, `top-menu-empty-${language}`);

      await page.reload();
      await selected(page, text.tabs[6]);
      await page.getByTestId('side-menu-empty').filter({ hasText: text.empty }).waitFor();

      await chooseTopMenu(page, 'all');
      await selected(page, text.tabs[0]);
      expect(await sideRoots(page, text.system)).toEqual(expect.arrayContaining([text.inbound, text.system]));
    });
  }
});
