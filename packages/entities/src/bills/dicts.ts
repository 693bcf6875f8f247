import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/**
 * Dictionaries of warehouse bills, stock and vouchers (value hints of spec 02 §4, and the
 * designed ones where §4 gives no values), labels in zh, mo and en.
 */
export const billsDicts = {
  isReview: dict('isReview', label('审核状态', '審核狀態', 'Review status'), [
    ['0', label('无需审核', '無需審核', 'No review needed')],
    ['1', label('待审核', '待審核', 'Review needed')],
    ['2', label('已审核', '已審核', 'Reviewed')],
  ]),
  /**
   * Whether a bill made from the ledger over a period was made before the period ended (its
   * figures stop at the day it was made) or after (issue 29, 1).
   */
  /** What a stock movement is to the in/out figures (flow.ts `MovementClass`, issue 29, 2). */
  movementClass: dict('movementClass', label('收发类别', '收發類別', 'Movement class'), [
    ['door', label('进出仓', '進出倉', 'Through the door')],
    ['owner', label('货主转移', '貨主轉移', 'Owner transfer')],
    ['adjust', label('损溢', '損溢', 'Lost or found')],
    ['internal', label('库内移动', '庫內移動', 'Inside the warehouse')],
  ]),
  billStanding: dict('billStanding', label('账单性质', '賬單性質', 'Bill standing'), [
    ['0', label('正式账单', '正式賬單', 'Final')],
    ['1', label('临时账单', '臨時賬單', 'Provisional')],
  ]),
  /** The life of a bill, set by its actions (confirm, start, finish, close). */
  billState: dict('billState', label('单据状态', '單據狀態', 'Bill status'), [
    ['0', label('新建', '新建', 'New')],
    ['1', label('已确认', '已確認', 'Confirmed')],
    ['2', label('执行中', '執行中', 'In progress')],
    ['3', label('已完成', '已完成', 'Completed')],
    ['4', label('已关闭', '已關閉', 'Closed')],
  ]),
  /** Whether a bill has written its stock stream (posting), or a stream row was reversed. */
  streamStatus: dict('streamStatus', label('过账状态', '過賬狀態', 'Posting status'), [
    ['0', label('未过账', '未過賬', 'Not posted')],
    ['1', label('已过账', '已過賬', 'Posted')],
    ['2', label('已冲销', '已沖銷', 'Reversed')],
  ]),
  printStatus: dict('printStatus', label('打印状态', '打印狀態', 'Print status'), [
    ['0', label('未打印', '未打印', 'Not printed')],
    ['1', label('已打印', '已打印', 'Printed')],
  ]),
  inboundType: dict('inboundType', label('入库类型', '入庫類型', 'Inbound type'), [
    ['1', label('采购入库', '採購入庫', 'Purchase receipt')],
    ['2', label('客户入库', '客戶入庫', 'Owner receipt')],
    ['3', label('退货入库', '退貨入庫', 'Return receipt')],
    ['4', label('调拨入库', '調撥入庫', 'Transfer receipt')],
    ['5', label('加工入库', '加工入庫', 'Processing receipt')],
  ]),
  outTransferType: dict('outTransferType', label('出库类型', '出庫類型', 'Outbound type'), [
    ['1', label('销售出库', '銷售出庫', 'Sales shipment')],
    ['2', label('客户提货', '客戶提貨', 'Owner pickup')],
    ['3', label('调拨出库', '調撥出庫', 'Transfer out')],
    ['4', label('退供应商', '退供應商', 'Return to supplier')],
    ['5', label('加工领料', '加工領料', 'Issue to processing')],
    ['6', label('报废出库', '報廢出庫', 'Scrap')],
    ['7', label('其他出库', '其他出庫', 'Other')],
  ]),
  /** Why goods are sorted; spec 02 §5: a blank reason means shipment. */
  sortingReason: dict('sortingReason', label('分拣原因', '分揀原因', 'Sorting reason'), [
    ['1', label('发货', '發貨', 'Shipment')],
    ['2', label('移库', '移庫', 'Relocation')],
    ['3', label('加工', '加工', 'Processing')],
    ['4', label('退货', '退貨', 'Return')],
    ['5', label('其他', '其他', 'Other')],
  ]),
  /** A delivery notice (DN) as the warehouse takes it in; spec 02 §4: it may be received in advance. */
  dnState: dict('dnState', label('通知单状态', '通知單狀態', 'Notice status'), [
    ['0', label('待接收', '待接收', 'Awaiting receipt')],
    ['1', label('已接收', '已接收', 'Received')],
    ['2', label('提前接收', '提前接收', 'Received in advance')],
    ['3', label('已发货', '已發貨', 'Shipped')],
    ['4', label('已取消', '已取消', 'Cancelled')],
  ]),
  wavesStatus: dict('wavesStatus', label('波次状态', '波次狀態', 'Wave status'), [
    ['0', label('新建', '新建', 'New')],
    ['1', label('已分配', '已分配', 'Allocated')],
    ['2', label('拣货中', '揀貨中', 'Picking')],
    ['3', label('已完成', '已完成', 'Completed')],
    ['4', label('已取消', '已取消', 'Cancelled')],
  ]),
  qualityCheckType: dict('qualityCheckType', label('质检类型', '質檢類型', 'Inspection type'), [
    ['1', label('入库检验', '入庫檢驗', 'Inbound inspection')],
    ['2', label('在库检验', '在庫檢驗', 'In-stock inspection')],
    ['3', label('出库检验', '出庫檢驗', 'Outbound inspection')],
  ]),
  qualityCheckResult: dict('qualityCheckResult', label('质检结果', '質檢結果', 'Inspection result'), [
    ['1', label('合格', '合格', 'Pass')],
    ['2', label('不合格', '不合格', 'Fail')],
    ['3', label('让步接收', '讓步接收', 'Accepted with concession')],
  ]),
  stockCheckType: dict('stockCheckType', label('盘点类型', '盤點類型', 'Count type'), [
    ['1', label('全盘', '全盤', 'Full count')],
    ['2', label('抽盘', '抽盤', 'Spot count')],
    ['3', label('动碰盘点', '動碰盤點', 'Count of moved locations')],
    ['4', label('循环盘点', '循環盤點', 'Cycle count')],
  ]),
  lossType: dict('lossType', label('报损类型', '報損類型', 'Loss type'), [
    ['1', label('破损', '破損', 'Damaged')],
    ['2', label('过期', '過期', 'Expired')],
    ['3', label('丢失', '丟失', 'Missing')],
    ['4', label('质量问题', '質量問題', 'Quality defect')],
    ['5', label('其他', '其他', 'Other')],
  ]),
  dutyParty: dict('dutyParty', label('责任方', '責任方', 'Responsible party'), [
    ['1', label('仓库', '倉庫', 'Warehouse')],
    ['2', label('货主', '貨主', 'Owner')],
    ['3', label('承运商', '承運商', 'Carrier')],
    ['4', label('供应商', '供應商', 'Supplier')],
    ['5', label('其他', '其他', 'Other')],
  ]),
  secondaryProcessType: dict('secondaryProcessType', label('加工类型', '加工類型', 'Processing type'), [
    ['1', label('组装', '組裝', 'Assembly')],
    ['2', label('拆分', '拆分', 'Disassembly')],
    ['3', label('改包装', '改包裝', 'Repacking')],
    ['4', label('贴标', '貼標', 'Labelling')],
  ]),
  handlingType: dict('handlingType', label('装卸类型', '裝卸類型', 'Handling type'), [
    ['1', label('卸车', '卸車', 'Unloading')],
    ['2', label('装车', '裝車', 'Loading')],
    ['3', label('搬运倒垛', '搬運倒垛', 'Moving and restacking')],
    ['4', label('码垛缠膜', '碼垛纏膜', 'Palletising and wrapping')],
    ['5', label('其他', '其他', 'Other')],
  ]),
  valueAddServiceType: dict('valueAddServiceType', label('增值服务类型', '增值服務類型', 'Service type'), [
    ['1', label('贴标', '貼標', 'Labelling')],
    ['2', label('换包装', '換包裝', 'Repacking')],
    ['3', label('组套', '組套', 'Kitting')],
    ['4', label('拍照验货', '拍照驗貨', 'Photo inspection')],
    ['5', label('打托缠膜', '打托纏膜', 'Palletising and wrapping')],
    ['6', label('分拣理货', '分揀理貨', 'Sorting and tallying')],
    ['7', label('其他', '其他', 'Other')],
  ]),
  mailType: dict('mailType', label('收发类型', '收發類型', 'Mail direction'), [
    ['0', label('入库', '入庫', 'Inbound')],
    ['1', label('出库', '出庫', 'Outbound')],
  ]),
  monthBillStage: dict('monthBillStage', label('计费阶段', '計費階段', 'Billing stage'), [
    ['1', label('第一阶段', '第一階段', 'Stage 1')],
    ['2', label('第二阶段', '第二階段', 'Stage 2')],
    ['3', label('第三阶段', '第三階段', 'Stage 3')],
    ['4', label('第四阶段', '第四階段', 'Stage 4')],
    ['5', label('第五阶段', '第五階段', 'Stage 5')],
    ['6', label('第六阶段', '第六階段', 'Stage 6')],
  ]),
  voucherType: dict('voucherType', label('凭证类型', '憑證類型', 'Voucher type'), [
    ['1', label('入库凭证', '入庫憑證', 'Receipt')],
    ['2', label('出库凭证', '出庫憑證', 'Issue')],
    ['3', label('移库凭证', '移庫憑證', 'Transfer')],
    ['4', label('调整凭证', '調整憑證', 'Adjustment')],
    ['5', label('加工凭证', '加工憑證', 'Processing')],
    ['6', label('冲销凭证', '沖銷憑證', 'Reversal')],
  ]),
  voucherOffState: dict('voucherOffState', label('冲销状态', '沖銷狀態', 'Reversal status'), [
    ['0', label('未冲销', '未沖銷', 'Not reversed')],
    ['1', label('已冲销', '已沖銷', 'Reversed')],
  ]),
  /** Which way a stock stream row moved the balance. */
  streamDirection: dict('streamDirection', label('库存方向', '庫存方向', 'Direction'), [
    ['1', label('增加', '增加', 'In (+)')],
    ['2', label('减少', '減少', 'Out (−)')],
  ]),
  /** Stock stream instockStatus / outstockStatus (spec 02 §4). */
  streamFeeStatus: dict('streamFeeStatus', label('计费标志', '計費標誌', 'Fee status'), [
    ['1', label('计费', '計費', 'Counts toward fee')],
    ['2', label('转换不计费', '轉換不計費', 'Conversion without fee')],
  ]),
} satisfies Record<string, Dict>;
