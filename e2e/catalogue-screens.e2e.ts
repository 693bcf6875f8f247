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

/** One entity screen reached from the side menu: its area, its menu path and its label. */
interface Screen {
  entity: string;
  area: string;
  /** The menu entry's path: the entity's spec 01 §2 route where it has one, else /{area}/{entity}. */
  path: string;
  label: Record<Language, string>;
  /** Read-only ledgers have no add button. */
  readOnly?: boolean;
}

const languages = ['zh', 'mo', 'en'] as const;
type Language = (typeof languages)[number];

/** What a visitor must read, per language: the expectations, written independently of the app. */
const areaLabels: Record<string, Record<Language, string>> = {
  basicData: { zh: '基础资料', mo: '基礎資料', en: 'Master data' },
  warehousingManagement: { zh: '入库管理', mo: '入庫管理', en: 'Inbound' },
  outWarehouseManagement: { zh: '出库管理', mo: '出庫管理', en: 'Outbound' },
  reportManagement: { zh: '报表管理', mo: '報表管理', en: 'Reports' },
  transport: { zh: '运输管理', mo: '運輸管理', en: 'Transport' },
  acct: { zh: '计费结算', mo: '計費結算', en: 'Billing' },
  device: { zh: '设备监控', mo: '設備監控', en: 'Devices' },
  system: { zh: '系统管理', mo: '系統管理', en: 'System' },
};

const screens: Screen[] = [
  {
    entity: 'material',
    area: 'basicData',
    path: '/basicData/material',
    label: { zh: '物料', mo: '物料', en: 'Material' },
  },
  {
    entity: 'customer',
    area: 'basicData',
    path: '/basicData/customer',
    label: { zh: '货主', mo: '貨主', en: 'Owner' },
  },
  {
    entity: 'warehouseplace',
    area: 'basicData',
    path: '/basicData/warehouseplace',
    label: { zh: '库位', mo: '庫位', en: 'Storage location' },
  },
  {
    entity: 'isinstockbill',
    area: 'warehousingManagement',
    path: '/warehousingManagement/isinstockbillForm',
    label: { zh: '入库单', mo: '入庫單', en: 'Inbound bill' },
  },
  {
    entity: 'osoutstockbill',
    area: 'outWarehouseManagement',
    path: '/outWarehouseManagement/osoutstockbillForm',
    label: { zh: '出库单', mo: '出庫單', en: 'Outbound bill' },
  },
  {
    entity: 'stock',
    area: 'reportManagement',
    path: '/reportManagement/stock',
    label: { zh: '库存', mo: '庫存', en: 'Stock' },
    readOnly: true,
  },
  {
    entity: 'consignmentbill',
    area: 'transport',
    path: '/consignmentBill/consignmentBillAdd',
    label: { zh: '托运单', mo: '託運單', en: 'Consignment' },
  },
  {
    entity: 'costbill',
    area: 'acct',
    path: '/acct/costbillView',
    label: { zh: '费用账单', mo: '費用帳單', en: 'Cost bill' },
  },
  {
    entity: 'deviceinfo',
    area: 'device',
    path: '/device/deviceinfo',
    label: { zh: '温湿度设备', mo: '溫濕度設備', en: 'Temperature and humidity sensor' },
  },
  {
    entity: 'dept',
    area: 'system',
    path: '/system/dept',
    label: { zh: '部门管理', mo: '部門管理', en: 'Departments' },
  },
];

/** The add drawer's title of an inbound bill. */
const addInbound: Record<Language, string> = { zh: '新增入库单', mo: '新增入庫單', en: 'Add Inbound bill' };

let suite: Suite | undefined;
let context: BrowserContext | undefined;
/** Uncaught errors of the pages under test: there must be none. */
let pageErrors: string[] = [];

function started(): Suite {
  if (!suite) throw new Error('the suite did not start');
  return suite;
}

