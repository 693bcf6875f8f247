import type { MenuNode, TopMenuItem } from '@bl/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chosenTopMenu, fittingTabs, sideMenuOf, topMenuLabel, topMenuTabWidthAt } from './topMenu.ts';

const top = (id: string, menuCode: string, menuName = menuCode): TopMenuItem => ({
  id,
  menuCode,
  menuName,
  icon: '',
  source: '',
  path: '',
  sort: Number(id),
  meta: { i18n: `topMenuName.${menuCode}` },
});

const node = (code: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  alias: '',
  path: `/${code}`,
  source: '',
  sort: 0,
  category: 1,
  action: 0,
  isOpen: 1,
  isShow: 1,
  children,
  ...extra,
});

const items = [top('1', 'warehouse'), top('2', 'billing')];

describe('top menu', () => {
  it('sizes the tabs as spec 01 §9 says: the first 80 px, the others 114 px', () => {
    expect([0, 1, 2, 7].map(topMenuTabWidthAt)).toEqual([80, 114, 114, 114]);
  });

  it('fits as many tabs as the bar has room for, keeping room for "more" when some are left over', () => {
    // All seven: 80 + 6 × 114 = 764 px.
    expect(fittingTabs(764, 7)).toBe(7);
    expect(fittingTabs(2000, 7)).toBe(7);
    // One pixel short: "more" (114) + 80 + 4 × 114 = 650 fits, a fifth 114 does not.
    expect(fittingTabs(763, 7)).toBe(5);
    expect(fittingTabs(649, 7)).toBe(4);
    expect(fittingTabs(194, 7)).toBe(1);
    expect(fittingTabs(193, 7)).toBe(0);
    expect(fittingTabs(0, 0)).toBe(0);
  });

  it('keeps the stored choice only while the server still offers it', () => {
    expect(chosenTopMenu(items, '2')?.menuCode).toBe('billing');
    expect(chosenTopMenu(items, '9')).toBeUndefined();
    expect(chosenTopMenu(items, null)).toBeUndefined();
    expect(chosenTopMenu(undefined, '2')).toBeUndefined();
  });

  it('names a top menu by our translation, else by the server', () => {
    const known: Record<string, string> = { 'topMenuName.warehouse': 'Warehouse' };
    const translate = (key: string) => known[key];
    expect(topMenuLabel(top('1', 'warehouse', '仓储作业'), translate)).toBe('Warehouse');
    expect(topMenuLabel(top('3', 'quality', '质量'), translate)).toBe('质量');
  });

  it('shows the whole tree without a choice, and the chosen part once loaded', () => {
    const all = [node('inbound'), node('system')];
    expect(sideMenuOf(all, undefined, undefined, [])).toEqual({ kind: 'all', menus: all });
    expect(sideMenuOf(all, items[0], undefined, [])).toEqual({ kind: 'loading' });
    const part = sideMenuOf(
      all,
      items[0],
      [node('inbound', [node('receipt'), node('receipt_add', [], { category: 2 })])],
      [],
    );
    expect(part.kind).toBe('topMenu');
    if (part.kind !== 'topMenu') throw new Error('unreachable');
    expect(part.menus.map((n) => [n.code, n.children.map((c) => c.code)])).toEqual([
      ['inbound', ['receipt']],
    ]);
  });

  it("tells an empty top menu, also when nothing in it is the user's to see", () => {
    expect(sideMenuOf([], items[1], [], [])).toEqual({ kind: 'empty', topMenu: items[1] });
    const hidden = [node('audit', [], { isShow: 0 }), node('runs', [], { meta: { roles: ['finance'] } })];
    expect(sideMenuOf([], items[1], hidden, ['clerk']).kind).toBe('empty');
    expect(sideMenuOf([], items[1], hidden, ['finance']).kind).toBe('topMenu');
  });
});

describe('the chosen top menu', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    vi.resetModules();
    stored = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });

  it('survives a reload under the site-key prefix and is forgotten on reset', async () => {
    const first = await import('./topMenu.ts');
    expect(first.useTopMenu.getState().chosenId).toBeNull();
    first.useTopMenu.getState().choose('42');
    expect(stored.get('saber-top-menu')).toBe('42');
    vi.resetModules();
    const reloaded = await import('./topMenu.ts');
    expect(reloaded.useTopMenu.getState().chosenId).toBe('42');
    reloaded.useTopMenu.getState().choose(null);
    expect(stored.has('saber-top-menu')).toBe(false);
    reloaded.useTopMenu.getState().choose('7');
    reloaded.useTopMenu.getState().reset();
    expect(reloaded.useTopMenu.getState().chosenId).toBeNull();
    expect(stored.size).toBe(0);
  });
});
