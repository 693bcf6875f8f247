/**
 * Messages of receivables (issue 30, docs/adr/0039-receivables-ageing.md): monthly-bill payments,
 * the closed-month guard of bills and the audited reopen, in zh, mo and en.
 */
export const receivablesMessages = {
  'settle.oneBill': {
    zh: '一笔收款须对应一张账单：请选择费用账单或月结账单之一',
    mo: '一筆收款須對應一張帳單：請選擇費用帳單或月結賬單之一',
    en: 'A payment settles one bill: choose either a cost bill or a monthly bill',
  },
  'settle.futureDate': {
    zh: '收款日期 {date} 晚于今天 {today}：收款只能记在已到的日期',
    mo: '收款日期 {date} 晚於今天 {today}：收款只能記在已到的日期',
    en: 'The payment date {date} is after today ({today}): a payment is booked on a day that has come',
  },
  'settle.month.unknownBill': {
    zh: '月结账单 {bill} 不存在',
    mo: '月結賬單 {bill} 不存在',
    en: 'Monthly bill {bill} does not exist',
  },
  'settle.month.notPayable': {
    zh: '月结账单 {bill} 尚未审核，不能收款：只有已审核的月结账单可以收款',
    mo: '月結賬單 {bill} 尚未審核，不能收款：只有已審核的月結賬單可以收款',
    en: 'Monthly bill {bill} cannot be paid: only a reviewed monthly bill can',
  },
  'settle.month.otherOwner': {
    zh: '月结账单 {bill} 属于货主 {billOwner}，不能记在货主 {owner} 名下',
    mo: '月結賬單 {bill} 屬於貨主 {billOwner}，不能記在貨主 {owner} 名下',
    en: 'Monthly bill {bill} belongs to owner {billOwner}, not to {owner}',
  },
  'settle.month.over': {
    zh: '月结账单 {bill} 应收 {due}，收款合计 {paid} 将超出应收，最多还可收 {left}',
    mo: '月結賬單 {bill} 應收 {due}，收款合計 {paid} 將超出應收，最多還可收 {left}',
    en: 'Monthly bill {bill} is for {due}: payments of {paid} in all would be more than that; at most {left} is left to pay',
  },
  'settle.month.settled': {
    zh: '月结账单 {bill} 已收款完毕，不能再收款',
    mo: '月結賬單 {bill} 已收款完畢，不能再收款',
    en: 'Monthly bill {bill} is paid in full: it takes no more payments',
  },
  'settle.month.unreviewPaid': {
    zh: '月结账单 {bill} 已有收款，不能反审核：请先删除它的收款',
    mo: '月結賬單 {bill} 已有收款，不能反審核：請先刪除它的收款',
    en: 'Monthly bill {bill} has payments: remove them before un-reviewing it',
  },
  'period.billInClosed': {
    zh: '{kind} {bill} 的期间 {from} 至 {to} 涉及已月结的 {month}，不能新建或修改：请先反月结 {month}（须填写原因）',
    mo: '{kind} {bill} 的期間 {from} 至 {to} 涉及已月結的 {month}，不能新建或修改：請先反月結 {month}（須填寫原因）',
    en: '{kind} {bill} covers {from} to {to}, which touches closed month {month}: it cannot be made or changed until {month} is reopened (with a reason)',
  },
  'period.monthBillClosed': {
    zh: '月结账单 {bill} 在已月结的 {month} 内，不能反审核：请先反月结',
    mo: '月結賬單 {bill} 在已月結的 {month} 內，不能反審核：請先反月結',
    en: 'Monthly bill {bill} lies in closed month {month}: reopen the month before un-reviewing it',
  },
  'period.reasonRequired': {
    zh: '反月结须填写原因',
    mo: '反月結須填寫原因',
    en: 'Reopening a month needs a reason',
  },
  'receivables.title': {
    zh: '应收账龄（截至 {asOf}）',
    mo: '應收帳齡（截至 {asOf}）',
    en: 'Receivables ageing as of {asOf}',
  },
  'receivables.ownerName': { zh: '货主名称', mo: '貨主名稱', en: 'Owner name' },
  'receivables.billed': { zh: '账单金额', mo: '帳單金額', en: 'Billed' },
  'receivables.paid': { zh: '实收金额', mo: '實收金額', en: 'Paid' },
  'receivables.deducted': { zh: '扣款金额', mo: '扣款金額', en: 'Deducted' },
  'receivables.refreshed': {
    zh: '欠款台账已重新计算：{rows} 行有变化',
    mo: '欠款台帳已重新計算：{rows} 行有變化',
    en: 'Arrears recomputed: {rows} row(s) changed',
  },
} as const;
