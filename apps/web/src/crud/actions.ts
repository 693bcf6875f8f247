import type { Language } from '@bl/contract';
import { type CatalogueAction, type CatalogueEntity, inState } from '@bl/entities';
import type { TFunction } from 'i18next';
import { allButtons } from './access.ts';
import type { CatalogueIndex } from './catalogue.ts';

/**
 * The flow actions of a bill (review, un-review, sort, load, print…: declared once on its
 * header entity, packages/entities flow.ts, served with the catalogue) this user may use: each
 * posts `{entity path}/{action}?ids=` for the selected rows after a confirmation, behind the
 * button `{entity}_{action}` the server checks too (docs/adr/0016-bill-flows.md). None while
 * the codes are unknown. A read-only ledger (no generic writes) offers the actions it declares
 * too: a stock voucher's reversal (ADR 0040).
 */
export function usableActions(
  codes: ReadonlySet<string> | undefined,
  entity: Pick<CatalogueEntity, 'name' | 'readOnly' | 'flowActions'>,
): CatalogueAction[] {
  if (!codes) return [];
  return (entity.flowActions ?? []).filter(
    (action) => codes.has(allButtons) || codes.has(`${entity.name}_${action.name}`),
  );
}

/**
 * Whether an action fits the bills chosen: each is in a state the action accepts. Rows the
 * screen does not hold (another page) are left to the server, which names any that do not fit.
 */
export const actionFits = (action: Pick<CatalogueAction, 'when'>, rows: Record<string, unknown>[]): boolean =>
  rows.every((row) => pendingApprovalOf(row) === undefined && inState(action.when, row));

/**
 * A bill's approval in progress, as the server reads it onto list and detail rows (the hold
 * `pendingApproval`, modules/workflow/approval.ts): while it runs the bill is locked as a posted
 * one is (no edit, delete or other action) until the approval ends or its starter recalls it.
 */
export interface PendingApproval {
  instanceId: string;
  action: string;
  starter: string;
  starterName: string;
  process: string;
  processNames: Partial<Record<Language, string>> | null;
  holders: string[];
}

/** The approval a row waits for, if any. */
export function pendingApprovalOf(row: Record<string, unknown>): PendingApproval | undefined {
  const pending = row.pendingApproval;
  return typeof pending === 'object' && pending !== null && 'instanceId' in pending
    ? (pending as PendingApproval)
    : undefined;
}

/** Who holds a pending approval now, in the reader's words (a dash when no one is named). */
export const pendingHolders = (pending: PendingApproval, language: Language) =>
  pending.holders.length === 0 ? '—' : pending.holders.join(language === 'en' ? ', ' : '、');

/** The process of a pending approval in the reader's language (the model's name otherwise). */
export const pendingProcess = (pending: PendingApproval, language: Language) =>
  pending.processNames?.[language] || pending.process;

/** Why a bill stays read-only: a declared state lock, or an approval in progress. */
export type RecordLock =
  | { kind: 'state'; field: string; value: string }
  | { kind: 'approval'; pending: PendingApproval };

/** What locks a record now, if anything: its state first, then a pending approval. */
export function recordLock(
  entity: Pick<CatalogueEntity, 'locks'>,
  row: Record<string, unknown>,
): RecordLock | undefined {
  const state = holdingLock(entity, row);
  if (state) return { kind: 'state', ...state };
  const pending = pendingApprovalOf(row);
  return pending ? { kind: 'approval', pending } : undefined;
}

/** Why a locked record is shown read-only, in the user's words. */
export function recordLockMessage(
  entity: CatalogueEntity,
  catalogue: CatalogueIndex,
  lock: RecordLock,
  language: Language,
  t: TFunction,
): string {
  if (lock.kind === 'state') return lockMessage(entity, catalogue, lock, language, t);
  return t('crud.inApprovalLocked', {
    process: pendingProcess(lock.pending, language),
    holders: pendingHolders(lock.pending, language),
    starter: lock.pending.starterName,
  });
}

/**
 * A bill its flow has locked (posted to stock, reviewed, confirmed, received...: the entity's
 * declared locks, served with the catalogue) or that waits for an approval can be neither edited
 * nor deleted (the server refuses both, naming the bill and its state); its list row hides those
 * links so the way on is un-review (or the approval's end, or its recall).
 */
export function rowAllows(
  entity: Pick<CatalogueEntity, 'locks'>,
  row: Record<string, unknown>,
  action: string,
): boolean {
  if (action !== 'edit' && action !== 'delete') return true;
  return recordLock(entity, row) === undefined;
}

/** The first of the entity's declared locks that holds for this record: its field and value. */
export function holdingLock(
  entity: Pick<CatalogueEntity, 'locks'>,
  row: Record<string, unknown>,
): { field: string; value: string } | undefined {
  for (const lock of entity.locks ?? []) {
    const value = String(row[lock.field] ?? '');
    if (lock.values.includes(value)) return { field: lock.field, value };
  }
  return undefined;
}

/**
 * The values of a field that only the bill's actions set (a lock holds on them: reviewed,
 * posted, confirmed...): a form never offers them as choices, since the server refuses a
 * generic write that puts a bill into a locking state (`bill.lockedByAction`).
 */
export function actionOnlyValues(entity: Pick<CatalogueEntity, 'locks'>, field: string): string[] {
  return (entity.locks ?? []).filter((lock) => lock.field === field).flatMap((lock) => lock.values);
}

/** Why a locked bill is shown read-only: its state field and state, in the user's words. */
export function lockMessage(
  entity: CatalogueEntity,
  catalogue: CatalogueIndex,
  lock: { field: string; value: string },
  language: Language,
  t: TFunction,
): string {
  const field = entity.fields.find((f) => f.name === lock.field);
  const state = catalogue.dict(field?.dict)?.values.find((entry) => entry.value === lock.value);
  return t('crud.lockedForm', {
    field: field?.label[language] ?? lock.field,
    state: state?.label[language] ?? lock.value,
  });
}

/**
 * What an action's answer says instead of "done" (`notices`, in the reader's language: an
 * approval was asked for instead of the action), none for a plain success.
 */
export function noticesOf(data: unknown): string[] {
  const notices =
    typeof data === 'object' && data !== null ? (data as { notices?: unknown }).notices : undefined;
  return Array.isArray(notices) ? notices.filter((n): n is string => typeof n === 'string') : [];
}
