import { type CatalogueAction, type CatalogueEntity, inState } from '@bl/entities';
import { allButtons } from './access.ts';

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
  return !(entity.locks ?? []).some((lock) => lock.values.includes(String(row[lock.field] ?? '')));
}
