/**
 * Text formats with their own rules (spec 01 §5, spec 02 §5). Each answers the key of what
 * is wrong, or null when the text is fine.
 */
export type TextFormat = 'idCard' | 'mobile' | 'email' | 'tenantId';
export type FormatProblem =
  | 'idCardLength'
  | 'idCardFormat'
  | 'idCardRegion'
  | 'idCardCheckDigit'
  | 'mobileLength'
  | 'mobileFormat'
  | 'emailFormat'
  | 'tenantIdFormat';

/** First two digits of a resident identity card: the province-level region codes. */
const regionCodes = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 91,
]);
const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkDigits = '10X98765432';

/** The 18-character resident identity card: length, shape, region code, then check digit (mod 11). */
export function idCardProblem(text: string): FormatProblem | null {
  if (text.length !== 18) return 'idCardLength';
  if (!/^\d{17}[\dXx]$/.test(text)) return 'idCardFormat';
  if (!regionCodes.has(Number(text.slice(0, 2)))) return 'idCardRegion';
  const sum = weights.reduce((total, weight, i) => total + weight * Number(text[i]), 0);
  return checkDigits[sum % 11] === text[17]?.toUpperCase() ? null : 'idCardCheckDigit';
}

/**
 * Mainland mobile numbers: 11 digits starting 1[3-9]. (Spec 01 §5 notes the original screen's
 * check is inverted; the catalogue checks numbers the right way round.)
 */
export function mobileProblem(text: string): FormatProblem | null {
  if (text.length !== 11) return 'mobileLength';
  return /^1[3-9]\d{9}$/.test(text) ? null : 'mobileFormat';
}

export function emailProblem(text: string): FormatProblem | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? null : 'emailFormat';
}

/** Tenant codes are what people type at sign-in: six digits, as SpringBlade's are. */
export function tenantIdProblem(text: string): FormatProblem | null {
  return /^\d{6}$/.test(text) ? null : 'tenantIdFormat';
}

export const formatChecks: Record<TextFormat, (text: string) => FormatProblem | null> = {
  idCard: idCardProblem,
  mobile: mobileProblem,
  email: emailProblem,
  tenantId: tenantIdProblem,
};
