import { billingDicts } from './billing/dicts.ts';
import { billsDicts } from './bills/dicts.ts';
import { devicesDicts } from './devices/dicts.ts';
import { type Dict, dict } from './dicts-core.ts';
import { label } from './label.ts';
import { pageBuilderDicts } from './page-builder/dicts.ts';
import { processingDicts } from './processing/dicts.ts';
import { supplyChainDicts } from './supply-chain/dicts.ts';
import { systemDicts } from './system/dicts.ts';
import { transportDicts } from './transport/dicts.ts';

export type { Dict, DictValue } from './dicts-core.ts';

/**
 * Fixed dictionaries: the value hints of spec 02 §4 with labels in three languages. Values
 * travel as strings ("0", "1"), the way SpringBlade dictionaries keep dictKey.
 */
const commonDicts = {
  yesNo: dict('yesNo', label('是否', '是否', 'Yes / no'), [
    ['0', label('否', '否', 'No')],
    ['1', label('是', '是', 'Yes')],
  ]),
  enabled: dict('enabled', label('启用状态', '啟用狀態', 'Enabled'), [
    ['0', label('停用', '停用', 'Disabled')],
    ['1', label('启用', '啟用', 'Enabled')],
  ]),
  invalid: dict('invalid', label('有效标志', '有效標誌', 'Validity'), [
    ['0', label('有效', '有效', 'Valid')],
    ['1', label('无效', '無效', 'Invalid')],
  ]),
  stockStatus: dict('stockStatus', label('库存状态', '庫存狀態', 'Stock status'), [
    ['1', label('可用', '可用', 'Available')],
    ['2', label('质检', '質檢', 'Quality inspection')],
    ['3', label('冻结', '凍結', 'Frozen')],
    // Shipped by an allocation bill, not yet received at the target warehouse.
    ['4', label('在途', '在途', 'In transit')],
  ]),
  strategyType: dict('strategyType', label('策略类型', '策略類型', 'Strategy type'), [
    ['1', label('上架策略', '上架策略', 'Put-away')],
    ['2', label('下架策略', '下架策略', 'Pick-down')],
  ]),
  packLevel: dict('packLevel', label('包装层级', '包裝層級', 'Pack level'), [
    ['1', label('一级', '一級', 'Level 1')],
    ['2', label('二级', '二級', 'Level 2')],
    ['3', label('三级', '三級', 'Level 3')],
    ['4', label('四级', '四級', 'Level 4')],
    ['5', label('五级', '五級', 'Level 5')],
  ]),
  sex: dict('sex', label('性别', '性別', 'Sex'), [
    ['1', label('男', '男', 'Male')],
    ['2', label('女', '女', 'Female')],
    ['3', label('未知', '未知', 'Unknown')],
  ]),
  unitType: dict('unitType', label('单位类型', '單位類型', 'Unit type'), [
    ['1', label('数量', '數量', 'Count')],
    ['2', label('重量', '重量', 'Weight')],
    ['3', label('体积', '體積', 'Volume')],
    ['4', label('长度', '長度', 'Length')],
  ]),
  materialType: dict('materialType', label('物料类型', '物料類型', 'Material type'), [
    ['1', label('成品', '成品', 'Finished goods')],
    ['2', label('原材料', '原材料', 'Raw material')],
    ['3', label('包装材料', '包裝材料', 'Packaging')],
    ['4', label('半成品', '半成品', 'Semi-finished')],
  ]),
  warningType: dict('warningType', label('预警类型', '預警類型', 'Warning type'), [
    ['0', label('不预警', '不預警', 'None')],
    ['1', label('库存预警', '庫存預警', 'Stock level')],
    ['2', label('效期预警', '效期預警', 'Expiry')],
  ]),
  strategyRule: dict('strategyRule', label('策略规则', '策略規則', 'Strategy rule'), [
    ['1', label('先进先出（按入库日期）', '先進先出（按入庫日期）', 'FIFO (by inbound date)')],
    ['2', label('先到期先出（按效期）', '先到期先出（按效期）', 'FEFO (by expiry date)')],
    ['3', label('后进先出', '後進先出', 'LIFO')],
    ['4', label('就近库位', '就近庫位', 'Nearest location')],
    ['5', label('固定库位', '固定庫位', 'Fixed location')],
    ['6', label('剩余容量最大', '剩餘容量最大', 'Largest remaining capacity')],
    ['7', label('同物料合并', '同物料合併', 'Consolidate same material')],
    ['8', label('零散库位优先', '零散庫位優先', 'Part-filled locations first')],
  ]),
  customerStatus: dict('customerStatus', label('货主状态', '貨主狀態', 'Owner status'), [
    ['1', label('合作中', '合作中', 'Active')],
    ['2', label('暂停合作', '暫停合作', 'Suspended')],
    ['3', label('终止合作', '終止合作', 'Terminated')],
  ]),
  settlementCycle: dict('settlementCycle', label('结算周期', '結算週期', 'Settlement cycle'), [
    ['1', label('按单结算', '按單結算', 'Per bill')],
    ['2', label('月结', '月結', 'Monthly')],
    ['3', label('季结', '季結', 'Quarterly')],
    ['4', label('年结', '年結', 'Yearly')],
  ]),
  chargeBasis: dict('chargeBasis', label('计费方式', '計費方式', 'Charge basis'), [
    ['1', label('按件数', '按件數', 'By piece')],
    ['2', label('按重量（吨）', '按重量（噸）', 'By weight (t)')],
    ['3', label('按体积（立方米）', '按體積（立方米）', 'By volume (m³)')],
    ['4', label('按板数', '按板數', 'By pallet')],
    ['5', label('按面积（平方米）', '按面積（平方米）', 'By area (m²)')],
  ]),
  packageWarehouseUnit: dict(
    'packageWarehouseUnit',
    label('包仓计价单位', '包倉計價單位', 'Package-warehouse pricing unit'),
    [
      ['1', label('每平方米每月', '每平方米每月', 'Per m² per month')],
      ['2', label('每板位每月', '每板位每月', 'Per pallet position per month')],
      ['3', label('按月包干', '按月包乾', 'Flat rate per month')],
      ['4', label('按天', '按天', 'Per day')],
    ],
  ),
  agreementStatus: dict('agreementStatus', label('协议状态', '協議狀態', 'Agreement status'), [
    ['1', label('草稿', '草稿', 'Draft')],
    ['2', label('生效', '生效', 'In force')],
    ['3', label('到期', '到期', 'Expired')],
    ['4', label('终止', '終止', 'Terminated')],
  ]),
  employeeStatus: dict('employeeStatus', label('在职状态', '在職狀態', 'Employment status'), [
    ['1', label('在职', '在職', 'Employed')],
    ['2', label('试用', '試用', 'On probation')],
    ['3', label('离职', '離職', 'Left')],
  ]),
  deviceStatus: dict('deviceStatus', label('设备状态', '設備狀態', 'Device status'), [
    ['1', label('在用', '在用', 'In use')],
    ['2', label('闲置', '閒置', 'Idle')],
    ['3', label('维修中', '維修中', 'Under repair')],
    ['4', label('报废', '報廢', 'Scrapped')],
    // A handheld an administrator took out of service (ADR 0041): its sessions end, it is refused.
    ['5', label('停用', '停用', 'Disabled')],
  ]),
  /** Values are the symbology names of the barcode renderer (bwip-js `bcid`). */
  barcodeType: dict('barcodeType', label('条码类型', '條碼類型', 'Barcode type'), [
    ['code128', label('Code 128', 'Code 128', 'Code 128')],
    ['qrcode', label('二维码', '二維碼', 'QR code')],
    ['ean13', label('EAN-13', 'EAN-13', 'EAN-13')],
    ['code39', label('Code 39', 'Code 39', 'Code 39')],
    ['datamatrix', label('Data Matrix', 'Data Matrix', 'Data Matrix')],
  ]),
  areaType: dict('areaType', label('库区类型', '庫區類型', 'Area type'), [
    ['1', label('存储区', '存儲區', 'Storage')],
    ['2', label('收货区', '收貨區', 'Receiving')],
    ['3', label('发货区', '發貨區', 'Shipping')],
    ['4', label('拣货区', '揀貨區', 'Picking')],
    ['5', label('待检区', '待檢區', 'Quality inspection')],
    ['6', label('退货区', '退貨區', 'Returns')],
    ['7', label('加工区', '加工區', 'Processing')],
    ['8', label('残次品区', '殘次品區', 'Damaged goods')],
  ]),
  temperatureType: dict('temperatureType', label('温层', '溫層', 'Temperature zone'), [
    ['1', label('常温', '常溫', 'Ambient')],
    ['2', label('恒温', '恆溫', 'Climate-controlled')],
    ['3', label('冷藏', '冷藏', 'Chilled')],
    ['4', label('冷冻', '冷凍', 'Frozen')],
  ]),
  placeType: dict('placeType', label('库位类型', '庫位類型', 'Location type'), [
    ['1', label('货架位', '貨架位', 'Shelf')],
    ['2', label('地堆位', '地堆位', 'Floor stack')],
    ['3', label('高位货架', '高位貨架', 'High-bay rack')],
    ['4', label('暂存位', '暫存位', 'Staging')],
  ]),
  placeStatus: dict('placeStatus', label('库位状态', '庫位狀態', 'Location status'), [
    ['1', label('可用', '可用', 'Available')],
    ['2', label('锁定', '鎖定', 'Locked')],
    ['3', label('停用', '停用', 'Disabled')],
  ]),
  billDirection: dict('billDirection', label('单据方向', '單據方向', 'Direction'), [
    ['1', label('入库', '入庫', 'Inbound')],
    ['2', label('出库', '出庫', 'Outbound')],
    ['3', label('库内', '庫內', 'Internal')],
  ]),
  costCategory: dict('costCategory', label('费用大类', '費用大類', 'Cost category'), [
    ['1', label('仓储费', '倉儲費', 'Storage')],
    ['2', label('装卸费', '裝卸費', 'Handling')],
    ['3', label('增值服务费', '增值服務費', 'Value-added services')],
    ['4', label('运输费', '運輸費', 'Transport')],
    ['5', label('其他', '其他', 'Other')],
  ]),
} satisfies Record<string, Dict>;

/** Every dictionary: the common ones and master data above, then each area's own. */
export const dicts = {
  ...commonDicts,
  ...billsDicts,
  ...processingDicts,
  ...transportDicts,
  ...billingDicts,
  ...supplyChainDicts,
  ...devicesDicts,
  ...pageBuilderDicts,
  ...systemDicts,
} satisfies Record<string, Dict>;

export type DictCode = keyof typeof dicts;
