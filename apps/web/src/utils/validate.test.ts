import { idCardProblem, mobileProblem } from '@bl/entities';
import { describe, expect, it } from 'vitest';
import {
  hasValidUserId,
  isEmpty,
  validateIdCard,
  validateLockPassword,
  validateMobile,
  validateRegistration,
  validationKeys,
} from './validate.ts';

/** A well-formed card: Beijing (11), check digit X. */
const goodCard = '11010519491231002X';
/** Another well-formed card with a numeric check digit. */
const goodCardDigit = '440524188001010014';

describe('isEmpty (spec 01 §5)', () => {
  it('treats null, undefined, empty text, [] and {} as empty', () => {
    for (const value of [null, undefined, '', [], {}]) expect(isEmpty(value)).toBe(true);
    expect(isEmpty(Object.create(null))).toBe(true);
  });

  it('never treats booleans or numbers as empty, not even false, 0 or NaN', () => {
    for (const value of [false, true, 0, -1, Number.NaN]) expect(isEmpty(value)).toBe(false);
  });

  it('treats filled values and meaningful objects as present', () => {
    for (const value of [' ', 'a', [0], { a: undefined }, new Date(0), new Map()]) {
      expect(isEmpty(value)).toBe(false);
    }
  });
});

describe('validateIdCard (spec 01 §5)', () => {
  it('accepts well-formed cards, including a lower-case x check character', () => {
    expect(validateIdCard(goodCard)).toEqual({ ok: true });
    expect(validateIdCard(goodCardDigit)).toEqual({ ok: true });
    expect(validateIdCard(goodCard.toLowerCase())).toEqual({ ok: true });
  });

  it('reports an empty value first', () => {
    expect(validateIdCard('')).toEqual({ ok: false, key: 'validate.idCardEmpty' });
    expect(validateIdCard(null)).toEqual({ ok: false, key: 'validate.idCardEmpty' });
    expect(validateIdCard(undefined)).toEqual({ ok: false, key: 'validate.idCardEmpty' });
  });

  it('then the length of 18', () => {
    expect(validateIdCard(goodCard.slice(0, 17))).toEqual({ ok: false, key: 'validate.idCardLength' });
    expect(validateIdCard(`${goodCard}1`)).toEqual({ ok: false, key: 'validate.idCardLength' });
  });

  it('then the shape: 17 digits plus a digit or X', () => {
    expect(validateIdCard('1101051949123100ZX')).toEqual({ ok: false, key: 'validate.idCardFormat' });
    expect(validateIdCard('11010519491231002Y')).toEqual({ ok: false, key: 'validate.idCardFormat' });
  });

  it('then the region code', () => {
    expect(validateIdCard('99010519491231002X')).toEqual({ ok: false, key: 'validate.idCardRegion' });
  });

  it('then the check digit (weights mod 11)', () => {
    expect(validateIdCard('110105194912310021')).toEqual({ ok: false, key: 'validate.idCardCheckDigit' });
  });

  it('agrees with the catalogue check on every non-empty input', () => {
    for (const text of [goodCard, goodCardDigit, '123', '99010519491231002X', '110105194912310021']) {
      expect(validateIdCard(text).ok).toBe(idCardProblem(text) === null);
    }
  });
});

describe('validateMobile keeps the spec 01 §5 behaviour', () => {
  it('reports empty, then a length other than 11', () => {
    expect(validateMobile('')).toEqual({ ok: false, key: 'validate.mobileEmpty' });
    expect(validateMobile(null)).toEqual({ ok: false, key: 'validate.mobileEmpty' });
    expect(validateMobile('1381234567')).toEqual({ ok: false, key: 'validate.mobileLength' });
    expect(validateMobile('138123456789')).toEqual({ ok: false, key: 'validate.mobileLength' });
  });

  it('accepts an 11-digit mobile', () => {
    expect(validateMobile('13812345678')).toEqual({ ok: true });
  });

  it('reports an 11-character LANDLINE as the format error (the "inverted" check)', () => {
    expect(validateMobile('05711234567')).toEqual({ ok: false, key: 'validate.mobileFormat' });
    expect(validateMobile('010-1234567')).toEqual({ ok: false, key: 'validate.mobileFormat' });
  });

  it('lets through 11 characters that are not a mobile — unlike the catalogue check', () => {
    expect(validateMobile('abcdefghijk')).toEqual({ ok: true });
    expect(validateMobile('12012345678')).toEqual({ ok: true });
    expect(mobileProblem('abcdefghijk')).toBe('mobileFormat');
    expect(mobileProblem('12012345678')).toBe('mobileFormat');
  });
});

