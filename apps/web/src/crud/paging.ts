import type { TablePaginationConfig } from 'antd';
import type { Dispatch, ReactNode, SetStateAction } from 'react';

/** Pagination of every list screen (spec 01 §9): page 1, 20 a page, sizes 10/20/30/50. */
export const firstPage = 1;
export const defaultPageSize = 20;
export const pageSizes = [10, 20, 30, 50] as const;

/** Below this window width the pager shows 5 page items, else 7 (spec 01 §9, breakpoint 992). */
export const narrowWidth = 992;

export interface Paging {
  current: number;
  size: number;
}

/** How many page items the pager shows at a window width. */
export function pagerItems(windowWidth: number): 5 | 7 {
  return windowWidth < narrowWidth ? 5 : 7;
}

/**
 * The page to show after the page size changes (spec 01 §5): going to a larger size goes back
 * to page 1 when the current page times the new size exceeds the total; otherwise the page
 * stays.
 */
export function pageAfterSizeChange(paging: Paging, newSize: number, total: number): Paging {
  const reset = newSize > paging.size && paging.current * newSize > total;
  return { current: reset ? firstPage : paging.current, size: newSize };
}

/** After removing rows, the page still holding rows: the same one, or the new last page. */
export function pageAfterRemoval(paging: Paging, total: number, removed: number): Paging {
  const pages = Math.max(1, Math.ceil(Math.max(0, total - removed) / paging.size));
  return { ...paging, current: Math.min(paging.current, pages) };
}

/**
 * The pager of every list screen (spec 01 §5, §9): the page sizes, the quick jumper, 5 or 7
 * page items by window width, and the page kept or reset when the size changes. The screen
 * says how its total reads.
 */
export function pagerOf(options: {
  paging: Paging;
  setPaging: Dispatch<SetStateAction<Paging>>;
  total: number;
  windowWidth: number;
  showTotal: (total: number) => ReactNode;
}): TablePaginationConfig {
  const { paging, setPaging, total, windowWidth, showTotal } = options;
  return {
    current: paging.current,
    pageSize: paging.size,
    total,
    pageSizeOptions: pageSizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showLessItems: pagerItems(windowWidth) === 5,
    showTotal,
    onChange: (current, size) =>
      setPaging((was) => (size !== was.size ? pageAfterSizeChange(was, size, total) : { ...was, current })),
  };
}
