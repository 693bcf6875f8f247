import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Row } from '../../engine/crud.ts';
import { afterWriteRules, removeRules, writeRules } from '../../engine/rules.ts';
import { badRequest } from '../../http/errors.ts';
import { type BillFlow, inbound, outbound, postIfNoReview, refreshTotals } from './bills.ts';

const posted = (row: Row) => row.streamStatus === '1' || row.isReview === '2';

/**
 * The rules of posted bills the generic engine cannot know (docs/adr/0008-stock-ledger.md):
 * isReview is chosen on the form as 0 (no review needed) or 1 (review needed), never 2 (only
 * the review action sets it); a posted bill cannot be edited (its stream would no longer
 * match its lines) and cannot be deleted; a bill needing no review posts when submitted.
 */
function registerFlow(flow: BillFlow, deleteMessage: 'bill.delivered' | 'bill.postedNoDelete') {
  const columns = getTableColumns(flow.header.table) as Record<string, PgColumn>;
  writeRules[flow.name] = async (tx, values, { auth, id }) => {
    if (id !== undefined) {
      const [current] = (await tx
        .select()
        .from(flow.header.table as PgTable)
        .where(
          and(eq(columns.tenantId as PgColumn, auth.tenantId), eq(columns.id as PgColumn, id)),
        )) as Row[];
      if (current && posted(current)) throw badRequest('bill.postedLocked', { bill: String(current.billNo) });
    }
    if (values.isReview === '2') throw badRequest('bill.reviewByAction');
  };
  afterWriteRules[flow.name] = async (tx, saved, { auth, language }) => {
    await refreshTotals(tx, flow, auth, saved);
    await postIfNoReview(tx, flow, auth, saved, language);
  };
  removeRules[flow.name] = async (_tx, rows) => {
    const blocked = rows.find((row) => posted(row) || (flow === outbound && row.state === '3'));
    if (blocked) throw badRequest(deleteMessage, { bill: String(blocked.billNo) });
  };
}

export function registerWmsRules() {
  registerFlow(inbound, 'bill.postedNoDelete');
  registerFlow(outbound, 'bill.delivered');
}
