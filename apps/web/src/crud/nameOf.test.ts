import { describe, expect, it } from 'vitest';
import { field } from './fixtures.ts';
import { hasNameOf, namesFromPick } from './nameOf.ts';

const fields = [
  field('customerCode', 'ref', { ref: { entity: 'customer', valueField: 'code', labelField: 'name' } }),
  field('customerName', 'text', { form: 'readonly', nameOf: 'customerCode' }),
  field('warehouseCode', 'ref', { ref: { entity: 'warehouse', valueField: 'code', labelField: 'name' } }),
];

describe('namesFromPick', () => {
  it("fills the name kept beside a reference with the picked record's title", () => {
    expect(namesFromPick(fields, 'customerCode', { code: 'C1', name: '一号货主' })).toEqual({
      customerName: '一号货主',
    });
  });
  it('clears it when the pick is cleared, and fills nothing for a reference no name follows', () => {
    expect(namesFromPick(fields, 'customerCode', undefined)).toEqual({ customerName: undefined });
    expect(namesFromPick(fields, 'warehouseCode', { code: 'W1', name: '一号仓' })).toEqual({});
    expect(hasNameOf(fields, 'customerCode')).toBe(true);
    expect(hasNameOf(fields, 'warehouseCode')).toBe(false);
  });
});
