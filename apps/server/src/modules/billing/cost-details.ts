import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import type { AuthContext } from '../../http/context.ts';
import { closedStretch } from './period-close.ts';

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One expected charge under its source key: what the ledger (or a bill line) says the owner
 * owes for it now. Quantities and money are decimal strings; `amount` is already rounded to
 * 2 decimals (the one rounding step, docs/adr/0024-fee-engine.md).
 */
export interface CostCharge {
  /** The source: fee kind, owner, day or bill + line, stage (unique within the scope). */
  key: string;
  /** The day the charge is for (`sourceDate`). */
  day: string;
  costType: string;
  workType: string;
  agreementCode: string | null;
  billNo?: string | null;
  lineNumber?: number | null;
  materialCode?: string | null;
  qty?: string;
  weg?: string;
  volume?: string;
  boardQty?: string;
  realityQty: string;
  unitPrice: string;
  amount: string;
  stage?: number | null;
}

/**
 * Which rows the expected charges replace: an owner's rows of these source-key kinds (the first
 * part of `key`, e.g. STORAGE, ADJUST) and days. No kinds: only the charges' own keys (a lading
 * pick-up, which knows all of its own charges and none of the others).
 */
export interface CostScope {
  customerCode: string;
  kinds: string[];
  from: string;
  to: string;
  /** Corrections of days before this one are dated on it (the first day of the run). */
  runStart: string;
}

