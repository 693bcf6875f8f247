import type { Catalogue } from '@bl/entities';
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from './catalogue.ts';
import { entity, field } from './fixtures.ts';
import { fitsOwner, ownerFieldsOf, ownerFilters, picksFollowing, picksNotFitting } from './ownerScope.ts';

const ref = (name: string, target: string, extra: Record<string, unknown> = {}) =>
  field(name, 'ref', { ref: { entity: target, valueField: 'code', labelField: 'name', ...extra } });

const material = entity('material', [field('code', 'text'), ref('custCode', 'customer')], {
  owned: { field: 'custCode', shared: true },
});
const agreement = entity('lgagreement', [field('code', 'text'), ref('customerCode', 'customer')], {
  owned: { field: 'customerCode', shared: false },
});
const lines = entity('transferline', [ref('materialCode', 'material'), ref('unitCode', 'unit')], {
  parent: 'transfer',
});
const transfer = entity(
  'transfer',
  [
    ref('customerCode', 'customer'),
    ref('agreementCode', 'lgagreement'),
    ref('targetCustomerCode', 'customer'),
    ref('targetAgreementCode', 'lgagreement', { ownerField: 'targetCustomerCode' }),
  ],
  { ownerField: 'customerCode', children: [{ key: 'details', entity: 'transferline' }] },
);
const catalogue = indexCatalogue({
  entities: [material, agreement, lines, transfer, entity('customer', []), entity('unit', [])],
  dicts: [],
  areas: [],
} as Catalogue);

describe('owner scope of pickers', () => {
  it('asks for the owner’s records, and those of no owner when the entity is shared', () => {
    expect(ownerFilters(material, 'C1')).toEqual([{ custCode_equal: 'C1' }, { custCode_null: 1 }]);
    expect(ownerFilters(agreement, 'C1')).toEqual([{ customerCode_equal: 'C1' }]);
    // No owner yet, or an entity no one owns: every record.
    expect(ownerFilters(agreement, undefined)).toEqual([{}]);
    expect(ownerFilters(catalogue.entity('unit'), 'C1')).toEqual([{}]);
  });

  it('knows which header fields the references follow', () => {
    expect(ownerFieldsOf(transfer, catalogue)).toEqual(['customerCode', 'targetCustomerCode']);
  });

  it('finds the picks an owner change concerns, header and lines, and those that no longer fit', async () => {
    const values = {
      customerCode: 'C2',
      agreementCode: 'AG1',
      targetAgreementCode: 'AG2',
      details: [
        { materialCode: 'M-C1', unitCode: 'PCS' },
        { materialCode: 'M-ALL' },
        { materialCode: 'M-C2' },
      ],
    };
    const picks = picksFollowing(transfer, catalogue, values, 'customerCode');
    expect(picks.map((p) => p.path)).toEqual([
      ['agreementCode'],
      ['details', 0, 'materialCode'],
      ['details', 1, 'materialCode'],
      ['details', 2, 'materialCode'],
    ]);
    expect(picksFollowing(transfer, catalogue, values, 'targetCustomerCode').map((p) => p.path)).toEqual([
      ['targetAgreementCode'],
    ]);
    const owners: Record<string, string | null> = { AG1: 'C1', 'M-C1': 'C1', 'M-ALL': null, 'M-C2': 'C2' };
    const asked: string[] = [];
    const stray = await picksNotFitting(picks, 'C2', async (_target, _by, value) => {
      asked.push(value);
      return value in owners ? { customerCode: owners[value], custCode: owners[value] } : undefined;
    });
    expect(stray.map((p) => p.path)).toEqual([['agreementCode'], ['details', 0, 'materialCode']]);
    expect(asked).toEqual(['AG1', 'M-C1', 'M-ALL', 'M-C2']);
  });

  it('lets a shared record with a blank owner fit anyone, a strict one no one', () => {
    expect(fitsOwner(material, { custCode: '' }, 'C1')).toBe(true);
    expect(fitsOwner(agreement, { customerCode: null }, 'C1')).toBe(false);
    expect(fitsOwner(agreement, { customerCode: 'C1' }, 'C1')).toBe(true);
  });
});
