/**
 * Messages of request replays (http/idempotency.ts) and of the handheld scanner app
 * (modules/handheld, docs/adr/0041-handheld.md), in zh, mo and en.
 */
export const handheldMessages = {
  'idempotency.badKey': {
    zh: 'Idempotency-Key 请求头须为 1 到 128 个字母、数字或 -_.: 字符',
    mo: 'Idempotency-Key 請求標頭須為 1 到 128 個字母、數字或 -_.: 字元',
    en: 'The Idempotency-Key header must be 1 to 128 letters, digits or -_.: characters',
  },
  'idempotency.keyReused': {
    zh: 'Idempotency-Key {key} 已用于另一个请求，不能再用于此请求',
    mo: 'Idempotency-Key {key} 已用於另一個請求，不能再用於此請求',
    en: 'Idempotency-Key {key} was already used for another request; it cannot be used for this one',
  },
  'handheld.serialMissing': {
    zh: '手持终端没有发送序列号',
    mo: '手持終端沒有傳送序號',
    en: 'The handheld sent no serial number',
  },
  'handheld.terminalDisabled': {
    zh: '手持终端 {code} 已被管理员停用，不能再使用，请联系管理员',
    mo: '手持終端 {code} 已被管理員停用，不能再使用，請聯絡管理員',
    en: 'Handheld terminal {code} was disabled by an administrator and cannot be used; ask an administrator',
  },
  'handheld.terminalUnregistered': {
    zh: '此登录没有在手持终端上登记，请在手持终端上重新登录',
    mo: '此登入沒有在手持終端上登記，請在手持終端上重新登入',
    en: 'This sign-in is not registered on a handheld terminal; sign in again on the handheld',
  },
  'handheld.unknownWarehouse': {
    zh: '仓库 {code} 不存在',
    mo: '倉庫 {code} 不存在',
    en: 'Warehouse {code} does not exist',
  },
  'handheld.unknownCode': {
    zh: '条码 {code} 不是库位、物料编码或物料条码',
    mo: '條碼 {code} 不是庫位、物料編碼或物料條碼',
    en: 'Code {code} is not a location, a material code or a material barcode',
  },
  'handheld.notPlace': {
    zh: '{code} 不是库位',
    mo: '{code} 不是庫位',
    en: '{code} is not a location',
  },
  'handheld.notMaterial': {
    zh: '{code} 不是物料编码或物料条码',
    mo: '{code} 不是物料編碼或物料條碼',
    en: '{code} is not a material code or barcode',
  },
  'handheld.nothingHere': {
    zh: '库位 {place} 没有物料 {material} 的可用库存',
    mo: '庫位 {place} 沒有物料 {material} 的可用庫存',
    en: 'Location {place} holds no available stock of material {material}',
  },
  'handheld.badQuantity': {
    zh: '数量须为大于 0 的数字，最多 4 位小数',
    mo: '數量須為大於 0 的數字，最多 4 位小數',
    en: 'The quantity must be a number above 0 with at most 4 decimals',
  },
  'handheld.chooseOwner': {
    zh: '库位 {place} 的物料 {material} 属于多个货主，请选择货主',
    mo: '庫位 {place} 的物料 {material} 屬於多個貨主，請選擇貨主',
    en: 'Material {material} at location {place} belongs to several owners; choose the owner',
  },
  'handheld.samePlace': {
    zh: '目标库位与原库位相同',
    mo: '目標庫位與原庫位相同',
    en: 'The target location is the location the goods are in',
  },
} as const;
