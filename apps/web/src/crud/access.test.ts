import { describe, expect, it } from 'vitest';
import { allButtons, canUse } from './access.ts';

const material = { name: 'material', readOnly: false };

describe('canUse', () => {
  it('allows the actions whose button code the user holds', () => {
    const codes = new Set(['material_view', 'material_add']);
    expect(canUse(codes, material, 'view')).toBe(true);
    expect(canUse(codes, material, 'add')).toBe(true);
    expect(canUse(codes, material, 'delete')).toBe(false);
    expect(canUse(codes, { name: 'unit' }, 'view')).toBe(false);
  });

  it('allows everything with the wildcard', () => {
    expect(canUse(new Set([allButtons]), { name: 'unit' }, 'export')).toBe(true);
  });

  it('allows nothing while the codes are unknown', () => {
    expect(canUse(undefined, material, 'view')).toBe(false);
  });

  it('allows only viewing and exporting a read-only ledger, whatever the codes', () => {
    const stock = { name: 'stock', readOnly: true };
    const codes = new Set([allButtons]);
    expect(canUse(codes, stock, 'view')).toBe(true);
    expect(canUse(codes, stock, 'export')).toBe(true);
    for (const action of ['add', 'edit', 'delete', 'import'] as const)
      expect(canUse(codes, stock, action)).toBe(false);
  });
});
