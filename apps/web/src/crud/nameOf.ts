import type { FieldMeta } from '@bl/entities';
import type { Row } from './values.ts';

/**
 * What picking a record in the reference field `chosen` fills beside it (FieldInput.nameOf: the
 * owner name next to the owner code): each field naming `chosen` takes the picked record's
 * title, and a cleared pick clears it. The server writes the same on save; the form shows it at
 * once so the user sees whom they chose.
 */
export function namesFromPick(
  fields: FieldMeta[],
  chosen: string,
  picked: Row | undefined,
): Record<string, string | undefined> {
  const ref = fields.find((f) => f.name === chosen)?.ref;
  const filled: Record<string, string | undefined> = {};
  for (const field of fields) {
    if (field.nameOf !== chosen || !ref) continue;
    const name = picked?.[ref.labelField];
    filled[field.name] = name === undefined || name === null || name === '' ? undefined : String(name);
  }
  return filled;
}

/** Whether some field of the record keeps the name of what `chosen` references. */
export const hasNameOf = (fields: FieldMeta[], chosen: string) => fields.some((f) => f.nameOf === chosen);
