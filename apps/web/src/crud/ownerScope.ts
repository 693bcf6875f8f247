import type { CatalogueEntity, FieldMeta } from '@bl/entities';
import type { CatalogueIndex } from './catalogue.ts';
import type { Row } from './values.ts';

/**
 * Owner scope of references on the web (issue 29 pt 5, ADR 0038): a record of an owned entity
 * (an agreement, a material) is offered only on forms of its owner, and, when its entity is
 * shared, on every form while its owner is blank. The server refuses the rest; the pickers do
 * not offer it.
 */

/** The owned entity a reference field names, if any. */
export function ownedTarget(field: FieldMeta, catalogue: CatalogueIndex): CatalogueEntity | undefined {
  const target = field.ref ? catalogue.entity(field.ref.entity) : undefined;
  return target?.owned ? target : undefined;
}

/**
 * The header field whose value a reference's records must belong to: the field's own
 * `ref.ownerField` (an owner transfer's target agreement), else the form entity's owner field.
 * A line's references follow their bill's owner.
 */
export function ownerFieldOf(form: CatalogueEntity, field: FieldMeta, catalogue: CatalogueIndex) {
  if (!ownedTarget(field, catalogue)) return undefined;
  return field.ref?.ownerField ?? form.ownerField;
}

/** Every header field some reference of the form (header or lines) takes its owner from. */
export function ownerFieldsOf(form: CatalogueEntity, catalogue: CatalogueIndex): string[] {
  const fields = [
    ...form.fields,
    ...form.children.flatMap((child) => catalogue.entity(child.entity)?.fields ?? []),
  ];
  const names = fields.map((field) => ownerFieldOf(form, field, catalogue));
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}

/**
 * The list filters a picker asks with, one call each, merged: the owner's records and, for a
 * shared entity, those of no owner. No owner chosen yet: no filter (the server checks nothing
 * against a blank owner either).
 */
export function ownerFilters(target: CatalogueEntity | undefined, owner: string | undefined) {
  if (!target?.owned || !owner) return [{}];
  const { field, shared } = target.owned;
  const own = { [`${field}_equal`]: owner };
  return shared ? [own, { [`${field}_null`]: 1 }] : [own];
}

/** Whether a record of an owned entity may be named on a form of this owner. */
export function fitsOwner(target: CatalogueEntity, row: Row, owner: string | undefined): boolean {
  if (!target.owned || !owner) return true;
  const theirs = row[target.owned.field];
  const blank = theirs === undefined || theirs === null || String(theirs).trim() === '';
  return blank ? target.owned.shared : String(theirs) === owner;
}

/** Form paths (a header field, or [child key, line index, field]) whose value names `value`. */
export interface Pick {
  path: (string | number)[];
  target: CatalogueEntity;
  valueField: string;
  value: string;
}

/**
 * The picks of a form that follow the owner field `changed`: header references and every line's
 * (lines follow the form's own owner field only).
 */
export function picksFollowing(
  form: CatalogueEntity,
  catalogue: CatalogueIndex,
  values: Row,
  changed: string,
): Pick[] {
  const picks: Pick[] = [];
  const add = (path: (string | number)[], field: FieldMeta, raw: unknown) => {
    const target = ownedTarget(field, catalogue);
    if (!target || !field.ref || raw === undefined || raw === null || raw === '') return;
    picks.push({ path, target, valueField: field.ref.valueField, value: String(raw) });
  };
  for (const field of form.fields)
    if (ownerFieldOf(form, field, catalogue) === changed) add([field.name], field, values[field.name]);
  if (form.ownerField !== changed) return picks;
  for (const child of form.children) {
    const lines = catalogue.entity(child.entity);
    const rows = Array.isArray(values[child.key]) ? (values[child.key] as Row[]) : [];
    if (!lines) continue;
    rows.forEach((line, index) => {
      for (const field of lines.fields) add([child.key, index, field.name], field, line?.[field.name]);
    });
  }
  return picks;
}

/**
 * Of these picks, the ones whose records do not fit the new owner, asking once per distinct
 * record (`lookUp` answers the record a value names, or undefined when there is none).
 */
export async function picksNotFitting(
  picks: Pick[],
  owner: string | undefined,
  lookUp: (target: CatalogueEntity, valueField: string, value: string) => Promise<Row | undefined>,
): Promise<Pick[]> {
  if (!owner) return [];
  const asked = new Map<string, Promise<Row | undefined>>();
  const fits = await Promise.all(
    picks.map(async (pick) => {
      const key = `${pick.target.name}|${pick.valueField}|${pick.value}`;
      const found = asked.get(key) ?? lookUp(pick.target, pick.valueField, pick.value);
      asked.set(key, found);
      const row = await found;
      return row === undefined || fitsOwner(pick.target, row, owner);
    }),
  );
  return picks.filter((_pick, index) => !fits[index]);
}
