import { type FormatProblem, idCardProblem } from '@bl/entities';

/**
 * Shell-level validators of spec 01 §5. Each answers `{ ok: true }` or the i18n key of the
 * message to show, so callers translate at the point of display (toast, form rule) and the
 * checks stay pure and testable without i18next.
 *
 * Entity forms do NOT use these for identity cards and mobiles: they use the catalogue's
 * checks in `@bl/entities` (`formatChecks`), which the server applies too. These exist for the
 * shell's own dialogs and keep the original screen's behaviour where the spec asks for it.
 */

/** Every message key these validators can answer; the texts live in the i18n files. */
export const validationKeys = [
  'validate.idCardEmpty',
  'validate.idCardLength',
  'validate.idCardFormat',
  'validate.idCardRegion',
  'validate.idCardCheckDigit',
  'validate.mobileEmpty',
  'validate.mobileLength',
  'validate.mobileFormat',
  'validate.lockPasswordRequired',
  'validate.tenantIdRequired',
  'validate.accountRequired',
  'validate.passwordRequired',
  'validate.passwordMismatch',
] as const;

export type ValidationKey = (typeof validationKeys)[number];

export type Validation<K extends ValidationKey = ValidationKey> = { ok: true } | { ok: false; key: K };

const valid: { ok: true } = { ok: true };
const invalid = <K extends ValidationKey>(key: K): { ok: false; key: K } => ({ ok: false, key });

/**
 * The empty-value test of spec 01 §5: null, undefined, '', [] and {} are empty; booleans and
 * numbers (including 0, false and NaN) never are, because a "0" quantity or a "no" flag is a
 * real answer. Only plain objects count as `{}`: a Date, Map or class instance carries meaning
 * without own keys. Whitespace-only text is not empty here; callers that want that trim first.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    const plain = proto === Object.prototype || proto === null;
    return plain && Object.keys(value).length === 0;
  }
  return false;
}

export type IdCardKey =
  | 'validate.idCardEmpty'
  | 'validate.idCardLength'
  | 'validate.idCardFormat'
  | 'validate.idCardRegion'
  | 'validate.idCardCheckDigit';

/** Maps the catalogue's problem codes onto our keys, so the rule itself is defined once. */
const idCardKeys: Partial<Record<FormatProblem, IdCardKey>> = {
  idCardLength: 'validate.idCardLength',
  idCardFormat: 'validate.idCardFormat',
  idCardRegion: 'validate.idCardRegion',
  idCardCheckDigit: 'validate.idCardCheckDigit',
};

/**
 * The 18-character resident identity card (spec 01 §5), checked in the spec's order: not
 * empty, 18 characters, 17 digits plus a digit or X, known region code, check digit (weights
 * mod 11). Everything after "not empty" is `idCardProblem` of `@bl/entities`, the same check
 * entity forms and the server use, so the two can never disagree. A lower-case x is accepted
 * as the check character, as the catalogue does.
 */
export function validateIdCard(value: string | null | undefined): Validation<IdCardKey> {
  if (value === null || value === undefined || isEmpty(value)) return invalid('validate.idCardEmpty');
  const problem = idCardProblem(value);
  if (problem === null) return valid;
  return invalid(idCardKeys[problem] ?? 'validate.idCardFormat');
}

export type MobileKey = 'validate.mobileEmpty' | 'validate.mobileLength' | 'validate.mobileFormat';

/** The landline shape the original screen tests for: trunk 0, 2–3 digit area code, 7–8 digits. */
const landline = /^0\d{2,3}-?\d{7,8}$/;

/**
 * The shell's mobile check, kept EXACTLY as spec 01 §5 describes the original screen: not
 * empty; length 11; then a format check that "appears inverted": an 11-character text that
 * matches the LANDLINE pattern (e.g. 010-12345678, 05711234567) is the format error, and
 * anything else of length 11 passes — including letters. This is deliberate fidelity to the
 * spec, not a real mobile check: entity forms use `mobileProblem` of `@bl/entities`
 * (11 digits starting 1[3-9]), which the server enforces as well.
 */
export function validateMobile(value: string | null | undefined): Validation<MobileKey> {
  if (value === null || value === undefined || isEmpty(value)) return invalid('validate.mobileEmpty');
  if (value.length !== 11) return invalid('validate.mobileLength');
  if (landline.test(value)) return invalid('validate.mobileFormat');
  return valid;
}

/** The lock dialog's password (spec 01 §5): required, nothing more. */
export function validateLockPassword(
  value: string | null | undefined,
): Validation<'validate.lockPasswordRequired'> {
  return isEmpty(value) ? invalid('validate.lockPasswordRequired') : valid;
}

/** The third-party registration form (spec 01 §3). Fields may be unset before the user types. */
export interface RegistrationForm {
  tenantId?: string | null;
  name?: string | null;
  account?: string | null;
  password?: string | null;
  password2?: string | null;
}

export type RegistrationKey =
  | 'validate.tenantIdRequired'
  | 'validate.accountRequired'
  | 'validate.passwordRequired'
  | 'validate.passwordMismatch';

/**
 * The registration dialog's checks in the order of spec 01 §5; the first failure is the one
 * warning toast shown. Name is prefilled from the account and not checked. Values are not
 * trimmed: a password may legitimately contain spaces and the spec says "empty".
 */
export function validateRegistration(form: RegistrationForm): Validation<RegistrationKey> {
  if (isEmpty(form.tenantId)) return invalid('validate.tenantIdRequired');
  if (isEmpty(form.account)) return invalid('validate.accountRequired');
  if (isEmpty(form.password) || isEmpty(form.password2)) return invalid('validate.passwordRequired');
  if (form.password !== form.password2) return invalid('validate.passwordMismatch');
  return valid;
}

export { hasValidUserId } from './userId.ts';
