import { describe, expect, it } from 'vitest';
import { fromUnits, planLabels, toUnits } from './plan.ts';

const u = (text: string) => toUnits(text) as bigint;
const plan = (lineQty: string, printed: string, requested: string | undefined, perLabel?: string) =>
  planLabels({
    lineQty: u(lineQty),
    printed: u(printed),
    requested: requested === undefined ? undefined : toUnits(requested),
    perLabel: perLabel === undefined ? undefined : toUnits(perLabel),
  });

describe('exact quantities', () => {
  it('reads decimals of up to 4 places and writes them back plainly', () => {
    expect(fromUnits(u('12.5'))).toBe('12.5');
    expect(fromUnits(u('0.0001'))).toBe('0.0001');
    expect(fromUnits(u('3'))).toBe('3');
    expect(fromUnits(u('3.1000'))).toBe('3.1');
    expect(toUnits('1.23456')).toBeUndefined();
    expect(toUnits('-1')).toBeUndefined();
    expect(toUnits('abc')).toBeUndefined();
  });
});

describe('the print rules of spec 02 §5', () => {
  it('refuses a line whose labels already cover its quantity', () => {
    expect(plan('10', '10', '1')).toEqual({ ok: false, problem: 'fullyPrinted' });
    expect(plan('10', '12', '1')).toEqual({ ok: false, problem: 'fullyPrinted' });
  });

  it('refuses an empty, zero or negative print quantity', () => {
    expect(plan('10', '0', undefined)).toEqual({ ok: false, problem: 'quantityRequired' });
    expect(plan('10', '0', '0')).toEqual({ ok: false, problem: 'quantityRequired' });
    expect(planLabels({ lineQty: u('10'), printed: 0n, requested: -5n, perLabel: undefined })).toEqual({
      ok: false,
      problem: 'quantityRequired',
    });
  });

  it('corrects a quantity above what remains down to the remainder', () => {
    const result = plan('10', '7.5', '5');
    expect(result).toEqual({ ok: true, plan: { quantity: u('2.5'), corrected: true, labels: [u('2.5')] } });
  });

  it('splits the quantity into labels of the given size, the last holding the rest', () => {
    const result = plan('100', '0', '25', '10');
    expect(result.ok && result.plan.labels.map(fromUnits)).toEqual(['10', '10', '5']);
    expect(result.ok && result.plan.corrected).toBe(false);
  });

  it('refuses a label size of 0 and more labels than a printer should get at once', () => {
    expect(plan('100', '0', '5', '0')).toEqual({ ok: false, problem: 'perLabelInvalid' });
    expect(plan('100000', '0', '100000', '1')).toEqual({ ok: false, problem: 'tooManyLabels' });
  });
});
