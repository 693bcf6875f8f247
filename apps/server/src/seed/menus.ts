import type { Area } from '@bl/entities';

/**
 * Menu entries that are not one entity's screen (the catalogue gives each entity its own, see
 * catalogue-menus.ts): spec 01 §2 pages still to be built, and a second route onto an entity.
 * Names are Simplified Chinese (the menu admin's language); the web app shows `menu.<code>`
 * from its translations, so the menu reads in the user's language. They sit after the
 * entity entries of their area unless `sort` places them (entity entries sort from 100 in
 * catalogue order).
 */
export interface SeedMenu {
  code: string;
  name: string;
  path: string;
  area: Area;
  sort?: number;
  /** Button codes `{code}_{action}` the screen's calls check (named as in catalogue-menus.ts). */
  buttons?: readonly string[];
}

export const seedMenus: SeedMenu[] = [
  {
    code: 'stockBatch',
    name: '绑定批次',
    path: '/warehousingManagement/stockBatchForm',
    area: 'warehousingManagement',
  },
  { code: 'loadbillShow', name: '装车任务显示', path: '/loadHandle/loadbillFormShow', area: 'loadHandle' },
  {
    code: 'stockpageshow2',
    name: '库位看板',
    path: '/reportManagement/stockpageshow2',
    area: 'reportManagement',
  },
  // Month-end stock snapshots (issue 20 target 6, ADR 0034): its own buttons, so granting the
  // screen is one choice in the role's menu tree; `take` writes rows, `view` and `export` read them.
  {
    code: 'stockSnapshot',
    name: '月末库存快照',
    path: '/reportManagement/stockSnapshot',
    area: 'reportManagement',
    buttons: ['view', 'take', 'export'],
  },
  // Consignment orders are the consignment entity's billType 1, on their own spec route; the
  // screen checks the consignment's buttons, which hang under the consignment entry. Orders
  // come before the notes made from them (the consignment is the first transport entity).
  {
    code: 'consignmentOrder',
    name: '托运订单',
    path: '/consignmentOrderbill/consignmentOrderbillAdd',
    area: 'transport',
    sort: 99,
  },
  // The transport monitor (spec 01 Transport: /openYsy/index), after the transport documents.
  { code: 'transportMonitor', name: '运输监控', path: '/openYsy/index', area: 'transport' },
  // Workflow (spec 01 "Develop and flow tools", ADR 0027): the work page and the process
  // designer; the detail page and the form designer (/tool/build/index) stay hidden.
  { code: 'workStart', name: '流程工作台', path: '/flowable/work/start', area: 'system' },
  { code: 'processDesigner', name: '流程设计', path: '/definition/designer', area: 'system' },
  // Device monitoring (issue 19): the board of sensors and the alarm list come before the
  // catalogue's device, reading and setting lists. Their calls check the deviceinfo buttons.
  { code: 'deviceBoard', name: '设备看板', path: '/device/board', area: 'device', sort: 10 },
  { code: 'deviceAlarm', name: '设备报警', path: '/device/alarms', area: 'device', sort: 11 },
  // Directory (LDAP / Active Directory) settings for domain sign-in (ADR 0013).
  {
    code: 'directory',
    name: '域登录设置',
    path: '/system/directory',
    area: 'system',
    buttons: ['view', 'edit', 'test'],
  },
];

/**
 * Codes of earlier seeds retired because the catalogue's entry shows the same screen (menu codes
 * are compared exactly, so `orderIsinstockbill` stood beside `orderisinstockbill`): an existing
 * database has them marked deleted at start-up.
 */
export const retiredMenuCodes: readonly string[] = [
  'orderIsinstockbill',
  ...['add', 'edit', 'delete', 'view'].map((action) => `orderIsinstockbill_${action}`),
  'orderOsoutstockbill',
];
