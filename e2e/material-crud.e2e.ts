import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  browserAvailable,
  newContext,
  type Suite,
  screenshot,
  spacedOut,
  startSuite,
  stopSuite,
} from './harness.ts';

/** What a visitor must read, per language: the expectations, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    product: '3PL 仓储管理平台',
    masterData: '基础资料',
    unitMenu: '计量单位',
    materialMenu: '物料',
    add: '新增',
    save: '保存',
    ok: '确定',
    search: '搜索',
    empty: '清空',
    success: '操作成功!',
    codeRequired: '请输入物料编码',
    unitRequired: '请选择基本单位',
    addMaterial: '新增物料',
    editMaterial: '编辑物料',
    copyMaterial: '复制物料',
    viewMaterial: '查看物料',
    deleteConfirm: '确定将选择数据删除?',
    exportConfirm: '是否导出数据?',
    selectOne: '请选择至少一条数据',
    onlyExcel: '只能上传 .xls 或 .xlsx 文件',
    importMaterial: '导入物料',
    startImport: '开始导入',
    alreadyExists: '已存在',
    pagerTotal: '共 2 条',
    perPage: '20 条/页',
    createdBy: '创建人',
    specColumn: '规格',
    admin: '管理员',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    product: '3PL 倉儲管理平台',
    masterData: '基礎資料',
    unitMenu: '計量單位',
    materialMenu: '物料',
    add: '新增',
    save: '儲存',
    success: '操作成功!',
    codeRequired: '請輸入物料編碼',
    unitRequired: '請選擇基本單位',
    search: '搜尋',
    perPage: '20 條/頁',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    product: '3PL Warehouse Management',
    masterData: 'Master data',
    unitMenu: 'Unit',
    materialMenu: 'Material',
    add: 'Add',
    save: 'Save',
    success: 'operation success !',
    codeRequired: 'please input Material code',
    unitRequired: 'please select Base unit',
    search: 'Search',
    perPage: '20 / page',
  },
} as const;

type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;
/** Uncaught errors of the pages under test: there must be none. */
let pageErrors: string[] = [];

function started(): Suite {
  if (!suite) throw new Error('the suite did not start');
  return suite;
}

async function openContext(): Promise<BrowserContext> {
  context = await newContext(started().browser, started().server.baseUrl);
  // Printing opens the browser's dialog: count the calls instead.
  await context.addInitScript(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  context.on('page', (page) =>
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message)),
  );
  return context;
}

/** Matches a label whether or not antd put spaces between its characters ('保 存'). */

/**
 * A button by its text. Not by role: a button that was loading keeps its (hidden) loading icon,
 * whose label then joins the button's accessible name.
 */
const button = (scope: Page | Locator, label: string) =>
  scope.locator('button').filter({ hasText: spacedOut(label) });

async function chooseLanguage(page: Page, language: Language) {
  const text = expected[language];
  const languageSwitch = page.getByTestId('language-switch');
  if ((await languageSwitch.textContent())?.includes(text.languageName)) return;
  await languageSwitch.click();
  await page.locator('.ant-dropdown-menu-item').filter({ hasText: text.languageName }).click();
  await page.getByRole('heading', { name: text.heading }).waitFor();
}

async function signIn(language: Language): Promise<Page> {
  const page = await (await openContext()).newPage();
  await page.goto('/login');
  await chooseLanguage(page, language);
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill('admin');
  await page.locator('#login_password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
  return page;
}

/** Opens a master-data screen from the side menu. */
async function openFromMenu(page: Page, language: Language, item: string, entity: string) {
  const menu = page.getByTestId('side-menu');
  const leaf = menu.getByText(item, { exact: true });
  if (!(await leaf.isVisible())) await menu.getByText(expected[language].masterData, { exact: true }).click();
  await leaf.click();
  await page.waitForURL(`**/basicData/${entity}`);
  await page.getByTestId(`crud-${entity}`).waitFor();
}

const toast = (page: Page, kind: 'success' | 'error' | 'warning', text: string) =>
  page.locator(`.ant-message-notice .ant-message-${kind}`).filter({ hasText: text }).first().waitFor();

const drawer = (page: Page) => page.locator('.bl-record-drawer');
const rowOf = (page: Page, code: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code });
const rows = (page: Page) => page.locator('[data-testid^="crud-"] .ant-table-tbody tr.ant-table-row');

