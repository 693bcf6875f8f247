import { describe, expect, it } from 'vitest';
import { display, fromUnits, minUnits, proportion, toUnits } from './decimal.ts';

describe('ledger decimals', () => {
  it('reads numeric text exactly and writes it back', () => {
    expect(toUnits('12.5')).toBe(125000n);
    expect(toUnits('-3.0000')).toBe(-30000n);
    expect(toUnits(null)).toBe(0n);
    expect(toUnits('')).toBe(0n);
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.3000');
    expect(fromUnits(-5n)).toBe('-0.0005');
    expect(toUnits('99999999999999.9999')).toBe(999999999999999999n);
  });

  it('refuses text that is not a decimal of at most 4 places', () => {
    expect(() => toUnits('1e3')).toThrow();
    expect(() => toUnits('1.23456')).toThrow();
    expect(toUnits('1.23450')).toBe(12345n);
  });

  it('splits in proportion, rounding half away from zero', () => {
    expect(proportion(toUnits('10'), toUnits('1'), toUnits('3'))).toBe(toUnits('3.3333'));
    expect(proportion(toUnits('10'), toUnits('2'), toUnits('3'))).toBe(toUnits('6.6667'));
    expect(proportion(toUnits('-10'), toUnits('2'), toUnits('3'))).toBe(toUnits('-6.6667'));
    expect(proportion(5n, 1n, 0n)).toBe(0n);
  });

  it('shows amounts without trailing zeros and picks the smaller', () => {
    expect(display(toUnits('11.5'))).toBe('11.5');
    expect(display(toUnits('10'))).toBe('10');
    expect(display(0n)).toBe('0');
    expect(minUnits(3n, -2n)).toBe(-2n);
  });
});
