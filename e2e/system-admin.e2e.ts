import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  adminPassword,
  browserAvailable,
  confirmDialog,
  newContext,
  type Suite,
  screenshot,
  spacedOut,
  startSuite,
  stopSuite,
} from './harness.ts';

/** What a person must read, per language: written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    addUser: '新增用户管理',
    confirm: '确认密码',
    mismatch: '两次输入密码不一致',
    save: '保存',
    success: '操作成功!',
    role: '超级管理员',
    disable: '停用',
    disableConfirm: '确定停用所选账号? 停用后将无法登录',
    ok: '确定',
    disabled: '停用',
    disabledSignIn: '账号已停用，请联系管理员',
    configure: '角色配置',
    allocate: '确定分配资源?',
    masterData: '基础资料',
    material: '物料',
    view: '查看',
    unit: '计量单位',
    add: '新增',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    addUser: '新增用戶管理',
    confirm: '確認密碼',
    mismatch: '兩次輸入密碼不一致',
    save: '儲存',
    success: '操作成功!',
    // The seeded role reads in the user's language (issue 29, 15).
    role: '超級管理員',
    disable: '停用',
    disableConfirm: '確定停用所選帳號? 停用後將無法登入',
    ok: '確定',
    disabled: '停用',
    disabledSignIn: '帳號已停用，請聯絡管理員',
    configure: '角色配置',
    allocate: '確定分配資源?',
    masterData: '基礎資料',
    material: '物料',
    view: '查看',
    unit: '計量單位',
    add: '新增',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    addUser: 'Add Users',
    confirm: 'Confirm Password',
    mismatch: 'The two input password is inconsistent.',
    save: 'Save',
    success: 'operation success !',
    role: 'Administrator',
    disable: 'Disable',
    disableConfirm: 'Disable the selected accounts? They will not be able to sign in',
    ok: 'OK',
    disabled: 'Disabled',
    disabledSignIn: 'This account is disabled; contact the administrator',
    configure: 'Role configuration',
    allocate: 'Allocate resources ?',
    masterData: 'Master data',
    material: 'Material',
    view: 'View',
    unit: 'Unit',
    add: 'Add',
  },
} as const;
type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;

/** Opens a tree node; a click during the tree's open animation can be lost, so it is repeated until the node is open. */
async function expand(node: Locator) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await node.locator('.ant-tree-switcher').click();
    const open = node.locator('.ant-tree-switcher_open');
    if (
      await open.waitFor({ timeout: 1_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error('the tree node did not open');
}

/** A fresh browser context on the login page, in the language. */
async function openLogin(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
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
  return page;
}

async function submitLogin(page: Page, account: string, password: string) {
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill(account);
  await page.locator('#login_password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function signIn(language: Language, account = 'admin', password = adminPassword): Promise<Page> {
  const page = await openLogin(language);
  await submitLogin(page, account, password);
  await page.waitForURL('**/wel/index');
  return page;
}

describe.skipIf(!browserAvailable)('user administration in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['zh', 'mo', 'en'] as const)(
    'adds a user whose password is typed twice, who then signs in (%s)',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language);
      await page.goto('/system/user');
      await page.getByTestId('crud-user').waitFor();
      await page.getByTestId('toolbar-add').click();
      const drawer = page.locator('.bl-record-drawer');
      await drawer.getByText(text.addUser).waitFor();
      const account = `clerk_${language}`;
      await drawer.locator('#account').fill(account);
      await drawer.locator('#name').fill(`Clerk ${language}`);
      await drawer.locator('#password').fill('Dock-door-7');
      await drawer.getByText(text.confirm, { exact: true }).waitFor();
      await drawer.locator('#confirmPassword').fill('Dock-door-8');
      await drawer.locator('#roleId').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: text.role })
        .click();
      await drawer
        .locator('button')
        .filter({ hasText: spacedOut(text.save) })
        .click();
      await drawer
        .locator('.ant-form-item-explain-error')
        .getByText(text.mismatch, { exact: true })
        .waitFor();
      await screenshot(page, `user-form-mismatch-${language}`);
      await drawer.locator('#confirmPassword').fill('Dock-door-7');
      await drawer
        .locator('button')
        .filter({ hasText: spacedOut(text.save) })
        .click();
      await page.locator('.ant-message-success').filter({ hasText: text.success }).first().waitFor();
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: account });
      await row.waitFor();
      // The role column names the role, not its id.
      await row.getByText(text.role).waitFor();
      expect(await row.textContent()).not.toMatch(/\d{15,}/);
      await screenshot(page, `user-list-${language}`);
      await context?.close();

      const clerk = await signIn(language, account, 'Dock-door-7');
      expect(clerk.url()).toContain('/wel/index');
      await context?.close();

      // The administrator disables the account: it can no longer sign in.
      const again = await signIn(language);
      await again.goto('/system/user');
      const listed = again.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: account });
      await listed.locator('.ant-checkbox-input').check();
      await again.getByTestId('toolbar-disable').click();
      await confirmDialog(again, text.disableConfirm, text.ok);
      await listed.locator('.ant-tag').filter({ hasText: text.disabled }).waitFor();
      await context?.close();
      const refused = await openLogin(language);
      await submitLogin(refused, account, 'Dock-door-7');
      await refused.locator('.ant-message-error').filter({ hasText: text.disabledSignIn }).first().waitFor();
      await context?.close();
      context = undefined;
    },
    90_000,
  );

  it.each(['zh', 'mo', 'en'] as const)(
    'configures a role with one menu and one button; its user sees only those (%s)',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language);
      await page.goto('/system/role');
      await page.getByTestId('crud-role').waitFor();
      await page.getByTestId('toolbar-add').click();
      const drawer = page.locator('.bl-record-drawer');
      const alias = `viewer_${language}`;
      await drawer.locator('#roleName').fill(`Viewer ${language}`);
      await drawer.locator('#roleAlias').fill(alias);
      await drawer
        .locator('button')
        .filter({ hasText: spacedOut(text.save) })
        .click();
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: alias });
      await row.waitFor();
      await row.locator('.ant-checkbox-input').check();
      await page.getByTestId('toolbar-grant').click();
      const tree = page.getByTestId('grant-tree');
      await tree.waitFor();
      const node = (title: string) =>
        tree.locator('.ant-tree-treenode').filter({ has: page.getByTitle(title, { exact: true }) });
      await expand(node(text.masterData));
      await expand(node(text.material));
      await node(text.view).first().locator('.ant-tree-checkbox').click();
      await screenshot(page, `role-grant-${language}`);
      await page.locator('#grant-save').click();
      await confirmDialog(page, text.allocate, text.ok);
      await page.locator('.ant-message-success').filter({ hasText: text.success }).first().waitFor();
      await row.locator('.ant-checkbox-input').uncheck();

      // A user of that role.
      await page.goto('/system/user');
      await page.getByTestId('toolbar-add').click();
      const form = page.locator('.bl-record-drawer');
      const account = `reader_${language}`;
      await form.locator('#account').fill(account);
      await form.locator('#name').fill(`Reader ${language}`);
      await form.locator('#password').fill('Read-only-1');
      await form.locator('#confirmPassword').fill('Read-only-1');
      await form.locator('#roleId').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `Viewer ${language}` })
        .click();
      await form
        .locator('button')
        .filter({ hasText: spacedOut(text.save) })
        .click();
      await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: account }).waitFor();
      await context?.close();

      // Signed in as that user: one group, one screen, no add button.
      const reader = await signIn(language, account, 'Read-only-1');
      const menu = reader.getByTestId('side-menu');
      await menu.getByText(text.masterData, { exact: true }).click();
      await menu.getByText(text.material, { exact: true }).waitFor();
      expect(await menu.getByText(text.unit, { exact: true }).count()).toBe(0);
      await menu.getByText(text.material, { exact: true }).click();
      await reader.getByTestId('crud-material').waitFor();
      expect(await reader.getByTestId('toolbar-add').count()).toBe(0);
      await screenshot(reader, `role-granted-menu-${language}`);
      await context?.close();
      context = undefined;
    },
    90_000,
  );

  it('gives a tenant package its menus through the menu tree', async () => {
    const page = await signIn('zh');
    await page.goto('/system/tenantpackage');
    await page.getByTestId('crud-tenantpackage').waitFor();
    await page.getByTestId('toolbar-add').click();
    const drawer = page.locator('.bl-record-drawer');
    await drawer.locator('#packageName').fill('仓储基础版');
    await drawer
      .locator('button')
      .filter({ hasText: spacedOut('保存') })
      .click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '仓储基础版' });
    await row.waitFor();
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('toolbar-package-menus').click();
    const tree = page.getByTestId('grant-tree');
    await tree.waitFor();
    // The platform's own screens are not for packages.
    expect(await tree.getByText('租户管理', { exact: true }).count()).toBe(0);
    await tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText('基础资料', { exact: true }) })
      .locator('.ant-tree-checkbox')
      .click();
    await screenshot(page, 'tenant-package-menus-zh');
    await page.locator('#grant-save').click();
    await page
      .locator('.bl-confirm-allocate button')
      .filter({ hasText: spacedOut('确定') })
      .click();
    await page.locator('.ant-message-success').first().waitFor();
    await page.getByTestId('toolbar-package-menus').click();
    const again = page.getByTestId('grant-tree');
    await again.locator('.ant-tree-checkbox-checked').first().waitFor();
    await context?.close();
    context = undefined;
  }, 60_000);

  it('lists menus as a tree: a branch opens onto its children, a search lists matches flat', async () => {
    const page = await signIn('zh');
    await page.goto('/system/menu');
    await page.getByTestId('crud-menu').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const system = rows.filter({ has: page.getByText('系统管理', { exact: true }) });
    await system.waitFor();
    // Children stay folded under their branch until it is opened.
    expect(await rows.filter({ has: page.getByText('菜单管理', { exact: true }) }).count()).toBe(0);
    await system.locator('.ant-table-row-expand-icon').click();
    const menus = rows.filter({ has: page.getByText('菜单管理', { exact: true }) });
    await menus.waitFor();
    expect(await menus.getAttribute('class')).toContain('ant-table-row-level-1');
    await screenshot(page, 'menu-tree-zh');
    await context?.close();
    context = undefined;
  }, 60_000);
  it("shows the tenant's own wording of a text on every screen, in its language only (issue 33)", async () => {
    if (!suite) throw new Error('the suite did not start');
    const page = await signIn('zh');
    await page.goto('/develop/language');
    await page.getByTestId('crud-language').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.locator('.bl-record-drawer');
    await form.locator('#messageKey').fill('crud.save');
    await form.locator('#lang').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '简体中文' }).click();
    await form.locator('#messageValue').fill('存好');
    await form
      .locator('.ant-drawer-footer button')
      .filter({ hasText: spacedOut('保存') })
      .click();
    await form.waitFor({ state: 'detached' });
    // Every form's save button now reads the tenant's word, without a reload.
    await page.getByTestId('toolbar-add').click();
    await page
      .locator('.bl-record-drawer .ant-drawer-footer button')
      .filter({ hasText: spacedOut('存好') })
      .waitFor();
    await screenshot(page, 'tenant-texts-form-zh');
    await page.keyboard.press('Escape');
    await page.locator('.bl-record-drawer').waitFor({ state: 'detached' });
    await context?.close();

    // In English the product's word stands.
    const english = await signIn('en');
    await english.goto('/develop/language');
    await english.getByTestId('crud-language').locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await english.getByTestId('toolbar-add').click();
    await english
      .locator('.bl-record-drawer .ant-drawer-footer button')
      .filter({ hasText: 'Save' })
      .waitFor();
    await screenshot(english, 'tenant-texts-list-en');
    await context?.close();
    context = undefined;
    const { call } = await adminApi(suite.server.baseUrl);
    const rows = (await call('GET', '/api/bl-develop/language/list')) as unknown as {
      records: { id: string }[];
    };
    await call(
      'POST',
      `/api/bl-develop/language/remove?ids=${rows.records.map((row) => row.id).join(',')}`,
      {},
    );
  }, 90_000);
});
