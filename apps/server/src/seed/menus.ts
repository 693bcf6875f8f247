/**
 * The starting menu tree: the business areas of spec 01 §2 with their first screens (the
 * catalogue adds one entry per entity at start-up, see catalogue-menus.ts). Names
 * are Simplified Chinese (the menu admin's language); the web app shows `menu.<code>` from its
 * translations, so the menu reads in the user's language. Buttons (category 2) hang under
 * their screen. Later work adds screens and their rows here.
 */
export interface SeedMenu {
  code: string;
  name: string;
  path: string;
  source?: string;
  category?: 1 | 2;
  isShow?: 0 | 1;
  children?: SeedMenu[];
}

const buttons = (screen: string): SeedMenu[] =>
  (['add', 'edit', 'delete', 'view'] as const).map((action) => ({
    code: `${screen}_${action}`,
    name: { add: '新增', edit: '修改', delete: '删除', view: '查看' }[action],
    path: '',
    category: 2,
  }));

export const seedMenus: SeedMenu[] = [
  {
    code: 'warehousingManagement',
    name: '入库管理',
    path: '/warehousingManagement',
    source: 'ImportOutlined',
    children: [
      {
        code: 'orderIsinstockbill',
        name: '预约入库',
        path: '/warehousingManagement/orderIsinstockbillForm',
        children: buttons('orderIsinstockbill'),
      },
      {
        code: 'isinstockbill',
        name: '入库单',
        path: '/warehousingManagement/isinstockbillForm',
        children: buttons('isinstockbill'),
      },
      { code: 'stockBatch', name: '绑定批次', path: '/warehousingManagement/stockBatchForm' },
    ],
  },
  {
    code: 'outWarehouseManagement',
    name: '出库管理',
    path: '/outWarehouseManagement',
    source: 'ExportOutlined',
    children: [
      {
        code: 'orderOsoutstockbill',
        name: '预约出库',
        path: '/outWarehouseManagement/orderOsoutstockbillForm',
      },
      {
        code: 'osoutstockbill',
        name: '出库单',
        path: '/outWarehouseManagement/osoutstockbillForm',
        children: buttons('osoutstockbill'),
      },
      { code: 'stocksortingbill', name: '分拣单', path: '/outWarehouseManagement/stocksortingbillForm' },
    ],
  },
  {
    code: 'loadHandle',
    name: '装车管理',
    path: '/loadHandle',
    source: 'CarOutlined',
    children: [
      { code: 'loadbill', name: '装车单', path: '/loadHandle/loadbillForm' },
      { code: 'loadbillShow', name: '装车任务显示', path: '/loadHandle/loadbillFormShow' },
    ],
  },
  {
    code: 'reportManagement',
    name: '报表管理',
    path: '/reportManagement',
    source: 'BarChartOutlined',
    children: [
      { code: 'stockByWarehouseArea', name: '库区库存', path: '/reportManagement/stockByWarehouseAreaView' },
      { code: 'stockpageshow2', name: '库位看板', path: '/reportManagement/stockpageshow2' },
      { code: 'stockStreamDetail', name: '库存流水明细', path: '/reportManagement/stockStreamDetailView' },
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'SettingOutlined',
    children: [
      { code: 'user', name: '用户管理', path: '/system/user', children: buttons('user') },
      { code: 'role', name: '角色管理', path: '/system/role', children: buttons('role') },
      { code: 'menu', name: '菜单管理', path: '/system/menu', children: buttons('menu') },
    ],
  },
];
