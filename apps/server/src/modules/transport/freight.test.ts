import { describe, expect, it } from 'vitest';
import { freightOf, unpricedOf } from './freight.ts';

const list = new Map([
  ['M1', 15000n], // 1.5 a unit
  ['M2', 333333n], // 33.3333 a unit
]);

describe('freight arithmetic (exact decimals, rounded half up once)', () => {
  it('charges pieces, kilograms or cubic metres at the line rate, else the list rate', () => {
    expect(freightOf('1', [{ materialCode: 'M1', qty: '3' }], list)).toBe('4.50');
    expect(freightOf('2', [{ materialCode: 'M1', qtyWeg: '10.5' }], list)).toBe('15.75');
    // Tonnes when no kilograms are given: 0.0101 t = 10.1 kg.
    expect(freightOf('2', [{ materialCode: 'M1', weg: '0.0101' }], list)).toBe('15.15');
    expect(freightOf('3', [{ materialCode: 'M2', volume: '3' }], list)).toBe('100.00');
    expect(freightOf('3', [{ materialCode: 'M2', volume: '3', price: '0.0001' }], list)).toBe('0.00');
    expect(freightOf('1', [{ materialCode: 'M9', qty: '3' }], list)).toBe('0.00');
  });

  it('sums exactly before rounding, and rounds a half cent up', () => {
    // 0.1 + 0.2 without floats: 1 × 0.1 + 1 × 0.2.
    expect(
      freightOf(
        '1',
        [
          { qty: '1', price: '0.1' },
          { qty: '1', price: '0.2' },
        ],
        list,
      ),
    ).toBe('0.30');
    // Three lines of 0.0015 m³ × 33.3333 = 0.04999995 each: 0.14999985 → 0.15, not 3 × 0.05.
    const line = { materialCode: 'M2', volume: '0.0015' };
    expect(freightOf('3', [line, line, line], list)).toBe('0.15');
    expect(freightOf('1', [{ qty: '1', price: '0.005' }], list)).toBe('0.01');
    expect(freightOf('1', [{ qty: '1', price: '0.0049' }], list)).toBe('0.00');
    // Large amounts stay exact: (10^8 − 10^-4) × (10^4 − 10^-4) = 10^12 − 10^4 − 1 + 10^-8.
    expect(freightOf('1', [{ qty: '99999999.9999', price: '9999.9999' }], list)).toBe('999999989999.00');
  });

  it('names the lines that carry something to charge but have no rate and no price of their own', () => {
    const lines = [
      { lineNumber: 1, materialCode: 'M1', qty: '3' },
      { lineNumber: 2, materialCode: 'M9', qty: '2' },
      { lineNumber: 3, materialCode: 'M9', qty: '2', price: '1' },
      { lineNumber: 4, materialCode: 'M9', qty: '0' },
    ];
    expect(unpricedOf('1', lines, list)).toEqual([{ lineNumber: 2, materialCode: 'M9' }]);
    // Charged by weight, a line without weight has nothing to charge: not a missing price.
    expect(unpricedOf('2', lines, list)).toEqual([]);
  });
});
