import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDirectory, startFakeDirectory } from '../apps/server/test/support/fake-directory.ts';
import {
  adminApi,
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

/** The seeded administrators' names, shown in the reader's language (issue 14, point 12). */
const seededAdmin = /^(管理员|管理員|Administrator)$/;

/** What a visitor must read, per language: the expectations, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    domainTab: '域账号登录',
    wrongPassword: '域账号或密码错误',
    settingsTitle: '域登录设置',
    testOk: '连接成功',
    found: '找到用户：cn=Zhang San,ou=People,dc=corp,dc=example',
    passwordSet: '已设置（出于安全不会显示）；留空则保持不变',
    saved: '域登录设置已保存',
    logoutConfirm: '退出系统, 是否继续?',
    ok: '确定',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    domainTab: '網域帳號登入',
    wrongPassword: '網域帳號或密碼錯誤',
    settingsTitle: '網域登入設定',
    testOk: '連線成功',
    found: '找到用戶：cn=Zhang San,ou=People,dc=corp,dc=example',
    passwordSet: '已設定（基於安全不會顯示）；留空則保持不變',
    saved: '網域登入設定已儲存',
    logoutConfirm: '退出系統, 是否繼續?',
    ok: '確定',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    domainTab: 'Directory account',
    wrongPassword: 'Wrong domain account or password',
    settingsTitle: 'Directory sign-in',
    testOk: 'Connection works',
    found: 'Found the user: cn=Zhang San,ou=People,dc=corp,dc=example',
    passwordSet: 'Set (never shown); leave empty to keep it',
    saved: 'Directory settings saved',
    logoutConfirm: 'Exit the system, do you want to continue?',
    ok: 'OK',
  },
} as const;
type Language = keyof typeof expected;

/** The operator's administrator has a corporate account in the (fake) company directory. */
const directoryPassword = 'Zs-Dir-Pass1';

let suite: Suite | undefined;
let directory: FakeDirectory | undefined;
let context: BrowserContext | undefined;

const started = () => {
  if (!suite || !directory) throw new Error('the suite did not start');
  return { suite, directory };
};

async function switchLanguage(page: Page, language: Language) {
  const text = expected[language];
  const languageSwitch = page.getByTestId('language-switch');
  if (!(await languageSwitch.textContent())?.includes(text.languageName)) {
    await languageSwitch.click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: text.languageName }).click();
  }
  await page.getByRole('heading', { name: text.heading }).waitFor();
}

async function signOut(page: Page, language: Language) {
  await page.getByTestId('current-user').click();
  await page.getByTestId('logout').waitFor();
  await popupsSettled(page);
  await page.getByTestId('logout').click();
  await confirmDialog(page, expected[language].logoutConfirm, expected[language].ok);
  await page.waitForURL('**/login');
}

const submitted = (page: Page, path: string) =>
  page.waitForResponse((response) => response.url().includes(path) && response.request().method() === 'POST');

/** Signs in on the domain tab, which the login page remembers as the last one used. */
async function signInWithDirectory(page: Page, language: Language) {
  const text = expected[language];
  await expect(page.getByTestId('login-tab-domain').textContent()).resolves.toBe(text.domainTab);
  await page.getByTestId('login-domain-account').waitFor();
  // All three ways to sign in fit side by side: none hides behind the tabs' overflow menu.
  await expect(page.locator('.bl-login-card .ant-tabs-nav-operations-hidden').count()).resolves.toBe(1);
  await page.locator('#login_tenantId').fill('000000');
  await page.getByTestId('login-domain-account').fill('zhang.san');
  await page.getByTestId('login-domain-password').fill(directoryPassword);
  await screenshot(page, `sign-in-domain-${language}`);
  const answered = submitted(page, '/api/bl-auth/token');
  await page.getByTestId('login-submit').click();
  const response = await answered;
  // The directory password travels in the body, never in the address.
  expect(new URL(response.url()).search).toBe('');
  expect(response.request().postData()).toContain('grantType=domain');
  await page.waitForURL('**/wel/index');
  await page.getByTestId('user-name').filter({ hasText: seededAdmin }).waitFor();
}

