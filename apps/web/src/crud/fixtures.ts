/** Catalogue fields and entities for the unit tests of this folder (not used by the app). */
import type { CatalogueEntity, FieldMeta } from '@bl/entities';

/** A field as the catalogue serves it, with the defaults of `defineEntity`. */
export function field(name: string, kind: FieldMeta['kind'], extra: Partial<FieldMeta> = {}): FieldMeta {
  return {
    name,
    kind,
    label: { zh: `${name}中`, mo: `${name}繁`, en: `${name} en` },
    required: false,
    list: true,
    search: 'none',
    form: 'edit',
    view: true,
    sortable: true,
    unique: false,
    system: false,
    ...extra,
  };
}

const system = (name: string, kind: FieldMeta['kind']) =>
  field(name, kind, { system: true, form: 'hidden', list: false, view: false });

/** The common fields every entity has (spec 02 §3.1). */
export const commonFields: FieldMeta[] = [
  system('id', 'id'),
  system('tenantId', 'text'),
  system('createUser', 'id'),
  field('createTime', 'datetime', { system: true, form: 'hidden', search: 'range' }),
  system('updateUser', 'id'),
  system('updateTime', 'datetime'),
  system('version', 'integer'),
];

export function entity(
  name: string,
  fields: FieldMeta[],
  extra: Partial<CatalogueEntity> = {},
): CatalogueEntity {
  return {
    name,
    service: 'bl-wms',
    area: 'basicData',
    path: `/api/bl-wms/${name}`,
    label: { zh: name, mo: name, en: name },
    titleField: 'name',
    children: [],
    fields: [...commonFields, ...fields],
    defaultSort: { field: 'createTime', order: 'desc' },
    readOnly: false,
    ...extra,
  };
}
