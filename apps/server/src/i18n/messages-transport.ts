/** Messages of the transport flow (issue 17, docs/adr/0025-transport-flow.md), in zh, mo and en. */
export const transportMessages = {
  // Freight is never 0 without a word (issue 29): a chargeable step refuses a line with no price.
  'transport.noFreightPrice1': {
    zh: '托运单 {bill} 第 {line} 行：物料 {material} 没有按件的运价，请在货物运价中按物料、物料分类或默认运价设置',
    mo: '託運單 {bill} 第 {line} 行：物料 {material} 沒有按件的運價，請在貨物運價中按物料、物料分類或預設運價設定',
    en: 'Consignment {bill} line {line}: material {material} has no freight price per piece; add one for the material, its category or as the default line of the freight price list',
  },
  'transport.noFreightPrice2': {
    zh: '托运单 {bill} 第 {line} 行：物料 {material} 没有按重量（每公斤）的运价，请在货物运价中按物料、物料分类或默认运价设置',
    mo: '託運單 {bill} 第 {line} 行：物料 {material} 沒有按重量（每公斤）的運價，請在貨物運價中按物料、物料分類或預設運價設定',
    en: 'Consignment {bill} line {line}: material {material} has no freight price per kilogram; add one for the material, its category or as the default line of the freight price list',
  },
  'transport.noFreightPrice3': {
    zh: '托运单 {bill} 第 {line} 行：物料 {material} 没有按体积（每立方米）的运价，请在货物运价中按物料、物料分类或默认运价设置',
    mo: '託運單 {bill} 第 {line} 行：物料 {material} 沒有按體積（每立方米）的運價，請在貨物運價中按物料、物料分類或預設運價設定',
    en: 'Consignment {bill} line {line}: material {material} has no freight price per cubic metre; add one for the material, its category or as the default line of the freight price list',
  },
  'transport.priceTarget': {
    zh: '一条运价只能适用于一个物料、一个物料分类或作为默认运价，不能同时适用多项',
    mo: '一條運價只能適用於一個物料、一個物料分類或作為預設運價，不能同時適用多項',
    en: 'A price line is for one material, one material category or the default, not several at once',
  },
  'transport.priceDefaultTaken': {
    zh: '已有默认运价 {goods}，一个租户只能有一条默认运价',
    mo: '已有預設運價 {goods}，一個租戶只能有一條預設運價',
    en: 'The default freight price is already {goods}: there is one default line',
  },
  'transport.notDispatchable': {
    zh: '{bill} 不是新建的托运订单，不能派车',
    mo: '{bill} 不是新建的託運訂單，不能派車',
    en: '{bill} is not a new consignment order; it cannot be dispatched',
  },
  'transport.notNoteable': {
    zh: '{bill} 不是已派车的托运订单，不能开托运单',
    mo: '{bill} 不是已派車的託運訂單，不能開託運單',
    en: '{bill} is not a dispatched consignment order; no consignment note can be made from it',
  },
  'transport.notLoadable': {
    zh: '{bill} 不是待装车的托运单：托运订单须先派车并开托运单，已装完或已作废的不能再装车',
    mo: '{bill} 不是待裝車的託運單：託運訂單須先派車並開託運單，已裝完或已作廢的不能再裝車',
    en: '{bill} is not a consignment note waiting to load: an order is dispatched and made into a note first, and a note fully loaded or cancelled loads no more',
  },
  'transport.notCancellable': {
    zh: '托运单 {bill} 已开单、装车或作废，不能作废；装车后只能走退货',
    mo: '託運單 {bill} 已開單、裝車或作廢，不能作廢；裝車後只能走退貨',
    en: 'Consignment {bill} has been made into a note, loaded or cancelled and cannot be cancelled; once loaded, goods come back only by a return',
  },
  'transport.cancelReason': {
    zh: '作废托运单 {bill} 须填写作废原因',
    mo: '作廢託運單 {bill} 須填寫作廢原因',
    en: 'Cancelling consignment {bill} needs a reason',
  },
  'transport.noCar': {
    zh: '{bill}：请先选择车辆和司机',
    mo: '{bill}：請先選擇車輛和司機',
    en: '{bill}: choose the vehicle and the driver first',
  },
  'transport.unknownCar': {
    zh: '车辆 {car} 不存在',
    mo: '車輛 {car} 不存在',
    en: 'There is no vehicle {car}',
  },
  'transport.unknownDriver': {
    zh: '司机 {driver} 不存在',
    mo: '司機 {driver} 不存在',
    en: 'There is no driver {driver}',
  },
  'transport.overload': {
    zh: '车辆 {car} 核定载重 {capacity} 吨，货物重 {weight} 吨，超出核定载重',
    mo: '車輛 {car} 核定載重 {capacity} 噸，貨物重 {weight} 噸，超出核定載重',
    en: 'Vehicle {car} is rated for {capacity} t; the goods weigh {weight} t, more than it may carry',
  },
  'transport.overVolume': {
    zh: '车辆 {car} 车厢容积 {capacity} 立方米，货物体积 {volume} 立方米，装不下',
    mo: '車輛 {car} 車廂容積 {capacity} 立方米，貨物體積 {volume} 立方米，裝不下',
    en: 'The cargo box of vehicle {car} holds {capacity} m³; the goods take {volume} m³ and do not fit',
  },
  'transport.overSize': {
    zh: '物料 {material} 尺寸 {size} 米，超过车辆 {car} 的车厢 {box} 米',
    mo: '物料 {material} 尺寸 {size} 米，超過車輛 {car} 的車廂 {box} 米',
    en: 'Material {material} measures {size} m, larger than the cargo box of vehicle {car} ({box} m)',
  },
  'transport.nothingToLoad': {
    zh: '托运单 {bill} 没有待装车的货物',
    mo: '託運單 {bill} 沒有待裝車的貨物',
    en: 'Consignment note {bill} has no goods left to load',
  },
  'transport.loadOver': {
    zh: '托运单 {bill} 第 {line} 行（物料 {material}）：装车数量 {qty} 超过未装数量 {open}',
    mo: '託運單 {bill} 第 {line} 行（物料 {material}）：裝車數量 {qty} 超過未裝數量 {open}',
    en: 'Consignment note {bill} line {line} (material {material}): {qty} to load is more than the {open} not yet loaded',
  },
  'transport.badLine': {
    zh: '明细 {line} 不属于所选单据',
    mo: '明細 {line} 不屬於所選單據',
    en: 'Line {line} is not a line of the selected bills',
  },
  'transport.badQty': {
    zh: '{field}必须是不小于 0 的数字，最多 4 位小数：{value}',
    mo: '{field}必須是不小於 0 的數字，最多 4 位小數：{value}',
    en: '{field} must be a number of at least 0 with at most 4 decimals: {value}',
  },
  'transport.badInput': {
    zh: '参数错误：{detail}',
    mo: '參數錯誤：{detail}',
    en: 'Invalid request: {detail}',
  },
  'transport.notArrivable': {
    zh: '发车单 {bill} 已确认到货，不能再次确认',
    mo: '發車單 {bill} 已確認到貨，不能再次確認',
    en: 'Departure {bill} has already arrived',
  },
  'transport.arrivalNotReviewed': {
    zh: '到货单 {bill} 未审核，不能生成配送单',
    mo: '到貨單 {bill} 未審核，不能生成配送單',
    en: 'Arrival bill {bill} is not reviewed; no delivery bill can be made from it',
  },
  'transport.arrivalDelivered': {
    zh: '到货单 {bill} 已有配送单或其货物已全部签收，不能审核或反审核',
    mo: '到貨單 {bill} 已有配送單或其貨物已全部簽收，不能審核或反審核',
    en: 'Arrival bill {bill} already has a delivery bill',
  },
  'transport.deliveryOpen': {
    zh: '到货单 {bill} 已有待签收的配送单 {delivery}',
    mo: '到貨單 {bill} 已有待簽收的配送單 {delivery}',
    en: 'Arrival bill {bill} already has delivery bill {delivery} waiting to be signed',
  },
  'transport.nothingToDeliver': {
    zh: '到货单 {bill} 的货物已全部签收或拒收',
    mo: '到貨單 {bill} 的貨物已全部簽收或拒收',
    en: 'The goods of arrival bill {bill} have all been signed for or refused',
  },
  'transport.deliveryClosed': {
    zh: '配送单 {bill} 已签收或拒收，不能再操作',
    mo: '配送單 {bill} 已簽收或拒收，不能再操作',
    en: 'Delivery bill {bill} is already signed off or refused',
  },
  'transport.deliverOver': {
    zh: '配送单 {bill}（物料 {material}）：签收数量 {qty} 超过待签收数量 {open}',
    mo: '配送單 {bill}（物料 {material}）：簽收數量 {qty} 超過待簽收數量 {open}',
    en: 'Delivery bill {bill} (material {material}): {qty} signed for is more than the {open} waiting',
  },
  'transport.carrierMissing': {
    zh: '配送单 {bill} 为外包发运，请选择承运商',
    mo: '配送單 {bill} 為外包發運，請選擇承運商',
    en: 'Delivery bill {bill} is shipped by an outside carrier: choose the carrier',
  },
  'transport.refuseReason': {
    zh: '配送单 {bill}：登记拒收须填写拒收原因',
    mo: '配送單 {bill}：登記拒收須填寫拒收原因',
    en: 'Delivery bill {bill}: a refusal needs a reason',
  },
  'transport.outboundNotShipped': {
    zh: '出库单 {bill} 未审核出库，不能生成托运单',
    mo: '出庫單 {bill} 未審核出庫，不能生成託運單',
    en: 'Outbound bill {bill} has not shipped (not reviewed); no consignment can be made from it',
  },
  'transport.outboundQuoted': {
    zh: '出库单 {bill} 已生成托运单 {consignment}',
    mo: '出庫單 {bill} 已生成託運單 {consignment}',
    en: 'Outbound bill {bill} already has consignment {consignment}',
  },
  'transport.arrivalNotReviewedYet': {
    zh: '到货单 {bill} 未审核，不能反审核',
    mo: '到貨單 {bill} 未審核，不能反審核',
    en: 'Arrival bill {bill} is not reviewed; there is no review to take back',
  },
  'transport.arrivalDelivering': {
    zh: '到货单 {bill} 已开始配送（配送单 {delivery}），不能反审核',
    mo: '到貨單 {bill} 已開始配送（配送單 {delivery}），不能反審核',
    en: 'Delivery of arrival bill {bill} has started (delivery bill {delivery}); its review cannot be taken back',
  },
} as const;
