import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTabs } from './tabs.ts';

/**
 * What the pages open in tabs hold (search, paging, sort, chosen area), by path and name: a
 * page shown again from its tab, the menu or a link starts where it was left (spec 01 §2 keep
 * alive; issue 14, 1). Kept for this visit only; a closed tab's state goes with it.
 */
const kept = new Map<string, unknown>();

const keyOf = (path: string, name: string) => `${path}\u0000${name}`;
const pathOf = (key: string) => key.slice(0, key.indexOf('\u0000'));

useTabs.subscribe((state) => {
  const open = new Set(state.tabs.map((tab) => tab.value));
  for (const key of [...kept.keys()]) if (!open.has(pathOf(key))) kept.delete(key);
});

/**
 * `useState` that outlives its page's mount while the page has a tab: switching tabs (which
 * shows another page) and back gives the page the value it had.
 */
export function useKeptState<T>(name: string, initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const { pathname } = useLocation();
  const key = keyOf(pathname, name);
  const [value, setValue] = useState<T>(() =>
    kept.has(key) ? (kept.get(key) as T) : typeof initial === 'function' ? (initial as () => T)() : initial,
  );
  useEffect(() => {
    kept.set(key, value);
  }, [key, value]);
  return [value, setValue];
}
