import { describe, expect, it } from 'vitest';
import { openLines, subtractDecimals } from './quantities.ts';

describe('line quantities of an action (partial receipts, loads, counts)', () => {
  it('subtracts exact decimals', () => {
    expect(subtractDecimals('10.0000', '3.5000')).toBe('6.5');
    expect(subtractDecimals('10', null)).toBe('10');
    expect(subtractDecimals('2', '2.0000')).toBe('0');
    expect(subtractDecimals('0.1', '0.3')).toBe('-0.2');
  });

  it('offers the lines still open, in line order, starting at what is open', () => {
    const record = {
      id: '1',
      details: [
        { id: 'b', lineNumber: 2, qty: '5.0000', receivedQty: '5.0000' },
        { id: 'c', lineNumber: 3, qty: '8.0000', receivedQty: '2.5000' },
        { id: 'a', lineNumber: 1, qty: '4.0000', receivedQty: null },
      ],
    };
    const open = openLines(record, { lines: 'details', key: 'qty', from: 'qty', done: 'receivedQty' });
    expect(open.map((line) => [line.id, line.open])).toEqual([
      ['a', '4'],
      ['c', '5.5'],
    ]);
    expect(openLines({ id: '2' }, { lines: 'details', key: 'qty', from: 'qty' })).toEqual([]);
  });
});
