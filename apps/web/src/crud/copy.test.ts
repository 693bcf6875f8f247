import { describe, expect, it } from 'vitest';
import { copyRecord } from './copy.ts';
import { entity, field } from './fixtures.ts';

const floats = entity(
  'unitfloat',
  [
    field('unitId', 'id', { required: true, form: 'hidden', list: false, view: false }),
    field('floatUnitCode', 'text'),
    field('defaultRate', 'decimal', { scale: 6 }),
  ],
  { parent: 'unit' },
);
const unit = entity(
  'unit',
  [
    field('code', 'text', { unique: true }),
    field('name', 'text'),
    field('rate', 'decimal', { scale: 6 }),
    field('total', 'decimal', { form: 'readonly' }),
  ],
  { children: [{ key: 'floats', entity: 'unitfloat' }] },
);

describe('copyRecord', () => {
  const record = {
    id: '1',
    tenantId: '000000',
    createUser: '9',
    createTime: '2026-01-01T00:00:00.000Z',
    updateUser: '9',
    updateTime: '2026-01-01T00:00:00.000Z',
    version: 4,
    code: 'KG',
    name: 'Kilogram',
    rate: '1.000000',
    total: '5',
    floats: [{ id: '11', unitId: '1', version: 2, floatUnitCode: 'BOX', defaultRate: '10.500000' }],
  };

  it('keeps the writable values and drops id, version, system and read-only fields', () => {
    const copy = copyRecord(unit, record, (name) => (name === 'unitfloat' ? floats : undefined));
    expect(copy).toEqual({
      name: 'Kilogram',
      rate: '1.000000',
      floats: [{ floatUnitCode: 'BOX', defaultRate: '10.500000' }],
    });
  });

  it('clears the unique fields, so the copy needs a new code', () => {
    const copy = copyRecord(unit, record, () => floats);
    expect(copy).not.toHaveProperty('code');
  });

  it('copies lines as new lines (no ids, no header id)', () => {
    const copy = copyRecord(unit, record, () => floats);
    const lines = copy.floats as Record<string, unknown>[];
    expect(lines[0]).not.toHaveProperty('id');
    expect(lines[0]).not.toHaveProperty('unitId');
    expect(lines[0]).not.toHaveProperty('version');
  });

  it('leaves the lines out when the record came without them (a list row)', () => {
    const { floats: _lines, ...row } = record;
    expect(copyRecord(unit, row, () => floats)).not.toHaveProperty('floats');
  });
});
