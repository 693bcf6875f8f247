import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  homePath,
  homeTab,
  openTab,
  scrollKey,
  type Tab,
} from './tabs.ts';

const tab = (value: string, label = value, query = ''): Tab => ({ value, query, label });

describe('tab rules', () => {
  it('opens a new page as a new tab at the end', () => {
    expect(openTab([homeTab], tab('/a'))).toEqual([homeTab, tab('/a')]);
  });

  it('puts the home tab back first when it was closed', () => {
    expect(openTab([tab('/a')], homeTab)).toEqual([homeTab, tab('/a')]);
  });

  it('reuses the tab of a page already open, taking its latest query and label', () => {
    const tabs = [homeTab, tab('/a', 'A'), tab('/b')];
    expect(openTab(tabs, tab('/a', 'A2', '?id=1'))).toEqual([homeTab, tab('/a', 'A2', '?id=1'), tab('/b')]);
    // A page not titled yet keeps the tab's label.
    expect(openTab(tabs, tab('/a', '', '?x'))[1]).toEqual(tab('/a', 'A', '?x'));
  });

  it('keeps the i18n key of a title given by key, so the tab follows a language switch', () => {
    const keyed: Tab = { ...tab('/openYsy/index', '运输监控'), labelKey: 'transport.monitor' };
    const tabs = openTab([homeTab], keyed);
    expect(tabs[1]).toEqual(keyed);
    // Visited again in English: the label is the English one, the key stays.
    expect(openTab(tabs, tab('/openYsy/index', 'Transport monitor'))[1]).toEqual({
      ...keyed,
      label: 'Transport monitor',
    });
  });

  it('keeps the home tab when it is the only one', () => {
    expect(canClose([homeTab], homePath)).toBe(false);
    expect(closeTab([homeTab], homePath, homePath)).toEqual({ tabs: [homeTab] });
    expect(canClose([homeTab, tab('/a')], homePath)).toBe(true);
  });

  it('moves to the right-hand neighbour when the shown tab closes, or the left one at the end', () => {
    const tabs = [homeTab, tab('/a'), tab('/b')];
    expect(closeTab(tabs, '/a', '/a')).toEqual({ tabs: [homeTab, tab('/b')], next: tab('/b') });
    expect(closeTab(tabs, '/b', '/b')).toEqual({ tabs: [homeTab, tab('/a')], next: tab('/a') });
    expect(closeTab(tabs, '/b', '/a')).toEqual({ tabs: [homeTab, tab('/a')] });
  });

  it('opens home again when the last tab closes', () => {
    expect(closeTab([tab('/a')], '/a', '/a')).toEqual({ tabs: [homeTab], next: homeTab });
  });

  it('closes the others but keeps home', () => {
    const tabs = [homeTab, tab('/a'), tab('/b'), tab('/c')];
    expect(closeOthers(tabs, '/b')).toEqual([homeTab, tab('/b')]);
    expect(closeOthers(tabs, homePath)).toEqual([homeTab]);
  });

  it('closes all back to home', () => {
    expect(closeAll([homeTab, tab('/a'), tab('/b')])).toEqual([homeTab]);
    expect(closeAll([tab('/a')])).toEqual([homeTab]);
  });
});

describe('the tab store', () => {
  beforeEach(() => {
    vi.resetModules();
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
  });

  it('keeps the tabs under the site key and reads them back after a reload', async () => {
    const first = await import('./tabs.ts');
    first.useTabs.getState().open(tab('/a', 'A'));
    first.useTabs.getState().open(tab('/b', 'B'));
    expect(localStorage.getItem('saber-tag-list')).toContain('"/b"');
    vi.resetModules();
    const reloaded = await import('./tabs.ts');
    expect(reloaded.useTabs.getState().tabs.map((t) => t.value)).toEqual([homePath, '/a', '/b']);
    reloaded.useTabs.getState().closeAll();
    expect(reloaded.useTabs.getState().tabs).toEqual([homeTab]);
  });

  it('starts with home when the stored tabs are unreadable', async () => {
    localStorage.setItem('saber-tag-list', '{not json');
    const { useTabs } = await import('./tabs.ts');
    expect(useTabs.getState().tabs).toEqual([homeTab]);
  });

  it('reads the title key of a stored tab back', async () => {
    const stored = { value: '/wel/dashboard', query: '', label: '运营看板', labelKey: 'dashboard.title' };
    localStorage.setItem('saber-tag-list', JSON.stringify([stored]));
    const { useTabs } = await import('./tabs.ts');
    expect(useTabs.getState().tabs).toEqual([stored]);
  });

  it('drops stored entries that are not tabs', async () => {
    localStorage.setItem('saber-tag-list', JSON.stringify([{ value: 'x' }, 3, { value: '/a', label: 'A' }]));
    const { useTabs } = await import('./tabs.ts');
    expect(useTabs.getState().tabs).toEqual([tab('/a', 'A')]);
  });
});

describe('scroll memory', () => {
  const tabs: Tab[] = [homeTab, { value: '/bd/material', query: '', label: 'Material' }];

  it('remembers a tab page by its path, whichever history entry leads there', () => {
    expect(scrollKey(tabs, { pathname: '/bd/material', key: 'a1' })).toBe('tab:/bd/material');
    expect(scrollKey(tabs, { pathname: '/bd/material', key: 'b2' })).toBe('tab:/bd/material');
  });

  it('keeps other pages per history entry, so a new visit starts at the top', () => {
    expect(scrollKey(tabs, { pathname: '/404', key: 'a1' })).toBe('a1');
    expect(scrollKey(tabs, { pathname: '/404', key: 'b2' })).toBe('b2');
  });

  it('forgets a page once its tab is closed', () => {
    const closed = closeTab(tabs, '/bd/material', homePath).tabs;
    expect(scrollKey(closed, { pathname: '/bd/material', key: 'c3' })).toBe('c3');
  });
});
