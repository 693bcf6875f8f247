import { describe, expect, it } from 'vitest';
import {
  defaultPageSize,
  firstPage,
  pageAfterRemoval,
  pageAfterSizeChange,
  pagerItems,
  pageSizes,
} from './paging.ts';

describe('pagination constants (spec 01 §9)', () => {
  it('starts on page 1 with 20 rows, sizes 10/20/30/50', () => {
    expect(firstPage).toBe(1);
    expect(defaultPageSize).toBe(20);
    expect(pageSizes).toEqual([10, 20, 30, 50]);
  });

  it('shows 5 page items below 992 px and 7 from 992 px', () => {
    expect(pagerItems(991)).toBe(5);
    expect(pagerItems(992)).toBe(7);
    expect(pagerItems(1440)).toBe(7);
  });
});

describe('pageAfterSizeChange (spec 01 §5)', () => {
  it('goes back to page 1 when a larger size would run past the total', () => {
    // page 3 of 10 → 3 × 20 = 60 > 45 rows
    expect(pageAfterSizeChange({ current: 3, size: 10 }, 20, 45)).toEqual({ current: 1, size: 20 });
  });

  it('keeps the page when a larger size still fits', () => {
    // page 2 of 10 → 2 × 20 = 40 ≤ 45 rows
    expect(pageAfterSizeChange({ current: 2, size: 10 }, 20, 45)).toEqual({ current: 2, size: 20 });
  });

  it('keeps the page when the size gets smaller', () => {
    expect(pageAfterSizeChange({ current: 3, size: 20 }, 10, 45)).toEqual({ current: 3, size: 10 });
  });

  it('is exact at the boundary: current × size equal to the total keeps the page', () => {
    expect(pageAfterSizeChange({ current: 2, size: 10 }, 30, 60)).toEqual({ current: 2, size: 30 });
    expect(pageAfterSizeChange({ current: 2, size: 10 }, 30, 59)).toEqual({ current: 1, size: 30 });
  });
});

describe('pageAfterRemoval', () => {
  it('stays on a page that still has rows', () => {
    expect(pageAfterRemoval({ current: 2, size: 20 }, 45, 1)).toEqual({ current: 2, size: 20 });
  });

  it('steps back when the last page empties', () => {
    expect(pageAfterRemoval({ current: 3, size: 20 }, 41, 1)).toEqual({ current: 2, size: 20 });
  });

  it('never goes below page 1', () => {
    expect(pageAfterRemoval({ current: 1, size: 20 }, 1, 1)).toEqual({ current: 1, size: 20 });
  });
});
