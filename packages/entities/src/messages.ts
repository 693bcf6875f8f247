import type { Language } from '@bl/contract';
import { type Label, label } from './label.ts';

/**
 * Messages of record validation, shared by the server and the forms so a person reads the
 * same words in both places. `{field}` is the field's label in the same language.
 */
export const validationMessages = {
  required: label('请输入{field}', '請輸入{field}', 'please input {field}'),
  requiredChoice: label('请选择{field}', '請選擇{field}', 'please select {field}'),
  tooLong: label(
    '{field}不能超过{max}个字符',
    '{field}不能超過{max}個字元',
    '{field} must be at most {max} characters',
  ),
  notNumber: label('{field}必须是数字', '{field}必須是數字', '{field} must be a number'),
  notInteger: label('{field}必须是整数', '{field}必須是整數', '{field} must be a whole number'),
  notPositive: label('{field}必须大于0', '{field}必須大於0', '{field} must be greater than 0'),
  tooSmall: label('{field}不能小于{min}', '{field}不能小於{min}', '{field} must be at least {min}'),
  tooLarge: label('{field}不能大于{max}', '{field}不能大於{max}', '{field} must be at most {max}'),
  scale: label(
    '{field}最多保留{scale}位小数',
    '{field}最多保留{scale}位小數',
    '{field} allows at most {scale} decimals',
  ),
  badDate: label(
    '{field}不是有效日期（yyyy-MM-dd）',
    '{field}不是有效日期（yyyy-MM-dd）',
    '{field} is not a valid date (yyyy-MM-dd)',
  ),
  badDateTime: label(
    '{field}不是有效时间（yyyy-MM-dd HH:mm:ss）',
    '{field}不是有效時間（yyyy-MM-dd HH:mm:ss）',
    '{field} is not a valid date and time (yyyy-MM-dd HH:mm:ss)',
  ),
  badChoice: label(
    '{field}的值“{value}”不在可选范围内',
    '{field}的值「{value}」不在可選範圍內',
    '{field} cannot be "{value}"',
  ),
  badId: label('{field}不是有效的编号', '{field}不是有效的編號', '{field} is not a valid id'),
  badText: label('{field}必须是文本', '{field}必須是文字', '{field} must be text'),
  badCharacter: label(
    '{field}含有不允许的字符',
    '{field}含有不允許的字元',
    '{field} contains a character that is not allowed',
  ),
  tooManyDigits: label(
    '{field}的整数部分最多{digits}位',
    '{field}的整數部分最多{digits}位',
    '{field} allows at most {digits} digits before the point',
  ),
  badLink: label(
    '{field}只能是 http:// 或 https:// 开头的网址，或本系统内的路径',
    '{field}只能是 http:// 或 https:// 開頭的網址，或本系統內的路徑',
    '{field} must be an http:// or https:// address, or a path on this site',
  ),
  idCardLength: label('{field}长度不是18位', '{field}長度不是18位', '{field} is not 18 characters long'),
  idCardFormat: label('{field}格式错误', '{field}格式錯誤', '{field} has a format error'),
  idCardRegion: label('{field}地址编码错误', '{field}地址編碼錯誤', '{field} has a wrong address code'),
  idCardCheckDigit: label('{field}校验位错误', '{field}校驗位錯誤', '{field} has a wrong check digit'),
  mobileLength: label('{field}长度不是11位', '{field}長度不是11位', '{field} is not 11 digits long'),
  mobileFormat: label('{field}格式错误', '{field}格式錯誤', '{field} is not a valid mobile number'),
  emailFormat: label(
    '{field}不是有效的邮箱地址',
    '{field}不是有效的郵箱地址',
    '{field} is not a valid e-mail address',
  ),
  tenantIdFormat: label('{field}应为6位数字', '{field}應為6位數字', '{field} must be six digits'),
  // Spec 02 §5 gives the English and Chinese words; the check names no field.
  confirmMismatch: label(
    '两次输入密码不一致',
    '兩次輸入密碼不一致',
    'The two input password is inconsistent.',
  ),
} satisfies Record<string, Label>;

export type ValidationMessage = keyof typeof validationMessages;

export function formatMessage(
  key: ValidationMessage,
  language: Language,
  params: Record<string, string | number>,
): string {
  return validationMessages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
