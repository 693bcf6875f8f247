import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of warehouse bills (value hints of spec 02 §4), labels in zh, mo and en. */
export const billsDicts = {
  isReview: dict('isReview', label('审核状态', '審核狀態', 'Review status'), [
    ['0', label('无需审核', '無需審核', 'No review needed')],
    ['1', label('待审核', '待審核', 'Review needed')],
    ['2', label('已审核', '已審核', 'Reviewed')],
  ]),
  inboundType: dict('inboundType', label('入库类型', '入庫類型', 'Inbound type'), [
    ['1', label('采购入库', '採購入庫', 'Purchase receipt')],
    ['2', label('客户入库', '客戶入庫', 'Owner receipt')],
    ['3', label('退货入库', '退貨入庫', 'Return receipt')],
    ['4', label('调拨入库', '調撥入庫', 'Transfer receipt')],
    ['5', label('加工入库', '加工入庫', 'Processing receipt')],
  ]),
} satisfies Record<string, Dict>;