async function openSettings(page: Page, language: Language) {
  await page.goto('/system/directory');
  await page.getByTestId('directory-screen').waitFor();
  await page.getByText(expected[language].passwordSet).waitFor();
  expect(await page.title()).toContain(expected[language].settingsTitle);
}

describe.skipIf(!browserAvailable)('sign-in with a directory account', () => {
  beforeAll(async () => {
    directory = await startFakeDirectory({
      people: [
        {
          cn: 'Zhang San',
          sAMAccountName: 'zhang.san',
          userPrincipalName: 'zhang.san@corp.example',
          password: directoryPassword,
        },
      ],
    });
    // The fake directory listens on this machine, which the outbound guard refuses by default.
    suite = await startSuite({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1/32' });
    // The administrator is staff enabled for domain login, signing in as the `admin` account.
    const { call } = await adminApi(suite.server.baseUrl);
    await call('POST', '/api/bl-system/staff/submit', {
      code: 'IT001',
      name: '张三',
      staffType: '1',
      account: 'admin',
      domainLoginFlag: '1',
      domainAccount: 'zhang.san',
    });
  });

  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
    await directory?.close();
  });

  it('is set up by an administrator, then signs in with the domain account in zh, mo and en', async () => {
    const { suite, directory } = started();
    const errors: string[] = [];
    context = await newContext(suite.browser, suite.server.baseUrl);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.stack ?? error.message));

    // zh: the administrator signs in with the system password and sets the directory up.
    await page.goto('/login');
    await switchLanguage(page, 'zh');
    await page.locator('#login_tenantId').fill('000000');
    await page.locator('#login_account').fill('admin');
    await page.locator('#login_password').fill(adminPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/wel/index');
    await page.goto('/system/directory');
    await page.getByTestId('directory-screen').waitFor();
    await page.getByTestId('directory-enabled').click();
    await page.getByTestId('directory-url').fill(directory.url);
    await page.getByTestId('directory-bind-dn').fill(directory.serviceDn);
    await page.getByTestId('directory-bind-password').fill(directory.servicePassword);
    await page.getByTestId('directory-base-dn').fill(directory.baseDn);
    await page.getByTestId('directory-test-account').fill('zhang.san');
    const tested = submitted(page, '/api/bl-system/directory/test');
    await page.getByTestId('directory-test').click();
    await tested;
    const result = page.getByTestId('directory-test-result');
    await result.getByText(expected.zh.testOk).waitFor();
    await result.getByText(expected.zh.found, { exact: false }).waitFor();
    const saved = submitted(page, '/api/bl-system/directory/submit');
    await page.getByTestId('directory-save').click();
    expect((await (await saved).json()).success).toBe(true);
    await page.getByText(expected.zh.passwordSet).waitFor();
    // The service password never comes back to the browser.
    expect(await page.getByTestId('directory-bind-password').inputValue()).toBe('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'directory-settings-zh');
    await signOut(page, 'zh');

    // zh: a wrong directory password is told, then the right one opens the shell.
    await page.getByTestId('login-tab-domain').click();
    await page.getByTestId('login-domain-account').fill('zhang.san');
    await page.getByTestId('login-domain-password').fill('not-my-password');
    const refused = submitted(page, '/api/bl-auth/token');
    await page.getByTestId('login-submit').click();
    await refused;
    await page
      .locator('.ant-message-notice .ant-message-error')
      .filter({ hasText: expected.zh.wrongPassword })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await signInWithDirectory(page, 'zh');
    await signOut(page, 'zh');

    // mo and en: the login page opens on the domain tab it was last signed in with.
    for (const language of ['mo', 'en'] as const) {
      await switchLanguage(page, language);
      await signInWithDirectory(page, language);
      await openSettings(page, language);
      await screenshot(page, `directory-settings-${language}`);
      await signOut(page, language);
    }
    expect(errors).toEqual([]);
  });
});
