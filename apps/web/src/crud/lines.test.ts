import { describe, expect, it } from 'vitest';
import { entity, field } from './fixtures.ts';
import { filledFromPick, lineColumnFields, primaryLineFields } from './lines.ts';

const ref = (name: string, target: string, extra = {}) =>
  field(name, 'ref', { ref: { entity: target, valueField: 'code', labelField: 'name' }, ...extra });

const lineFields = [
  field('lineNumber', 'integer'),
  field('spare1', 'text'),
  ref('materialCode', 'material', { required: true, line: 1 }),
  field('batchNo', 'text', { line: 5 }),
  ref('unitCode', 'unit', { line: 3 }),
  field('qty', 'decimal', { line: 2 }),
  field('volume', 'decimal'),
  ref('warehousePlaceCode', 'warehouseplace', { line: 4 }),
  field('orderRef', 'text', { required: true }),
  field('validityDate', 'date'),
];
const names = (fields: { name: string }[] | undefined) => fields?.map((f) => f.name);

describe('primaryLineFields', () => {
  it('ranks the hinted fields first, then required ones, then dates', () => {
    expect(names(primaryLineFields(lineFields))).toEqual([
      'materialCode',
      'qty',
      'unitCode',
      'warehousePlaceCode',
      'batchNo',
      'orderRef',
      'validityDate',
    ]);
  });

  it('has no primary set for a line entity that ranks nothing', () => {
    expect(primaryLineFields([field('a', 'text', { required: true }), field('b', 'date')])).toBeUndefined();
  });
});

describe('lineColumnFields', () => {
  it('keeps the others behind "more" and shows them after the primary ones', () => {
    const few = lineColumnFields(lineFields, false);
    expect(few.hidden).toBe(3);
    expect(names(few.shown)).not.toContain('spare1');
    const all = lineColumnFields(lineFields, true);
    expect(names(all.shown)?.slice(0, 2)).toEqual(['materialCode', 'qty']);
    expect(names(all.shown)?.slice(-3)).toEqual(['lineNumber', 'spare1', 'volume']);
  });

  it('shows every field of a line entity without ranks', () => {
    const plain = [field('a', 'text'), field('b', 'text')];
    expect(lineColumnFields(plain, false)).toEqual({ shown: plain, hidden: 0 });
  });
});

describe('filledFromPick', () => {
  const material = entity('material', [
    ref('unitCode', 'unit', { required: true }),
    ref('custCode', 'customer'),
  ]);

  it("fills the line's empty unit from the picked material", () => {
    const picked = { entity: material, row: { code: 'M1', unitCode: 'PCS', custCode: 'C1' } };
    expect(filledFromPick(lineFields, picked, { materialCode: 'M1' }, 'materialCode')).toEqual({
      unitCode: 'PCS',
    });
  });

  it('keeps a unit the clerk chose', () => {
    const picked = { entity: material, row: { code: 'M1', unitCode: 'PCS' } };
    expect(filledFromPick(lineFields, picked, { unitCode: 'BOX' }, 'materialCode')).toEqual({});
  });

  it('fills nothing from a field of the same name pointing elsewhere', () => {
    const other = entity('material', [ref('unitCode', 'packspec')]);
    expect(filledFromPick(lineFields, { entity: other, row: { unitCode: 'P' } }, {}, 'materialCode')).toEqual(
      {},
    );
  });
});