/** A name-based id of a cost-detail row: the same source and sequence give the same uuid. */
export function costUuid(tenantId: string, key: string, sequence: number): string {
  const hex = createHash('sha1').update(`${tenantId}|${key}|${sequence}`).digest('hex');
  // Shaped as a version-5 UUID (name-based, SHA-1).
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

interface Difference {
  key: string;
  day: string;
  sequence: number;
  costType: string;
  workType: string;
  agreementCode: string | null;
  billNo: string | null;
  lineNumber: number | null;
  materialCode: string | null;
  qty: string;
  weg: string;
  volume: string;
  boardQty: string;
  realityQty: string;
  unitPrice: string;
  amount: string;
  stage: number | null;
}

/**
 * The one writer of cost-detail rows (ARCHITECTURE.md "Money"), used by every fee kind and
 * exported for transport freight. It compares the expected charges with what each source key
 * of the scope already holds (keys of the scope missing from `charges` are expected to hold 0)
 * and writes only the difference, as a new row with a deterministic uuid; `on conflict do
 * nothing` makes a repeated or concurrent write of the same difference a no-op. A re-run with
 * an unchanged ledger therefore writes nothing, and a late posting or an un-review into a day
 * already charged writes one correcting row, dated the run's first day and naming its own day
 * (a row that would be dated in a closed month is dated on the first open day after it).
 * Returns the rows written and their total amount.
 */
export async function writeCostDetails(
  tx: Tx,
  auth: AuthContext,
  scope: CostScope,
  charges: CostCharge[],
): Promise<{ rows: number; amount: string }> {
  const expected = JSON.stringify(
    charges.map((c) => ({
      key: c.key,
      day: c.day,
      cost_type: c.costType,
      work_type: c.workType,
      agreement_code: c.agreementCode,
      bill_no: c.billNo ?? null,
      line_number: c.lineNumber ?? null,
      material_code: c.materialCode ?? null,
      qty: c.qty ?? '0',
      weg: c.weg ?? '0',
      volume: c.volume ?? '0',
      board_qty: c.boardQty ?? '0',
      reality_qty: c.realityQty,
      unit_price: c.unitPrice,
      amount: c.amount,
      stage: c.stage ?? null,
    })),
  );
  const differences = await queryRows<Difference>(
    tx,
    sql`with e as (
          select * from jsonb_to_recordset(${expected}::jsonb) as x(
            key text, day date, cost_type text, work_type text, agreement_code text, bill_no text,
            line_number int, material_code text, qty numeric, weg numeric, volume numeric,
            board_qty numeric, reality_qty numeric, unit_price numeric, amount numeric, stage int)
        ),
        have as (
          select source_key as key, min(source_date) as day, count(*)::int as n,
            min(cost_type) as cost_type, min(work_type) as work_type, min(agreement_code) as agreement_code,
            min(bill_no) as bill_no, min(line_number) as line_number, min(material_code) as material_code,
            min(stage) as stage, max(unit_price) as unit_price,
            sum(coalesce(qty, 0)) qty, sum(coalesce(weg, 0)) weg, sum(coalesce(volume, 0)) volume,
            sum(coalesce(board_qty, 0)) board_qty, sum(coalesce(reality_qty, 0)) reality_qty,
            sum(coalesce(amount, 0)) amount
          from bl_costdetail
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${scope.customerCode}
            and (source_key in (select key from e)
              or ${
                scope.kinds.length === 0
                  ? sql`false`
                  : sql`split_part(source_key, '|', 1) in (${sql.join(
                      scope.kinds.map((t) => sql`${t}`),
                      sql`, `,
                    )}) and source_date between ${scope.from}::date and ${scope.to}::date`
              })
          group by source_key
        )
        select coalesce(e.key, h.key) as key, to_char(coalesce(e.day, h.day), 'YYYY-MM-DD') as day,
          coalesce(h.n, 0) as sequence,
          coalesce(e.cost_type, h.cost_type) as "costType", coalesce(e.work_type, h.work_type) as "workType",
          coalesce(e.agreement_code, h.agreement_code) as "agreementCode",
          coalesce(e.bill_no, h.bill_no) as "billNo", coalesce(e.line_number, h.line_number) as "lineNumber",
          coalesce(e.material_code, h.material_code) as "materialCode",
          (coalesce(e.qty, 0) - coalesce(h.qty, 0))::text as qty,
          (coalesce(e.weg, 0) - coalesce(h.weg, 0))::text as weg,
          (coalesce(e.volume, 0) - coalesce(h.volume, 0))::text as volume,
          (coalesce(e.board_qty, 0) - coalesce(h.board_qty, 0))::text as "boardQty",
          (coalesce(e.reality_qty, 0) - coalesce(h.reality_qty, 0))::text as "realityQty",
          coalesce(e.unit_price, h.unit_price, 0)::text as "unitPrice",
          (coalesce(e.amount, 0) - coalesce(h.amount, 0))::text as amount,
          coalesce(e.stage, h.stage) as stage
        from e full join have h on h.key = e.key
        where coalesce(e.amount, 0) <> coalesce(h.amount, 0)
           or coalesce(e.reality_qty, 0) <> coalesce(h.reality_qty, 0)
        order by 1`,
  );
  let total = 0n;
  const now = new Date();
  // A closed period (ADR 0031) takes no row dated inside it: what would be dated there (a late
  // posting into a closed day) is dated on the first open day after it, naming its own day.
  const closed = differences.length > 0 ? await closedStretch(tx, auth.tenantId) : null;
  const costDate = (day: string) => {
    const date = day > scope.runStart ? day : scope.runStart;
    return closed && closed.from <= date && date <= closed.to ? nextDay(closed.to) : date;
  };
  for (let start = 0; start < differences.length; start += 500) {
    const chunk = differences.slice(start, start + 500);
    await tx.execute(
      sql`insert into bl_costdetail (id, tenant_id, create_user, create_dept, create_time, update_user,
            update_time, uuid, cost_date, source_date, source_key, customer_code, agreement_code, bill_no,
            line_number, material_code, cost_type, work_type, qty, weg, volume, board_qty, reality_qty,
            unit_price, amount, stage, is_cost)
          values ${sql.join(
            chunk.map(
              (d) =>
                sql`(${nextId()}, ${auth.tenantId}, ${auth.userId}::bigint, ${auth.deptId || null}::bigint,
                  ${now}, ${auth.userId}::bigint, ${now}, ${costUuid(auth.tenantId, d.key, d.sequence)},
                  ${costDate(d.day)}::date, ${d.day}::date, ${d.key},
                  ${scope.customerCode}, ${d.agreementCode}, ${d.billNo}, ${d.lineNumber}::int,
                  ${d.materialCode ?? ''}, ${d.costType}, ${d.workType}, ${d.qty}::numeric, ${d.weg}::numeric,
                  ${d.volume}::numeric, ${d.boardQty}::numeric, ${d.realityQty}::numeric,
                  ${d.unitPrice}::numeric, ${d.amount}::numeric, ${d.stage}::int, '1')`,
            ),
            sql`, `,
          )}
          on conflict (tenant_id, uuid) where is_deleted = 0 do nothing`,
    );
    for (const d of chunk) total += cents(d.amount);
  }
  return { rows: differences.length, amount: fromCents(total) };
}

/** A 2-decimal amount as integer cents (amounts written here are rounded to cents). */
export function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const units = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -units : units;
}

export function fromCents(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
