import { describe, expect, it } from 'vitest';
import { datePart, nextValue, type SequenceState } from './serials.ts';

const day = { year: 2026, month: 11, day: 22 };
const state = (over: Partial<SequenceState> = {}): SequenceState => ({
  seqCurrentValue: 0,
  minValue: 1,
  maxValue: null,
  step: 1,
  resetCycle: '0',
  lastResetDate: null,
  ...over,
});

describe('serial numbers', () => {
  it('writes the date part of each pattern', () => {
    expect(datePart('yyyyMMdd', day)).toBe('20261122');
    expect(datePart('yyMMdd', { year: 2007, month: 1, day: 5 })).toBe('070105');
    expect(datePart('yyyyMM', day)).toBe('202611');
    expect(datePart('yyyy', day)).toBe('2026');
    expect(datePart(null, day)).toBe('');
  });

  it('starts at the lowest value and moves by the step', () => {
    expect(nextValue(state(), day)).toEqual({ value: 1, resetOn: null });
    expect(nextValue(state({ seqCurrentValue: 1 }), day)?.value).toBe(2);
    expect(nextValue(state({ seqCurrentValue: 10, step: 5 }), day)?.value).toBe(15);
    expect(nextValue(state({ minValue: 100 }), day)?.value).toBe(100);
  });

  it('starts again when the reset cycle begins a new period, not within one', () => {
    const daily = state({ resetCycle: '1', seqCurrentValue: 7, lastResetDate: '2026-11-21' });
    expect(nextValue(daily, day)).toEqual({ value: 1, resetOn: '2026-11-22' });
    expect(nextValue({ ...daily, lastResetDate: '2026-11-22' }, day)).toEqual({
      value: 8,
      resetOn: '2026-11-22',
    });
    const monthly = state({ resetCycle: '2', seqCurrentValue: 7, lastResetDate: '2026-11-01' });
    expect(nextValue(monthly, day)?.value).toBe(8);
    expect(nextValue(monthly, { year: 2026, month: 12, day: 1 })?.value).toBe(1);
    const yearly = state({ resetCycle: '3', seqCurrentValue: 7, lastResetDate: '2026-01-01' });
    expect(nextValue(yearly, { year: 2027, month: 1, day: 1 })?.value).toBe(1);
  });

  it('gives no number past the highest value rather than repeat one', () => {
    expect(nextValue(state({ seqCurrentValue: 9, maxValue: 10 }), day)?.value).toBe(10);
    expect(nextValue(state({ seqCurrentValue: 10, maxValue: 10 }), day)).toBeUndefined();
  });
});
