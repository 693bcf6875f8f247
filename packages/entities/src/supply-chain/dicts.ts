import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. */
export const supplyChainDicts = {
  scmCreditStatus: dict('scmCreditStatus', label('信用状态', '信用狀態', 'Credit status'), [
    ['1', label('正常', '正常', 'Active')],
    ['2', label('冻结', '凍結', 'Frozen')],
    ['3', label('已失效', '已失效', 'Expired')],
  ]),
  scmBlackWhite: dict('scmBlackWhite', label('黑白名单', '黑白名單', 'Black or white list'), [
    ['1', label('黑名单', '黑名單', 'Blacklist')],
    ['2', label('白名单', '白名單', 'Whitelist')],
  ]),
  scmCredentialType: dict('scmCredentialType', label('证照类型', '證照類型', 'Credential type'), [
    ['1', label('营业执照', '營業執照', 'Business licence')],
    ['2', label('食品经营许可证', '食品經營許可證', 'Food business licence')],
    ['3', label('卫生许可证', '衛生許可證', 'Hygiene permit')],
    ['4', label('酒类经营许可证', '酒類經營許可證', 'Liquor licence')],
    ['5', label('药品经营许可证', '藥品經營許可證', 'Pharmaceutical trading licence')],
    ['6', label('税务登记证', '稅務登記證', 'Tax registration certificate')],
    ['7', label('法人身份证', '法人身分證', 'Legal representative ID')],
    ['9', label('其他', '其他', 'Other')],
  ]),
  scmViolationType: dict('scmViolationType', label('违规类型', '違規類型', 'Violation type'), [
    ['1', label('证照过期', '證照過期', 'Expired credential')],
    ['2', label('商品质量问题', '商品質量問題', 'Product quality')],
    ['3', label('食品安全问题', '食品安全問題', 'Food safety')],
    ['4', label('逾期付款', '逾期付款', 'Late payment')],
    ['5', label('违规收货或退货', '違規收貨或退貨', 'Improper receipt or return')],
    ['6', label('违反合作协议', '違反合作協議', 'Breach of agreement')],
    ['9', label('其他', '其他', 'Other')],
  ]),
  scmSupplierRating: dict('scmSupplierRating', label('供应商评级', '供應商評級', 'Supplier rating'), [
    ['A', label('A 优秀', 'A 優秀', 'A excellent')],
    ['B', label('B 良好', 'B 良好', 'B good')],
    ['C', label('C 合格', 'C 合格', 'C acceptable')],
    ['D', label('D 待改进', 'D 待改進', 'D needs improvement')],
  ]),
  scmCooperationStatus: dict('scmCooperationStatus', label('合作状态', '合作狀態', 'Cooperation status'), [
    ['1', label('合作中', '合作中', 'Active')],
    ['2', label('暂停合作', '暫停合作', 'Suspended')],
    ['3', label('终止合作', '終止合作', 'Terminated')],
  ]),
  scmOrderStatus: dict('scmOrderStatus', label('订单状态', '訂單狀態', 'Order status'), [
    ['1', label('草稿', '草稿', 'Draft')],
    ['2', label('已下单', '已下單', 'Placed')],
    ['3', label('供应商已确认', '供應商已確認', 'Confirmed by supplier')],
    ['4', label('部分到货', '部分到貨', 'Partly delivered')],
    ['5', label('已完成', '已完成', 'Completed')],
    ['6', label('已取消', '已取消', 'Cancelled')],
  ]),
  scmPlanStatus: dict('scmPlanStatus', label('计划状态', '計劃狀態', 'Plan status'), [
    ['1', label('草稿', '草稿', 'Draft')],
    ['2', label('已发布', '已發佈', 'Published')],
    ['3', label('已确认', '已確認', 'Confirmed')],
    ['4', label('已关闭', '已關閉', 'Closed')],
  ]),
  scmTransactionType: dict('scmTransactionType', label('交易类型', '交易類型', 'Transaction type'), [
    ['1', label('付款', '付款', 'Payment')],
    ['2', label('退款', '退款', 'Refund')],
    ['3', label('开票', '開票', 'Invoice')],
  ]),
} satisfies Record<string, Dict>;