/** Signs in as the tenant's admin with the interface in this language (kept in `saber-language`). */
async function signIn(language: Language): Promise<Page> {
  context = await newContext(started().browser, started().server.baseUrl);
  await context.addInitScript((code) => localStorage.setItem('saber-language', code), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  await page.goto('/login');
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill('admin');
  await page.locator('#login_password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
  return page;
}

/** Opens a screen through the side menu: its area first (unless open), then its entry. */
async function openFromMenu(page: Page, language: Language, screen: Screen) {
  const menu = page.getByTestId('side-menu');
  const entry = menu.locator(`li.ant-menu-item[data-menu-id$="-${screen.path}"]`);
  if (!(await entry.isVisible()))
    await menu
      .locator('.ant-menu-submenu-title')
      .filter({ hasText: new RegExp(`^${areaLabels[screen.area]?.[language]}$`) })
      .click();
  await entry.waitFor();
  await popupsSettled(page);
  await entry.click();
  await page.waitForURL(`**${screen.path}`);
  await page.getByTestId(`crud-${screen.entity}`).waitFor();
}

/** Waits until the list has answered: rows or the empty placeholder, no spinner. */
async function listLoaded(page: Page, entity: string) {
  const table = page.getByTestId(`crud-${entity}`);
  await table
    .locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody tr.ant-table-placeholder')
    .first()
    .waitFor();
  await page.waitForFunction(
    (id) => !document.querySelector(`[data-testid="${id}"] .ant-spin-spinning`),
    `crud-${entity}`,
  );
}

/** Texts of the page (and its title) that are translation keys, not translations ('crud.add'...). */
async function rawKeys(page: Page): Promise<string[]> {
  const text = `${await page.title()}\n${await page.locator('body').textContent()}`;
  return text.match(/\b(?:crud|menu|field)\.[A-Za-z][\w.]*/g) ?? [];
}

describe.skipIf(!browserAvailable)('catalogue screens in every language', () => {
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

  for (const language of languages) {
    it(`opens ten entity screens from the menu, and the inbound bill form, in ${language}`, async () => {
      const page = await signIn(language);

      for (const screen of screens) {
        await openFromMenu(page, language, screen);
        const crud = page.getByTestId(`crud-${screen.entity}`);
        // A bill's form (or add) route opens its list: the add drawer opens only when asked (issue 14).
        await listLoaded(page, screen.entity);
        expect(await page.locator('.bl-record-drawer').count(), screen.entity).toBe(0);
        const heading = crud.locator('.ant-pro-table-list-toolbar-title');
        expect(await heading.textContent(), screen.entity).toContain(screen.label[language]);
        // The buttons come with the user's codes: export is there for every screen.
        await crud.getByTestId('toolbar-export').waitFor();
        expect(await crud.getByTestId('toolbar-add').count(), screen.entity).toBe(screen.readOnly ? 0 : 1);
        expect(await rawKeys(page), screen.entity).toEqual([]);
        await screenshot(page, `screen-${screen.entity}-${language}`);
      }

      // The inbound bill's form route, opened directly: its list; add opens the drawer and its lines grid.
      await page.goto('/warehousingManagement/isinstockbillForm');
      await page.getByTestId('crud-isinstockbill').getByTestId('toolbar-add').click();
      const drawer = page.locator('.bl-record-drawer');
      await drawer.locator('.ant-drawer-title').filter({ hasText: addInbound[language] }).waitFor();
      const lines = drawer.locator('[data-testid^="lines-"]');
      await lines.locator('.ant-table').first().waitFor();
      expect(await lines.count()).toBeGreaterThan(0);
      await page.getByTestId('crud-isinstockbill').waitFor();
      expect(await rawKeys(page)).toEqual([]);
      // The drawer scrolls on its own: bring the lines grid into the picture.
      await lines.first().scrollIntoViewIfNeeded();
      await screenshot(page, `screen-isinstockbill-form-${language}`);
      // Ten screens, each with its catalogue, list and buttons: minutes on a loaded machine.
    }, 360_000);
  }
});
