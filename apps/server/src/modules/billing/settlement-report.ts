import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { afterWriteRules, removeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';

interface ReportRow {
  costDate: string;
  billNo: string;
  workType: string;
  costBillNo: string | null;
  customerBillNo: string | null;
  carNo: string | null;
  materialCode: string | null;
  qty: string;
  weg: string;
  board: string;
  storageAmount: string;
  handlingAmount: string;
  transportAmount: string;
  otherAmount: string;
  amount: string;
}

/**
 * What the settlement report (costviewreport) should hold for an owner's cost details dated
 * (`costDate`) from `from` to `to`: one row per day × business bill × work type (storage has
 * no bill: ''), the amounts split by the category of each row's cost type (1 storage, 2
 * handling, 4 transport, anything else sundry), `amount` their total. Sums of rounded
 * cost-detail amounts: nothing is rounded here (ADR 0032).
 */
const expectedRows = (tenantId: string, owner: string, from: string, to: string) => sql`
  select to_char(c.cost_date, 'YYYY-MM-DD') as "costDate", coalesce(c.bill_no, '') as "billNo",
    coalesce(c.work_type, '') as "workType", min(c.cost_bill_no) as "costBillNo",
    min(coalesce(i.apply_no, o.apply_no)) as "customerBillNo", min(o.car_no) as "carNo",
    case when count(distinct c.material_code) = 1 then min(nullif(c.material_code, '')) end as "materialCode",
    coalesce(sum(c.qty), 0)::text as qty, coalesce(sum(c.weg), 0)::text as weg,
    coalesce(sum(c.board_qty), 0)::text as board,
    coalesce(sum(c.amount) filter (where t.category = '1'), 0)::text as "storageAmount",
    coalesce(sum(c.amount) filter (where t.category = '2'), 0)::text as "handlingAmount",
    coalesce(sum(c.amount) filter (where t.category = '4'), 0)::text as "transportAmount",
    coalesce(sum(c.amount) filter (where t.category is null or t.category not in ('1', '2', '4')), 0)::text
      as "otherAmount",
    coalesce(sum(c.amount), 0)::text as amount
  from bl_costdetail c
  left join bl_costtype t on t.tenant_id = c.tenant_id and t.code = c.cost_type and t.is_deleted = 0
  left join bl_isinstockbill i on i.tenant_id = c.tenant_id and i.bill_no = c.bill_no and i.is_deleted = 0
  left join bl_osoutstockbill o on o.tenant_id = c.tenant_id and o.bill_no = c.bill_no and o.is_deleted = 0
  where c.tenant_id = ${tenantId} and c.is_deleted = 0 and c.customer_code = ${owner}
    and c.cost_date between ${from}::date and ${to}::date
  group by c.cost_date, coalesce(c.bill_no, ''), coalesce(c.work_type, '')
  order by 1, 2, 3`;

/**
 * Rewrites the settlement report rows of an owner's days from `from` to `to` from the cost
 * details: a row whose figures did not change is left alone, a changed one is updated in
 * place (its key is unique among live rows), a new one inserted, and a row no longer backed
 * by any cost detail removed. Running it twice changes nothing; answers the rows written.
 */
export async function refreshSettlementRows(
  tx: Tx,
  auth: AuthContext,
  owner: string,
  from: string,
  to: string,
): Promise<number> {
  const tenantId = auth.tenantId;
  const rows = await queryRows<ReportRow>(tx, expectedRows(tenantId, owner, from, to));
  const keys = JSON.stringify(rows.map((r) => ({ d: r.costDate, b: r.billNo, w: r.workType })));
  await tx.execute(
    sql`delete from bl_costviewreport r
        where r.tenant_id = ${tenantId} and r.is_deleted = 0 and r.customer_code = ${owner}
          and r.cost_date between ${from}::date and ${to}::date
          and not exists (select 1 from jsonb_to_recordset(${keys}::jsonb) as k(d date, b text, w text)
            where k.d = r.cost_date and k.b = r.bill_no and k.w = r.work_type)`,
  );
  let written = 0;
  const now = new Date();
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    const changed = await queryRows<{ id: string }>(
      tx,
      sql`insert into bl_costviewreport as r (id, tenant_id, create_user, create_dept, create_time, update_user,
            update_time, customer_code, cost_bill_no, cost_date, bill_no, customer_bill_no, work_type,
            material_code, qty, weg, car_no, board, storage_amount, handling_amount, transport_amount,
            other_amount, amount)
          values ${sql.join(
            chunk.map(
              (
                r,
              ) => sql`(${nextId()}, ${tenantId}, ${auth.userId}::bigint, ${auth.deptId || null}::bigint, ${now},
                ${auth.userId}::bigint, ${now}, ${owner}, ${r.costBillNo}, ${r.costDate}::date, ${r.billNo},
                ${r.customerBillNo}, ${r.workType}, ${r.materialCode}, ${r.qty}::numeric, ${r.weg}::numeric,
                ${r.carNo}, ${r.board}::numeric, ${r.storageAmount}::numeric, ${r.handlingAmount}::numeric,
                ${r.transportAmount}::numeric, ${r.otherAmount}::numeric, ${r.amount}::numeric)`,
            ),
            sql`, `,
          )}
          on conflict (tenant_id, customer_code, cost_date, bill_no, work_type) where is_deleted = 0
          do update set cost_bill_no = excluded.cost_bill_no, customer_bill_no = excluded.customer_bill_no,
            material_code = excluded.material_code, qty = excluded.qty, weg = excluded.weg,
            car_no = excluded.car_no, board = excluded.board, storage_amount = excluded.storage_amount,
            handling_amount = excluded.handling_amount, transport_amount = excluded.transport_amount,
            other_amount = excluded.other_amount, amount = excluded.amount,
            update_user = excluded.update_user, update_time = excluded.update_time, version = r.version + 1
          where (r.cost_bill_no, r.customer_bill_no, r.material_code, r.qty, r.weg, r.car_no, r.board,
              r.storage_amount, r.handling_amount, r.transport_amount, r.other_amount, r.amount)
            is distinct from (excluded.cost_bill_no, excluded.customer_bill_no, excluded.material_code,
              excluded.qty, excluded.weg, excluded.car_no, excluded.board, excluded.storage_amount,
              excluded.handling_amount, excluded.transport_amount, excluded.other_amount, excluded.amount)
          returning r.id::text as id`,
    );
    written += changed.length;
  }
  return written;
}

/**
 * A cost bill made or removed stamps or frees its cost details: the report rows of its owner
 * and period follow (their `costBillNo`). Chained after the cost bill's own rules.
 */
export function registerSettlementReportRules() {
  const afterCostBill = afterWriteRules.costbill;
  afterWriteRules.costbill = async (tx, saved, context) => {
    await afterCostBill?.(tx, saved, context);
    if (context.id === undefined)
      await refreshSettlementRows(
        tx,
        context.auth,
        String(saved.customerCode),
        String(saved.costDate),
        String(saved.costDateEnd),
      );
  };
  const removeCostBill = removeRules.costbill;
  removeRules.costbill = async (tx, rows, language, auth) => {
    await removeCostBill?.(tx, rows, language, auth);
    for (const row of rows)
      await refreshSettlementRows(
        tx,
        auth,
        String(row.customerCode),
        String(row.costDate),
        String(row.costDateEnd),
      );
  };
}
