import type { MenuNode, TopMenuItem } from '@bl/contract';
import { create } from 'zustand';
import { readText, removeItem, writeText } from '../storage.ts';
import { visibleMenus } from './menu.ts';

/** Top-menu tab widths of spec 01 §9: the first tab ("all menus") is narrower. */
export const firstTopMenuTabWidth = 80;
export const topMenuTabWidth = 114;

export function topMenuTabWidthAt(index: number): number {
  return index === 0 ? firstTopMenuTabWidth : topMenuTabWidth;
}

/** The "more" tab that holds the top menus a short bar has no room for; it takes the chosen one's name, so as wide as a top menu. */
export const moreTopMenuTabWidth = topMenuTabWidth;

/**
 * How many of `count` tabs fit in `available` pixels, the first 80 px and the others 114 px;
 * when not all do, room is kept for the "more" tab holding the rest.
 */
export function fittingTabs(available: number, count: number): number {
  let used = 0;
  for (let index = 0; index < count; index++) used += topMenuTabWidthAt(index);
  if (used <= available) return count;
  let fits = 0;
  used = moreTopMenuTabWidth;
  while (fits < count && used + topMenuTabWidthAt(fits) <= available) {
    used += topMenuTabWidthAt(fits);
    fits++;
  }
  return fits;
}

/**
 * The top menu in force: the stored choice while the server still offers it. A choice the user
 * lost (deleted, or another account on this browser) falls back to all menus.
 */
export function chosenTopMenu(
  items: readonly TopMenuItem[] | undefined,
  storedId: string | null,
): TopMenuItem | undefined {
  return storedId ? items?.find((item) => item.id === storedId) : undefined;
}

/** A top menu's name: our translation of `meta.i18n` when we have one, else the server's. */
export function topMenuLabel(item: TopMenuItem, translate: (key: string) => string | undefined): string {
  return (item.meta?.i18n && translate(item.meta.i18n)) || item.menuName;
}

/** What the side menu shows (spec 01 §4). */
export type SideMenu =
  | { kind: 'all'; menus: MenuNode[] }
  | { kind: 'loading' }
  | { kind: 'empty'; topMenu: TopMenuItem }
  | { kind: 'topMenu'; topMenu: TopMenuItem; menus: MenuNode[] };

/**
 * The side menu for the chosen top menu: its own tree once loaded, "empty" when nothing of it
 * is left to show the user; with no top menu chosen, the whole tree.
 */
export function sideMenuOf(
  allMenus: MenuNode[],
  chosen: TopMenuItem | undefined,
  loaded: MenuNode[] | undefined,
  roles: readonly string[] | undefined,
): SideMenu {
  if (!chosen) return { kind: 'all', menus: allMenus };
  if (!loaded) return { kind: 'loading' };
  const menus = visibleMenus(loaded, roles);
  return menus.length === 0
    ? { kind: 'empty', topMenu: chosen }
    : { kind: 'topMenu', topMenu: chosen, menus };
}

const topMenuKey = 'top-menu';

interface TopMenuState {
  /** The chosen top menu's id; null shows every menu. */
  chosenId: string | null;
  choose(id: string | null): void;
  reset(): void;
}

/** The chosen top menu, kept under `saber-top-menu` so it survives a reload. */
export const useTopMenu = create<TopMenuState>((set) => ({
  chosenId: readText(topMenuKey) || null,
  choose: (id) => {
    if (id) writeText(topMenuKey, id);
    else removeItem(topMenuKey);
    set({ chosenId: id });
  },
  reset: () => {
    removeItem(topMenuKey);
    set({ chosenId: null });
  },
}));
