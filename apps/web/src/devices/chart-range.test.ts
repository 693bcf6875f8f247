import { describe, expect, it } from 'vitest';
import { chartStart } from './chart-range.ts';

const hour = 3_600_000;
const to = Date.UTC(2026, 10, 28, 12);
const from = to - 24 * hour;

describe('the device chart axis', () => {
  it('starts shortly before the first reading when the readings cover part of the range', () => {
    expect(chartStart(from, to, [to - hour, to - hour / 2])).toBe(to - hour - hour / 10);
    expect(chartStart(from, to, [to - 60_000])).toBe(to - 60_000 - 5 * 60_000);
  });
  it('keeps the whole range when the readings fill it, or there are none', () => {
    expect(chartStart(from, to, [from + 1000, to - 1000])).toBe(from);
    expect(chartStart(from, to, [])).toBe(from);
  });
});
