import { create } from 'zustand';
import { readJson, writeJson } from '../storage.ts';

/** The home page (spec 01 §3 site config: first page /wel/index); its tab leads the bar. */
export const homePath = '/wel/index';

/** One open page in the tab bar (spec 01 §3 "Tab"): the path is its identity. */
export interface Tab {
  /** The pathname, without query: one tab per page. */
  value: string;
  /** The query string the page was last shown with ('' or '?a=1'), so a tab reopens it as left. */
  query: string;
  /** The page title last shown in it; the bar prefers the menu's label when there is one. */
  label: string;
  /**
   * The i18n key of the title, for a page outside the menu that names itself by one: the bar
   * reads it in the current language, so a tab left in another language follows a switch.
   */
  labelKey?: string;
}

export const homeTab: Tab = { value: homePath, query: '', label: '' };

/**
 * Opens `tab`, or reuses the tab of the same page (taking its latest query and label). A new
 * tab goes at the end; the home tab is put back first when it was closed.
 */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const at = tabs.findIndex((t) => t.value === tab.value);
  if (at >= 0) {
    const current = tabs[at];
    if (
      current &&
      current.query === tab.query &&
      (current.label === tab.label || !tab.label) &&
      (current.labelKey === tab.labelKey || !tab.labelKey)
    )
      return [...tabs];
    return tabs.map((t, i) =>
      i === at
        ? { ...t, query: tab.query, label: tab.label || t.label, labelKey: tab.labelKey ?? t.labelKey }
        : t,
    );
  }
  return tab.value === homePath ? [tab, ...tabs] : [...tabs, tab];
}

/** Whether the tab of `value` may be closed: the home tab stays when it is the only one (spec 01 §4). */
export function canClose(tabs: readonly Tab[], value: string): boolean {
  return !(value === homePath && tabs.length <= 1);
}

export interface Closed {
  tabs: Tab[];
  /** Where to go when the closed tab was the one shown; undefined to stay. */
  next?: Tab;
}

/**
 * Closes one tab. When it was the active one, the page moves to its right-hand neighbour, or the
 * left one when it was last; closing the last tab other than home opens home again.
 */
export function closeTab(tabs: readonly Tab[], value: string, active: string): Closed {
  if (!canClose(tabs, value)) return { tabs: [...tabs] };
  const at = tabs.findIndex((t) => t.value === value);
  if (at < 0) return { tabs: [...tabs] };
  const rest = tabs.filter((t) => t.value !== value);
  const kept = rest.length > 0 ? rest : [homeTab];
  if (value !== active) return { tabs: kept };
  return { tabs: kept, next: kept[Math.min(at, kept.length - 1)] };
}

/** Closes every tab but `value` and home (spec 01 §2 "close others"). */
export function closeOthers(tabs: readonly Tab[], value: string): Tab[] {
  const kept = tabs.filter((t) => t.value === value || t.value === homePath);
  return kept.length > 0 ? kept : [homeTab];
}

/** Closes every tab but home, which the page returns to (spec 01 §2 "close all"). */
export function closeAll(tabs: readonly Tab[]): Tab[] {
  return [tabs.find((t) => t.value === homePath) ?? homeTab];
}

/**
 * The key a page's scroll position is kept under (spec 01 §2: "scroll position is restored; for
 * keep-alive routes it is remembered"). A page open in a tab is kept alive, so its position is
 * remembered by path and found again whichever way the visitor returns (tab, menu, link). Any
 * other page keeps its position per history entry: back and forward restore it, a new visit
 * starts at the top. A closed tab is no longer kept: its page opens at the top again.
 */
export function scrollKey(tabs: readonly Tab[], location: { pathname: string; key: string }): string {
  return tabs.some((t) => t.value === location.pathname) ? `tab:${location.pathname}` : location.key;
}

const tabsKey = 'tag-list';

function isTab(value: unknown): value is Tab {
  if (!value || typeof value !== 'object') return false;
  const tab = value as Partial<Tab>;
  return typeof tab.value === 'string' && tab.value.startsWith('/') && typeof tab.label === 'string';
}

/** The tabs kept from the last visit; anything unreadable starts over with home. */
export function readTabs(): Tab[] {
  const stored = readJson(tabsKey);
  if (!Array.isArray(stored)) return [homeTab];
  const tabs = stored.filter(isTab).map((t) => ({
    value: t.value,
    query: String(t.query ?? ''),
    label: t.label,
    ...(typeof t.labelKey === 'string' ? { labelKey: t.labelKey } : {}),
  }));
  return tabs.length > 0 ? tabs : [homeTab];
}

interface TabsState {
  tabs: Tab[];
  open(tab: Tab): void;
  close(value: string, active: string): Tab | undefined;
  closeOthers(value: string): void;
  closeAll(): void;
  reset(): void;
}

/** The tab bar's store; every change is kept under `saber-tag-list` so the tabs survive a reload. */
export const useTabs = create<TabsState>((set, get) => {
  const update = (tabs: Tab[]) => {
    writeJson(tabsKey, tabs);
    set({ tabs });
  };
  return {
    tabs: readTabs(),
    open: (tab) => {
      const tabs = openTab(get().tabs, tab);
      const before = get().tabs;
      const same = tabs.length === before.length && tabs.every((t, i) => t === before[i]);
      if (!same) update(tabs);
    },
    close: (value, active) => {
      const closed = closeTab(get().tabs, value, active);
      update(closed.tabs);
      return closed.next;
    },
    closeOthers: (value) => update(closeOthers(get().tabs, value)),
    closeAll: () => update(closeAll(get().tabs)),
    reset: () => update([homeTab]),
  };
});
