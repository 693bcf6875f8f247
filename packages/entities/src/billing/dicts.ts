import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. */
export const billingDicts = {
  /** Where a cost bill stands with the owner; set by the confirm, invoice and void actions. */
  costBillStatus: dict('costBillStatus', label('账单状态', '帳單狀態', 'Statement status'), [
    ['1', label('待确认', '待確認', 'Awaiting confirmation')],
    ['2', label('已确认', '已確認', 'Confirmed')],
    ['3', label('已发送', '已發送', 'Sent to owner')],
    ['4', label('已作废', '已作廢', 'Voided')],
  ]),
  /** How much of a cost bill is settled: derived from its pay details. */
  costPayStatus: dict('costPayStatus', label('收款状态', '收款狀態', 'Payment status'), [
    ['0', label('未收款', '未收款', 'Unpaid')],
    ['1', label('部分收款', '部分收款', 'Partly paid')],
    ['2', label('已收款', '已收款', 'Paid')],
  ]),
  /** The stage of the warehouse work a charge arises from. */
  costWorkType: dict('costWorkType', label('作业类型', '作業類型', 'Work type'), [
    ['1', label('入库作业', '入庫作業', 'Inbound work')],
    ['2', label('出库作业', '出庫作業', 'Outbound work')],
    ['3', label('在库仓储', '在庫倉儲', 'Storage')],
    ['4', label('库内作业', '庫內作業', 'In-warehouse work')],
    ['5', label('增值服务', '增值服務', 'Value-added service')],
    ['6', label('运输配送', '運輸配送', 'Transport')],
  ]),
  /** How an owner paid a cost bill (paydetail.payType). */
  acctPayType: dict('acctPayType', label('收款方式', '收款方式', 'Payment method'), [
    ['1', label('现金', '現金', 'Cash')],
    ['2', label('银行转账', '銀行轉帳', 'Bank transfer')],
    ['3', label('支票', '支票', 'Cheque')],
    ['4', label('承兑汇票', '承兌匯票', 'Bank acceptance bill')],
    ['5', label('微信', '微信', 'WeChat Pay')],
    ['6', label('支付宝', '支付寶', 'Alipay')],
    ['7', label('押金抵扣', '押金抵扣', 'Offset against deposit')],
  ]),
} satisfies Record<string, Dict>;
