import { describe, expect, it } from 'vitest';
import { flattenButtonCodes } from './menu.ts';

describe('flattenButtonCodes', () => {
  it('collects every code of the tree', () => {
    const codes = flattenButtonCodes([
      { code: 'material', name: 'm', children: [{ code: 'material_add', name: 'a', children: [] }] },
      { code: 'unit', name: 'u', children: [] },
    ]);
    expect([...codes].sort()).toEqual(['material', 'material_add', 'unit']);
  });
});