/** Picks a referenced record in a searchable picker by typing part of its code. */
async function pickRef(page: Page, input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

async function save(page: Page, language: Language) {
  await button(drawer(page), expected[language].save).click();
}

async function confirm(page: Page, text: string) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await dialog.waitFor();
  return dialog;
}

/** Adds a unit through the unit screen's form. */
async function addUnit(page: Page, language: Language, code: string, name: string) {
  await page.getByTestId('toolbar-add').click();
  await drawer(page).locator('#code').fill(code);
  await drawer(page).locator('#name').fill(name);
  await save(page, language);
  await toast(page, 'success', expected[language].success);
  await rowOf(page, code).waitFor();
}

/** Adds a material through the form, after checking its required messages. */
async function addMaterial(page: Page, language: Language, code: string, unit: string) {
  const text = expected[language];
  await page.getByTestId('toolbar-add').click();
  const form = drawer(page);
  await form.locator('#code').waitFor();
  await save(page, language);
  const errors = form.locator('.ant-form-item-explain-error');
  await errors.getByText(text.codeRequired, { exact: true }).waitFor();
  await errors.getByText(text.unitRequired, { exact: true }).waitFor();
  await form.locator('#code').fill(code);
  await form.locator('#name').fill(`Material ${code}`);
  await pickRef(page, form.locator('#unitCode'), unit.slice(0, 2), `${unit} - `);
  await form.locator('#price').fill('12.34567');
  // The decimal input keeps at most the field's scale (4).
  expect(await form.locator('#price').inputValue()).toBe('12.3456');
  await form.locator('#gross').fill('1.5');
  await page.mouse.move(0, 0);
  return form;
}

