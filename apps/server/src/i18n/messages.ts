import type { Language } from '@bl/contract';
import { handheldMessages } from './messages-handheld.ts';
import { receivablesMessages } from './messages-receivables.ts';
import { transportMessages } from './messages-transport.ts';
import { voucherMessages } from './messages-vouchers.ts';
import { workflowMessages } from './messages-workflow.ts';
import { tenantText } from './overrides.ts';

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
  'error.badCharacter': {
    zh: '参数错误：{field}含有不允许的字符（NUL）',
    mo: '參數錯誤：{field}含有不允許的字元（NUL）',
    en: 'Invalid request: {field} contains a character that is not allowed (NUL)',
  },
  'error.badValue': {
    zh: '参数错误：{detail}',
    mo: '參數錯誤：{detail}',
    en: 'Invalid request: {detail}',
  },
  'error.valueOutOfRange': { zh: '数值超出范围', mo: '數值超出範圍', en: 'a number is out of range' },
  'error.valueMalformed': { zh: '格式不正确', mo: '格式不正確', en: 'a value is malformed' },
  'error.valueTooLong': { zh: '文本过长', mo: '文字過長', en: 'a text is too long' },
  'error.valueBadDate': { zh: '日期或时间无效', mo: '日期或時間無效', en: 'a date or time is invalid' },
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
  'auth.passwordChangeDue': {
    zh: '请先修改密码：当前密码为初始或重置密码，他人可能知晓',
    mo: '請先修改密碼：目前密碼為初始或重設密碼，他人可能知曉',
    en: 'Please change your password first: it is an initial or reset password that others may know',
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
  'user.passwordMismatch': {
    zh: '两次密码输入不一致',
    mo: '兩次密碼輸入不一致',
    en: 'The two passwords do not match',
  },
  'user.oldPasswordWrong': { zh: '原密码不正确', mo: '原密碼不正確', en: 'The current password is wrong' },
  'user.passwordUnchanged': {
    zh: '新密码不能与原密码相同',
    mo: '新密碼不能與原密碼相同',
    en: 'The new password must differ from the current one',
  },
  'crud.unknownFilter': {
    zh: '不支持按“{name}”筛选',
    mo: '不支援按「{name}」篩選',
    en: 'Cannot filter by "{name}"',
  },
  'crud.unknownSort': {
    zh: '不支持按“{name}”排序',
    mo: '不支援按「{name}」排序',
    en: 'Cannot sort by "{name}"',
  },
  'crud.badFilter': {
    zh: '筛选条件错误：{detail}',
    mo: '篩選條件錯誤：{detail}',
    en: 'Invalid filter: {detail}',
  },
  'crud.badPaging': {
    zh: '分页参数错误：current 为 1 到 {pages}，size 为 1 到 {max}',
    mo: '分頁參數錯誤：current 為 1 到 {pages}，size 為 1 到 {max}',
    en: 'Invalid paging: current is 1 to {pages}, size is 1 to {max}',
  },
  'crud.badIds': {
    zh: '编号格式错误：{ids}',
    mo: '編號格式錯誤：{ids}',
    en: 'Malformed ids: {ids}',
  },
  'crud.idsMissing': {
    zh: '请至少选择一条数据',
    mo: '請至少選擇一條資料',
    en: 'Please select at least one piece of data.',
  },
  'crud.notFound': {
    zh: '{entity}不存在或已被删除',
    mo: '{entity}不存在或已被刪除',
    en: 'The {entity} does not exist or was deleted',
  },
  'crud.stale': {
    zh: '{entity}已被他人修改（当前版本 {current}，您编辑的是版本 {given}），请刷新后重试',
    mo: '{entity}已被他人修改（目前版本 {current}，您編輯的是版本 {given}），請重新整理後重試',
    en: 'The {entity} was changed by someone else (now version {current}, you edited version {given}); refresh and try again',
  },
  'crud.versionMissing': {
    zh: '修改时必须提供版本号 version',
    mo: '修改時必須提供版本號 version',
    en: 'An edit must give the version it was made on',
  },
  'crud.duplicate': {
    zh: '{field}“{value}”已存在',
    mo: '{field}「{value}」已存在',
    en: '{field} "{value}" already exists',
  },
  'crud.refMissing': {
    zh: '{field}“{value}”不存在',
    mo: '{field}「{value}」不存在',
    en: '{field} "{value}" does not exist',
  },
  'crud.lineRefMissing': {
    zh: '第 {line} 行明细：{field}“{value}”不存在',
    mo: '第 {line} 行明細：{field}「{value}」不存在',
    en: 'Line {line}: {field} "{value}" does not exist',
  },
  'crud.otherOwner': {
    zh: '{field}“{value}”属于货主 {other}，不能用于货主 {owner}',
    mo: '{field}「{value}」屬於貨主 {other}，不能用於貨主 {owner}',
    en: '{field} "{value}" belongs to owner {other}; it cannot be used for owner {owner}',
  },
  'crud.lineOtherOwner': {
    zh: '第 {line} 行明细：{field}“{value}”属于货主 {other}，不能用于货主 {owner}',
    mo: '第 {line} 行明細：{field}「{value}」屬於貨主 {other}，不能用於貨主 {owner}',
    en: 'Line {line}: {field} "{value}" belongs to owner {other}; it cannot be used for owner {owner}',
  },
  'crud.bodyNotObject': {
    zh: '提交的内容必须是一个对象',
    mo: '提交的內容必須是一個物件',
    en: 'The submitted body must be an object',
  },
  'crud.detailsBlank': {
    zh: '明细不能为空！',
    mo: '明細不能為空！',
    en: 'The Details Can not be blank!',
  },
  'crud.detailsNotList': {
    zh: '{key} 必须是明细行的列表',
    mo: '{key} 必須是明細行的列表',
    en: '{key} must be a list of lines',
  },
  'crud.lineInvalid': {
    zh: '第 {line} 行明细：{detail}',
    mo: '第 {line} 行明細：{detail}',
    en: 'Line {line}: {detail}',
  },
  'crud.quotedTwice': {
    zh: '明细中{field}“{value}”重复：引用的物料不能重复',
    mo: '明細中{field}「{value}」重複：引用的物料不能重複',
    en: 'The lines repeat {field} "{value}": quoted materials cannot be repeated',
  },
  'crud.notAReference': {
    zh: '没有按 {by} 以 {label} 命名此记录的引用',
    mo: '沒有按 {by} 以 {label} 命名此記錄的引用',
    en: 'No reference names these records by {by} with {label}',
  },
  'crud.operatorOnly': {
    zh: '只有平台租户可以访问此功能',
    mo: '只有平台租戶可以存取此功能',
    en: 'Only the platform tenant may open this',
  },
  'crud.sharedReadOnly': {
    zh: '{entity}由平台统一维护，只有平台租户可以修改',
    mo: '{entity}由平台統一維護，只有平台租戶可以修改',
    en: 'The {entity} are shared by every tenant and only the platform tenant may change them',
  },
  'auth.addressLimited': {
    zh: '该地址登录失败次数过多，请{minutes}分钟后再试',
    mo: '該位址登入失敗次數過多，請{minutes}分鐘後再試',
    en: 'Too many failed sign-ins from this address; try again in {minutes} minutes',
  },
  'license.none': {
    zh: '未安装许可证：不限租户与账号数量',
    mo: '未安裝授權：不限租戶與帳號數量',
    en: 'No licence installed: tenants and accounts are unlimited',
  },
  'license.installed': {
    zh: '许可证已安装（{licensee}）',
    mo: '授權已安裝（{licensee}）',
    en: 'Licence installed ({licensee})',
  },
  'license.malformed': {
    zh: '许可证格式不正确',
    mo: '授權格式不正確',
    en: 'This is not a licence',
  },
  'license.badSignature': {
    zh: '许可证签名无效，可能已被修改',
    mo: '授權簽章無效，可能已被修改',
    en: 'The licence signature is not valid; it may have been altered',
  },
  'license.expired': {
    zh: '许可证已于 {date} 到期',
    mo: '授權已於 {date} 到期',
    en: 'The licence ended on {date}',
  },
  'license.expiredSignIn': {
    zh: '平台许可证已于 {date} 到期，请联系平台管理员',
    mo: '平台授權已於 {date} 到期，請聯絡平台管理員',
    en: 'The platform licence ended on {date}; contact the platform administrator',
  },
  'license.tenantLimit': {
    zh: '租户数量已达许可证上限 {limit}',
    mo: '租戶數量已達授權上限 {limit}',
    en: 'The licence allows {limit} tenants and all are in use',
  },
  'license.userLimit': {
    zh: '本租户账号数量已达许可证上限 {limit}',
    mo: '本租戶帳號數量已達授權上限 {limit}',
    en: 'The licence allows {limit} accounts per tenant and all are in use',
  },
  'auth.userPending': {
    zh: '账号正在等待管理员审核，审核通过后才能登录',
    mo: '帳號正在等待管理員審核，審核通過後才能登入',
    en: 'This account is waiting for an administrator to approve it',
  },
  'register.tenantMissing': {
    zh: '请先输入租户编号',
    mo: '請先輸入租戶編號',
    en: 'Please enter the tenant ID first',
  },
  'register.accountMissing': {
    zh: '请先输入账号名称',
    mo: '請先輸入帳號名稱',
    en: 'Please enter the account name first',
  },
  'register.passwordMissing': {
    zh: '请先输入密码',
    mo: '請先輸入密碼',
    en: 'Please enter the password first',
  },
  'register.passwordFormat': {
    zh: '密码应为登录页发送的MD5摘要',
    mo: '密碼應為登入頁傳送的MD5摘要',
    en: 'The password must be the md5 digest the sign-in page sends',
  },
  'register.accountTaken': {
    zh: '账号“{account}”已存在，请换一个',
    mo: '帳號「{account}」已存在，請換一個',
    en: 'The account "{account}" already exists; choose another',
  },
  'register.oauthUnknown': {
    zh: '第三方账号不存在或已绑定',
    mo: '第三方帳號不存在或已綁定',
    en: 'The third-party account does not exist or is already linked',
  },
  'register.pending': {
    zh: '注册成功，请等待管理员审核',
    mo: '註冊成功，請等待管理員審核',
    en: 'Registered; an administrator will approve the account',
  },
  'user.notPending': {
    zh: '账号“{account}”不在待审核状态',
    mo: '帳號「{account}」不在待審核狀態',
    en: 'The account "{account}" is not waiting for approval',
  },
  'user.roleRequired': {
    zh: '请先为账号“{account}”分配角色再审核',
    mo: '請先為帳號「{account}」分配角色再審核',
    en: 'Give the account "{account}" a role before approving it',
  },
  'user.stillPending': {
    zh: '账号“{account}”尚未审核，请使用审核通过',
    mo: '帳號「{account}」尚未審核，請使用審核通過',
    en: 'The account "{account}" is waiting for approval; approve it instead',
  },
  'user.disableSelf': {
    zh: '不能停用当前登录的账号',
    mo: '不能停用目前登入的帳號',
    en: 'You cannot disable the account you are signed in with',
  },
  'auth.captchaMissing': {
    zh: '请输入验证码',
    mo: '請輸入驗證碼',
    en: 'Please enter the captcha',
  },
  'auth.captchaExpired': {
    zh: '验证码已过期或已使用，请刷新验证码',
    mo: '驗證碼已過期或已使用，請重新整理驗證碼',
    en: 'The captcha has expired or was already used; get a new one',
  },
  'auth.captchaWrong': {
    zh: '验证码不正确，请刷新后重新输入',
    mo: '驗證碼不正確，請重新整理後再輸入',
    en: 'The captcha is wrong; get a new one and try again',
  },
  'auth.codeSent': { zh: '验证码已发送', mo: '驗證碼已發送', en: 'The code has been sent' },
  'auth.codeMissing': { zh: '请输入验证码', mo: '請輸入驗證碼', en: 'Please enter the code' },
  'auth.phoneMissing': { zh: '请输入手机号码', mo: '請輸入手機號碼', en: 'Please enter the mobile number' },
  'auth.phoneCodeMissing': {
    zh: '请输入手机号码和验证码',
    mo: '請輸入手機號碼和驗證碼',
    en: 'Please enter the mobile number and the code',
  },
  'auth.phoneInvalid': {
    zh: '手机号码格式不正确',
    mo: '手機號碼格式不正確',
    en: 'The mobile number is not valid',
  },
  'auth.phoneAmbiguous': {
    zh: '该手机号码登记在多个账号下，请使用账号密码登录',
    mo: '該手機號碼登記在多個帳號下，請使用帳號密碼登入',
    en: 'Several accounts have this mobile number; sign in with account and password',
  },
  'auth.codeWrong': {
    zh: '验证码不正确',
    mo: '驗證碼不正確',
    en: 'The code is wrong',
  },
  'auth.codeExpired': {
    zh: '验证码已过期，请重新获取',
    mo: '驗證碼已過期，請重新獲取',
    en: 'The code has expired; ask for a new one',
  },
  'auth.codeUsed': {
    zh: '验证码已使用，请重新获取',
    mo: '驗證碼已使用，請重新獲取',
    en: 'The code was already used; ask for a new one',
  },
  'auth.codeTooMany': {
    zh: '验证码错误次数过多，请重新获取',
    mo: '驗證碼錯誤次數過多，請重新獲取',
    en: 'Too many wrong codes; ask for a new one',
  },
  'auth.codeTooSoon': {
    zh: '验证码已发送，请 {seconds} 秒后再获取',
    mo: '驗證碼已發送，請 {seconds} 秒後再獲取',
    en: 'A code was just sent; ask again in {seconds} seconds',
  },
  'auth.codeSendLimited': {
    zh: '获取验证码过于频繁，请稍后再试',
    mo: '獲取驗證碼過於頻繁，請稍後再試',
    en: 'Too many codes asked from this address; try again later',
  },
  'auth.codeSendFailed': {
    zh: '验证码发送失败，请稍后再试',
    mo: '驗證碼發送失敗，請稍後再試',
    en: 'The code could not be sent; try again later',
  },
  'auth.codeNoPhone': {
    zh: '账号已开启动态码校验，但未登记手机号码，请联系管理员',
    mo: '帳號已開啟動態碼校驗，但未登記手機號碼，請聯絡管理員',
    en: 'This account needs a dynamic code but has no mobile number; ask your administrator',
  },
  'auth.challengeExpired': {
    zh: '动态码校验已超时，请重新登录',
    mo: '動態碼校驗已逾時，請重新登入',
    en: 'The dynamic-code check timed out; sign in again',
  },
  'auth.challengeInvalid': {
    zh: '动态码校验无效，请重新登录',
    mo: '動態碼校驗無效，請重新登入',
    en: 'The dynamic-code check is not valid; sign in again',
  },
  'auth.socialUnknown': {
    zh: '不支持的第三方登录：{source}',
    mo: '不支援的第三方登入：{source}',
    en: 'Unknown third-party sign-in: {source}',
  },
  'auth.socialNotConfigured': {
    zh: '第三方登录 {source} 尚未配置，请联系管理员',
    mo: '第三方登入 {source} 尚未設定，請聯絡管理員',
    en: 'Sign-in with {source} is not configured; ask your administrator',
  },
  'auth.socialStateInvalid': {
    zh: '第三方登录已失效，请重新发起',
    mo: '第三方登入已失效，請重新發起',
    en: 'The third-party sign-in is no longer valid; start it again',
  },
  'auth.socialUnreachable': {
    zh: '无法连接第三方登录服务，请稍后再试',
    mo: '無法連線第三方登入服務，請稍後再試',
    en: 'The third-party sign-in service cannot be reached; try again later',
  },
  'auth.socialNoIdentity': {
    zh: '第三方平台未返回用户标识，请重试',
    mo: '第三方平台未返回用戶標識，請重試',
    en: 'The provider did not say who you are; try again',
  },
  'auth.socialFailed': {
    zh: '第三方登录失败：{reason}',
    mo: '第三方登入失敗：{reason}',
    en: 'Third-party sign-in failed: {reason}',
  },
  'serial.unknown': {
    zh: '流水号“{code}”不存在',
    mo: '流水號「{code}」不存在',
    en: 'There is no serial sequence "{code}"',
  },
  'serial.exhausted': {
    zh: '流水号“{name}”已用到最大值 {max}，请调整最大值或重置周期',
    mo: '流水號「{name}」已用到最大值 {max}，請調整最大值或重置週期',
    en: 'The serial sequence "{name}" reached its highest value {max}; raise it or set a reset cycle',
  },
  'label.lineGone': {
    zh: '所选入库明细已不存在，请刷新后重试',
    mo: '所選入庫明細已不存在，請重新整理後重試',
    en: 'The chosen inbound line no longer exists; refresh and try again',
  },
  'label.billGone': {
    zh: '入库单不存在或已删除',
    mo: '入庫單不存在或已刪除',
    en: 'The inbound bill does not exist or was deleted',
  },
  'label.labelGone': {
    zh: '所选标签已不存在，请刷新后重试',
    mo: '所選標籤已不存在，請重新整理後重試',
    en: 'A chosen label no longer exists; refresh and try again',
  },
  'label.materialGone': {
    zh: '物料“{material}”已不存在，不能打印',
    mo: '物料「{material}」已不存在，不能列印',
    en: 'The material "{material}" no longer exists and cannot be printed',
  },
  'label.templateGone': {
    zh: '标签模板“{template}”不存在',
    mo: '標籤模板「{template}」不存在',
    en: 'The label template "{template}" does not exist',
  },
  'label.fullyPrinted': {
    zh: '该明细已全部打印（已打印 {printed}，单据数量 {qty}），不能再打印',
    mo: '該明細已全部列印（已列印 {printed}，單據數量 {qty}），不能再列印',
    en: 'This line is fully labelled ({printed} of {qty}); nothing is left to print',
  },
  'label.quantityRequired': {
    zh: '打印数量必须大于0（最多4位小数）',
    mo: '列印數量必須大於0（最多4位小數）',
    en: 'The print quantity must be greater than 0 (at most 4 decimals)',
  },
  'label.perLabelInvalid': {
    zh: '每张标签数量必须大于0（最多4位小数）',
    mo: '每張標籤數量必須大於0（最多4位小數）',
    en: 'The quantity per label must be greater than 0 (at most 4 decimals)',
  },
  'label.tooManyLabels': {
    zh: '一次最多打印500张标签，请加大每张标签数量',
    mo: '一次最多列印500張標籤，請加大每張標籤數量',
    en: 'At most 500 labels can be printed at once; raise the quantity per label',
  },
  'label.corrected': {
    zh: '打印数量已调整为剩余可打印数量 {quantity}',
    mo: '列印數量已調整為剩餘可列印數量 {quantity}',
    en: 'The print quantity was corrected to the {quantity} left to print',
  },
  'tenant.idFixed': {
    zh: '租户编号创建后不能修改',
    mo: '租戶編號建立後不能修改',
    en: 'A tenant ID cannot change once the tenant exists',
  },
  'tenant.removeOwn': {
    zh: '不能删除平台租户或当前登录的租户（{tenantId}）',
    mo: '不能刪除平台租戶或目前登入的租戶（{tenantId}）',
    en: 'The platform tenant and your own tenant ({tenantId}) cannot be deleted',
  },
  'tenantPackage.inUse': {
    zh: '套餐“{name}”仍有租户在用，不能删除',
    mo: '套餐「{name}」仍有租戶在用，不能刪除',
    en: 'The package "{name}" is still used by a tenant and cannot be deleted',
  },
  'tenantPackage.unknownMenus': {
    zh: '有 {count} 项菜单或按钮不存在',
    mo: '有 {count} 項選單或按鈕不存在',
    en: '{count} of the menus or buttons do not exist',
  },
  'topMenu.notFound': {
    zh: '顶部菜单不存在或已停用',
    mo: '頂部選單不存在或已停用',
    en: 'The top menu does not exist or is disabled',
  },
  'topMenu.unknownMenus': {
    zh: '以下菜单编码不是现有菜单：{codes}',
    mo: '以下選單編碼不是現有選單：{codes}',
    en: 'These menu codes name no existing menu: {codes}',
  },
  'tenant.accountLimit': {
    zh: '账号数量已达租户额度 {limit}，请联系平台调整',
    mo: '帳號數量已達租戶額度 {limit}，請聯絡平台調整',
    en: 'The tenant has reached its limit of {limit} accounts; ask the platform to raise it',
  },
  'user.passwordShort': {
    zh: '密码至少需要{min}个字符',
    mo: '密碼至少需要{min}個字元',
    en: 'The password needs at least {min} characters',
  },
  'user.removeSelf': {
    zh: '不能删除当前登录的账号',
    mo: '不能刪除目前登入的帳號',
    en: 'You cannot delete the account you are signed in with',
  },
  'role.grantOutside': {
    zh: '有 {count} 项菜单或按钮不存在或不在您可授予的范围内',
    mo: '有 {count} 項選單或按鈕不存在或不在您可授予的範圍內',
    en: '{count} of the menus or buttons do not exist or are not yours to grant',
  },
  // Interface permissions (modules/access).
  'role.grantApiOutside': {
    zh: '有 {count} 项接口权限不存在或不在您可授予的范围内',
    mo: '有 {count} 項介面權限不存在或不在您可授予的範圍內',
    en: '{count} of the interface permissions do not exist or are not yours to grant',
  },
  'api.forbidden': {
    zh: '您没有访问该接口的权限（{code}），请联系管理员授权',
    mo: '您沒有存取該介面的權限（{code}），請聯絡管理員授權',
    en: 'You have no permission to call this interface ({code}); ask an administrator to grant it',
  },
  'role.parentLoop': {
    zh: '上级角色不能是该角色本身或其下级角色',
    mo: '上級角色不能是該角色本身或其下級角色',
    en: 'A role cannot be placed under itself or one of its own sub-roles',
  },
  // A tree kept by parent and ancestors (engine/tree.ts): branches, departments.
  'tree.parentLoop': {
    zh: '{entity}不能放在它本身或它的下级之下',
    mo: '{entity}不能放在它本身或它的下級之下',
    en: 'A {entity} cannot be placed under itself or one of its own sub-entries',
  },
  'role.removeAdministrator': {
    zh: '超级管理员角色不能删除',
    mo: '超級管理員角色不能刪除',
    en: 'The administrator role cannot be deleted',
  },
  // Who may grant what (modules/access/holdings.ts, ADR 0009).
  'access.administratorOnly': {
    zh: '只有管理员可以授予、修改或删除管理员（{name}）',
    mo: '只有管理員可以授予、修改或刪除管理員（{name}）',
    en: 'Only an administrator can give, change or remove an administrator ({name})',
  },
  'access.menusBeyond': {
    zh: '{name}含有 {count} 项您自己没有的菜单或按钮：您只能授予或修改您自己拥有的权限',
    mo: '{name}含有 {count} 項您自己沒有的選單或按鈕：您只能授予或修改您自己擁有的權限',
    en: '{name} carries {count} menus or buttons you do not hold yourself; you can only give or change what you hold',
  },
  'access.apisBeyond': {
    zh: '{name}含有 {count} 项您自己没有的接口权限：您只能授予或修改您自己拥有的权限',
    mo: '{name}含有 {count} 項您自己沒有的介面權限：您只能授予或修改您自己擁有的權限',
    en: '{name} carries {count} interface permissions you do not hold yourself; you can only give or change what you hold',
  },
  'access.scopeBeyond': {
    zh: '{name}在“{resource}”上的数据范围超出您自己的数据范围：您只能授予或修改您自己拥有的权限',
    mo: '{name}在「{resource}」上的資料範圍超出您自己的資料範圍：您只能授予或修改您自己擁有的權限',
    en: '{name} sees more of "{resource}" than your own data scope; you can only give or change what you hold',
  },
  'access.scopeOutside': {
    zh: '您自己在“{resource}”上的数据范围较窄：只能设置您自己拥有的数据范围，不能删除或放宽',
    mo: '您自己在「{resource}」上的資料範圍較窄：只能設定您自己擁有的資料範圍，不能刪除或放寬',
    en: 'Your own data scope on "{resource}" is narrower: you can only set scopes you hold yourself there, not remove or widen them',
  },
  'access.operatorAdministrators': {
    zh: '只有运营租户的管理员可以修改租户和租户套餐',
    mo: '只有營運租戶的管理員可以修改租戶和租戶套餐',
    en: 'Only an administrator of the operator tenant can change tenants and tenant packages',
  },
  'role.aliasReserved': {
    zh: '角色别名“{alias}”为租户的超级管理员角色保留',
    mo: '角色別名「{alias}」為租戶的超級管理員角色保留',
    en: 'The role alias "{alias}" is reserved for the tenant\'s administrator role',
  },
  'crud.inUse': {
    zh: '{entity}“{value}”正被{other}“{title}”使用，不能删除',
    mo: '{entity}「{value}」正被{other}「{title}」使用，不能刪除',
    en: 'The {entity} "{value}" is used by the {other} "{title}" and cannot be deleted',
  },
  'crud.duplicateRow': {
    zh: '与已有数据重复（可能有人同时保存了相同的数据），请刷新后重试',
    mo: '與已有資料重複（可能有人同時儲存了相同的資料），請重新整理後重試',
    en: 'This duplicates an existing record (someone may have saved the same data at the same moment); refresh and try again',
  },
  'crud.forbidden': {
    zh: '当前操作没有权限（{code}）',
    mo: '目前操作沒有權限（{code}）',
    en: 'You have no permission for this action ({code})',
  },
  // Object storage and attachments (modules/resource).
  'attach.noFile': {
    zh: '请选择要上传的文件',
    mo: '請選擇要上傳的檔案',
    en: 'Choose a file to upload',
  },
  'avatar.badType': {
    zh: '头像只能是 png、jpg、gif 或 webp 图片',
    mo: '頭像只能是 png、jpg、gif 或 webp 圖片',
    en: 'An avatar must be a png, jpg, gif or webp picture',
  },
  'avatar.notPicture': {
    zh: '文件内容不是 {type} 图片，请上传真实的 png、jpg、gif 或 webp 图片',
    mo: '檔案內容不是 {type} 圖片，請上傳真實的 png、jpg、gif 或 webp 圖片',
    en: 'The file’s content is not a {type} picture; upload a real png, jpg, gif or webp picture',
  },
  'attach.notPicture': {
    zh: '文件“{name}”的内容不是 {type} 图片',
    mo: '檔案「{name}」的內容不是 {type} 圖片',
    en: 'The content of "{name}" is not a {type} picture',
  },
  'avatar.tooLarge': {
    zh: '头像图片不能超过 {limit}',
    mo: '頭像圖片不能超過 {limit}',
    en: 'An avatar picture may be at most {limit}',
  },
  'upload.timeout': {
    zh: '上传超时：文件在 {seconds} 秒内没有传完，请检查网络后重试',
    mo: '上傳逾時：檔案在 {seconds} 秒內沒有傳完，請檢查網路後重試',
    en: 'The upload timed out: the file did not arrive within {seconds} seconds; check the network and try again',
  },
  'attach.empty': { zh: '文件是空的', mo: '檔案是空的', en: 'The file is empty' },
  'attach.tooLarge': {
    zh: '文件过大，附件不能超过 {limit}',
    mo: '檔案過大，附件不能超過 {limit}',
    en: 'The file is too large: attachments may be at most {limit}',
  },
  'attach.badType': {
    zh: '不允许上传此类型的文件，允许的类型：{allowed}',
    mo: '不允許上傳此類型的檔案，允許的類型：{allowed}',
    en: 'Files of this type cannot be uploaded; allowed types: {allowed}',
  },
  'attach.fileMissing': {
    zh: '附件文件不存在',
    mo: '附件檔案不存在',
    en: 'The file of this attachment is missing',
  },
  'oss.unsupported': {
    zh: '不支持存储类型“{category}”，请选择 MinIO、七牛云、阿里云OSS、腾讯云COS 或本地磁盘',
    mo: '不支援存儲類型「{category}」，請選擇 MinIO、七牛雲、阿里雲OSS、騰訊雲COS 或本地磁碟',
    en: 'Storage type "{category}" is not supported; choose MinIO, Qiniu Kodo, Aliyun OSS, Tencent COS or Local disk',
  },
  'oss.badBucket': {
    zh: '本地磁盘的空间名只能包含字母、数字、下划线和连字符',
    mo: '本地磁碟的空間名只能包含字母、數字、底線和連字號',
    en: 'A local-disk bucket name may contain only letters, digits, underscores and hyphens',
  },
  'oss.badRemoteBucket': {
    zh: '空间名只能包含字母、数字、点、下划线和连字符，并以字母或数字开头',
    mo: '空間名只能包含字母、數字、點、底線和連字號，並以字母或數字開頭',
    en: 'A bucket name may contain only letters, digits, dots, underscores and hyphens, and must start with a letter or digit',
  },
  'oss.incomplete': {
    zh: '存储“{code}”缺少{fields}，请在对象存储中补全',
    mo: '存儲「{code}」缺少{fields}，請在對象存儲中補全',
    en: 'Storage "{code}" lacks {fields}; complete it under Object storage',
  },
  'oss.badEndpoint': {
    zh: '资源地址“{endpoint}”不是有效的网址（例如 http://minio:9000 或 https://oss-cn-hangzhou.aliyuncs.com）',
    mo: '資源地址「{endpoint}」不是有效的網址（例如 http://minio:9000 或 https://oss-cn-hangzhou.aliyuncs.com）',
    en: 'Endpoint "{endpoint}" is not a valid web address (for example http://minio:9000 or https://oss-cn-hangzhou.aliyuncs.com)',
  },
  'oss.denied': {
    zh: '存储“{code}”拒绝了访问（{detail}）：请检查 AccessKey、SecretKey 及其对空间的权限',
    mo: '存儲「{code}」拒絕了訪問（{detail}）：請檢查 AccessKey、SecretKey 及其對空間的權限',
    en: 'Storage "{code}" refused access ({detail}): check the access key, the secret key and their rights on the bucket',
  },
  'oss.noBucket': {
    zh: '存储“{code}”中没有空间“{bucket}”：请先创建该空间或更正空间名',
    mo: '存儲「{code}」中沒有空間「{bucket}」：請先建立該空間或更正空間名',
    en: 'Storage "{code}" has no bucket "{bucket}": create it or correct the bucket name',
  },
  'oss.clock': {
    zh: '存储“{code}”拒绝了请求：本服务器的时间与存储相差太多，请校准服务器时间',
    mo: '存儲「{code}」拒絕了請求：本伺服器的時間與存儲相差太多，請校準伺服器時間',
    en: "Storage \"{code}\" refused the request: this server's clock is too far from the storage's; correct the server's time",
  },
  // The outbound-address guard (http/outbound.ts): one message for every way a configured
  // server cannot be reached, so that a test tells nothing about other hosts' ports.
  'outbound.unreachable': {
    zh: '无法连接所配置的服务器，请检查地址和网络',
    mo: '無法連線所設定的伺服器，請檢查位址和網路',
    en: 'Could not connect to the configured server; check the address and the network',
  },
  'outbound.notAllowed': {
    zh: '不允许连接此地址（本机、内网或保留地址），如确需使用，请联系系统运维人员开放',
    mo: '不允許連線此位址（本機、內網或保留位址），如確需使用，請聯絡系統維運人員開放',
    en: 'This address may not be reached (this machine, a private network or a reserved range); ask the operator of this server to allow it if it is needed',
  },
  'oss.failed': {
    zh: '存储“{code}”处理失败（{detail}），请稍后重试或检查存储设置',
    mo: '存儲「{code}」處理失敗（{detail}），請稍後重試或檢查存儲設定',
    en: 'Storage "{code}" failed ({detail}); try again later or check the storage settings',
  },
  'oss.stepPut': { zh: '写入测试文件', mo: '寫入測試檔案', en: 'Writing the test file' },
  'oss.stepGet': { zh: '读回测试文件', mo: '讀回測試檔案', en: 'Reading the test file back' },
  'oss.stepRemove': { zh: '删除测试文件', mo: '刪除測試檔案', en: 'Deleting the test file' },
  'oss.testMismatch': {
    zh: '读回的内容与写入的不同',
    mo: '讀回的內容與寫入的不同',
    en: 'The bytes read back differ from those written',
  },
  'oss.testFailed': {
    zh: '{step}失败：{reason}',
    mo: '{step}失敗：{reason}',
    en: '{step} failed: {reason}',
  },
  'oss.testPassed': {
    zh: '存储“{code}”可用：测试文件已写入、读回并删除',
    mo: '存儲「{code}」可用：測試檔案已寫入、讀回並刪除',
    en: 'Storage "{code}" works: a test file was written, read back and deleted',
  },
  'excel.nameOf': {
    zh: '{label}名称',
    mo: '{label}名稱',
    en: '{label} name',
  },
  'excel.badFile': {
    zh: '只能上传 .xls 或 .xlsx 文件',
    mo: '只能上傳 .xls 或 .xlsx 檔案',
    en: 'Only .xls or .xlsx files can be uploaded',
  },
  'excel.noFile': {
    zh: '请选择要上传的文件（表单字段 file）',
    mo: '請選擇要上傳的檔案（表單欄位 file）',
    en: 'Please choose a file to upload (form field "file")',
  },
  'excel.tooLarge': {
    zh: '文件过大（上限 {limit}）',
    mo: '檔案過大（上限 {limit}）',
    en: 'The file is too large (limit {limit})',
  },
  'excel.unreadable': {
    zh: '无法读取文件：文件已损坏或不是 Excel 表格',
    mo: '無法讀取檔案：檔案已損壞或不是 Excel 表格',
    en: 'The file cannot be read: it is damaged or not an Excel workbook',
  },
  'excel.noRows': {
    zh: '文件中没有数据：第 1 行为标题，数据从第 2 行开始',
    mo: '檔案中沒有資料：第 1 列為標題，資料從第 2 列開始',
    en: 'The file holds no data: row 1 is the header, data starts on row 2',
  },
  'excel.noColumns': {
    zh: '第 1 行没有可识别的列标题，请使用导入模板',
    mo: '第 1 列沒有可識別的欄位標題，請使用匯入範本',
    en: 'Row 1 has no known column header; please use the import template',
  },
  'excel.duplicateColumn': {
    zh: '列“{name}”出现了不止一次',
    mo: '欄位「{name}」出現了不止一次',
    en: 'The column "{name}" appears more than once',
  },
  'excel.tooManyRows': {
    zh: '数据行过多：一次最多导入 {max} 行',
    mo: '資料列過多：一次最多匯入 {max} 列',
    en: 'Too many rows: at most {max} rows can be imported at once',
  },
  'excel.tooManyExportRows': {
    zh: '导出数据过多（{count} 行，上限 {max} 行），请缩小查询范围',
    mo: '匯出資料過多（{count} 列，上限 {max} 列），請縮小查詢範圍',
    en: 'Too many rows to export ({count}, limit {max}); narrow the search',
  },
  'excel.importFailed': {
    zh: '导入失败：{count} 行有错误',
    mo: '匯入失敗：{count} 列有錯誤',
    en: 'Import failed: {count} rows have errors',
  },
  'excel.rowFailed': {
    zh: '该行无法保存：{detail}',
    mo: '該列無法儲存：{detail}',
    en: 'This row cannot be saved: {detail}',
  },
  // Untrusted uploads (docs/adr/0035-untrusted-parsing.md): checked before parsing, parsed in a worker.
  'excel.damaged': {
    zh: '无法读取文件：文件已损坏或不完整（可能在上传时被截断），请重新保存后再上传',
    mo: '無法讀取檔案：檔案已損壞或不完整（可能在上傳時被截斷），請重新儲存後再上傳',
    en: 'The file cannot be read: it is damaged or incomplete (perhaps cut off during the upload); save it again and upload it again',
  },
  'excel.unpackedTooLarge': {
    zh: '无法读取文件：解压后的内容异常庞大（上限 {limit}）',
    mo: '無法讀取檔案：解壓後的內容異常龐大（上限 {limit}）',
    en: 'The file cannot be read: it unpacks to an abnormal amount of data (limit {limit})',
  },
  'excel.badCell': {
    zh: '单元格 {cell} 的值无法读取（可能是结果为文本的公式），请改为直接填写值',
    mo: '儲存格 {cell} 的值無法讀取（可能是結果為文字的公式），請改為直接填寫值',
    en: 'The value of cell {cell} cannot be read (a formula whose result is text?); type the value itself',
  },
  'parse.timeout': {
    zh: '文件未能在 {seconds} 秒内读取完成：内容过大或过于复杂，请拆分后重试',
    mo: '檔案未能在 {seconds} 秒內讀取完成：內容過大或過於複雜，請拆分後重試',
    en: 'The file could not be read within {seconds} seconds: it is too large or too complex; split it and try again',
  },
  'parse.outOfMemory': {
    zh: '文件读取时超出内存上限：内容过大或过于复杂，请拆分后重试',
    mo: '檔案讀取時超出記憶體上限：內容過大或過於複雜，請拆分後重試',
    en: 'Reading the file needs more memory than allowed: it is too large or too complex; split it and try again',
  },
  'parse.busy': {
    zh: '正在读取的文件过多，请稍后再试',
    mo: '正在讀取的檔案過多，請稍後再試',
    en: 'Too many files are being read right now; try again shortly',
  },
  'job.queued': {
    zh: '已开始处理，完成后在此显示结果',
    mo: '已開始處理，完成後在此顯示結果',
    en: 'Started; the result will show here when it is done',
  },
  'excel.exported': {
    zh: '导出完成：共 {count} 条',
    mo: '匯出完成：共 {count} 筆',
    en: 'Exported {count} records',
  },
  'job.interrupted': {
    zh: '该任务已中断（处理它的服务进程已停止），可以重新运行',
    mo: '該任務已中斷（處理它的服務行程已停止），可以重新執行',
    en: 'This job was interrupted (the server process running it stopped); it can be run again',
  },
  'job.notReady': {
    zh: '该任务还没有可下载的文件',
    mo: '該任務還沒有可下載的檔案',
    en: 'This job has no file to download yet',
  },
  'excel.imported': {
    zh: '导入成功：共 {count} 条',
    mo: '匯入成功：共 {count} 筆',
    en: 'Imported {count} records',
  },
  'excel.templateSuffix': { zh: '导入模板', mo: '匯入範本', en: 'import template' },
  'excel.dictSheet': { zh: '字典说明', mo: '字典說明', en: 'Dictionaries' },
  'excel.dictField': { zh: '字段', mo: '欄位', en: 'Field' },
  'excel.dictLabel': { zh: '填写内容', mo: '填寫內容', en: 'Write' },
  'excel.dictValue': { zh: '保存的值', mo: '儲存的值', en: 'Stored value' },
  'excel.dictNote': {
    zh: '字典字段可以填写名称（任一语言）或值；标 * 的列为必填',
    mo: '字典欄位可以填寫名稱（任一語言）或值；標 * 的欄位為必填',
    en: 'Dictionary columns take the label (in any language) or the value; columns marked * are required',
  },
  'ledger.any': { zh: '任意', mo: '任意', en: 'any' },
  'bindBatch.qty': {
    zh: '绑定数量须大于 0（可用 {available}）',
    mo: '綁定數量須大於 0（可用 {available}）',
    en: 'The quantity to bind must be more than 0 (available: {available})',
  },
  'bindBatch.tooMuch': {
    zh: '绑定数量 {qty} 超过该库存的数量 {available}',
    mo: '綁定數量 {qty} 超過該庫存的數量 {available}',
    en: 'Cannot bind {qty}: this stock holds {available}',
  },
  'bindBatch.unchanged': {
    zh: '批次号、客户批次号和日期都没有变化',
    mo: '批次號、客戶批次號和日期都沒有變化',
    en: 'Neither the batch numbers nor the dates change',
  },
  'billing.noAgreement': {
    zh: '货主 {owner} 没有费用协议，未计费',
    mo: '貨主 {owner} 沒有費用協議，未計費',
    en: 'Owner {owner} has no fee agreement: nothing charged',
  },
  'billing.agreementEnded': {
    zh: '货主 {owner} 的协议 {agreement} 已于 {date} 到期，{days} 天未计费',
    mo: '貨主 {owner} 的協議 {agreement} 已於 {date} 到期，{days} 天未計費',
    en: 'Agreement {agreement} of owner {owner} ended on {date}: {days} day(s) not charged',
  },
  'billing.daysWithoutAgreement': {
    zh: '货主 {owner} 在 {from} 至 {to} 期间没有生效的费用协议，{days} 天未计费',
    mo: '貨主 {owner} 在 {from} 至 {to} 期間沒有生效的費用協議，{days} 天未計費',
    en: 'Owner {owner} has no agreement in force from {from} to {to}: {days} day(s) not charged',
  },
  'billing.noStoragePrice': {
    zh: '协议 {agreement} 及其计费规则都没有仓储单价，未计仓储费',
    mo: '協議 {agreement} 及其計費規則都沒有倉儲單價，未計倉儲費',
    en: 'Neither agreement {agreement} nor its billing rule has a storage price: no storage charged',
  },
  'billing.areaBasis': {
    zh: '货主 {owner} 的协议按面积计费，仓储费请用包仓单计收',
    mo: '貨主 {owner} 的協議按面積計費，倉儲費請用包倉單計收',
    en: 'The agreement of owner {owner} charges by area: bill its storage with a package-warehouse bill',
  },
  'billing.overlap': {
    zh: '货主 {owner} 的协议 {other}（{from} 至 {to}）与本协议期间重叠，请先调整日期或终止其中一份',
    mo: '貨主 {owner} 的協議 {other}（{from} 至 {to}）與本協議期間重疊，請先調整日期或終止其中一份',
    en: 'Agreement {other} of owner {owner} ({from} to {to}) overlaps this one: change the dates or terminate one of them',
  },
  'billing.endBeforeStart': {
    zh: '结束日期不能早于开始日期',
    mo: '結束日期不能早於開始日期',
    en: 'The end date cannot be before the start date',
  },
  'billing.running': {
    zh: '货主 {owner} 在 {from} 至 {to} 的计费正在进行，请等它完成',
    mo: '貨主 {owner} 在 {from} 至 {to} 的計費正在進行，請等它完成',
    en: 'A billing run for {owner} from {from} to {to} is already under way: wait for it to finish',
  },
  'billing.period': {
    zh: '计费期间无效：开始日期须不晚于结束日期，且不超过 366 天',
    mo: '計費期間無效：開始日期須不晚於結束日期，且不超過 366 天',
    en: 'Invalid billing period: the start must not be after the end, and at most 366 days',
  },
  // Days that have not happened are never charged (issue 29, 1).
  'billing.futurePeriod': {
    zh: '计费期间 {from} 至 {to} 尚未开始：费用最多计到今天 {through}',
    mo: '計費期間 {from} 至 {to} 尚未開始：費用最多計到今天 {through}',
    en: 'The period {from} to {to} has not begun: charges run to today, {through}, at most',
  },
  'billing.periodCut': {
    zh: '已计费至今天 {through}：{from} 之后的日子尚未发生，未计费',
    mo: '已計費至今天 {through}：{from} 之後的日子尚未發生，未計費',
    en: 'Charged through today, {through}: the days from {from} have not happened and were not charged',
  },
  'billing.provisional': {
    zh: '账单 {bill} 为临时账单：只计到 {through}，其期间到 {end} 才结束；期末后请重新生成',
    mo: '帳單 {bill} 為臨時帳單：只計到 {through}，其期間到 {end} 才結束；期末後請重新生成',
    en: 'Bill {bill} is provisional: charged through {through}, its period ends {end}; make it again after that',
  },
  'billing.provisionalRefused': {
    zh: '账单 {bill} 是临时账单（计至 {through}），其期间到 {end} 才结束：期末后重新生成再{action}',
    mo: '帳單 {bill} 是臨時帳單（計至 {through}），其期間到 {end} 才結束：期末後重新生成再{action}',
    en: 'Bill {bill} is provisional (charged through {through}) and its period ends {end}: make it again after that, then {action}',
  },
  'billing.unknownOwner': {
    zh: '货主 {owner} 不存在',
    mo: '貨主 {owner} 不存在',
    en: 'Owner {owner} does not exist',
  },
  'billing.notDraft': {
    zh: '账单 {bill} 不是待确认状态',
    mo: '帳單 {bill} 不是待確認狀態',
    en: 'Cost bill {bill} is not awaiting confirmation',
  },
  'billing.cannotUnconfirm': {
    zh: '账单 {bill} 不是已确认状态或已有收款，不能取消确认',
    mo: '帳單 {bill} 不是已確認狀態或已有收款，不能取消確認',
    en: 'Cost bill {bill} cannot be un-confirmed: it is not confirmed, or something is paid',
  },
  'billing.notConfirmed': {
    zh: '账单 {bill} 尚未确认',
    mo: '帳單 {bill} 尚未確認',
    en: 'Cost bill {bill} is not confirmed',
  },
  'billing.billOverlap': {
    zh: '货主 {owner} 已有账单 {bill}（{from} 至 {to}）与该期间重叠',
    mo: '貨主 {owner} 已有帳單 {bill}（{from} 至 {to}）與該期間重疊',
    en: 'Owner {owner} already has cost bill {bill} ({from} to {to}) over this period',
  },
  'billing.done': {
    zh: '计费完成：{owners} 个货主，写入 {rows} 条费用明细，金额 {amount}',
    mo: '計費完成：{owners} 個貨主，寫入 {rows} 條費用明細，金額 {amount}',
    en: 'Billing done: {owners} owner(s), {rows} cost detail row(s) written, amount {amount}',
  },
  'putaway.noPlace': {
    zh: '第 {lines} 行没有容量足够的可用库位，请手工指定',
    mo: '第 {lines} 行沒有容量足夠的可用庫位，請手工指定',
    en: 'No available location has room for line(s) {lines}: choose one by hand',
  },
  'ledger.notEnough': {
    zh: '单据 {bill} 第 {line} 行：货主 {owner} 的物料 {material}（批次 {batch}，库位 {place}）库存不足，需要 {need}，可用 {available}',
    mo: '單據 {bill} 第 {line} 行：貨主 {owner} 的物料 {material}（批次 {batch}，庫位 {place}）庫存不足，需要 {need}，可用 {available}',
    en: 'Bill {bill} line {line}: not enough stock of material {material} (batch: {batch}, place: {place}) for owner {owner}; needs {need}, available {available}',
  },
  'ledger.negative': {
    zh: '单据 {bill} 第 {line} 行：货主 {owner} 的物料 {material}（批次 {batch}，库位 {place}）库存不足',
    mo: '單據 {bill} 第 {line} 行：貨主 {owner} 的物料 {material}（批次 {batch}，庫位 {place}）庫存不足',
    en: 'Bill {bill} line {line}: not enough stock of material {material} (batch: {batch}, place: {place}) for owner {owner}',
  },
  'bill.unreviewUsed': {
    zh: '单据 {bill} 不能反审核：第 {line} 行入库的货主 {owner} 物料 {material}（批次 {batch}，库位 {place}）已被后续业务使用',
    mo: '單據 {bill} 不能反審核：第 {line} 行入庫的貨主 {owner} 物料 {material}（批次 {batch}，庫位 {place}）已被後續業務使用',
    en: 'Bill {bill} cannot be un-reviewed: the stock of line {line} (material {material}, batch: {batch}, place: {place}, owner {owner}) has already been used',
  },
  'bill.alreadyPosted': {
    zh: '单据 {bill} 已过账，不能重复过账',
    mo: '單據 {bill} 已過賬，不能重複過賬',
    en: 'Bill {bill} has already been posted to stock; it cannot be posted twice',
  },
  'bill.notPosted': {
    zh: '单据 {bill} 尚未过账，无需反审核',
    mo: '單據 {bill} 尚未過賬，無需反審核',
    en: 'Bill {bill} has not been posted to stock; there is nothing to un-review',
  },
  'bill.ownerMissing': {
    zh: '单据 {bill} 未选择货主，不能过账',
    mo: '單據 {bill} 未選擇貨主，不能過賬',
    en: 'Bill {bill} has no owner; choose the owner before posting',
  },
  'stockcheck.nothingInScope': {
    zh: '盘点单 {bill}：盘点范围内没有库存，未生成明细',
    mo: '盤點單 {bill}：盤點範圍內沒有庫存，未生成明細',
    en: 'Stock count {bill}: there is no stock in its scope, so no lines were made',
  },
  'stockcheck.notCounted': {
    zh: '盘点单 {bill} 第 {line} 行：物料 {material}（批次 {batch}，库位 {place}）尚未录入实盘数量',
    mo: '盤點單 {bill} 第 {line} 行：物料 {material}（批次 {batch}，庫位 {place}）尚未錄入實盤數量',
    en: 'Stock count {bill} line {line}: material {material} batch {batch} in place {place} has no counted quantity yet',
  },
  'stockcheck.importNoLine': {
    zh: '盘点单没有第 {line} 行（按行号匹配明细）',
    mo: '盤點單沒有第 {line} 行（按行號匹配明細）',
    en: 'The count has no line {line} (rows are matched by line number)',
  },
  'stockcheck.importQty': {
    zh: '实盘数量 {qty} 无效：须为 0 或正数，最多 4 位小数',
    mo: '實盤數量 {qty} 無效：須為 0 或正數，最多 4 位小數',
    en: 'Counted quantity {qty} is not valid: it must be 0 or more, with at most 4 decimals',
  },
  'stockcheck.badRange': {
    zh: '盘点单 {bill}：起始库位 {from} 在截止库位 {to} 之后',
    mo: '盤點單 {bill}：起始庫位 {from} 在截止庫位 {to} 之後',
    en: 'Stock count {bill}: from location {from} comes after to location {to}',
  },
  'bill.noLines': {
    zh: '单据 {bill} 没有有效明细，不能过账',
    mo: '單據 {bill} 沒有有效明細，不能過賬',
    en: 'Bill {bill} has no valid lines to post',
  },
  'bill.lineQty': {
    zh: '单据 {bill} 第 {line} 行：数量必须大于 0',
    mo: '單據 {bill} 第 {line} 行：數量必須大於 0',
    en: 'Bill {bill} line {line}: the quantity must be greater than 0',
  },
  'bill.postedLocked': {
    zh: '单据 {bill} 已过账，不能修改，请先反审核',
    mo: '單據 {bill} 已過賬，不能修改，請先反審核',
    en: 'Bill {bill} has been posted to stock and cannot be changed; un-review it first',
  },
  'bill.reviewByAction': {
    zh: '审核状态只能选择“无需审核”或“待审核”，审核请使用审核按钮',
    mo: '審核狀態只能選擇「無需審核」或「待審核」，審核請使用審核按鈕',
    en: 'Review status can only be set to "No review needed" or "Review needed"; use the review button to review',
  },
  'bill.postedNoDelete': {
    zh: '单据 {bill} 已过账，不能删除，请先反审核',
    mo: '單據 {bill} 已過賬，不能刪除，請先反審核',
    en: 'Bill {bill} has been posted to stock and cannot be deleted; un-review it first',
  },
  'bill.delivered': {
    zh: '已出库的单据不能删除',
    mo: '已出庫的單據不能刪除',
    en: 'The delivered storage document cannot be deleted',
  },
  // Bill locks declared on the header entity (engine/locks.ts, docs/adr/0014-bill-locks.md)
  'bill.locked': {
    zh: '单据 {bill} 的{field}为“{state}”，不能修改或删除',
    mo: '單據 {bill} 的{field}為「{state}」，不能修改或刪除',
    en: 'Bill {bill} cannot be changed or deleted: its {field} is "{state}"',
  },
  'bill.linesLocked': {
    zh: '单据 {bill} 的{field}为“{state}”，其明细不能新增、修改或删除',
    mo: '單據 {bill} 的{field}為「{state}」，其明細不能新增、修改或刪除',
    en: 'The lines of bill {bill} cannot be added, changed or deleted: its {field} is "{state}"',
  },
  // The bill-flow engine (modules/flow, docs/adr/0016-bill-flows.md)
  'workflow.invalidModel': {
    zh: '流程模型无效：{reason}',
    mo: '流程模型無效：{reason}',
    en: 'The process model is not valid: {reason}',
  },
  'workflow.noProcess': {
    zh: '没有可启动的流程：{key}',
    mo: '沒有可啟動的流程：{key}',
    en: 'No process that can be started: {key}',
  },
  'workflow.notStarter': {
    zh: '您不能发起流程“{name}”',
    mo: '您不能發起流程「{name}」',
    en: 'You may not start the process "{name}"',
  },
  'workflow.taskClosed': {
    zh: '任务“{name}”已被处理',
    mo: '任務「{name}」已被處理',
    en: 'The task "{name}" has already been handled',
  },
  'workflow.notCandidate': {
    zh: '您不是任务“{name}”的办理人',
    mo: '您不是任務「{name}」的辦理人',
    en: 'You are not a candidate for the task "{name}"',
  },
  'workflow.claimed': {
    zh: '任务“{name}”已被他人签收',
    mo: '任務「{name}」已被他人簽收',
    en: 'The task "{name}" has been claimed by someone else',
  },
  'workflow.reasonRequired': {
    zh: '驳回必须填写原因',
    mo: '駁回必須填寫原因',
    en: 'A rejection needs a reason',
  },
  'workflow.instanceEnded': {
    zh: '流程实例已结束',
    mo: '流程實例已結束',
    en: 'The process instance has ended',
  },
  'workflow.pending': {
    zh: '单据 {bill} 已在审批中',
    mo: '單據 {bill} 已在審批中',
    en: 'Bill {bill} is already awaiting approval',
  },
  'workflow.approvalRequested': {
    zh: '{bills} 已提交审批（{process}），待 {holders} 处理',
    mo: '{bills} 已提交審批（{process}），待 {holders} 處理',
    en: '{bills} sent for approval ({process}); waiting for {holders}',
  },
  'workflow.billInApproval': {
    zh: '单据 {bill} 正在审批中（{process}，待 {holders} 处理），不能修改、删除或执行其他操作；可由提交人 {starter} 撤回审批',
    mo: '單據 {bill} 正在審批中（{process}，待 {holders} 處理），不能修改、刪除或執行其他操作；可由提交人 {starter} 撤回審批',
    en: 'Bill {bill} is already awaiting approval ({process}, with {holders}): it cannot be changed, deleted or acted on; its submitter {starter} may recall the approval',
  },
  'workflow.notInApproval': {
    zh: '单据 {bill} 没有正在进行的审批',
    mo: '單據 {bill} 沒有正在進行的審批',
    en: 'Bill {bill} has no approval in progress',
  },
  'workflow.recallNotStarter': {
    zh: '只有提交人 {starter} 可以撤回单据 {bill} 的审批',
    mo: '只有提交人 {starter} 可以撤回單據 {bill} 的審批',
    en: 'Only its submitter {starter} may recall the approval of bill {bill}',
  },
  'workflow.recalled': {
    zh: '已撤回单据 {bill} 的审批',
    mo: '已撤回單據 {bill} 的審批',
    en: 'The approval of bill {bill} was recalled',
  },
  'workflow.unknownService': {
    zh: '流程调用了未知的服务：{name}',
    mo: '流程呼叫了未知的服務：{name}',
    en: 'The process calls an unknown service: {name}',
  },
  'workflow.unknownAction': {
    zh: '单据类型 {entity} 没有动作 {action}',
    mo: '單據類型 {entity} 沒有動作 {action}',
    en: 'Bill type {entity} has no action {action}',
  },
  'workflow.unknownUser': {
    zh: '用户不存在：{user}',
    mo: '用戶不存在：{user}',
    en: 'No such user: {user}',
  },
  'workflow.notEarlierStep': {
    zh: '“{step}”不是本流程已完成的步骤，不能驳回到该步骤',
    mo: '「{step}」不是本流程已完成的步驟，不能駁回到該步驟',
    en: '"{step}" is not a step this instance has completed: it cannot be sent back there',
  },
  'workflow.signPending': {
    zh: '任务“{name}”还在等待加签人处理',
    mo: '任務「{name}」還在等待加簽人處理',
    en: 'The task "{name}" is still waiting for the signer added before it',
  },
  'workflow.whyRequired': {
    zh: '请填写原因',
    mo: '請填寫原因',
    en: 'Please give a reason',
  },
  'workflow.sameUser': {
    zh: '不能转办或加签给自己',
    mo: '不能轉辦或加簽給自己',
    en: 'You cannot transfer a task, or add a signer, to yourself',
  },
  'workflow.formRequired': {
    zh: '请填写“{field}”',
    mo: '請填寫「{field}」',
    en: 'Please fill in "{field}"',
  },
  'workflow.formValue': {
    zh: '“{field}”的值不符合要求（{rule}）',
    mo: '「{field}」的值不符合要求（{rule}）',
    en: 'The value of "{field}" does not meet its rule ({rule})',
  },
  'workflow.formSchema': {
    zh: '表单设计无效：{reason}',
    mo: '表單設計無效：{reason}',
    en: 'The form design is not valid: {reason}',
  },
  // Workflow separation of duties (docs/adr/0027-workflow-engine.md, amendment 4)
  'workflow.starterApproval': {
    zh: '您是本流程的发起人，不能自己办理“{name}”',
    mo: '您是本流程的發起人，不能自己辦理「{name}」',
    en: 'You started this process: you cannot handle "{name}" yourself',
  },
  'workflow.starterHandover': {
    zh: '任务“{name}”不能交给本流程的发起人办理',
    mo: '任務「{name}」不能交給本流程的發起人辦理',
    en: 'The task "{name}" cannot be handed to the user who started the process',
  },
  'workflow.badVariable': {
    zh: '“{name}”不能作为流程变量提交',
    mo: '「{name}」不能作為流程變數提交',
    en: '"{name}" cannot be submitted as a process variable',
  },
  'workflow.undeclaredVariable': {
    zh: '任务“{task}”的表单没有字段“{name}”，不能提交该值',
    mo: '任務「{task}」的表單沒有欄位「{name}」，不能提交該值',
    en: 'The form of "{task}" has no field "{name}": that value cannot be submitted',
  },
  'workflow.startVariableLocked': {
    zh: '“{name}”是发起流程时填写的，任务“{task}”不能修改它',
    mo: '「{name}」是發起流程時填寫的，任務「{task}」不能修改它',
    en: '"{name}" was given when the process started: the task "{task}" cannot change it',
  },
  'workflow.undeclaredStart': {
    zh: '流程“{process}”的发起表单没有字段“{name}”',
    mo: '流程「{process}」的發起表單沒有欄位「{name}」',
    en: 'The start form of "{process}" has no field "{name}"',
  },
  'workflow.decidedLater': {
    zh: '“{name}”由任务“{task}”填写，发起流程时不能提交',
    mo: '「{name}」由任務「{task}」填寫，發起流程時不能提交',
    en: '"{name}" is filled in by the task "{task}": it cannot be given when the process starts',
  },
  'flow.wrongState': {
    zh: '单据 {bill} 的{field}为“{state}”，不能{action}',
    mo: '單據 {bill} 的{field}為「{state}」，不能{action}',
    en: 'Bill {bill} cannot be given "{action}": its {field} is "{state}"',
  },
  // An action's declared form (flow/engine.ts readActionForm).
  'flow.formRequired': {
    zh: '单据 {bill}：{action}需要填写{field}',
    mo: '單據 {bill}：{action}需要填寫{field}',
    en: 'Bill {bill}: "{action}" needs {field}',
  },
  'flow.formInvalid': {
    zh: '{action}：{detail}',
    mo: '{action}：{detail}',
    en: '"{action}": {detail}',
  },
  // Sales orders (modules/wms/flow-code-sales.ts)
  'sales.blacklisted': {
    zh: '销售订单 {bill}：货主 {owner} 在黑名单中（{reason}），不能审核或出库',
    mo: '銷售訂單 {bill}：貨主 {owner} 在黑名單中（{reason}），不能審核或出庫',
    en: 'Sales order {bill}: owner {owner} is on the blacklist ({reason}); it cannot be reviewed or shipped',
  },
  'sales.creditFrozen': {
    zh: '销售订单 {bill}：货主 {owner} 的信用额度已冻结，不能审核；需要时请用“信用特批审核”',
    mo: '銷售訂單 {bill}：貨主 {owner} 的信用額度已凍結，不能審核；需要時請用「信用特批審核」',
    en: 'Sales order {bill}: the credit of owner {owner} is frozen; it cannot be reviewed (use "Review over credit" if it must go)',
  },
  'sales.creditExceeded': {
    zh: '销售订单 {bill}：金额 {amount} 超出货主 {owner} 的可用信用额度 {available}，不能审核；需要时请用“信用特批审核”',
    mo: '銷售訂單 {bill}：金額 {amount} 超出貨主 {owner} 的可用信用額度 {available}，不能審核；需要時請用「信用特批審核」',
    en: 'Sales order {bill}: its amount {amount} is more than the credit available to owner {owner} ({available}); it cannot be reviewed (use "Review over credit" if it must go)',
  },
  'bill.lockedByAction': {
    zh: '{field}“{state}”只能由单据的操作按钮设置',
    mo: '{field}「{state}」只能由單據的操作按鈕設定',
    en: '{field} "{state}" is set by the bill\'s actions only',
  },
  'bill.headerMissing': {
    zh: '{lines}必须属于一张存在的{header}，请提供有效的 {key}',
    mo: '{lines}必須屬於一張存在的{header}，請提供有效的 {key}',
    en: 'A {lines} must belong to an existing {header}: give a valid {key}',
  },
  // Stock reports (modules/reports)
  'report.totals': { zh: '合计', mo: '合計', en: 'Total' },
  'report.areaRequired': {
    zh: '请选择库区',
    mo: '請選擇庫區',
    en: 'Please choose a storage area',
  },
  'report.areaMissing': {
    zh: '库区 {code} 不存在或已被删除',
    mo: '庫區 {code} 不存在或已被刪除',
    en: 'Storage area {code} does not exist or has been deleted',
  },
  'reservation.notNew': {
    zh: '预约单 {bill} 已确认，不能再次审核',
    mo: '預約單 {bill} 已確認，不能再次審核',
    en: 'Reservation {bill} is already confirmed',
  },
  'reservation.notConfirmed': {
    zh: '预约单 {bill} 尚未确认',
    mo: '預約單 {bill} 尚未確認',
    en: 'Reservation {bill} is not confirmed',
  },
  'reservation.quoted': {
    zh: '预约单 {bill} 已被单据 {by} 引用，不能反审核',
    mo: '預約單 {bill} 已被單據 {by} 引用，不能反審核',
    en: 'Reservation {bill} is quoted by bill {by} and cannot be un-reviewed',
  },
  'reservation.notQuotable': {
    zh: '预约单 {bill} 未确认或已完成，不能引用',
    mo: '預約單 {bill} 未確認或已完成，不能引用',
    en: 'Reservation {bill} is not confirmed or already completed and cannot be quoted',
  },
  'reservation.quoteMissing': {
    zh: '单据 {bill} 第 {line} 行引用的预约单 {reservation} 不存在',
    mo: '單據 {bill} 第 {line} 行引用的預約單 {reservation} 不存在',
    en: 'Bill {bill} line {line} quotes reservation {reservation}, which does not exist',
  },
  'reservation.quoteOwner': {
    zh: '单据 {bill} 第 {line} 行引用的预约单 {reservation} 属于其他货主',
    mo: '單據 {bill} 第 {line} 行引用的預約單 {reservation} 屬於其他貨主',
    en: 'Bill {bill} line {line} quotes reservation {reservation} of another owner',
  },
  'reservation.quoteLine': {
    zh: '单据 {bill} 第 {line} 行引用的预约单 {reservation} 第 {applyLine} 行不存在或物料不同',
    mo: '單據 {bill} 第 {line} 行引用的預約單 {reservation} 第 {applyLine} 行不存在或物料不同',
    en: 'Bill {bill} line {line}: reservation {reservation} has no line {applyLine} of that material',
  },
  'reservation.quoteExceeds': {
    zh: '单据 {bill} 第 {line} 行超过预约单 {reservation} 第 {applyLine} 行的剩余数量 {left}',
    mo: '單據 {bill} 第 {line} 行超過預約單 {reservation} 第 {applyLine} 行的剩餘數量 {left}',
    en: 'Bill {bill} line {line} exceeds what is left on reservation {reservation} line {applyLine} ({left})',
  },
  'flow.locked': {
    zh: '单据 {bill} 已审核或已处理，不能修改或删除，请先反审核',
    mo: '單據 {bill} 已審核或已處理，不能修改或刪除，請先反審核',
    en: 'Bill {bill} has been reviewed or processed and cannot be changed or deleted; un-review it first',
  },
  'flow.alreadyReviewed': {
    zh: '单据 {bill} 已审核',
    mo: '單據 {bill} 已審核',
    en: 'Bill {bill} is already reviewed',
  },
  'flow.notReviewed': {
    zh: '单据 {bill} 尚未审核',
    mo: '單據 {bill} 尚未審核',
    en: 'Bill {bill} is not reviewed',
  },
  'sorting.notReviewed': {
    zh: '出库单 {bill} 尚未审核，不能生成分拣单',
    mo: '出庫單 {bill} 尚未審核，不能生成分揀單',
    en: 'Outbound bill {bill} is not reviewed; it cannot be sorted yet',
  },
  'sorting.exists': {
    zh: '出库单 {bill} 已有分拣单 {sorting}',
    mo: '出庫單 {bill} 已有分揀單 {sorting}',
    en: 'Outbound bill {bill} already has sorting bill {sorting}',
  },
  'sorting.blocksUnreview': {
    zh: '出库单 {bill} 已生成分拣单 {sorting}，请先删除分拣单',
    mo: '出庫單 {bill} 已生成分揀單 {sorting}，請先刪除分揀單',
    en: 'Outbound bill {bill} has sorting bill {sorting}; delete it first',
  },
  'sorting.onLoading': {
    zh: '出库单 {bill} 已在装车单 {loading} 上，请先删除装车单',
    mo: '出庫單 {bill} 已在裝車單 {loading} 上，請先刪除裝車單',
    en: 'Outbound bill {bill} is on loading bill {loading}; delete it first',
  },
  'loading.notSorted': {
    zh: '出库单 {bill} 尚未完成分拣复核，不能装车',
    mo: '出庫單 {bill} 尚未完成分揀覆核，不能裝車',
    en: 'Outbound bill {bill} has no reviewed sorting bill; it cannot be loaded yet',
  },
  'loading.exists': {
    zh: '出库单 {bill} 已在装车单 {loading} 上',
    mo: '出庫單 {bill} 已在裝車單 {loading} 上',
    en: 'Outbound bill {bill} is already on loading bill {loading}',
  },
  'loading.cars': {
    zh: '所选出库单的车牌号不同：{cars}',
    mo: '所選出庫單的車牌號不同：{cars}',
    en: 'The chosen outbound bills are for different vehicles: {cars}',
  },
  'loading.timeOrder': {
    zh: '装车单 {bill} 的结束时间不能早于开始时间',
    mo: '裝車單 {bill} 的結束時間不能早於開始時間',
    en: 'Loading bill {bill}: an end time cannot be before its start',
  },
  'notice.notWaiting': {
    zh: '发货通知单 {bill} 已接收',
    mo: '發貨通知單 {bill} 已接收',
    en: 'Delivery notice {bill} has already been received',
  },
  'notice.noStock': {
    zh: '发货通知单 {bill} 第 {line} 行物料 {material} 库存不足，可提前接收',
    mo: '發貨通知單 {bill} 第 {line} 行物料 {material} 庫存不足，可提前接收',
    en: 'Delivery notice {bill} line {line}: not enough stock of {material}; receive it in advance instead',
  },
  'auth.domainMissing': {
    zh: '请输入域账号和密码',
    mo: '請輸入網域帳號和密碼',
    en: 'Please enter the domain account and password',
  },
  'auth.domainPasswordInQuery': {
    zh: '域账号密码须放在请求正文中发送，不能放在网址中',
    mo: '網域帳號密碼須放在請求內文中傳送，不能放在網址中',
    en: 'Send the domain password in the request body, never in the address',
  },
  'auth.domainNotConfigured': {
    zh: '本租户未启用域账号登录，请联系管理员',
    mo: '本租戶未啟用網域帳號登入，請聯絡管理員',
    en: 'Directory sign-in is not set up for this tenant; ask your administrator',
  },
  'auth.domainNotEnabled': {
    zh: '该域账号未启用域登录，请联系管理员',
    mo: '該網域帳號未啟用網域登入，請聯絡管理員',
    en: 'This domain account is not enabled for sign-in here; ask your administrator',
  },
  'auth.domainBadCredentials': {
    zh: '域账号或密码错误',
    mo: '網域帳號或密碼錯誤',
    en: 'Wrong domain account or password',
  },
  'auth.domainUnreachable': {
    zh: '无法连接域控制器（目录服务），请稍后再试或联系管理员',
    mo: '無法連線網域控制站（目錄服務），請稍後再試或聯絡管理員',
    en: 'The directory (domain controller) cannot be reached; try again later or ask your administrator',
  },
  'auth.domainNoSystemAccount': {
    zh: '该域账号未关联可用的系统账号，请联系管理员',
    mo: '該網域帳號未關聯可用的系統帳號，請聯絡管理員',
    en: 'This domain account is not linked to a system account; ask your administrator',
  },
  'auth.domainAmbiguous': {
    zh: '该域账号对应多个人员或目录条目，请联系管理员',
    mo: '該網域帳號對應多個人員或目錄條目，請聯絡管理員',
    en: 'This domain account matches more than one person or directory entry; ask your administrator',
  },
  'auth.domainPasswordExpired': {
    zh: '域账号密码已过期或须修改，请先在 Windows 中修改密码',
    mo: '網域帳號密碼已過期或須修改，請先在 Windows 中修改密碼',
    en: 'Your domain password has expired or must be changed; change it in Windows first',
  },
  'auth.domainAccountLocked': {
    zh: '域账号已被目录锁定，请联系 IT 管理员',
    mo: '網域帳號已被目錄鎖定，請聯絡 IT 管理員',
    en: 'Your domain account is locked in the directory; ask your IT administrator',
  },
  'auth.domainAccountDisabled': {
    zh: '域账号在目录中已停用或过期，请联系 IT 管理员',
    mo: '網域帳號在目錄中已停用或過期，請聯絡 IT 管理員',
    en: 'Your domain account is disabled or expired in the directory; ask your IT administrator',
  },
  'auth.domainDirectoryError': {
    zh: '目录服务拒绝了查询，请联系管理员检查域登录设置',
    mo: '目錄服務拒絕了查詢，請聯絡管理員檢查網域登入設定',
    en: 'The directory refused the lookup; ask your administrator to check the directory settings',
  },
  'directory.saved': { zh: '域登录设置已保存', mo: '網域登入設定已儲存', en: 'Directory settings saved' },
  'directory.urlRequired': {
    zh: '请填写目录服务器地址（ldap:// 或 ldaps://）',
    mo: '請填寫目錄伺服器位址（ldap:// 或 ldaps://）',
    en: 'Enter the directory server address (ldap:// or ldaps://)',
  },
  'directory.urlTooMany': {
    zh: '最多填写 {max} 个服务器地址',
    mo: '最多填寫 {max} 個伺服器位址',
    en: 'Enter at most {max} server addresses',
  },
  'directory.urlInvalid': {
    zh: '服务器地址“{url}”无效：须为 ldap://主机[:端口] 或 ldaps://主机[:端口]',
    mo: '伺服器位址「{url}」無效：須為 ldap://主機[:連接埠] 或 ldaps://主機[:連接埠]',
    en: 'Server address "{url}" is not valid: use ldap://host[:port] or ldaps://host[:port]',
  },
  'directory.baseDnRequired': {
    zh: '请填写查询起点（Base DN），例如 DC=corp,DC=example',
    mo: '請填寫查詢起點（Base DN），例如 DC=corp,DC=example',
    en: 'Enter the base DN, e.g. DC=corp,DC=example',
  },
  'directory.baseDnInvalid': {
    zh: '查询起点（Base DN）格式不正确，例如 DC=corp,DC=example',
    mo: '查詢起點（Base DN）格式不正確，例如 DC=corp,DC=example',
    en: 'The base DN is not valid; e.g. DC=corp,DC=example',
  },
  'directory.attributesRequired': {
    zh: '请填写至少一个账号属性，例如 sAMAccountName',
    mo: '請填寫至少一個帳號屬性，例如 sAMAccountName',
    en: 'Enter at least one account attribute, e.g. sAMAccountName',
  },
  'directory.attributeInvalid': {
    zh: '账号属性“{name}”无效：只能包含字母、数字和连字符',
    mo: '帳號屬性「{name}」無效：只能包含字母、數字和連字號',
    en: 'Account attribute "{name}" is not valid: letters, digits and hyphens only',
  },
  'directory.attributesTooMany': {
    zh: '最多填写 {max} 个账号属性',
    mo: '最多填寫 {max} 個帳號屬性',
    en: 'Enter at most {max} account attributes',
  },
  'directory.filterInvalid': {
    zh: '附加筛选条件不是有效的 LDAP 筛选，例如 (objectClass=person)',
    mo: '附加篩選條件不是有效的 LDAP 篩選，例如 (objectClass=person)',
    en: 'The extra filter is not a valid LDAP filter, e.g. (objectClass=person)',
  },
  'directory.timeoutInvalid': {
    zh: '超时须为 1 到 {max} 秒之间的整数',
    mo: '逾時須為 1 到 {max} 秒之間的整數',
    en: 'The time-out must be a whole number of seconds from 1 to {max}',
  },
  'directory.bindPasswordMissing': {
    zh: '已填写服务账号，请同时填写其密码（或清空服务账号以匿名查询）',
    mo: '已填寫服務帳號，請同時填寫其密碼（或清空服務帳號以匿名查詢）',
    en: 'A service account needs its password (or leave the service account empty to search anonymously)',
  },
  'directory.test.bound': {
    zh: '已连接 {server}，服务账号登录成功。',
    mo: '已連線 {server}，服務帳號登入成功。',
    en: 'Connected to {server}; the service account signed in.',
  },
  'directory.test.anonymous': {
    zh: '已连接 {server}，可匿名查询。',
    mo: '已連線 {server}，可匿名查詢。',
    en: 'Connected to {server}; anonymous search works.',
  },
  'directory.test.found': { zh: '找到用户：{dn}', mo: '找到用戶：{dn}', en: 'Found the user: {dn}' },
  'directory.test.tls': {
    zh: '服务器证书不受信任（{detail}）：请让服务器信任其证书颁发机构（NODE_EXTRA_CA_CERTS），或关闭“校验证书”',
    mo: '伺服器憑證不受信任（{detail}）：請讓伺服器信任其憑證頒發機構（NODE_EXTRA_CA_CERTS），或關閉「驗證憑證」',
    en: 'The server certificate is not trusted ({detail}): make the server trust its CA (NODE_EXTRA_CA_CERTS) or turn off "Verify certificate"',
  },
  'directory.test.encryption': {
    zh: '目录要求加密连接，请改用 ldaps://（{detail}）',
    mo: '目錄要求加密連線，請改用 ldaps://（{detail}）',
    en: 'The directory requires an encrypted connection; use ldaps:// ({detail})',
  },
  'directory.test.serviceBind': {
    zh: '服务账号登录失败，请检查服务账号和密码（{detail}）',
    mo: '服務帳號登入失敗，請檢查服務帳號和密碼（{detail}）',
    en: 'The service account was refused; check its name and password ({detail})',
  },
  'directory.test.searchFailed': {
    zh: '查询失败，请检查查询起点和服务账号的读取权限（{detail}）',
    mo: '查詢失敗，請檢查查詢起點和服務帳號的讀取權限（{detail}）',
    en: 'The search failed; check the base DN and what the service account may read ({detail})',
  },
  'directory.test.notFound': {
    zh: '已连接，但目录中找不到账号“{account}”，请检查账号属性和附加筛选条件',
    mo: '已連線，但目錄中找不到帳號「{account}」，請檢查帳號屬性和附加篩選條件',
    en: 'Connected, but no entry answers to "{account}"; check the account attributes and the extra filter',
  },
  'directory.test.ambiguous': {
    zh: '账号“{account}”在目录中对应多个条目，请收窄查询起点或附加筛选条件',
    mo: '帳號「{account}」在目錄中對應多個條目，請收窄查詢起點或附加篩選條件',
    en: 'More than one entry answers to "{account}"; narrow the base DN or the extra filter',
  },
  'staff.domainAccountRequired': {
    zh: '启用域登录须填写域账号',
    mo: '啟用網域登入須填寫網域帳號',
    en: 'Domain login needs a domain account',
  },
  'staff.systemAccountRequired': {
    zh: '启用域登录须填写系统账号（登录后使用的账号）',
    mo: '啟用網域登入須填寫系統帳號（登入後使用的帳號）',
    en: 'Domain login needs the system account the person signs in as',
  },
  'staff.systemAccountUnknown': {
    zh: '系统账号“{account}”不存在，请先在用户管理中创建',
    mo: '系統帳號「{account}」不存在，請先在用戶管理中建立',
    en: 'There is no system account "{account}"; create it under Users first',
  },
  'staff.domainAccountTaken': {
    zh: '域账号“{account}”已被人员 {code} 使用',
    mo: '網域帳號「{account}」已被人員 {code} 使用',
    en: 'Domain account "{account}" is already used by staff {code}',
  },
  // Stock-control flows (docs/adr/0020-stock-control-flows.md).
  'transfer.samePlace': {
    zh: '移库单 {bill} 第 {line} 行：物料 {material}（批次 {batch}）的目标库位和库存状态与原库位 {place} 相同，无需移库',
    mo: '移庫單 {bill} 第 {line} 行：物料 {material}（批次 {batch}）的目標庫位和庫存狀態與原庫位 {place} 相同，無需移庫',
    en: 'Transfer {bill} line {line}: material {material} batch {batch} would stay in place {place} with the same status; nothing to move',
  },
  'transfer.sameOwner': {
    zh: '货权转移单 {bill}：转入货主与转出货主 {owner} 相同',
    mo: '貨權轉移單 {bill}：轉入貨主與轉出貨主 {owner} 相同',
    en: 'Ownership transfer {bill}: the receiving owner is the same as the giving owner {owner}',
  },
  'check.resultOver': {
    zh: '质检单 {bill} 第 {line} 行：物料 {material}（批次 {batch}，库位 {place}）合格数量加不合格数量 {result} 超过报检数量 {qty}',
    mo: '質檢單 {bill} 第 {line} 行：物料 {material}（批次 {batch}，庫位 {place}）合格數量加不合格數量 {result} 超過報檢數量 {qty}',
    en: 'Inspection {bill} line {line}: material {material} batch {batch} in place {place}: passed plus failed ({result}) is more than the quantity inspected ({qty})',
  },
  'check.noResult': {
    zh: '质检单 {bill} 没有填写合格或不合格数量，不能审核',
    mo: '質檢單 {bill} 沒有填寫合格或不合格數量，不能審核',
    en: 'Inspection {bill} has no passed or failed quantity; enter the results before reviewing',
  },
  'wave.billPosted': {
    zh: '出库单 {bill} 已过账，只能将待审核的出库单组成波次',
    mo: '出庫單 {bill} 已過賬，只能將待審核的出庫單組成波次',
    en: 'Outbound bill {bill} is already posted; only bills waiting for review can make a wave',
  },
  'wave.billInWave': {
    zh: '出库单 {bill} 已在波次 {wave} 中：请通过该波次拣货（或先取消波次）',
    mo: '出庫單 {bill} 已在波次 {wave} 中：請通過該波次揀貨（或先取消波次）',
    en: 'Outbound bill {bill} is in wave {wave}: pick it through that wave (or cancel the wave first)',
  },
  'wave.mixed': {
    zh: '出库单 {bill} 与 {first} 的货主或仓库不同，不能组成同一波次',
    mo: '出庫單 {bill} 與 {first} 的貨主或倉庫不同，不能組成同一波次',
    en: 'Outbound bill {bill} has another owner or warehouse than {first}; they cannot make one wave',
  },
  'wave.empty': {
    zh: '波次 {wave} 没有出库单，不能确认拣货',
    mo: '波次 {wave} 沒有出庫單，不能確認揀貨',
    en: 'Wave {wave} has no outbound bills to pick',
  },
  'wave.overPick': {
    zh: '波次 {wave} 第 {line} 行：物料 {material} 已拣 {picked}，超过待拣数量 {qty}',
    mo: '波次 {wave} 第 {line} 行：物料 {material} 已揀 {picked}，超過待揀數量 {qty}',
    en: 'Wave {wave} line {line}: material {material} picked {picked}, more than the {qty} to pick',
  },
  'wave.shortPick': {
    zh: '波次 {wave} 第 {line} 行：物料 {material} 只拣了 {picked}，待拣 {qty}；请补拣，或取消波次后修改出库单',
    mo: '波次 {wave} 第 {line} 行：物料 {material} 只揀了 {picked}，待揀 {qty}；請補揀，或取消波次後修改出庫單',
    en: 'Wave {wave} line {line}: material {material} picked {picked} of {qty}; pick the rest, or cancel the wave and correct the outbound bill',
  },
  'wave.changed': {
    zh: '波次 {wave}：出库单 {bill} 第 {line} 行（物料 {material}）在组波后已修改；请取消波次并重新组波',
    mo: '波次 {wave}：出庫單 {bill} 第 {line} 行（物料 {material}）在組波後已修改；請取消波次並重新組波',
    en: 'Wave {wave}: outbound bill {bill} line {line} (material {material}) changed after the wave was made; cancel the wave and make it again',
  },
  'receipt.notNew': {
    zh: '收货单 {bill} 已审核',
    mo: '收貨單 {bill} 已審核',
    en: 'Receipt {bill} is already reviewed',
  },
  'receipt.notReviewed': {
    zh: '收货单 {bill} 未审核，不能反审核',
    mo: '收貨單 {bill} 未審核，不能反審核',
    en: 'Receipt {bill} is not reviewed; there is nothing to un-review',
  },
  'receipt.noSource': {
    zh: '收货单 {bill} 没有指定预约单或入库单',
    mo: '收貨單 {bill} 沒有指定預約單或入庫單',
    en: 'Receipt {bill} names neither a reservation nor an inbound bill',
  },
  'receipt.twoSources': {
    zh: '收货单 {bill} 只能指定预约单或入库单其中之一',
    mo: '收貨單 {bill} 只能指定預約單或入庫單其中之一',
    en: 'Receipt {bill} names both a reservation and an inbound bill; name one of them',
  },
  'receipt.sourceMissing': {
    zh: '收货单 {bill}：单据 {source} 不存在或未确认',
    mo: '收貨單 {bill}：單據 {source} 不存在或未確認',
    en: 'Receipt {bill}: bill {source} does not exist or is not confirmed',
  },
  'receipt.otherOwner': {
    zh: '收货单 {bill}：单据 {source} 属于货主 {owner}，与收货单货主不同',
    mo: '收貨單 {bill}：單據 {source} 屬於貨主 {owner}，與收貨單貨主不同',
    en: "Receipt {bill}: bill {source} belongs to owner {owner}, not to the receipt's owner",
  },
  'receipt.notOnSource': {
    zh: '收货单 {bill} 第 {line} 行：物料 {material} 不在单据 {source} 上',
    mo: '收貨單 {bill} 第 {line} 行：物料 {material} 不在單據 {source} 上',
    en: 'Receipt {bill} line {line}: material {material} is not on bill {source}',
  },
  'receipt.over': {
    zh: '收货单 {bill}：物料 {material} 累计收货 {received}，超过单据 {source} 的应收数量 {expected}',
    mo: '收貨單 {bill}：物料 {material} 累計收貨 {received}，超過單據 {source} 的應收數量 {expected}',
    en: 'Receipt {bill}: material {material} would be received {received} in all, more than the {expected} expected on {source}',
  },
  'allocate.badReceive': {
    zh: '调入数量格式不正确：请按明细给出数量',
    mo: '調入數量格式不正確：請按明細給出數量',
    en: 'The quantities received are not readable: give a quantity per line of the allocation',
  },
  'allocate.receiveOver': {
    zh: '调拨单 {bill} 第 {line} 行：物料 {material} 本次调入 {qty}，超过在途数量 {left}',
    mo: '調撥單 {bill} 第 {line} 行：物料 {material} 本次調入 {qty}，超過在途數量 {left}',
    en: 'Allocation {bill} line {line}: material {material} receiving {qty}, more than the {left} still in transit',
  },
  'allocate.nothingToReceive': {
    zh: '调拨单 {bill} 没有可调入的在途数量',
    mo: '調撥單 {bill} 沒有可調入的在途數量',
    en: 'Allocation {bill} has nothing in transit to receive',
  },
  'allocate.noTarget': {
    zh: '调拨单 {bill} 第 {line} 行：物料 {material}（批次 {batch}）没有调入库位，不能调入',
    mo: '調撥單 {bill} 第 {line} 行：物料 {material}（批次 {batch}）沒有調入庫位，不能調入',
    en: 'Allocation {bill} line {line}: material {material} batch {batch} has no target location; it cannot be received',
  },
  'allocate.wrongWarehouse': {
    zh: '调拨单 {bill} 第 {line} 行：调入库位 {place} 不属于调入仓库 {warehouse}',
    mo: '調撥單 {bill} 第 {line} 行：調入庫位 {place} 不屬於調入倉庫 {warehouse}',
    en: 'Allocation {bill} line {line}: target location {place} is not in the target warehouse {warehouse}',
  },
  'package.billMismatch': {
    zh: '单据 {bill}：包仓单 {package} 不存在、未审核或不属于货主 {owner}',
    mo: '單據 {bill}：包倉單 {package} 不存在、未審核或不屬於貨主 {owner}',
    en: "Bill {bill}: package-warehouse bill {package} does not exist, is not reviewed or is not owner {owner}'s",
  },
  'language.badKey': {
    zh: '文本键“{key}”无效：以字母开头，只含字母、数字、点、下划线和连字符，最长 128 个字符',
    mo: '文字鍵「{key}」無效：以字母開頭，只含字母、數字、點、底線和連字號，最長 128 個字元',
    en: 'Message key "{key}" is not valid: it starts with a letter and has only letters, digits, dots, underscores and hyphens, at most 128 characters',
  },
  'language.badPlaceholder': {
    zh: '文本“{key}”含有系统不会填写的占位符 {names}；可用的占位符：{allowed}',
    mo: '文字「{key}」含有系統不會填寫的佔位符 {names}；可用的佔位符：{allowed}',
    en: 'Text "{key}" has placeholders the system does not fill: {names}; the ones it fills: {allowed}',
  },
  'language.none': { zh: '无', mo: '無', en: 'none' },
  'language.duplicate': {
    zh: '文本键“{key}”的该语言（{lang}）文本已存在，请修改原有记录',
    mo: '文字鍵「{key}」的該語言（{lang}）文字已存在，請修改原有記錄',
    en: 'Message key "{key}" already has a text in this language ({lang}): edit that record instead',
  },
  ...transportMessages,
  ...workflowMessages,
  ...handheldMessages,
  ...receivablesMessages,
  ...voucherMessages,
  'device.badSecret': {
    zh: '设备认证失败：设备不存在或密钥错误',
    mo: '設備認證失敗：設備不存在或密鑰錯誤',
    en: 'Device authentication failed: no such device or wrong secret',
  },
  'device.replay': {
    zh: '消息 {messageId} 已接收过，重复的消息被拒绝',
    mo: '訊息 {messageId} 已接收過，重複的訊息被拒絕',
    en: 'Message {messageId} was already received; a repeated message is refused',
  },
  'device.tooManyReadings': {
    zh: '一次最多上报 {max} 条读数',
    mo: '一次最多上報 {max} 筆讀數',
    en: 'At most {max} readings per message',
  },
  'device.notFound': {
    zh: '设备 {device} 不存在',
    mo: '設備 {device} 不存在',
    en: 'Device {device} does not exist',
  },
  'device.noBroker': {
    zh: '未配置 MQTT 消息服务器（MQTT_URL 或 MQTT_EMBEDDED=1），无法向设备发送指令',
    mo: '未設定 MQTT 訊息伺服器（MQTT_URL 或 MQTT_EMBEDDED=1），無法向設備發送指令',
    en: 'No MQTT broker is configured (MQTT_URL or MQTT_EMBEDDED=1): commands cannot reach devices',
  },
  'device.commandPending': {
    zh: '设备 {device} 还有一条{switch}指令在等待设备确认',
    mo: '設備 {device} 還有一條{switch}指令在等待設備確認',
    en: 'Device {device} still has a {switch} command waiting for the device to confirm',
  },
  'device.alarmNotFound': {
    zh: '报警不存在',
    mo: '報警不存在',
    en: 'No such alarm',
  },
  'device.alarmAcknowledged': {
    zh: '该报警已于 {time} 由 {user} 确认',
    mo: '該報警已於 {time} 由 {user} 確認',
    en: 'This alarm was already acknowledged by {user} at {time}',
  },
  'device.ackCommentRequired': {
    zh: '请填写确认说明',
    mo: '請填寫確認說明',
    en: 'Please enter a comment for the acknowledgement',
  },
  'device.rangeTooLong': {
    zh: '查询范围最长 {days} 天',
    mo: '查詢範圍最長 {days} 天',
    en: 'The range may be at most {days} days',
  },
  'snapshot.notEnded': {
    zh: '{period} 尚未结束，不能生成月末库存快照',
    mo: '{period} 尚未結束，不能生成月末庫存快照',
    en: '{period} has not ended yet: its closing stock cannot be snapshotted',
  },
  'snapshot.running': {
    zh: '{period} 的库存快照正在生成，请等它完成',
    mo: '{period} 的庫存快照正在生成，請等它完成',
    en: 'The stock snapshot of {period} is already under way: wait for it to finish',
  },
  'snapshot.done': {
    zh: '{period} 月末库存快照完成：{owners} 个货主，{rows} 条',
    mo: '{period} 月末庫存快照完成：{owners} 個貨主，{rows} 條',
    en: 'Closing stock of {period} snapshotted: {owners} owner(s), {rows} row(s)',
  },
  'device.badSignature': {
    zh: '设备签名无效：需要 X-Device-Timestamp 与 X-Device-Signature（HMAC-SHA256）',
    mo: '設備簽名無效：需要 X-Device-Timestamp 與 X-Device-Signature（HMAC-SHA256）',
    en: 'Invalid device signature: X-Device-Timestamp and X-Device-Signature (HMAC-SHA256) are required',
  },
  'device.signatureExpired': {
    zh: '签名时间与服务器时间相差超过 {seconds} 秒，请校准设备时钟',
    mo: '簽名時間與伺服器時間相差超過 {seconds} 秒，請校準設備時鐘',
    en: "The signature's time is more than {seconds} s from the server's: set the device's clock",
  },
  'device.tooManyFailures': {
    zh: '该地址或该设备认证失败次数过多，请 {minutes} 分钟后再试',
    mo: '該地址或該設備認證失敗次數過多，請 {minutes} 分鐘後再試',
    en: 'Too many failed device authentications from this address or for this device: try again in {minutes} minutes',
  },
  'device.readingOutOfWindow': {
    zh: '读数时间 {time} 不在可接收范围内（服务器时间前 {days} 天至后 {seconds} 秒），请校准设备时钟',
    mo: '讀數時間 {time} 不在可接收範圍內（伺服器時間前 {days} 天至後 {seconds} 秒），請校準設備時鐘',
    en: "Reading time {time} is outside the accepted window ({days} days before to {seconds} s after the server's clock): set the device's clock",
  },
  'device.messageTooLarge': {
    zh: '设备消息过大：最大 {kb} KB',
    mo: '設備訊息過大：最大 {kb} KB',
    en: 'Device message too large: at most {kb} KB',
  },
  'device.unsignedMessage': {
    zh: 'MQTT 消息须签名：{"timestamp","signature","body"}，signature 为以密钥 SHA-256 为键对“timestamp.body”的 HMAC-SHA256；消息中不得带密钥',
    mo: 'MQTT 訊息須簽名：{"timestamp","signature","body"}，signature 為以密鑰 SHA-256 為鍵對「timestamp.body」的 HMAC-SHA256；訊息中不得帶密鑰',
    en: 'MQTT messages must be signed: {"timestamp","signature","body"}, signature = HMAC-SHA256 of "timestamp.body" keyed with the SHA-256 of the secret; never the secret itself',
  },
  'settle.unknownBill': {
    zh: '账单 {bill} 不存在',
    mo: '帳單 {bill} 不存在',
    en: 'Cost bill {bill} does not exist',
  },
  'settle.notPayable': {
    zh: '账单 {bill} 尚未确认，不能收款：只有已确认或已发送的账单可以收款',
    mo: '帳單 {bill} 尚未確認，不能收款：只有已確認或已發送的帳單可以收款',
    en: 'Cost bill {bill} cannot be paid: only a confirmed or sent bill can, not a draft',
  },
  'settle.otherOwner': {
    zh: '账单 {bill} 属于货主 {billOwner}，不能记在货主 {owner} 名下',
    mo: '帳單 {bill} 屬於貨主 {billOwner}，不能記在貨主 {owner} 名下',
    en: 'Cost bill {bill} belongs to owner {billOwner}, not to {owner}',
  },
  'settle.nonPositive': {
    zh: '核销金额必须大于 0',
    mo: '核銷金額必須大於 0',
    en: 'The amount settled must be more than 0',
  },
  'settle.deductionOver': {
    zh: '扣款金额 {deduction} 不能大于核销金额 {amount}',
    mo: '扣款金額 {deduction} 不能大於核銷金額 {amount}',
    en: 'The deduction {deduction} cannot be more than the amount settled {amount}',
  },
  'settle.over': {
    zh: '账单 {bill} 应收 {due}，收款合计 {paid} 将超出应收',
    mo: '帳單 {bill} 應收 {due}，收款合計 {paid} 將超出應收',
    en: 'Cost bill {bill} is for {due}: payments of {paid} in all would be more than that',
  },
  'settle.settled': {
    zh: '账单 {bill} 已收款完毕，不能再收款',
    mo: '帳單 {bill} 已收款完畢，不能再收款',
    en: 'Cost bill {bill} is paid in full: it takes no more payments',
  },
  'period.notEnded': {
    zh: '{month} 尚未结束，不能月结',
    mo: '{month} 尚未結束，不能月結',
    en: '{month} has not ended yet: it cannot be closed',
  },
  'period.alreadyClosed': {
    zh: '{month} 已经月结',
    mo: '{month} 已經月結',
    en: '{month} is already closed',
  },
  'period.notClosed': {
    zh: '{month} 没有月结，无需反月结',
    mo: '{month} 沒有月結，無需反月結',
    en: '{month} is not closed',
  },
  'period.previousOpen': {
    zh: '请先月结 {previous}：月份须按顺序月结',
    mo: '請先月結 {previous}：月份須按順序月結',
    en: 'Close {previous} first: months are closed in order',
  },
  'period.laterClosed': {
    zh: '{later} 已月结，请先反月结 {later}',
    mo: '{later} 已月結，請先反月結 {later}',
    en: '{later} is closed: reopen {later} first',
  },
  'period.running': {
    zh: '计费任务正在进行（货主 {owner}，{from} 至 {to}），请等它完成后再月结',
    mo: '計費任務正在進行（貨主 {owner}，{from} 至 {to}），請等它完成後再月結',
    en: 'A billing run is under way (owner {owner}, {from} to {to}): wait for it to finish before closing',
  },
  'period.draftBills': {
    zh: '{month} 还有待确认的账单：{bills}，请先确认或删除',
    mo: '{month} 還有待確認的帳單：{bills}，請先確認或刪除',
    en: '{month} still has cost bills awaiting confirmation: {bills}. Confirm or delete them first',
  },
  'period.closedDone': {
    zh: '{month} 月结完成：{rows} 条月初库存（{start}）',
    mo: '{month} 月結完成：{rows} 條月初庫存（{start}）',
    en: '{month} closed: {rows} month-start stock row(s) for {start}',
  },
  'period.reopenedDone': {
    zh: '{month} 已反月结',
    mo: '{month} 已反月結',
    en: '{month} reopened',
  },
  'period.billClosed': {
    zh: '账单 {bill} 在已月结的 {month} 内，不能取消确认：请先反月结',
    mo: '帳單 {bill} 在已月結的 {month} 內，不能取消確認：請先反月結',
    en: 'Cost bill {bill} lies in closed month {month}: reopen the month before un-confirming it',
  },
  'monthbill.reviewed': {
    zh: '月结账单 {bill} 已审核，不能重新生成明细，请先反审核',
    mo: '月結賬單 {bill} 已審核，不能重新生成明細，請先反審核',
    en: 'Monthly bill {bill} is reviewed: un-review it before making its lines again',
  },
  'monthbill.noAgreement': {
    zh: '货主 {owner} 没有费用协议，不能生成月结账单 {bill}',
    mo: '貨主 {owner} 沒有費用協議，不能生成月結賬單 {bill}',
    en: 'Owner {owner} has no fee agreement: monthly bill {bill} cannot be made',
  },
  'monthbill.agreementEnded': {
    zh: '货主 {owner} 的协议 {agreement} 已于 {date} 到期，不能生成月结账单 {bill}，请先续签协议',
    mo: '貨主 {owner} 的協議 {agreement} 已於 {date} 到期，不能生成月結賬單 {bill}，請先續簽協議',
    en: 'Agreement {agreement} of owner {owner} ended on {date}: monthly bill {bill} cannot be made until it is renewed',
  },
  'monthbill.noAgreementInForce': {
    zh: '货主 {owner} 在 {from} 至 {to} 期间没有全程生效的费用协议，不能生成月结账单 {bill}',
    mo: '貨主 {owner} 在 {from} 至 {to} 期間沒有全程生效的費用協議，不能生成月結賬單 {bill}',
    en: 'Owner {owner} has no agreement in force for the whole of {from} to {to}: monthly bill {bill} cannot be made',
  },
  'monthbill.empty': {
    zh: '月结账单 {bill} 还没有明细，请先生成明细',
    mo: '月結賬單 {bill} 還沒有明細，請先生成明細',
    en: 'Monthly bill {bill} has no lines yet: make its lines first',
  },
  // Workflow: sending back inside parallel branches (docs/adr/0027-workflow-engine.md, addendum 2)
  'workflow.backAcrossBranches': {
    zh: '不能从“{from}”驳回到“{step}”：它在另一条并行分支上，或在汇合之前而本任务不在该分支中',
    mo: '不能從「{from}」駁回到「{step}」：它在另一條並行分支上，或在匯合之前而本任務不在該分支中',
    en: '"{from}" cannot be sent back to "{step}": that step is on another parallel branch, or inside a branch this task is not on',
  },
  // Ladings (modules/billing/lading.ts)
  'lading.noLines': {
    zh: '提单 {bill} 没有有效明细，不能审核',
    mo: '提單 {bill} 沒有有效明細，不能審核',
    en: 'Lading {bill} has no valid lines: it cannot be reviewed',
  },
  'lading.pickedUp': {
    zh: '提单 {bill} 已提货 {picked}，不能反审核',
    mo: '提單 {bill} 已提貨 {picked}，不能反審核',
    en: 'Lading {bill} has {picked} picked up already: it cannot be un-reviewed',
  },
  'lading.expired': {
    zh: '提单 {bill} 已于 {date} 过期，不能提货',
    mo: '提單 {bill} 已於 {date} 過期，不能提貨',
    en: 'Lading {bill} expired on {date}: nothing can be picked up',
  },
  'lading.badPickup': {
    zh: '提货数量格式不正确：请按提单明细给出数量',
    mo: '提貨數量格式不正確：請按提單明細給出數量',
    en: 'The quantities picked up are not readable: give a quantity per line of the lading',
  },
  'lading.pickOver': {
    zh: '提单 {bill} 第 {line} 行：物料 {material} 本次提货 {qty}，超过剩余可提数量 {left}',
    mo: '提單 {bill} 第 {line} 行：物料 {material} 本次提貨 {qty}，超過剩餘可提數量 {left}',
    en: 'Lading {bill} line {line}: material {material} picking up {qty}, more than the {left} left',
  },
  'lading.nothingToPick': {
    zh: '提单 {bill} 没有可提的数量',
    mo: '提單 {bill} 沒有可提的數量',
    en: 'Lading {bill} has nothing left to pick up',
  },
  'workflow.badAttach': {
    zh: '附件 {id} 不存在或不属于本租户',
    mo: '附件 {id} 不存在或不屬於本租戶',
    en: "Attachment {id} does not exist or is not one of your tenant's",
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** The `{name}` placeholders a product message fills, for checking a tenant's wording of it. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))];
}

/** Whether `key` names a message of the server's. */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(messages, key);

/** A message in `language`, in the caller's tenant's wording where it has one (overrides.ts). */
export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  return (tenantText(key, language) ?? messages[key][language]).replace(
    /\{(\w+)\}/g,
    (whole, name: string) => (name in params ? String(params[name]) : whole),
  );
}
