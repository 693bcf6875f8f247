/** The actions of the generic screens; the server's button code is `{entity}_{action}`. */
export const crudActions = ['view', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type CrudAction = (typeof crudActions)[number];

/** The wildcard code that grants every button (spec 01 §6). */
export const allButtons = '*:*:*';

/** Actions that write: a read-only entity (a ledger written by postings) has none of them. */
const writes: ReadonlySet<CrudAction> = new Set(['add', 'edit', 'delete', 'import']);

/**
 * Whether the user may use an action of an entity's screen, from the flattened button codes.
 * Unknown codes (still loading) allow nothing: buttons appear once the codes are in.
 */
export function canUse(
  codes: ReadonlySet<string> | undefined,
  entity: { name: string; readOnly?: boolean },
  action: CrudAction,
): boolean {
  if (!codes || (entity.readOnly && writes.has(action))) return false;
  return codes.has(allButtons) || codes.has(`${entity.name}_${action}`);
}
