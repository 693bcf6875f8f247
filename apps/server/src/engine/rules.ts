import type { Language } from '@bl/contract';
import type { EntityDefinition } from '@bl/entities/registry';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import type { AuthContext } from '../http/context.ts';
import type { Row } from './row.ts';

/**
 * Business rules that may refuse a delete (spec 02 §4, e.g. "The delivered storage document
 * cannot be deleted"), by entity name. Domain modules register theirs here; a rule throws an
 * AppError to refuse, and the whole removal is rolled back.
 */
export const removeRules: Partial<
  Record<string, (tx: Tx, rows: Row[], language: Language, auth: AuthContext) => Promise<void>>
> = {};

/**
 * Rules that may hide one record a read names by id (a detail, and what is built on it: an
 * attachment's download), by entity name: a record that belongs to something a module guards
 * more closely than the entity's own buttons (a file carried by a workflow instance) answers
 * `false` unless the caller may read what holds it, and is then "not found".
 */
export const readRules: Partial<Record<string, (tx: Tx, row: Row, auth: AuthContext) => Promise<boolean>>> =
  {};

/** What a write rule knows of the write it may change or refuse. */
export interface WriteContext {
  auth: AuthContext;
  language: Language;
  /** The id of the record being edited; undefined for a new one. */
  id: string | undefined;
}

/**
 * Rules run on a record's checked values just before they are written (create and edit, from
 * a form or an import), by entity name: they may change values the engine cannot derive (a
 * password becomes its hash) or refuse with an AppError, rolling the whole submit back.
 */
export const writeRules: Partial<
  Record<string, (tx: Tx, values: Row, context: WriteContext) => Promise<void>>
> = {};

/**
 * Rules run after a record and its lines are written (create and edit), by entity name: a
 * bill that needs no review posts its stock here, in the same transaction as the submit.
 * They may update `saved` (the answer) or refuse with an AppError, rolling everything back.
 */
export const afterWriteRules: Partial<
  Record<string, (tx: Tx, saved: Row, context: WriteContext) => Promise<void>>
> = {};

/**
 * Hooks every create runs first, by name, on the body as sent (before validation): they fill
 * what the server draws for any entity, such as a blank bill number from its serial sequence.
 */
export const createHooks: Record<
  string,
  (tx: Tx, entity: EntityDefinition, body: Row, auth: AuthContext) => Promise<void>
> = {};

/**
 * What a header keeps from its lines (totals, line-derived figures such as a count's
 * differences), by header entity name: one rule, run by the engine after every write of the
 * header's lines whichever endpoint writes them (the header's submit, a line's own submit or
 * remove, a line import through `linesWritten`), in the same transaction, before the header's
 * `afterWriteRules` (a bill posting on save posts what its lines now say). It updates the
 * header in the database and copies what it changed into `header` (the submit's answer).
 */
export const lineTotalsRules: Partial<
  Record<string, (tx: Tx, header: Row, context: WriteContext) => Promise<void>>
> = {};

/**
 * Holds a module keeps on records for a while, by name (the workflow module's `pendingApproval`:
 * a bill whose action waits for an approval process). The engine knows no module: it reads each
 * hold as one more column of the row, in the same statement that reads or locks the rows (lists,
 * details, the locks of edits, removals, line writes and bill actions), and a held row is
 * refused as a locked one is. The column is the row's under the hold's name (null while free),
 * so lists and views show it too.
 */
export interface RecordHold {
  /**
   * The hold of each row of `entity` as a correlated sub-select on its table (null while free),
   * or undefined for an entity the module never holds.
   */
  column(entity: EntityDefinition): SQL | undefined;
  /**
   * Throws the refusal of a write or an action on a row `hold` (the column's value) holds;
   * returns when `pass` is the hold's own key (the approval's own steps run the held action).
   */
  refuse(entity: EntityDefinition, row: Row, hold: unknown, language: Language, pass?: string): void;
}
export const recordHolds: Record<string, RecordHold> = {};

/**
 * Owned records an owner may name although another owner owns them (issue 29 pt 5, ADR 0038),
 * by the owned entity's name: of `values`, those `owner` may use anyway. The engine asks only
 * about references that failed the owner check, once per owner and field. The ledger module
 * accepts a material the owner holds stock of (goods it received by an owner transfer).
 */
export const ownerExceptions: Partial<
  Record<string, (tx: Tx, auth: AuthContext, owner: string, values: string[]) => Promise<Set<string>>>
> = {};
