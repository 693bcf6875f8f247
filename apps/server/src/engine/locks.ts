import type { Language } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { type ChildInput, type EntityDefinition, entities, entityByName } from '@bl/entities/registry';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../http/errors.ts';
import { type MessageKey, messages } from '../i18n/messages.ts';
import { dictLabel } from './excel-columns.ts';
import { recordHolds } from './rules.ts';

/**
 * Bill locks (docs/adr/0014-bill-locks.md): a header entity declares in `flow.locks` which of
 * its states lock it. The engine alone enforces them, on every generic write of the header and
 * of its lines (crud.ts); domain modules declare, they do not re-check.
 */
type Row = Record<string, unknown>;
type Lock = NonNullable<EntityDefinition['flow']>['locks'][number];

// A lock names its wording by message key: an unknown key fails when the server starts, not
// on the first refusal.
for (const entity of entities) {
  for (const lock of entity.flow?.locks ?? []) {
    for (const key of [lock.editMessage, lock.removeMessage]) {
      if (key !== undefined && !(key in messages))
        throw new Error(`${entity.name}: lock message ${key} is not in i18n/messages.ts`);
    }
  }
}

/** The first declared lock that holds for the header row, if any. */
export function lockOf(header: EntityDefinition, row: Row): Lock | undefined {
  return header.flow?.locks.find((lock) => {
    const value = row[lock.field];
    return value !== undefined && value !== null && lock.values.includes(String(value));
  });
}

/** The bill (its number) and its state (the field's label and the value's), for messages. */
function lockParams(header: EntityDefinition, lock: Lock, row: Row, language: Language) {
  const field = header.fields.find((f) => f.name === lock.field) as FieldMeta;
  return {
    bill: String(row[header.titleField] ?? row.id),
    field: field.label[language],
    state: dictLabel(field, String(row[lock.field]), language),
  };
}

/** Refuses an edit or a delete of a locked header, in the bill's own wording when it has one. */
export function refuseLockedHeader(
  header: EntityDefinition,
  row: Row,
  write: 'edit' | 'remove',
  language: Language,
) {
  const lock = lockOf(header, row);
  if (!lock) return;
  const key = (write === 'edit' ? lock.editMessage : lock.removeMessage) ?? 'bill.locked';
  throw badRequest(key as MessageKey, lockParams(header, lock, row, language));
}

/** Refuses a line write (create, edit, move, delete) under a locked header. */
export function refuseLockedLines(header: EntityDefinition, row: Row, language: Language) {
  const lock = lockOf(header, row);
  if (lock) throw badRequest('bill.linesLocked', lockParams(header, lock, row, language));
}

/**
 * A generic write may not put a record into a locking state: only the bill's actions (review,
 * confirm...) do, with the postings and checks that go with them.
 */
export function refuseLockingValues(header: EntityDefinition, row: Row, language: Language) {
  const lock = lockOf(header, row);
  if (!lock) return;
  const { field, state } = lockParams(header, lock, row, language);
  throw badRequest('bill.lockedByAction', { field, state });
}

export interface LineOwner {
  /** The header entity of the lines. */
  header: EntityDefinition;
  /** How the header declares them (the key in its body, the line column naming it). */
  child: ChildInput;
}

const owners = new Map<EntityDefinition, LineOwner | undefined>();

/** For a line entity (one that declares `parent`), its header and the tie between them. */
export function ownerOf(lines: EntityDefinition): LineOwner | undefined {
  if (lines.parent === undefined) return undefined;
  if (!owners.has(lines)) {
    const header = entityByName.get(lines.parent);
    const child = header?.children.find((c) => c.entity() === lines);
    if (!header || !child) throw new Error(`${lines.name}: its parent ${lines.parent} does not declare it`);
    owners.set(lines, { header, child });
  }
  return owners.get(lines);
}

/**
 * The holds modules keep on `entity`'s rows (rules.ts `recordHolds`), each as its name and the
 * correlated sub-select that reads it: extra columns of the statement that reads the rows.
 */
export function holdColumns(entity: EntityDefinition): [string, SQL][] {
  return Object.entries(recordHolds).flatMap(([name, hold]): [string, SQL][] => {
    const column = hold.column(entity);
    return column ? [[name, column]] : [];
  });
}

/** `, (…) as "name"` for each hold on `entity`, to follow a raw select list (empty without one). */
export function holdSelect(entity: EntityDefinition): SQL {
  const columns = holdColumns(entity);
  return columns.length === 0
    ? sql``
    : sql`, ${sql.join(
        columns.map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
        sql`, `,
      )}`;
}

/** A drizzle select's extra fields for the holds on `entity` (none without one). */
export const holdFields = (entity: EntityDefinition): Record<string, SQL> =>
  Object.fromEntries(holdColumns(entity));

/**
 * Refuses a write or an action on a row a module holds (read with `holdColumns`), as a locked
 * bill is refused; `pass` is the key of the hold whose own steps may act (its approval).
 */
export function refuseHeld(entity: EntityDefinition, row: Row, language: Language, pass?: string) {
  for (const [name, hold] of Object.entries(recordHolds)) {
    const value = row[name];
    if (value !== undefined && value !== null) hold.refuse(entity, row, value, language, pass);
  }
}
