import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/**
 * Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. Codes start
 * with `tms` so that they cannot clash with another area's dictionaries.
 */
export const transportDicts = {
  tmsConsignmentType: dict('tmsConsignmentType', label('托运单类型', '託運單類型', 'Consignment type'), [
    ['1', label('托运订单', '託運訂單', 'Consignment order')],
    ['2', label('托运单', '託運單', 'Consignment note')],
  ]),
  /**
   * Where a consignment is in its flow (issue 17; not given by the spec). An order (type 1)
   * goes new → dispatched → note made; a note (type 2) new → partly loaded → loaded → arrived
   * → partly delivered → delivered (or refused). Either is cancelled only before loading.
   */
  tmsConsignmentState: dict('tmsConsignmentState', label('托运状态', '託運狀態', 'Consignment step'), [
    ['0', label('新建', '新建', 'New')],
    ['1', label('已派车', '已派車', 'Dispatched')],
    ['2', label('已开托运单', '已開託運單', 'Note made')],
    ['3', label('部分装车', '部分裝車', 'Partly loaded')],
    ['4', label('已装车', '已裝車', 'Loaded')],
    ['5', label('已到货', '已到貨', 'Arrived')],
    ['6', label('部分签收', '部分簽收', 'Partly delivered')],
    ['7', label('已签收', '已簽收', 'Delivered')],
    ['8', label('拒收', '拒收', 'Refused')],
    ['9', label('已作废', '已作廢', 'Cancelled')],
  ]),
  tmsDepartureState: dict('tmsDepartureState', label('发车状态', '發車狀態', 'Departure step'), [
    ['1', label('在途', '在途', 'On the road')],
    ['2', label('已到货', '已到貨', 'Arrived')],
  ]),
  tmsArrivalState: dict('tmsArrivalState', label('到货状态', '到貨狀態', 'Arrival step'), [
    ['0', label('待审核', '待審核', 'To review')],
    ['1', label('已审核', '已審核', 'Reviewed')],
  ]),
  tmsDeliveryState: dict('tmsDeliveryState', label('签收状态', '簽收狀態', 'Sign-off'), [
    ['0', label('待签收', '待簽收', 'To sign')],
    ['1', label('已签收', '已簽收', 'Signed')],
    ['2', label('部分签收', '部分簽收', 'Partly signed')],
    ['3', label('拒收', '拒收', 'Refused')],
  ]),
  /** Not given by the spec: the usual modes of road freight. */
  tmsTransportType: dict('tmsTransportType', label('运输方式', '運輸方式', 'Transport mode'), [
    ['1', label('整车', '整車', 'Full truckload')],
    ['2', label('零担', '零擔', 'Less than truckload')],
    ['3', label('城市配送', '城市配送', 'City distribution')],
    ['4', label('快递', '快遞', 'Express parcel')],
  ]),
  tmsChargingType: dict('tmsChargingType', label('计费方式', '計費方式', 'Charging basis'), [
    ['1', label('按件数', '按件數', 'By piece count')],
    ['2', label('按重量', '按重量', 'By weight')],
    ['3', label('按体积', '按體積', 'By volume')],
  ]),
  tmsPaymentType: dict('tmsPaymentType', label('付款方式', '付款方式', 'Payment terms'), [
    ['1', label('现付', '現付', 'Cash on sending')],
    ['2', label('到付', '到付', 'Paid on arrival')],
    ['3', label('回单付', '回單付', 'Paid against receipt')],
    ['4', label('月结', '月結', 'Monthly account')],
    ['5', label('货款扣', '貨款扣', 'Deducted from goods payment')],
  ]),
  tmsArrivalType: dict('tmsArrivalType', label('到货配送方式', '到貨配送方式', 'Onward delivery'), [
    ['1', label('自提', '自提', 'Self-pickup')],
    ['2', label('送货上门', '送貨上門', 'Home delivery')],
    ['3', label('物流外包', '物流外包', 'Logistics outsourcing')],
  ]),
  tmsDeliveryType: dict('tmsDeliveryType', label('交付方式', '交付方式', 'Delivery type'), [
    ['1', label('客户自提', '客戶自提', 'Customer self-pickup')],
    ['2', label('送货上门', '送貨上門', 'Home delivery')],
    ['3', label('外包发运', '外包發運', 'Outsourced shipping')],
  ]),
  /** Not given by the spec: the body types Chinese road freight plans with. */
  tmsCarType: dict('tmsCarType', label('车辆类型', '車輛類型', 'Vehicle type'), [
    ['1', label('厢式货车', '廂式貨車', 'Box truck')],
    ['2', label('高栏货车', '高欄貨車', 'High-sided truck')],
    ['3', label('平板货车', '平板貨車', 'Flatbed truck')],
    ['4', label('冷藏车', '冷藏車', 'Refrigerated truck')],
    ['5', label('面包车', '麵包車', 'Van')],
    ['6', label('半挂车', '半掛車', 'Semi-trailer')],
  ]),
  /** Not given by the spec. */
  tmsAddressType: dict('tmsAddressType', label('地址类型', '地址類型', 'Address type'), [
    ['1', label('家庭地址', '家庭地址', 'Home')],
    ['2', label('公司地址', '公司地址', 'Office')],
    ['3', label('仓库/门店', '倉庫/門店', 'Warehouse or shop')],
    ['4', label('其他', '其他', 'Other')],
  ]),
  /** Not given by the spec: the levels of a transport network. */
  tmsDeptType: dict('tmsDeptType', label('网点类型', '網點類型', 'Branch type'), [
    ['1', label('总部', '總部', 'Head office')],
    ['2', label('分公司', '分公司', 'Regional company')],
    ['3', label('分拨中心', '分撥中心', 'Hub')],
    ['4', label('营业网点', '營業網點', 'Outlet')],
  ]),
} satisfies Record<string, Dict>;
