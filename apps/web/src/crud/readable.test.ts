import { describe, expect, it } from 'vitest';
import { occupancyBand } from '../reports/reports.ts';
import { readableCode } from './values.ts';

describe('values no dictionary names', () => {
  it('read as words, codes that are not names stay as they are', () => {
    expect(readableCode('sort')).toBe('Sort');
    expect(readableCode('putawayConfirm')).toBe('Putaway confirm');
    expect(readableCode('bill_close')).toBe('Bill close');
    expect(readableCode('7')).toBe('7');
    expect(readableCode('中文')).toBe('中文');
  });
});

describe('bin board bands', () => {
  it('never calls a location without a capacity of its own full', () => {
    expect(occupancyBand('1.0000', '10', 'qty')).toBe(6);
    expect(occupancyBand('0', '10', 'none')).toBe(6);
    expect(occupancyBand('0', '0', 'qty')).toBe(0);
    expect(occupancyBand('0.9000', '9', 'volume')).toBe(4);
    expect(occupancyBand('1.2000', '12', 'board')).toBe(5);
  });
});
