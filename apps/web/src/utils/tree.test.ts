import { describe, expect, it } from 'vitest';
import {
  buildTree,
  defaultTreeKeys,
  filterTree,
  findInTree,
  flattenTree,
  leafNodes,
  searchMenuLeaves,
} from './tree.ts';

interface Row {
  id: number | string;
  parentId: number | string | null;
  name: string;
}

const rows: Row[] = [
  { id: 1, parentId: 0, name: 'Inbound' },
  { id: 2, parentId: 1, name: 'Inbound bill' },
  { id: 3, parentId: 1, name: 'Reservation' },
  { id: 4, parentId: 0, name: 'Outbound' },
  { id: 5, parentId: 4, name: 'outbound bill' },
  { id: 6, parentId: '3', name: 'Reservation detail' },
];

const names = (nodes: readonly { name: string }[]) => nodes.map((node) => node.name);

describe('buildTree (spec 01 §9 default keys)', () => {
  it('uses the keys id, parentId and children by default', () => {
    expect(defaultTreeKeys).toEqual({ id: 'id', parentId: 'parentId', children: 'children' });
  });

  it('nests rows under their parents in input order; leaves have no children key', () => {
    const tree = buildTree(rows);
    expect(names(tree)).toEqual(['Inbound', 'Outbound']);
    expect(names(tree[0]?.children ?? [])).toEqual(['Inbound bill', 'Reservation']);
    expect(names(tree[0]?.children?.[1]?.children ?? [])).toEqual(['Reservation detail']);
    expect(tree[0]?.children?.[0]).not.toHaveProperty('children');
  });

  it('matches numeric and text ids, and does not touch the input rows', () => {
    const input = rows.map((row) => ({ ...row }));
    const tree = buildTree(input);
    expect(tree[0]?.children?.[1]?.children?.[0]?.id).toBe(6);
    expect(input).toEqual(rows);
    expect(input[0]).not.toHaveProperty('children');
  });

  it('makes orphans, self-parents and cycles roots instead of losing them', () => {
    const tree = buildTree<Row>([
      { id: 'a', parentId: 'missing', name: 'orphan' },
      { id: 'b', parentId: 'b', name: 'self' },
      { id: 'c', parentId: 'd', name: 'c' },
      { id: 'd', parentId: 'c', name: 'd' },
      { id: 'e', parentId: null, name: 'root' },
    ]);
    expect(names(tree)).toEqual(['orphan', 'self', 'd', 'root']);
    expect(names(tree[2]?.children ?? [])).toEqual(['c']);
    expect(flattenTree(tree)).toHaveLength(5);
  });

  it('takes other key names', () => {
    const tree = buildTree(
      [
        { code: 'x', up: '', label: 'X' },
        { code: 'y', up: 'x', label: 'Y' },
      ],
      { id: 'code', parentId: 'up', children: 'items' },
    );
    expect(tree).toEqual([{ code: 'x', up: '', label: 'X', items: [{ code: 'y', up: 'x', label: 'Y' }] }]);
  });
});

describe('walking a tree', () => {
  const tree = buildTree(rows);

  it('flattenTree lists parents before children, depth first', () => {
    expect(names(flattenTree(tree))).toEqual([
      'Inbound',
      'Inbound bill',
      'Reservation',
      'Reservation detail',
      'Outbound',
      'outbound bill',
    ]);
  });

  it('findInTree finds the first match at any depth, or nothing', () => {
    expect(findInTree(tree, (node) => node.id === 6)?.name).toBe('Reservation detail');
    expect(findInTree(tree, (node) => node.id === 99)).toBeUndefined();
  });

  it('leafNodes lists only nodes without children', () => {
    expect(names(leafNodes(tree))).toEqual(['Inbound bill', 'Reservation detail', 'outbound bill']);
    expect(names(leafNodes([{ name: 'empty folder', children: [] }]))).toEqual(['empty folder']);
  });

  it('follows a custom children key', () => {
    const custom = [{ name: 'a', items: [{ name: 'b' }] }];
    expect(names(flattenTree(custom, 'items'))).toEqual(['a', 'b']);
    expect(names(leafNodes(custom, 'items'))).toEqual(['b']);
    expect(findInTree(custom, (node) => node.name === 'b', 'items')?.name).toBe('b');
  });
});

describe('filterTree', () => {
  const tree = buildTree(rows);

  it('keeps matches with their ancestors and drops the rest', () => {
    const kept = filterTree(tree, (node) => node.name === 'Reservation detail');
    expect(kept).toEqual([
      {
        id: 1,
        parentId: 0,
        name: 'Inbound',
        children: [
          {
            id: 3,
            parentId: 1,
            name: 'Reservation',
            children: [{ id: 6, parentId: '3', name: 'Reservation detail' }],
          },
        ],
      },
    ]);
  });

  it('drops non-matching children of a match, which then shows as a leaf', () => {
    const kept = filterTree(tree, (node) => node.name === 'Outbound');
    expect(kept).toEqual([{ id: 4, parentId: 0, name: 'Outbound' }]);
  });

  it('leaves the original tree intact', () => {
    filterTree(tree, () => false);
    expect(flattenTree(tree)).toHaveLength(6);
  });
});

describe('searchMenuLeaves (spec 01 §2 menu search)', () => {
  const tree = buildTree(rows);

  it('offers leaves whose label starts with the text, ignoring case', () => {
    expect(names(searchMenuLeaves(tree, 'OUT', 'name'))).toEqual(['outbound bill']);
    expect(names(searchMenuLeaves(tree, 'res', 'name'))).toEqual(['Reservation detail']);
  });

  it('never offers folders, even when their label matches', () => {
    expect(names(searchMenuLeaves(tree, 'Inbound', 'name'))).toEqual(['Inbound bill']);
  });

  it('matches a prefix only, not text inside the label', () => {
    expect(searchMenuLeaves(tree, 'bill', 'name')).toEqual([]);
  });

  it('offers every leaf for empty or blank text', () => {
    expect(searchMenuLeaves(tree, '', 'name')).toHaveLength(3);
    expect(searchMenuLeaves(tree, '  ', 'name')).toHaveLength(3);
  });

  it('reads the label through a function, e.g. a translation', () => {
    const labels: Record<string, string> = { 2: '入库单', 5: '出库单', 6: '预约明细' };
    const found = searchMenuLeaves(tree, '出', (node) => labels[String(node.id)] ?? node.name);
    expect(names(found)).toEqual(['outbound bill']);
  });
});
