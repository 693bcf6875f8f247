import { describe, expect, it } from 'vitest';
import { pagerItems } from '../crud/paging.ts';
import { breakpoints, pageAfterSizeChange, pagerCount, screenClass } from './screen.ts';

describe('screenClass (spec 01 §2)', () => {
  it('uses the breakpoints 768, 992 and 1200', () => {
    expect(breakpoints).toEqual({ small: 768, medium: 992, large: 1200 });
  });

  it('gives 3 from 1200, 2 from 992, 1 from 768, else 0, each threshold inclusive', () => {
    const cases: [number, number][] = [
      [0, 0],
      [767, 0],
      [768, 1],
      [991, 1],
      [992, 2],
      [1199, 2],
      [1200, 3],
      [2560, 3],
    ];
    for (const [width, expected] of cases) expect(screenClass(width)).toBe(expected);
  });
});

// The rules themselves are tested in crud/paging.test.ts; here only that the shell's names
// reach them.
describe('shell names for the paging rules', () => {
  it('pagerCount is the pager rule of crud/paging', () => {
    expect(pagerCount).toBe(pagerItems);
    expect(pagerCount(991)).toBe(5);
    expect(pagerCount(992)).toBe(7);
  });

  it('pageAfterSizeChange takes named values and answers the page number', () => {
    expect(pageAfterSizeChange({ current: 3, size: 10, newSize: 20, total: 45 })).toBe(1);
    expect(pageAfterSizeChange({ current: 2, size: 10, newSize: 20, total: 45 })).toBe(2);
    expect(pageAfterSizeChange({ current: 3, size: 20, newSize: 10, total: 45 })).toBe(3);
  });
});
