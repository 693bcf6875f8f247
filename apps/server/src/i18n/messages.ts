import type { Language } from '@bl/contract';

/**
 * Every message the server sends to a person, in the three interface languages.
 * `{name}` placeholders are filled by `translate`.
 */
export const messages = {
  ok: { zh: '操作成功', mo: '操作成功', en: 'operation success !' },
  'error.unknown': {
    zh: '系统未知错误，请反馈给管理员',
    mo: '系統未知錯誤，請回饋給管理員',
    en: 'Unknown system error, please report it to the administrator',
  },
  'error.notFound': {
    zh: '访问资源不存在',
    mo: '訪問資源不存在',
    en: 'The requested resource does not exist',
  },
  'error.routeNotFound': {
    zh: '接口不存在：{method} {url}',
    mo: '接口不存在：{method} {url}',
    en: 'No such endpoint: {method} {url}',
  },
  'error.methodNotAllowed': { zh: '请求方法不支持', mo: '請求方法不支援', en: 'Method not allowed' },
  'error.validation': { zh: '参数错误：{detail}', mo: '參數錯誤：{detail}', en: 'Invalid request: {detail}' },
  'error.badJson': {
    zh: '请求内容不是有效的 JSON',
    mo: '請求內容不是有效的 JSON',
    en: 'The request body is not valid JSON',
  },
  'error.tooLarge': {
    zh: '请求内容过大（上限 {limit}）',
    mo: '請求內容過大（上限 {limit}）',
    en: 'The request body is too large (limit {limit})',
  },
  'error.mediaType': { zh: '不支持的内容类型', mo: '不支援的內容類型', en: 'Unsupported content type' },
  'error.conflict': {
    zh: '数据已被他人修改，请刷新后重试',
    mo: '資料已被他人修改，請重新整理後重試',
    en: 'The data was changed by someone else; refresh and try again',
  },
  'error.tooManyRequests': {
    zh: '请求过于频繁，请稍后再试',
    mo: '請求過於頻繁，請稍後再試',
    en: 'Too many requests, try again later',
  },
  'error.unavailable': {
    zh: '服务正在停止，请稍后再试',
    mo: '服務正在停止，請稍後再試',
    en: 'The server is shutting down, try again shortly',
  },
  'auth.unauthorized': {
    zh: '认证失败，无法访问系统资源',
    mo: '認證失敗，無法訪問系統資源',
    en: 'Authentication failed, cannot access system resources',
  },
  'auth.tokenMissing': { zh: '请先登录', mo: '請先登入', en: 'Please sign in first' },
  'auth.tokenInvalid': {
    zh: '登录已失效，请重新登录',
    mo: '登入已失效，請重新登入',
    en: 'Your session is no longer valid, please sign in again',
  },
  'auth.clientInvalid': {
    zh: '客户端认证失败，请检查客户端编号与密钥',
    mo: '客戶端認證失敗，請檢查客戶端編號與密鑰',
    en: 'Client authentication failed: check the client id and secret',
  },
  'auth.grantUnsupported': {
    zh: '不支持的授权类型：{grantType}',
    mo: '不支援的授權類型：{grantType}',
    en: 'Unsupported grant type: {grantType}',
  },
  'auth.grantNotYet': {
    zh: '授权类型 {grantType} 尚未开放',
    mo: '授權類型 {grantType} 尚未開放',
    en: 'Grant type {grantType} is not available yet',
  },
  'auth.tenantMissing': { zh: '请输入租户编号', mo: '請輸入租戶編號', en: 'Please enter the tenant id' },
  'auth.tenantUnknown': {
    zh: '租户信息错误：租户不存在',
    mo: '租戶資訊錯誤：租戶不存在',
    en: 'Unknown tenant',
  },
  'auth.tenantDisabled': {
    zh: '租户已停用，请联系管理员',
    mo: '租戶已停用，請聯絡管理員',
    en: 'This tenant is disabled; contact the administrator',
  },
  'auth.tenantExpired': {
    zh: '租户授权已过期，请联系管理员',
    mo: '租戶授權已過期，請聯絡管理員',
    en: 'This tenant has expired; contact the administrator',
  },
  'auth.accountMissing': {
    zh: '请输入账号和密码',
    mo: '請輸入帳號和密碼',
    en: 'Please enter the account and password',
  },
  'auth.badCredentials': { zh: '账号或密码错误', mo: '帳號或密碼錯誤', en: 'Wrong account or password' },
  'auth.userDisabled': {
    zh: '账号已停用，请联系管理员',
    mo: '帳號已停用，請聯絡管理員',
    en: 'This account is disabled; contact the administrator',
  },
  'auth.locked': {
    zh: '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试',
    mo: '密碼錯誤次數過多，帳號已鎖定，請 {minutes} 分鐘後再試',
    en: 'Too many wrong passwords: the account is locked, try again in {minutes} minutes',
  },
  'auth.refreshMissing': { zh: '缺少刷新令牌', mo: '缺少重新整理權杖', en: 'The refresh token is missing' },
  'auth.refreshInvalid': {
    zh: '刷新令牌无效或已过期，请重新登录',
    mo: '重新整理權杖無效或已過期，請重新登入',
    en: 'The refresh token is invalid or expired, please sign in again',
  },
  'auth.refreshReused': {
    zh: '刷新令牌已被使用，为安全起见本次登录已失效，请重新登录',
    mo: '重新整理權杖已被使用，為安全起見本次登入已失效，請重新登入',
    en: 'This refresh token was already used; for safety the session was ended, please sign in again',
  },
  'auth.loggedOut': { zh: '已退出登录', mo: '已登出', en: 'Signed out' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  return messages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
