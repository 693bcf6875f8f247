import type { Area } from './define.ts';
import { type Label, label } from './label.ts';

/** The side-menu groups, in menu order, with their labels and icons. */
export const areas: { code: Area; label: Label; icon: string }[] = [
  { code: 'warehousingManagement', label: label('入库管理', '入庫管理', 'Inbound'), icon: 'ImportOutlined' },
  {
    code: 'outWarehouseManagement',
    label: label('出库管理', '出庫管理', 'Outbound'),
    icon: 'ExportOutlined',
  },
  {
    code: 'inWarehouseManagement',
    label: label('库内管理', '庫內管理', 'In-warehouse'),
    icon: 'AppstoreOutlined',
  },
  { code: 'otherBill', label: label('其他单据', '其他單據', 'Other bills'), icon: 'FileTextOutlined' },
  { code: 'loadHandle', label: label('装车管理', '裝車管理', 'Loading'), icon: 'CarOutlined' },
  {
    code: 'secondaryProcessing',
    label: label('二次加工', '二次加工', 'Secondary processing'),
    icon: 'ToolOutlined',
  },
  { code: 'transport', label: label('运输管理', '運輸管理', 'Transport'), icon: 'NodeIndexOutlined' },
  { code: 'acct', label: label('计费结算', '計費結算', 'Billing'), icon: 'AccountBookOutlined' },
  { code: 'reportManagement', label: label('报表管理', '報表管理', 'Reports'), icon: 'BarChartOutlined' },
  { code: 'supplyChain', label: label('供应链', '供應鏈', 'Supply chain'), icon: 'ApartmentOutlined' },
  { code: 'device', label: label('设备监控', '設備監控', 'Devices'), icon: 'DashboardOutlined' },
  { code: 'basicData', label: label('基础资料', '基礎資料', 'Master data'), icon: 'DatabaseOutlined' },
  { code: 'develop', label: label('开发工具', '開發工具', 'Developer tools'), icon: 'CodeOutlined' },
  { code: 'system', label: label('系统管理', '系統管理', 'System'), icon: 'SettingOutlined' },
];
