import type { CatalogueEntity, FieldMeta } from '@bl/entities';
import type { Row } from './values.ts';

/**
 * Which line fields the lines editor shows before "more" (issue 14, point 3). A clerk fills the
 * same few columns on every line; the 25-odd others (spare fields, source line, sizes) push
 * them off screen. Primary are, in this order:
 * 1. the fields the entity ranks with `line` (bill lines: material, quantity, unit, location,
 *    batch; packages/entities bills/common.ts), by rank;
 * 2. the other required fields: a line cannot be saved without them;
 * 3. the line's dates (production, best before), which a clerk copies from the goods.
 * A line entity that ranks none of its fields has no primary set: all its fields show, as the
 * author of a small line entity listed them.
 */
export function primaryLineFields(fields: FieldMeta[]): FieldMeta[] | undefined {
  const ranked = fields.filter((field) => field.line !== undefined);
  if (ranked.length === 0) return undefined;
  ranked.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const rest = fields.filter((field) => field.line === undefined);
  return [
    ...ranked,
    ...rest.filter((field) => field.required),
    ...rest.filter((field) => !field.required && field.kind === 'date'),
  ];
}

/**
 * The lines editor's columns: the primary fields first, then (when `more`) the others in the
 * entity's order. `hidden` counts the fields waiting behind "more".
 */
export function lineColumnFields(fields: FieldMeta[], more: boolean): { shown: FieldMeta[]; hidden: number } {
  const primary = primaryLineFields(fields);
  if (!primary) return { shown: fields, hidden: 0 };
  const others = fields.filter((field) => !primary.includes(field));
  return { shown: more ? [...primary, ...others] : primary, hidden: others.length };
}

/**
 * What picking a record in a line's reference fills in the same line: each empty reference
 * field of the line that the picked record has too, under the same name and pointing at the
 * same entity (a material's base unit fills the line's unit). Filled fields are never
 * overwritten: the clerk's choice stands.
 */
export function filledFromPick(
  lineFields: FieldMeta[],
  picked: { entity: CatalogueEntity | undefined; row: Row },
  line: Row,
  chosen: string,
): Row {
  const target = picked.entity;
  if (!target) return {};
  const filled: Row = {};
  for (const field of lineFields) {
    if (field.name === chosen || field.kind !== 'ref' || !field.ref || field.form !== 'edit') continue;
    const current = line[field.name];
    if (current !== undefined && current !== null && current !== '') continue;
    const source = target.fields.find((f) => f.name === field.name);
    if (source?.kind !== 'ref' || source.ref?.entity !== field.ref.entity) continue;
    if (source.ref.valueField !== field.ref.valueField) continue;
    const value = picked.row[field.name];
    if (value !== undefined && value !== null && value !== '') filled[field.name] = String(value);
  }
  return filled;
}