describe.skipIf(!browserAvailable)('generic entity screens', () => {
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

  it('keeps materials in zh: add, edit, copy, view, filter, print, export, import, delete', async () => {
    const text = expected.zh;
    const page = await signIn('zh');

    // A unit first: materials refer to one.
    await openFromMenu(page, 'zh', text.unitMenu, 'unit');
    expect(await page.title()).toBe(`${text.unitMenu}-${text.product}`);
    await addUnit(page, 'zh', 'PCS', '件');

    // Add a material through the form.
    await openFromMenu(page, 'zh', text.materialMenu, 'material');
    expect(await page.title()).toBe(`${text.materialMenu}-${text.product}`);
    const form = await addMaterial(page, 'zh', 'MAT-001', 'PCS');
    await page.locator('.ant-drawer-title').filter({ hasText: text.addMaterial }).waitFor();
    await screenshot(page, 'crud-form-zh');
    await save(page, 'zh');
    await toast(page, 'success', text.success);
    await form.waitFor({ state: 'detached' });
    const first = rowOf(page, 'MAT-001');
    await first.waitFor();
    expect(await first.textContent()).toContain('12.3456');
    expect(await first.textContent()).toContain('PCS');

    // Edit it.
    await first.getByTestId('row-edit').click();
    await page.locator('.ant-drawer-title').filter({ hasText: text.editMaterial }).waitFor();
    expect(await drawer(page).locator('#code').inputValue()).toBe('MAT-001');
    await drawer(page).locator('#name').fill('测试物料（修改）');
    await drawer(page).locator('#price').fill('99.5');
    await save(page, 'zh');
    await toast(page, 'success', text.success);
    await rowOf(page, '测试物料（修改）').waitFor();
    expect(await rowOf(page, 'MAT-001').textContent()).toContain('99.5000');

    // Copy it: everything but the unique code comes along. A row offers two links, the rest
    // sit behind its "more" menu (issue 29, 10).
    expect(await rowOf(page, 'MAT-001').getByTestId('row-copy').count()).toBe(0);
    const actionsColumn = await page
      .locator('.ant-table-thead th.ant-table-cell-fix-right')
      .first()
      .boundingBox();
    expect(actionsColumn && actionsColumn.width <= 150).toBe(true);
    await rowOf(page, 'MAT-001').getByTestId('row-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('row-copy').click();
    await page.locator('.ant-drawer-title').filter({ hasText: text.copyMaterial }).waitFor();
    expect(await drawer(page).locator('#code').inputValue()).toBe('');
    expect(await drawer(page).locator('#name').inputValue()).toBe('测试物料（修改）');
    expect(await drawer(page).locator('#price').inputValue()).toBe('99.5000');
    await drawer(page).locator('#code').fill('MAT-002');
    await save(page, 'zh');
    await toast(page, 'success', text.success);
    await rowOf(page, 'MAT-002').waitFor();
    expect(await rows(page).count()).toBe(2);
    await page.getByText(text.pagerTotal).waitFor();
    await page.getByText(text.perPage).waitFor();
    await screenshot(page, 'crud-list-zh');

    // View it.
    await rowOf(page, 'MAT-001').getByTestId('row-view').click();
    const view = page.locator('.bl-view-drawer');
    await view.locator('.ant-drawer-title').filter({ hasText: text.viewMaterial }).waitFor();
    await view.getByText('测试物料（修改）').waitFor();
    await view.getByText('99.5000').waitFor();
    await view.getByText(text.createdBy).waitFor();
    expect(await view.getByText(text.admin, { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'crud-view-zh');
    await view.locator('.ant-drawer-close').click();
    await view.waitFor({ state: 'detached' });

    // Filter by code in the search form, then empty the filter.
    const search = page.locator('.ant-pro-table-search');
    await search.getByPlaceholder('请输入物料编码').fill('MAT-002');
    await button(search, text.search).click();
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1,
    );
    expect(await rowOf(page, 'MAT-002').count()).toBe(1);
    await screenshot(page, 'crud-list-filtered-zh');
    await button(search, text.empty).click();
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 2,
    );

    // Print needs a selection; the print page prints the chosen record at once.
    await page.getByTestId('toolbar-print').click();
    await toast(page, 'warning', text.selectOne);
    await rowOf(page, 'MAT-001').locator('input[type="checkbox"]').check();
    const [printPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('toolbar-print').click(),
    ]);
    await printPage.waitForURL('**/print/material?ids=*');
    await printPage.getByTestId('print-page').getByText('测试物料（修改）').waitFor();
    await printPage.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
    await screenshot(printPage, 'crud-print-zh');
    await printPage.close();
    await rowOf(page, 'MAT-001').locator('input[type="checkbox"]').uncheck();

    // Export after the confirmation: an .xlsx arrives under the server's name.
    await page.getByTestId('toolbar-export').click();
    const exportDialog = await confirm(page, text.exportConfirm);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(exportDialog, text.ok).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^物料-\d+\.xlsx$/);
    const exported = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bl-export-')), 'materials.xlsx');
    await download.saveAs(exported);
    expect(fs.readFileSync(exported).subarray(0, 2).toString('latin1')).toBe('PK');

    // Importing the same rows again is refused row by row: the codes exist.
    await page.getByTestId('toolbar-import').click();
    const importDialog = page.locator('.bl-import-dialog');
    await importDialog.getByText(text.importMaterial).waitFor();
    const fileInput = importDialog.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'materials.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b'),
    });
    await toast(page, 'error', text.onlyExcel);
    await fileInput.setInputFiles(exported);
    await button(importDialog, text.startImport).click();
    await importDialog
      .locator('.ant-table-tbody tr')
      .filter({ hasText: text.alreadyExists })
      .first()
      .waitFor();
    expect(await importDialog.locator('.ant-table-tbody tr').count()).toBe(2);
    await screenshot(page, 'crud-import-errors-zh');
    await importDialog.locator('.ant-modal-close').click();
    await importDialog.waitFor({ state: 'detached' });

    // Delete one row from its action, after the confirmation.
    await rowOf(page, 'MAT-002').getByTestId('row-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('row-delete').click();
    const deleteDialog = await confirm(page, text.deleteConfirm);
    await screenshot(page, 'crud-delete-confirm-zh');
    await button(deleteDialog, text.ok).click();
    await toast(page, 'success', text.success);
    await rowOf(page, 'MAT-002').waitFor({ state: 'detached' });

    // Batch delete needs a selection, then takes the selected rows.
    await page.getByTestId('toolbar-delete').click();
    await toast(page, 'warning', text.selectOne);
    await rowOf(page, 'MAT-001').locator('input[type="checkbox"]').check();
    await page.getByTestId('toolbar-delete').click();
    await button(await confirm(page, text.deleteConfirm), text.ok).click();
    await rowOf(page, 'MAT-001').waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(0);

    // With the codes free again, the exported file imports as a whole.
    await page.getByTestId('toolbar-import').click();
    await importDialog.locator('input[type="file"]').setInputFiles(exported);
    await button(importDialog, text.startImport).click();
    await importDialog.waitFor({ state: 'detached' });
    await rowOf(page, 'MAT-001').waitFor();
    await rowOf(page, 'MAT-002').waitFor();

    // Column settings stay with the screen (local storage, under the site key).
    await page.locator('.ant-pro-table-list-toolbar-setting-item .anticon-setting').click();
    await page
      .locator('.ant-popover:visible .ant-tree-treenode')
      .filter({ hasText: text.specColumn })
      .locator('.ant-tree-checkbox')
      .click();
    await page.reload();
    await rowOf(page, 'MAT-001').waitFor();
    expect(await page.locator('.ant-table-thead th').allInnerTexts()).not.toContain(text.specColumn);
    const stored = await page.evaluate(() => localStorage.getItem('saber-crud-material-columns'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ spec: { show: false } });
  });

  for (const language of ['mo', 'en'] as const) {
    it(`adds a material and lists materials in ${language}`, async () => {
      const text = expected[language];
      const page = await signIn(language);
      await openFromMenu(page, language, text.unitMenu, 'unit');
      const unit = language === 'mo' ? 'BOX' : 'CTN';
      await addUnit(page, language, unit, language === 'mo' ? '箱' : 'Carton');
      await openFromMenu(page, language, text.materialMenu, 'material');
      expect(await page.title()).toBe(`${text.materialMenu}-${text.product}`);
      await addMaterial(page, language, `${language.toUpperCase()}-001`, unit);
      await screenshot(page, `crud-form-${language}`);
      await save(page, language);
      await toast(page, 'success', text.success);
      await rowOf(page, `${language.toUpperCase()}-001`).waitFor();
      await page.getByText(text.perPage).waitFor();
      await button(page.locator('.ant-pro-table-search'), text.search).waitFor();
      await screenshot(page, `crud-list-${language}`);
    });
  }

  it('opens the screens of other entities from their menu paths', async () => {
    const page = await signIn('zh');
    const screens = [
      { entity: 'customer', column: '货主编码' },
      { entity: 'warehouseplace', column: '库位编码' },
      { entity: 'lgagreement', column: '协议编号' },
    ];
    for (const { entity, column } of screens) {
      await page.goto(`/basicData/${entity}`);
      await page
        .getByTestId(`crud-${entity}`)
        .locator('.ant-table-thead')
        .getByText(column)
        .first()
        .waitFor();
      await page.getByTestId('toolbar-add').waitFor();
      await screenshot(page, `crud-${entity}-zh`);
    }
    // The agreement's form: dates, dictionaries, money and a picker of owners.
    await page.getByTestId('toolbar-add').click();
    await drawer(page).locator('#agreementCode').waitFor();
    await screenshot(page, 'crud-lgagreement-form-zh');
  });
});
