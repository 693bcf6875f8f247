import { sql } from 'drizzle-orm';
import { lineTotalsRules, ownerExceptions, removeRules, writeRules } from '../../engine/rules.ts';
import { badRequest } from '../../http/errors.ts';
import { heldMaterials } from '../ledger/index.ts';
import { type BillFlow, inbound, outbound, refreshTotals } from './bills.ts';
import { registerStockCheckRules } from './flow-code-stockcheck.ts';
import { sorting } from './flows.ts';

/**
 * The rules of posting bills the generic engine cannot know (docs/adr/0008-stock-ledger.md):
 * isReview is chosen on the form as 0 (no review needed) or 1 (review needed), never 2 (only
 * the review action sets it); a bill needing no review posts when submitted. That a posted
 * bill and its lines cannot change is declared on the entity (`flow.locks`) and enforced by
 * the engine (docs/adr/0014-bill-locks.md).
 */
function registerFlow(flow: BillFlow) {
  writeRules[flow.name] = async (_tx, values) => {
    if (values.isReview === '2') throw badRequest('bill.reviewByAction');
  };
  // Totals from the lines, whichever endpoint wrote them (the engine runs them before a
  // posting on save, which posts the lines).
  lineTotalsRules[flow.name] = (tx, saved, { auth }) => refreshTotals(tx, flow, auth, saved);
}

/**
 * Sorting bills (spec 02 §5): a blank reason means shipment; one removed before review (the
 * engine refuses a reviewed one) gives its outbound bill back to "confirmed".
 */
function registerSorting() {
  writeRules[sorting.header.name] = async (_tx, values, { id }) => {
    if ((id === undefined || 'reason' in values) && !values.reason) values.reason = '1';
  };
  removeRules[sorting.header.name] = async (tx, rows, _language, auth) => {
    if (rows.length === 0) return;
    await tx.execute(
      sql`update bl_osoutstockbill set state = '1', version = version + 1, update_time = now()
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and state = '2' and bill_no in (${sql.join(
            rows.map((r) => sql`${String(r.applyNo)}`),
            sql`, `,
          )})`,
    );
  };
}

export function registerWmsRules() {
  // An owner may name another owner's material it holds stock of (ADR 0038): what an owner
  // transfer gave it can go out, be moved or counted like its own.
  ownerExceptions.material = heldMaterials;
  registerFlow(inbound);
  registerFlow(outbound);
  registerSorting();
  registerStockCheckRules();
}
