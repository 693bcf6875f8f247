import { describe, expect, it } from 'vitest';
import { buildButtonTree, buildMenuTree, rowsUnder, withAncestors } from './menu-tree.ts';

const row = (id: string, parentId: string, category = 1, sort = 0) => ({
  id,
  parentId,
  code: `c${id}`,
  name: `n${id}`,
  alias: '',
  path: `/p${id}`,
  source: '',
  sort,
  category,
  action: 0,
  isOpen: 1,
  isShow: 1,
});

describe('menu trees', () => {
  it('nests rows under their parents in sort order', () => {
    const tree = buildMenuTree([row('2', '1', 1, 2), row('1', '0'), row('3', '1', 1, 1)]);
    expect(tree.map((n) => n.id)).toEqual(['1']);
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['3', '2']);
  });
  it('keeps the ancestors of granted rows only', () => {
    const all = [row('1', '0'), row('2', '1'), row('3', '0'), row('4', '3')];
    expect(withAncestors(all, new Set(['2'])).map((r) => r.id)).toEqual(['1', '2']);
  });
  it('lists menus that hold buttons, with the button codes', () => {
    const tree = buildMenuTree([row('1', '0'), row('2', '1'), row('3', '2', 2), row('4', '0')]);
    expect(buildButtonTree(tree)).toEqual([
      {
        code: 'c1',
        name: 'n1',
        children: [{ code: 'c2', name: 'n2', children: [{ code: 'c3', name: 'n3', children: [] }] }],
      },
    ]);
  });
  it("keeps a top menu's entries with what lies beneath and above them", () => {
    const all = [row('1', '0'), row('2', '1'), row('5', '2'), row('3', '0'), row('4', '3'), row('6', '1')];
    expect(rowsUnder(all, new Set(['c2'])).map((r) => r.id)).toEqual(['1', '2', '5']);
    expect(rowsUnder(all, new Set(['c3', 'c2'])).map((r) => r.id)).toEqual(['1', '2', '5', '3', '4']);
    expect(rowsUnder(all, new Set(['unknown']))).toEqual([]);
  });
});
