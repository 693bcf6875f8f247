import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changedFrom } from './discard.ts';

describe('whether a form was typed into', () => {
  const opened = { code: 'M1', name: undefined, qty: '', details: [{ qty: '1', batchNo: null }] };

  it('is not, when only blanks, key order or the copies of a re-render differ', () => {
    expect(changedFrom(opened, { details: [{ batchNo: '', qty: '1' }], code: 'M1', name: null })).toBe(false);
    expect(changedFrom({ lines: [] }, {})).toBe(false);
    expect(changedFrom({ day: dayjs('2026-11-28') }, { day: dayjs('2026-11-28') })).toBe(false);
  });

  it('is, when a field, a line or a date changed, and not once changed back', () => {
    expect(changedFrom(opened, { ...opened, name: '螺丝' })).toBe(true);
    expect(changedFrom(opened, { ...opened, details: [...opened.details, { qty: '2' }] })).toBe(true);
    expect(changedFrom({ day: dayjs('2026-11-28') }, { day: dayjs('2026-11-29') })).toBe(true);
    expect(changedFrom(opened, { ...opened, name: '  ' })).toBe(false);
  });
});