describe('validateLockPassword (spec 01 §5)', () => {
  it('requires a value', () => {
    expect(validateLockPassword('')).toEqual({ ok: false, key: 'validate.lockPasswordRequired' });
    expect(validateLockPassword(undefined)).toEqual({ ok: false, key: 'validate.lockPasswordRequired' });
    expect(validateLockPassword('1234')).toEqual({ ok: true });
  });
});

describe('validateRegistration (spec 01 §5, in order)', () => {
  const filled = { tenantId: '000000', name: 'Li', account: 'li', password: 'pw', password2: 'pw' };

  it('accepts a complete form whose passwords match', () => {
    expect(validateRegistration(filled)).toEqual({ ok: true });
  });

  it('asks for the tenant id first, even when everything else is missing', () => {
    expect(validateRegistration({})).toEqual({ ok: false, key: 'validate.tenantIdRequired' });
    expect(validateRegistration({ ...filled, tenantId: '' })).toEqual({
      ok: false,
      key: 'validate.tenantIdRequired',
    });
  });

  it('then the account', () => {
    expect(validateRegistration({ tenantId: '000000' })).toEqual({
      ok: false,
      key: 'validate.accountRequired',
    });
  });

  it('then either password being empty', () => {
    expect(validateRegistration({ ...filled, password: '' })).toEqual({
      ok: false,
      key: 'validate.passwordRequired',
    });
    expect(validateRegistration({ ...filled, password2: null })).toEqual({
      ok: false,
      key: 'validate.passwordRequired',
    });
  });

  it('then the two passwords differing', () => {
    expect(validateRegistration({ ...filled, password2: 'pw2' })).toEqual({
      ok: false,
      key: 'validate.passwordMismatch',
    });
  });

  it('does not check the name, which is prefilled from the account', () => {
    expect(validateRegistration({ ...filled, name: '' })).toEqual({ ok: true });
  });
});

describe('hasValidUserId (spec 01 §5: the registration dialog opens without one)', () => {
  it('accepts positive ids, including 64-bit ones beyond a double', () => {
    expect(hasValidUserId('1')).toBe(true);
    expect(hasValidUserId('1123598821738675201')).toBe(true);
    expect(hasValidUserId('9223372036854775807')).toBe(true);
  });
  it('refuses missing, empty, zero, negative and non-numeric ids', () => {
    for (const id of [undefined, null, '', '0', '000', '-1', '-42', 'abc', '1e5', ' 1'])
      expect(hasValidUserId(id), String(id)).toBe(false);
  });
});

describe('validationKeys', () => {
  it('lists unique keys under the validate namespace', () => {
    expect(new Set(validationKeys).size).toBe(validationKeys.length);
    for (const key of validationKeys) expect(key).toMatch(/^validate\.[a-zA-Z]+$/);
  });
});

describe('validation message keys', () => {
  it('every key has a text in zh, mo and en', async () => {
    const { default: zh } = await import('../i18n/zh.ts');
    const { default: mo } = await import('../i18n/mo.ts');
    const { default: en } = await import('../i18n/en.ts');
    for (const key of validationKeys) {
      const name = key.replace('validate.', '') as keyof typeof zh.validate;
      for (const messages of [zh, mo, en]) expect(messages.validate[name], key).toBeTruthy();
    }
  });
});
