/** Messages of stock vouchers and their reversal (issue 30, docs/adr/0040-stock-vouchers.md). */
export const voucherMessages = {
  'voucher.reversedAlready': {
    zh: '凭证 {bill} 已冲销，不能再次冲销',
    mo: '憑證 {bill} 已沖銷，不能再次沖銷',
    en: 'Voucher {bill} is already reversed; a voucher is reversed only once',
  },
  'voucher.mirrorNotReversed': {
    zh: '凭证 {bill} 是冲销凭证，不能冲销；请重新审核其来源单据 {source}',
    mo: '憑證 {bill} 是沖銷憑證，不能沖銷；請重新審核其來源單據 {source}',
    en: 'Voucher {bill} is a reversal voucher and is not reversed itself; review its source bill {source} again',
  },
  'voucher.noUnpost': {
    zh: '凭证 {bill} 来自 {source}（{type}），该单据没有反审核，不能冲销',
    mo: '憑證 {bill} 來自 {source}（{type}），該單據沒有反審核，不能沖銷',
    en: 'Voucher {bill} comes from {source} ({type}), which has no un-review; it cannot be reversed',
  },
  'voucher.sourceMissing': {
    zh: '凭证 {bill} 的来源单据 {source} 已不存在',
    mo: '憑證 {bill} 的來源單據 {source} 已不存在',
    en: 'The source bill {source} of voucher {bill} no longer exists',
  },
  'voucher.needsApproval': {
    zh: '单据 {source} 的反审核需要审批，请在其单据界面反审核',
    mo: '單據 {source} 的反審核需要審批，請在其單據介面反審核',
    en: 'Un-reviewing {source} needs an approval: un-review it on its own screen',
  },
  'voucher.itemWhole': {
    zh: '凭证明细不能单独冲销：单据 {source} 只能整单反审核，请冲销整张凭证 {bill}',
    mo: '憑證明細不能單獨沖銷：單據 {source} 只能整單反審核，請沖銷整張憑證 {bill}',
    en: 'A voucher item is not reversed on its own: {source} is un-reviewed as a whole; reverse voucher {bill}',
  },
  'voucher.periodInvalid': {
    zh: '请给出导出期间的开始和结束日期（YYYY-MM-DD），开始不晚于结束',
    mo: '請給出匯出期間的開始和結束日期（YYYY-MM-DD），開始不晚於結束',
    en: 'Give the period to export as start and end dates (YYYY-MM-DD), the start not after the end',
  },
  'voucher.exportTooLarge': {
    zh: '该期间有 {count} 条凭证明细，超过一个工作表的上限 {max}，请缩短期间',
    mo: '該期間有 {count} 條憑證明細，超過一個工作表的上限 {max}，請縮短期間',
    en: 'The period has {count} voucher items, more than a sheet holds ({max}); choose a shorter period',
  },
} as const;
