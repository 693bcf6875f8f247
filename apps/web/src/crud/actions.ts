import { allButtons } from './access.ts';

/**
 * Actions some entities add to their list toolbar beyond the generic ones, by entity name:
 * each posts `{entity path}/{code}?ids=` for the selected rows after a confirmation, behind the
 * button code `{entity}_{code}` the server checks too. Bills review (post stock) and un-review
 * (reverse it) this way (docs/adr/0008-stock-ledger.md).
 */
export interface ScreenAction {
  code: 'review' | 'unreview';
  /** i18n keys of the button and its confirmation. */
  label: 'crud.review' | 'crud.unreview';
  confirm: 'crud.reviewConfirm' | 'crud.unreviewConfirm';
  danger: boolean;
}

const billReview: ScreenAction[] = [
  { code: 'review', label: 'crud.review', confirm: 'crud.reviewConfirm', danger: false },
  { code: 'unreview', label: 'crud.unreview', confirm: 'crud.unreviewConfirm', danger: true },
];

export const screenActions: Partial<Record<string, ScreenAction[]>> = {
  isinstockbill: billReview,
  osoutstockbill: billReview,
};

/** The extra actions of an entity this user may use (none while the codes are unknown). */
export function usableActions(
  codes: ReadonlySet<string> | undefined,
  entity: { name: string; readOnly?: boolean },
): ScreenAction[] {
  if (!codes || entity.readOnly) return [];
  return (screenActions[entity.name] ?? []).filter(
    (action) => codes.has(allButtons) || codes.has(`${entity.name}_${action.code}`),
  );
}

/**
 * A bill posted to stock can be neither edited nor deleted (the server refuses both, naming the
 * bill); its list row hides those links so the way on is un-review.
 */
export function rowAllows(entity: { name: string }, row: Record<string, unknown>, action: string): boolean {
  if (!screenActions[entity.name]) return true;
  const posted = row.streamStatus === '1';
  return !(posted && (action === 'edit' || action === 'delete'));
}
