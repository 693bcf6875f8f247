import { pagerItems, pageAfterSizeChange as pagingAfterSizeChange } from '../crud/paging.ts';

/**
 * Window-width rules of the shell (spec 01 §2, §5, §9). The pager and page-size rules already
 * live in `crud/paging.ts`; this module re-exports them under the shell's names instead of
 * restating them, so the list screens and the shell cannot drift apart.
 */

/** The breakpoints of spec 01 §9, in pixels of window width. */
export const breakpoints = { small: 768, medium: 992, large: 1200 } as const;

/** 0 below 768, 1 from 768, 2 from 992, 3 from 1200: the layout collapses the side menu at 0. */
export type ScreenClass = 0 | 1 | 2 | 3;

/** The screen size class from the window width (spec 01 §2); each threshold is inclusive. */
export function screenClass(width: number): ScreenClass {
  if (width >= breakpoints.large) return 3;
  if (width >= breakpoints.medium) return 2;
  if (width >= breakpoints.small) return 1;
  return 0;
}

/** How many page items the pager shows: 5 below 992 px, else 7 (spec 01 §9). */
export const pagerCount: (width: number) => 5 | 7 = pagerItems;

export interface SizeChange {
  current: number;
  size: number;
  newSize: number;
  total: number;
}

/**
 * The page to show after the page size changes (spec 01 §5): back to 1 when going to a larger
 * size makes current × newSize exceed the total, else the current page. A named-argument
 * front for `pageAfterSizeChange` of `crud/paging.ts`, which holds the rule.
 */
export function pageAfterSizeChange({ current, size, newSize, total }: SizeChange): number {
  return pagingAfterSizeChange({ current, size }, newSize, total).current;
}
