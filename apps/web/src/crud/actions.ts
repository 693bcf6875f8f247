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
 * the codes are unknown or on read-only entities.
 */
export function usableActions(
  codes: ReadonlySet<string> | undefined,
  entity: Pick<CatalogueEntity, 'name' | 'readOnly' | 'flowActions'>,
): CatalogueAction[] {
  if (!codes || entity.readOnly) return [];
  return (entity.flowActions ?? []).filter(
    (action) => codes.has(allButtons) || codes.has(`${entity.name}_${action.name}`),
  );
}

/**
 * Whether an action fits the bills chosen: each is in a state the action accepts. Rows the
 * screen does not hold (another page) are left to the server, which names any that do not fit.
 */
export const actionFits = (action: Pick<CatalogueAction, 'when'>, rows: Record<string, unknown>[]): boolean =>
  rows.every((row) => inState(action.when, row));

/**
 * A bill its flow has locked (posted to stock, reviewed, confirmed, received...: the entity's
 * declared locks, served with the catalogue) can be neither edited nor deleted (the server
 * refuses both, naming the bill and its state); its list row hides those links so the way on
 * is un-review.
 */
export function rowAllows(
  entity: Pick<CatalogueEntity, 'locks'>,
  row: Record<string, unknown>,
  action: string,
): boolean {
  if (action !== 'edit' && action !== 'delete') return true;
  return holdingLock(entity, row) === undefined;
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
