import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  newContext,
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
    title: '请修改密码',
    intro: '您使用的是初始密码或重置后的密码，他人可能知晓。请设置新密码后继续使用。',
    signOut: '退出登录',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    title: '請修改密碼',
    intro: '您使用的是初始密碼或重設後的密碼，他人可能知曉。請設定新密碼後繼續使用。',
    signOut: '登出',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    title: 'Change your password',
    intro:
      'You signed in with an initial or reset password, which others may know. Choose a new password to continue.',
    signOut: 'Sign out',
  },
} as const;
type Language = keyof typeof expected;

/** The default password the server resets to (DEFAULT_PASSWORD). */
const resetTo = 'Reset-2026';

let suite: Suite | undefined;
let context: BrowserContext | undefined;

async function signIn(language: Language, account: string, password: string): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  await context?.close();
  context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  await page.goto('/login');
  const text = expected[language];
  const languageSwitch = page.getByTestId('language-switch');
  if (!(await languageSwitch.textContent())?.includes(text.languageName)) {
    await languageSwitch.click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: text.languageName }).click();
    await page.getByRole('heading', { name: text.heading }).waitFor();
  }
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill(account);
  await page.locator('#login_password').fill(password);
  await page.getByTestId('login-submit').click();
  return page;
}

describe.skipIf(!browserAvailable)('the first sign-in with a known password, in the browser', () => {
  let userId = '';
  beforeAll(async () => {
    suite = await startSuite({ DEFAULT_PASSWORD: resetTo });
    // A user whose password an administrator reset: the dialog is theirs at the next sign-in.
    const { call } = await adminApi(suite.server.baseUrl);
    const info = await call('GET', '/api/bl-system/user/getUserInfo');
    const created = await call('POST', '/api/bl-system/user/submit', {
      account: 'liu',
      name: 'liu',
      password: 'Dock-door-7',
      confirmPassword: 'Dock-door-7',
      roleId: String(info.roleId).split(',')[0],
    });
    userId = String(created.id);
    await call('POST', `/api/bl-system/user/reset-password?ids=${userId}`, {});
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['zh', 'mo', 'en'] as const)(
    'shows only the change dialog (%s), which cannot be dismissed but by signing out',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language, 'liu', resetTo);
      const dialog = page.getByRole('dialog');
      await dialog.getByText(text.intro).waitFor();
      await dialog.getByText(text.title).waitFor();
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      // Nothing of the shell behind it.
      expect(await page.getByTestId('sider').count()).toBe(0);
      await screenshot(page, `password-due-${language}`);
      await dialog.getByTestId('password-due-sign-out').click();
      await page.waitForURL('**/login');
    },
  );

  it('lets the user in once the password is changed, and asks no more', async () => {
    const page = await signIn('en', 'liu', resetTo);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(expected.en.intro).waitFor();
    await dialog.locator('#password_oldPassword').fill(resetTo);
    await dialog.locator('#password_newPassword').fill('Liu-own-2026');
    await dialog.locator('#password_newPassword1').fill('Liu-own-2026');
    await dialog.getByTestId('password-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('sider').waitFor();
    const again = await signIn('en', 'liu', 'Liu-own-2026');
    await again.waitForURL('**/wel/index');
    await again.getByTestId('sider').waitFor();
    expect(await again.getByRole('dialog').count()).toBe(0);
  });
});
