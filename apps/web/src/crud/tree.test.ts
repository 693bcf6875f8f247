import { describe, expect, it } from 'vitest';
import { field } from './fixtures.ts';
import { childQuery, rootQuery, treeParentField, wantsTree, withChildren } from './tree.ts';

const parent = field('parentId', 'ref', {
  ref: { entity: 'dept', valueField: 'id', labelField: 'deptName' },
});
const fields = [
  field('deptName', 'text', { search: 'match' }),
  field('sort', 'integer'),
  field('tenantRef', 'ref', { ref: { entity: 'tenant', valueField: 'tenantId', labelField: 'tenantName' } }),
  parent,
];

describe('treeParentField', () => {
  it('finds the reference to a row of the same entity, and nothing on a flat entity', () => {
    expect(treeParentField('dept', fields)?.name).toBe('parentId');
    expect(treeParentField('material', fields)).toBeUndefined();
  });
});

describe('wantsTree', () => {
  const base = { parent, fields, values: {}, sort: undefined, fixedFilter: false };
  it('draws a tree only while nothing narrows or reorders the list', () => {
    expect(wantsTree(base)).toBe(true);
    expect(wantsTree({ ...base, values: { deptName: 'Ware' } })).toBe(false);
    expect(wantsTree({ ...base, sort: { field: 'deptName', order: 'ascend' } })).toBe(false);
    expect(wantsTree({ ...base, fixedFilter: true })).toBe(false);
    expect(wantsTree({ ...base, parent: undefined })).toBe(false);
  });
  it('ignores a search box left blank', () => {
    expect(wantsTree({ ...base, values: { deptName: '  ' } })).toBe(true);
  });
});

describe('tree queries', () => {
  it('pages the roots and asks for one branch at a time, siblings in their sort order', () => {
    expect(rootQuery(fields, parent, { current: 2, size: 20 })).toEqual({
      current: 2,
      size: 20,
      parentId_null: '1',
      ascs: 'sort',
    });
    expect(childQuery(fields, parent, '7')).toEqual({
      current: 1,
      size: 500,
      parentId_equal: '7',
      ascs: 'sort',
    });
    expect(childQuery([parent], parent, '7')).toEqual({ current: 1, size: 500, parentId_equal: '7' });
  });
});

describe('withChildren', () => {
  const roots = [
    { id: '1', deptName: 'Warehouse' },
    { id: '4', deptName: 'Finance' },
  ];
  it('gives rows not opened yet an empty list, so they can be opened', () => {
    expect(withChildren(roots, new Map())).toEqual([
      { id: '1', deptName: 'Warehouse', children: [] },
      { id: '4', deptName: 'Finance', children: [] },
    ]);
  });
  it('nests loaded children, and drops the list of a row found to have none', () => {
    const loaded = new Map([
      ['1', [{ id: '2', deptName: 'Receiving' }]],
      ['2', []],
      ['4', []],
    ]);
    expect(withChildren(roots, loaded)).toEqual([
      { id: '1', deptName: 'Warehouse', children: [{ id: '2', deptName: 'Receiving' }] },
      { id: '4', deptName: 'Finance' },
    ]);
  });
});
