import { type CatalogueEntity, writableFields } from '@bl/entities';
import type { Row } from './values.ts';

/**
 * What a copy starts from: the record's writable values (no id, version or system fields),
 * with the fields that must be unique left empty, and its lines copied the same way so they
 * are saved as new lines of the new record.
 */
export function copyRecord(
  entity: CatalogueEntity,
  record: Row,
  lineEntity: (name: string) => CatalogueEntity | undefined,
): Row {
  const copy = copyFields(entity, record);
  for (const child of entity.children) {
    const lines = record[child.key];
    const lineOf = lineEntity(child.entity);
    if (!Array.isArray(lines) || !lineOf) continue;
    copy[child.key] = lines.map((line: Row) => copyFields(lineOf, line));
  }
  return copy;
}

function copyFields(entity: CatalogueEntity, record: Row): Row {
  const copy: Row = {};
  for (const field of writableFields(entity.fields)) {
    if (field.unique || field.name === 'id' || field.name === 'version') continue;
    if (record[field.name] !== undefined) copy[field.name] = record[field.name];
  }
  return copy;
}
