import { describe, expect, it } from 'vitest';
import { indexCatalogue, screenPath } from './catalogue.ts';
import { entity } from './fixtures.ts';

const unit = entity('unit', [], { children: [{ key: 'floats', entity: 'unitfloat' }] });
const floats = entity('unitfloat', [], { parent: 'unit' });
const index = indexCatalogue({
  entities: [unit, floats],
  dicts: [{ code: 'yesNo', label: { zh: '是否', mo: '是否', en: 'Yes / no' }, values: [] }],
  areas: [],
});

describe('indexCatalogue', () => {
  it('finds the entity of a menu path, with or without /index or a trailing slash', () => {
    expect(screenPath(unit)).toBe('/basicData/unit');
    expect(index.entityAtPath('/basicData/unit')?.name).toBe('unit');
    expect(index.entityAtPath('/basicData/unit/index')?.name).toBe('unit');
    expect(index.entityAtPath('/basicData/unit/')?.name).toBe('unit');
  });

  it('gives line entities and unknown paths no screen', () => {
    expect(index.entityAtPath('/basicData/unitfloat')).toBeUndefined();
    expect(index.entityAtPath('/warehousingManagement/isinstockbillForm')).toBeUndefined();
  });

  it('looks up entities and dictionaries by name', () => {
    expect(index.entity('unitfloat')?.parent).toBe('unit');
    expect(index.dict('yesNo')?.label.en).toBe('Yes / no');
    expect(index.dict(undefined)).toBeUndefined();
  });
});
