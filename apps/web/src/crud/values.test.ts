import { type FieldKind, fieldKinds, measureOfLabel } from '@bl/entities';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { field } from './fixtures.ts';
import {
  cleanDecimalInput,
  conversions,
  defaultValues,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMeasured,
  toFormValues,
  toWireValues,
} from './values.ts';

/** A wire value of each kind and what the form edits for it. */
const samples: Record<FieldKind, { wire: unknown; form: unknown }> = {
  id: { wire: '912192137341820928', form: '912192137341820928' },
  text: { wire: 'Box', form: 'Box' },
  textarea: { wire: 'line 1\nline 2', form: 'line 1\nline 2' },
  integer: { wire: 365, form: 365 },
  decimal: { wire: '0.1000', form: '0.1000' },
  money: { wire: '12345678901234.5678', form: '12345678901234.5678' },
  date: { wire: '2026-01-31', form: '2026-01-31' },
  datetime: {
    wire: dayjs('2026-01-31 08:05:09').toISOString(),
    form: '2026-01-31 08:05:09',
  },
  flag: { wire: '1', form: '1' },
  dict: { wire: '3', form: '3' },
  ref: { wire: 'KG', form: 'KG' },
  image: { wire: 'https://example.com/a.png', form: 'https://example.com/a.png' },
  file: { wire: 'https://example.com/a.pdf', form: 'https://example.com/a.pdf' },
};

describe('conversions', () => {
  it('has one for every field kind', () => {
    expect(Object.keys(conversions).sort()).toEqual([...fieldKinds].sort());
  });

  for (const kind of fieldKinds) {
    it(`${kind}: wire → form → wire is the same value`, () => {
      const { wire, form } = samples[kind];
      expect(conversions[kind].toForm(wire)).toEqual(form);
      expect(conversions[kind].toWire(form)).toEqual(wire);
    });

    it(`${kind}: empty is undefined in the form and null on the wire`, () => {
      expect(conversions[kind].toForm(null)).toBeUndefined();
      expect(conversions[kind].toWire(undefined)).toBeNull();
      expect(conversions[kind].toWire('')).toBeNull();
    });
  }

  it('keeps decimals as exact strings (no float rounding)', () => {
    expect(conversions.decimal.toWire('0.30000000000000004')).toBe('0.30000000000000004');
    expect(conversions.money.toWire('99999999999999.99')).toBe('99999999999999.99');
    expect(conversions.decimal.toWire('12.')).toBe('12');
    expect(conversions.decimal.toWire('-')).toBeNull();
  });

  it('reads integers given as strings and dates given with a time', () => {
    expect(conversions.integer.toForm('12')).toBe(12);
    expect(conversions.date.toForm('2026-01-31T00:00:00.000Z')).toBe('2026-01-31');
  });

  it('reads flags and dictionary values given as numbers as strings', () => {
    expect(conversions.flag.toForm(0)).toBe('0');
    expect(conversions.dict.toWire(2)).toBe('2');
  });
});

describe('record values', () => {
  const fields = [
    field('code', 'text'),
    field('price', 'money', { scale: 2 }),
    field('shelfLife', 'integer'),
    field('batchFlag', 'flag', { defaultValue: '0' }),
  ];

  it('makes form values of a record, leaving empty ones out', () => {
    expect(toFormValues(fields, { code: 'M1', price: '1.50', shelfLife: null, other: 1 })).toEqual({
      code: 'M1',
      price: '1.50',
    });
  });

  it('makes a submit body with every field, null when empty', () => {
    expect(toWireValues(fields, { code: 'M1', shelfLife: '30' })).toEqual({
      code: 'M1',
      price: null,
      shelfLife: 30,
      batchFlag: null,
    });
  });

  it('starts new records from the defaults', () => {
    expect(defaultValues(fields)).toEqual({ batchFlag: '0' });
  });
});

describe('display', () => {
  it('pads decimals to their scale without rounding', () => {
    expect(formatDecimal('12.5', 4)).toBe('12.5000');
    expect(formatDecimal('12', 2)).toBe('12.00');
    expect(formatDecimal('-0.125', 3)).toBe('-0.125');
    expect(formatDecimal('3', undefined)).toBe('3');
  });

  it('groups thousands of money', () => {
    expect(formatDecimal('1234567.5', 2, true)).toBe('1,234,567.50');
    expect(formatDecimal('-1000', 2, true)).toBe('-1,000.00');
    expect(formatDecimal('999', 2, true)).toBe('999.00');
  });

  it("shows counts without zeros after the point and measures with their unit's decimals", () => {
    expect(formatMeasured('12.0000')).toBe('12');
    expect(formatMeasured('12.5000')).toBe('12.5');
    expect(formatMeasured('-5.0000')).toBe('-5');
    expect(formatMeasured('0.0000')).toBe('0');
    expect(formatMeasured('12.5000', 'kg')).toBe('12.50');
    expect(formatMeasured('0.0005', 't')).toBe('0.0005');
    expect(formatMeasured('3', 'm3')).toBe('3.000');
    expect(formatMeasured(null)).toBe('');
    expect(formatMeasured('n/a')).toBe('n/a');
  });

  it('reads what a decimal measures from its English label', () => {
    expect(measureOfLabel('Weight (kg)')).toBe('kg');
    expect(measureOfLabel('Rated load (t)')).toBe('t');
    expect(measureOfLabel('Volume (m³)')).toBe('m3');
    expect(measureOfLabel('Length (m)')).toBe('m');
    expect(measureOfLabel('Quantity')).toBeUndefined();
    expect(measureOfLabel('Price (CNY)')).toBeUndefined();
  });

  it('shows nothing for empty values and anything else as it came', () => {
    expect(formatDecimal(null, 2)).toBe('');
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });

  it('shows date-times in local time as yyyy-MM-dd HH:mm:ss and dates as yyyy-MM-dd', () => {
    const iso = dayjs('2026-05-06 07:08:09').toISOString();
    expect(formatDateTime(iso)).toBe('2026-05-06 07:08:09');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('2026-05-06')).toBe('2026-05-06');
  });
});

describe('cleanDecimalInput', () => {
  it('keeps digits and one point, at most `scale` decimals', () => {
    expect(cleanDecimalInput('12.34567', 4, false)).toBe('12.3456');
    expect(cleanDecimalInput('1a2.3.4', 2, false)).toBe('12.34');
    expect(cleanDecimalInput('12.', 2, false)).toBe('12.');
  });

  it('allows a minus only where negatives are allowed', () => {
    expect(cleanDecimalInput('-5.5', 2, true)).toBe('-5.5');
    expect(cleanDecimalInput('-5.5', 2, false)).toBe('5.5');
  });

  it('drops leading zeros and adds one before a bare point', () => {
    expect(cleanDecimalInput('007', 2, false)).toBe('7');
    expect(cleanDecimalInput('.5', 2, false)).toBe('0.5');
    expect(cleanDecimalInput('0.5', 2, false)).toBe('0.5');
  });

  it('takes no point at scale 0', () => {
    expect(cleanDecimalInput('3.7', 0, false)).toBe('3');
  });
});
