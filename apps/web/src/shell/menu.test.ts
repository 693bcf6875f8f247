import type { MenuNode } from '@bl/contract';
import { describe, expect, it } from 'vitest';
import {
  embeddableSource,
  embeddedPath,
  isExternal,
  leaves,
  normalizePath,
  searchLeaves,
  trailTo,
  visibleMenus,
} from './menu.ts';

const node = (
  code: string,
  path: string,
  children: MenuNode[] = [],
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  alias: '',
  path,
  source: '',
  sort: 0,
  category: 1,
  action: 0,
  isOpen: 1,
  isShow: 1,
  children,
  ...extra,
});

const tree = [
  node('inbound', '/in', [
    node('reservation', '/in/reservationForm'),
    node('hidden', '/in/hidden', [], { isShow: 0 }),
    node('reservation_add', '', [], { category: 2 }),
  ]),
  node('system', '/system', [node('user', '/system/user')]),
];

describe('side menu', () => {
  it('drops hidden items and buttons', () => {
    const visible = visibleMenus(tree);
    expect(visible.map((n) => n.code)).toEqual(['inbound', 'system']);
    expect(visible[0]?.children.map((n) => n.code)).toEqual(['reservation']);
    expect(visibleMenus(undefined)).toEqual([]);
  });

  it('shows items naming roles only to holders of one of them', () => {
    const limited = [
      node('billing', '/acct', [
        node('runs', '/acct/runs', [], { meta: { roles: ['finance', 'manager'] } }),
        node('bills', '/acct/bills', [], { meta: { roles: [] } }),
      ]),
      node('audit', '/audit', [], { meta: { roles: ['auditor'] } }),
    ];
    const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);
    expect(codes(visibleMenus(limited, ['clerk']))).toEqual(['billing', 'bills']);
    expect(codes(visibleMenus(limited, ['clerk', 'manager']))).toEqual(['billing', 'runs', 'bills']);
    expect(codes(visibleMenus(limited, ['auditor']))).toEqual(['billing', 'bills', 'audit']);
    expect(codes(visibleMenus(limited))).toEqual(['billing', 'runs', 'bills', 'audit']);
  });

  it('lists leaves in menu order', () => {
    expect(leaves(visibleMenus(tree)).map((n) => n.code)).toEqual(['reservation', 'user']);
  });

  it('finds the trail to a leaf, with or without /index', () => {
    const menus = visibleMenus(tree);
    expect(trailTo(menus, '/system/user').map((n) => n.code)).toEqual(['system', 'user']);
    expect(trailTo(menus, '/in/reservationForm/index/').map((n) => n.code)).toEqual([
      'inbound',
      'reservation',
    ]);
    expect(trailTo(menus, '/in')).toEqual([]);
    expect(trailTo(menus, '/in/hidden')).toEqual([]);
  });

  it('normalizes paths', () => {
    expect(normalizePath('/a/b/index')).toBe('/a/b');
    expect(normalizePath('/a/b/')).toBe('/a/b');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('menu search', () => {
  const labels: Record<string, string> = {
    inbound: 'Inbound',
    reservation: 'Reservation inbound',
    receipt: 'receipts',
    stock: 'Stock',
  };
  const label = (n: MenuNode) => labels[n.code] ?? n.code;
  const menus = [
    node('inbound', '', [node('reservation', '/in/reservation'), node('receipt', '/in/receipt')]),
    node('stock', '/stock'),
  ];

  it('lists leaves whose label starts with the query, ignoring case', () => {
    expect(searchLeaves(menus, 'RE', label).map((n) => n.code)).toEqual(['reservation', 'receipt']);
    expect(searchLeaves(menus, ' sto', label).map((n) => n.code)).toEqual(['stock']);
  });

  it('matches prefixes only and never lists parents', () => {
    expect(searchLeaves(menus, 'inbound', label)).toEqual([]);
    expect(searchLeaves(menus, 'ceipts', label)).toEqual([]);
  });

  it('lists every leaf for an empty query', () => {
    expect(searchLeaves(menus, '', label)).toHaveLength(3);
  });
});

describe('external menu items', () => {
  it('knows external paths', () => {
    expect(isExternal('https://example.com/a')).toBe(true);
    expect(isExternal('HTTP://example.com')).toBe(true);
    expect(isExternal('/system/user')).toBe(false);
    expect(isExternal('httpish/path')).toBe(false);
  });

  it('opens them in the embedded page with the item fields as query', () => {
    const path = embeddedPath(
      node('monitor', 'https://example.com/a?b=1&c=2', [], { id: '42', name: '监控' }),
    );
    const url = new URL(path, 'http://app');
    expect(url.pathname).toBe('/myiframe/urlPath');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: 'https://example.com/a?b=1&c=2',
      name: '监控',
      code: 'monitor',
      id: '42',
    });
  });

  it('embeds only http and https addresses', () => {
    expect(embeddableSource('https://example.com/x')).toBe('https://example.com/x');
    expect(embeddableSource('javascript:alert(1)')).toBeNull();
    expect(embeddableSource('data:text/html,hi')).toBeNull();
    expect(embeddableSource('not a url')).toBeNull();
    expect(embeddableSource(null)).toBeNull();
  });
});
