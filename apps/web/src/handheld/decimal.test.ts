import { describe, expect, it } from 'vitest';
import { isQuantity, showQty, showUnits, toUnits } from './decimal.ts';

describe('handheld quantities', () => {
  it('reads the server numeric text as fixed-point units, without floats', () => {
    expect(toUnits('7.0000')).toBe(70_000n);
    expect(toUnits('0.1') + toUnits('0.2')).toBe(toUnits('0.3'));
    expect(toUnits('12345678901234.5678')).toBe(123_456_789_012_345_678n);
  });
  it('shows quantities without trailing zeros', () => {
    expect(showQty('4.0000')).toBe('4');
    expect(showQty('7.5000')).toBe('7.5');
    expect(showUnits(1n)).toBe('0.0001');
    expect(showUnits(-25_000n)).toBe('-2.5');
  });
  it('accepts what the server accepts as a quantity', () => {
    expect(['4', '4.5', ' 0.0001 '].map(isQuantity)).toEqual([true, true, true]);
    expect(['', '-1', '1.23456', '1e3', 'abc', '1,5'].map(isQuantity)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
