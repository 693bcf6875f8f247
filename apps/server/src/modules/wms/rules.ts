import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Row } from '../../engine/crud.ts';
import { afterWriteRules, removeRules, writeRules } from '../../engine/rules.ts';
import { badRequest } from '../../http/errors.ts';
import { type BillFlow, inbound, outbound, postIfNoReview, refreshTotals } from './bills.ts';
import { loading, notice, sorting } from './flows.ts';
import { inboundReservation, outboundReservation } from './reservations.ts';

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

/**
 * Documents whose state moves by actions (reservations, sorting, loading, delivery notices):
 * only a document still new may be edited or deleted; a delivered one (sorting of a loaded
 * outbound bill, a loaded loading bill) says "The delivered storage document cannot be deleted".
 */
function registerStated(
  entity: { name: string; table: unknown },
  isNew: (row: Row) => boolean,
  delivered: (row: Row) => boolean = () => false,
) {
  const columns = getTableColumns(entity.table as PgTable) as Record<string, PgColumn>;
  writeRules[entity.name] = async (tx, values, { auth, id }) => {
    // Spec 02 §5: a blank sorting reason means shipment.
    if (entity.name === sorting.header.name && (id === undefined || 'reason' in values) && !values.reason)
      values.reason = '1';
    if (id === undefined) return;
    const [current] = (await tx
      .select()
      .from(entity.table as PgTable)
      .where(and(eq(columns.tenantId as PgColumn, auth.tenantId), eq(columns.id as PgColumn, id)))) as Row[];
    if (current && !isNew(current)) throw badRequest('flow.locked', { bill: String(current.billNo) });
  };
  removeRules[entity.name] = async (tx, rows, _language, auth) => {
    const done = rows.find(delivered);
    if (done) throw badRequest('bill.delivered', { bill: String(done.billNo) });
    const moved = rows.find((row) => !isNew(row));
    if (moved) throw badRequest('flow.locked', { bill: String(moved.billNo) });
    // A sorting bill removed before review gives its outbound bill back to "confirmed".
    if (entity.name === sorting.header.name && rows.length > 0)
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
  registerFlow(inbound, 'bill.postedNoDelete');
  registerFlow(outbound, 'bill.delivered');
  for (const reservation of [inboundReservation, outboundReservation])
    registerStated(reservation.header, (row) => row.state === '0');
  registerStated(
    sorting.header,
    (row) => row.state === '0',
    (row) => row.state === '3',
  );
  registerStated(
    loading.header,
    (row) => row.state === '0',
    (row) => row.state === '3',
  );
  registerStated(notice.header, (row) => row.dnState === '0');
}
