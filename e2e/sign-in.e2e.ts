import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  browserAvailable,
  confirmDialog,
  newContext,
  popupsSettled,
  type Suite,
  screenshot,
  startSuite,
  stopSuite,
} from './harness.ts';

/** What a visitor must read, per language: the expectations, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    // The seeded administrator's name, in the reader's language (issue 14, point 12).
    admin: '管理员',
    product: '3PL 仓储管理平台',
    loginTitle: '登录',
    heading: '账号登录',
    accountRequired: '请输入账号',
    passwordRequired: '请输入密码',
    wrongPassword: '账号或密码错误',
    inbound: '入库管理',
    reports: '报表管理',
    binBoard: '库位看板',
    chooseArea: '请选择库区',
    home: '首页',
    logout: '退出登录',
    logoutConfirm: '退出系统, 是否继续?',
    ok: '确定',
  },
  mo: {
    languageName: '繁體中文',
    admin: '管理員',
    product: '3PL 倉儲管理平台',
    loginTitle: '登入',
    heading: '帳號登入',
    accountRequired: '請輸入帳號',
    passwordRequired: '請輸入密碼',
    wrongPassword: '帳號或密碼錯誤',
    inbound: '入庫管理',
    reports: '報表管理',
    binBoard: '庫位看板',
    chooseArea: '請選擇庫區',
    home: '首頁',
    logout: '登出',
    logoutConfirm: '退出系統, 是否繼續?',
    ok: '確定',
  },
  en: {
    languageName: 'English',
    admin: 'Administrator',
    product: '3PL Warehouse Management',
    loginTitle: 'Sign in',
    heading: 'Sign in',
    accountRequired: 'Please input Account',
    passwordRequired: 'Please input Password',
    wrongPassword: 'Wrong account or password',
    inbound: 'Inbound',
    reports: 'Reports',
    binBoard: 'Bin board',
    chooseArea: 'Please choose a storage area',
    home: 'Home',
    logout: 'Sign out',
    logoutConfirm: 'Exit the system, do you want to continue?',
    ok: 'OK',
  },
} as const;

type Language = keyof typeof expected;
const languages = Object.keys(expected) as Language[];

let suite: Suite | undefined;
let context: BrowserContext | undefined;
/** Uncaught errors of the page under test: there must be none. */
let pageErrors: string[] = [];

function started(): Suite {
  if (!suite) throw new Error('the suite did not start');
  return suite;
}

async function openPage(): Promise<Page> {
  context = await newContext(started().browser, started().server.baseUrl);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  return page;
}

/** Matches a label whether or not antd put spaces between its characters. */

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function chooseLanguage(page: Page, language: Language) {
  const text = expected[language];
  const languageSwitch = page.getByTestId('language-switch');
  if ((await languageSwitch.textContent())?.includes(text.languageName)) return;
  await languageSwitch.click();
  await page.locator('.ant-dropdown-menu-item').filter({ hasText: text.languageName }).click();
  await page.getByRole('heading', { name: text.heading }).waitFor();
}

async function fillLogin(page: Page, input: { tenantId?: string; account: string; password: string }) {
  if (input.tenantId !== undefined) await page.locator('#login_tenantId').fill(input.tenantId);
  await page.locator('#login_account').fill(input.account);
  await page.locator('#login_password').fill(input.password);
  await page.getByTestId('login-submit').click();
}

/** Waits for an error toast with this text. */
async function toast(page: Page, text: string) {
  await page.locator('.ant-message-notice .ant-message-error').filter({ hasText: text }).waitFor();
}

describe.skipIf(!browserAvailable)('signing in and out', () => {
  beforeAll(async () => {
    suite = await startSuite();
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

  it('sends visitors without a session to /login', async () => {
    const page = await openPage();
    await page.goto('/wel/index');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: expected.zh.heading }).waitFor();
    expect(await page.title()).toBe(`${expected.zh.loginTitle}-${expected.zh.product}`);

    await page.goto('/reportManagement/stockpageshow2');
    await page.waitForURL('**/login');
  });

  it('signs out and returns to /login when the server answers 401', async () => {
    const page = await openPage();
    await page.goto('/login');
    await page.context().addCookies([
      {
        name: 'saber-access-token',
        value: 'not-a-token',
        domain: '127.0.0.1',
        path: '/',
        sameSite: 'Strict',
      },
    ]);
    // A valid-looking userId: without one the shell shows the third-party registration dialog (spec 01 §5).
    await page.evaluate(() =>
      localStorage.setItem(
        'saber-userInfo',
        JSON.stringify({ userId: '1123598821738675201', userName: 'x' }),
      ),
    );
    await page.goto('/wel/index');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: expected.zh.heading }).waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token');
    expect(await page.evaluate(() => localStorage.getItem('saber-userInfo'))).toBeNull();
  });

  for (const language of languages) {
    const text = expected[language];

    it(`signs in and out in ${language}`, async () => {
      const page = await openPage();
      await page.goto('/login');
      await chooseLanguage(page, language);
      expect(await page.evaluate(() => localStorage.getItem('saber-language'))).toBe(
        language === 'zh' ? null : language,
      );
      await page.waitForFunction((title) => document.title === title, `${text.loginTitle}-${text.product}`);
      await screenshot(page, `login-${language}`);

      // Empty fields are refused before any call.
      await page.getByTestId('login-submit').click();
      await page.getByText(text.accountRequired, { exact: true }).waitFor();
      await page.getByText(text.passwordRequired, { exact: true }).waitFor();
      await screenshot(page, `login-${language}-validation`);

      // The server's message, in the visitor's language.
      await fillLogin(page, { tenantId: '000000', account: 'admin', password: 'wrong-password' });
      await toast(page, text.wrongPassword);
      await screenshot(page, `login-${language}-wrong-password`);
      expect(pathOf(page)).toBe('/login');

      await fillLogin(page, { account: 'admin', password: adminPassword });
      await page.waitForURL('**/wel/index');
      // The tokens live in cookies named from the client id, for 2 hours (spec 01 §9).
      const cookies = await page.context().cookies();
      for (const name of ['saber-access-token', 'saber-refresh-token']) {
        const cookie = cookies.find((c) => c.name === name);
        expect(cookie?.value).toBeTruthy();
        const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
        expect(lifetime).toBeGreaterThan(7000);
        expect(lifetime).toBeLessThanOrEqual(7200);
        expect(cookie?.sameSite).toBe('Strict');
      }
      expect(await page.evaluate(() => localStorage.getItem('saber-session'))).toBeNull();
      const menu = page.getByTestId('side-menu');
      await menu.getByText(text.inbound, { exact: true }).waitFor();
      await page.getByTestId('user-name').filter({ hasText: text.admin }).waitFor();
      expect(await page.getByTestId('user-name').textContent()).toBe(text.admin);
      await page.getByTestId('role-name').waitFor();
      await page.getByTestId('areas').getByText(text.inbound, { exact: true }).waitFor();
      expect(await page.title()).toBe(`${text.home}-${text.product}`);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `home-${language}`);

      // A menu screen opens under the menu item's title.
      await menu.getByText(text.reports, { exact: true }).click();
      // Clicked once the sub-menu has finished opening: a click on a moving item can miss.
      await menu.getByText(text.binBoard, { exact: true }).waitFor();
      await popupsSettled(page);
      await menu.getByText(text.binBoard, { exact: true }).click();
      await page.waitForURL('**/reportManagement/stockpageshow2');
      await page.getByTestId('report-stockpageshow2').getByText(text.chooseArea).first().waitFor();
      expect(await page.title()).toBe(`${text.binBoard}-${text.product}`);
      await screenshot(page, `bin-board-${language}`);

      // Sign out through the avatar menu and its confirmation.
      await page.getByTestId('current-user').click();
      await page.getByTestId('logout').click();
      await page.locator('.ant-modal-confirm').getByText(text.logoutConfirm).waitFor();
      await screenshot(page, `logout-confirm-${language}`);
      await confirmDialog(page, text.logoutConfirm, text.ok);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: text.heading }).waitFor();
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
        'saber-access-token',
      );
      expect(await page.evaluate(() => localStorage.getItem('saber-userInfo'))).toBeNull();

      // Signed out, the shell is closed again.
      await page.goto('/wel/index');
      await page.waitForURL('**/login');
    });
  }

  it('signs in to the demo tenant 100000', async () => {
    const page = await openPage();
    await page.goto('/login');
    await fillLogin(page, { tenantId: '100000', account: 'admin', password: adminPassword });
    await page.waitForURL('**/wel/index');
    await page.getByTestId('user-name').filter({ hasText: '演示管理员' }).waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('演示管理员');
    await page.getByTestId('side-menu').getByText(expected.zh.inbound, { exact: true }).waitFor();
    await screenshot(page, 'home-tenant-100000');

    // A signed-in visitor opening /login goes home.
    await page.goto('/login');
    await page.waitForURL('**/wel/index');
  });

  it('shows a 404 for paths outside the menu', async () => {
    const page = await openPage();
    await page.goto('/login');
    await fillLogin(page, { account: 'admin', password: adminPassword });
    await page.waitForURL('**/wel/index');
    await page.goto('/no/such/page');
    await page.locator('.ant-result-404').waitFor();
    await screenshot(page, 'not-found-zh');
  });
});
