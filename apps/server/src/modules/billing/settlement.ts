import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { afterWriteRules, removeRules, writeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { FlowCode } from '../flow/index.ts';
import { refuseProvisional } from './month-bills.ts';

/**
 * Payments settle cost bills (issue 16, ADR 0031) and monthly bills (issue 30, ADR 0039). A pay
 * detail is one payment against one bill, named by `costBillNo` or `monthBillNo` (exactly one);
 * the server keeps the bill's `payAmount` (the sum of its payments) and `payStatus` (0 unpaid,
 * 1 partly paid, 2 paid: dict costPayStatus) in step with them, in the transaction of the save
 * or removal, and fills the payment's `realityAmount` = payAmount − deductionAmount. The amount
 * due is a cost bill's `amount` (already its lines less its discount, ADR 0024) or a monthly
 * bill's `totalAmount`, whose `unpaidAmount` the payments keep too.
 */

type BillKind = 'costbill' | 'monthbill';

/** How each kind of bill is read and settled: its table, number column and what makes it payable. */
const kinds = {
  costbill: {
    table: sql.raw('bl_costbill'),
    number: sql.raw('cost_bill_no'),
    paymentColumn: sql.raw('cost_bill_no'),
    due: sql.raw('coalesce(b.amount, 0)'),
    payable: sql.raw(`cost_status in ('2', '3')`),
    unpaid: sql``,
    messages: 'settle',
  },
  monthbill: {
    table: sql.raw('bl_monthbill'),
    number: sql.raw('bill_no'),
    paymentColumn: sql.raw('month_bill_no'),
    due: sql.raw('coalesce(b.total_amount, 0)'),
    payable: sql.raw(`is_review = '2'`),
    unpaid: sql.raw(', unpaid_amount = coalesce(b.total_amount, 0) - p.paid'),
    messages: 'settle.month',
  },
} as const;

/** A payment's bill: the one of its two bill numbers that is set (blank counts as unset). */
interface Target {
  kind: BillKind;
  billNo: string;
}
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
function targetOf(row: { costBillNo?: unknown; monthBillNo?: unknown }): Target | null | 'both' {
  const cost = !blank(row.costBillNo);
  const month = !blank(row.monthBillNo);
  if (cost && month) return 'both';
  if (cost) return { kind: 'costbill', billNo: String(row.costBillNo) };
  if (month) return { kind: 'monthbill', billNo: String(row.monthBillNo) };
  return null;
}

interface Bill {
  customerCode: string;
  payable: boolean;
  payStatus: string;
}

/**
 * Locks the bill (so two payments at once are counted one after the other), then sets its paid
 * total and payment status from its live payments, leaving out `without` (payments being
 * removed). Answers the total, the amount due and whether the total is more than that.
 */
async function settleBill(tx: Tx, auth: AuthContext, target: Target, without: string[] = []) {
  const k = kinds[target.kind];
  await tx.execute(
    sql`select id from ${k.table} where tenant_id = ${auth.tenantId} and is_deleted = 0
          and ${k.number} = ${target.billNo} for update`,
  );
  const excluded =
    without.length > 0
      ? sql` and id not in (${sql.join(
          without.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`
      : sql``;
  const [row] = await queryRows<{ paid: string; due: string; over: boolean }>(
    tx,
    sql`with p as (
          select coalesce(sum(pay_amount), 0) as paid from bl_paydetail
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and ${k.paymentColumn} = ${target.billNo}${excluded}
        )
        update ${k.table} b set pay_amount = p.paid${k.unpaid},
          pay_status = case when p.paid = 0 then '0' when p.paid >= ${k.due} then '2' else '1' end
        from p
        where b.tenant_id = ${auth.tenantId} and b.is_deleted = 0 and b.${k.number} = ${target.billNo}
        returning p.paid::text as paid, ${k.due}::text as due, p.paid > ${k.due} as over`,
  );
  return row;
}

/** The bill a stored payment settles. */
async function storedTarget(tx: Tx, auth: AuthContext, id: string) {
  const [current] = await queryRows<{ costBillNo: string | null; monthBillNo: string | null }>(
    tx,
    sql`select cost_bill_no as "costBillNo", month_bill_no as "monthBillNo" from bl_paydetail
        where tenant_id = ${auth.tenantId} and id = ${id}::bigint`,
  );
  const target = current ? targetOf(current) : null;
  return target === 'both' ? null : target;
}

export function registerSettlementRules() {
  writeRules.paydetail = async (tx, values, { auth, id }) => {
    // A blank bill number is no bill (the form sends '' for a cleared select).
    for (const field of ['costBillNo', 'monthBillNo'] as const)
      if (field in values && blank(values[field])) values[field] = null;
    const current = id === undefined ? null : await storedTarget(tx, auth, id);
    const next = targetOf({
      costBillNo:
        'costBillNo' in values ? values.costBillNo : current?.kind === 'costbill' ? current.billNo : null,
      monthBillNo:
        'monthBillNo' in values ? values.monthBillNo : current?.kind === 'monthbill' ? current.billNo : null,
    });
    if (next === null || next === 'both') throw badRequest('settle.oneBill');
    // An edit that moves a payment to another bill gives the old bill its payment back first.
    if (id !== undefined && current && (current.kind !== next.kind || current.billNo !== next.billNo))
      await settleBill(tx, auth, current, [id]);
  };

  afterWriteRules.paydetail = async (tx, saved, { auth, id }) => {
    const target = targetOf(saved);
    if (target === null || target === 'both') throw badRequest('settle.oneBill');
    const k = kinds[target.kind];
    const billNo = target.billNo;
    const [input] = await queryRows<{
      nonPositive: boolean;
      deductionOver: boolean;
      future: boolean;
      today: string;
    }>(
      tx,
      sql`select ${String(saved.payAmount)}::numeric <= 0 as "nonPositive",
            coalesce(${saved.deductionAmount === null || saved.deductionAmount === undefined ? null : String(saved.deductionAmount)}::numeric, 0)
              > ${String(saved.payAmount)}::numeric as "deductionOver",
            ${String(saved.costDate)}::date > (now() at time zone 'UTC')::date as future,
            to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as today`,
    );
    if (input?.nonPositive) throw badRequest('settle.nonPositive');
    if (input?.deductionOver)
      throw badRequest('settle.deductionOver', {
        deduction: String(saved.deductionAmount),
        amount: String(saved.payAmount),
      });
    // Receivables are read as of a day (ADR 0039): a payment counts from its date, never ahead.
    if (input?.future)
      throw badRequest('settle.futureDate', { date: String(saved.costDate), today: input.today });
    const [bill] = await queryRows<Bill>(
      tx,
      sql`select customer_code as "customerCode", ${k.payable} as payable, pay_status as "payStatus"
          from ${k.table} where tenant_id = ${auth.tenantId} and is_deleted = 0 and ${k.number} = ${billNo}
          for update`,
    );
    if (!bill) throw badRequest(`${k.messages}.unknownBill`, { bill: billNo });
    if (bill.customerCode !== String(saved.customerCode))
      throw badRequest(`${k.messages}.otherOwner`, {
        bill: billNo,
        billOwner: bill.customerCode,
        owner: String(saved.customerCode),
      });
    if (!bill.payable) throw badRequest(`${k.messages}.notPayable`, { bill: billNo });
    // A new payment on a bill already paid in full (an edit of one of its payments may lower it).
    if (id === undefined && bill.payStatus === '2')
      throw badRequest(`${k.messages}.settled`, { bill: billNo });
    const [reality] = await queryRows<{ realityAmount: string }>(
      tx,
      sql`update bl_paydetail set reality_amount = pay_amount - coalesce(deduction_amount, 0)
          where id = ${String(saved.id)}::bigint returning reality_amount::text as "realityAmount"`,
    );
    if (reality) saved.realityAmount = reality.realityAmount;
    const settled = await settleBill(tx, auth, target);
    if (settled?.over) {
      const [left] = await queryRows<{ left: string }>(
        tx,
        sql`select (${settled.due}::numeric - ${settled.paid}::numeric + ${String(saved.payAmount)}::numeric)::text as left`,
      );
      throw badRequest(`${k.messages}.over`, {
        bill: billNo,
        due: settled.due,
        paid: settled.paid,
        left: left?.left ?? '',
      });
    }
  };

  // A removed payment reopens its bill: partly paid, or unpaid when it was the only one.
  removeRules.paydetail = async (tx, rows, _language, auth) => {
    const byBill = new Map<string, { target: Target; ids: string[] }>();
    for (const row of rows) {
      const target = targetOf(row);
      if (target === null || target === 'both') continue;
      const key = `${target.kind}|${target.billNo}`;
      const entry = byBill.get(key) ?? { target, ids: [] };
      entry.ids.push(String(row.id));
      byBill.set(key, entry);
    }
    for (const { target, ids } of byBill.values()) await settleBill(tx, auth, target, ids);
  };
}

/**
 * A confirmed bill over a closed month stays confirmed (ADR 0031): un-confirming it would leave
 * a draft inside the month, which the close refuses. Reopen the month first.
 */
export const settlementFlowCode: FlowCode = {
  costbill: {
    // A bill made before its period ended is not final (issue 29, 1).
    confirm: {
      check: async ({ bills, entity, language }) =>
        refuseProvisional(
          bills,
          'costBillNo',
          'costDateEnd',
          entity.flow?.actions?.confirm?.label[language] ?? '',
        ),
    },
    unconfirm: {
      check: async ({ tx, auth, bills }) => {
        for (const bill of bills) {
          const [closed] = await queryRows<{ month: string }>(
            tx,
            sql`select to_char(month, 'YYYY-MM') as month from bl_billing_period
                where tenant_id = ${auth.tenantId} and status = '1'
                  and month <= ${String(bill.costDateEnd)}::date
                  and (month + interval '1 month')::date > ${String(bill.costDate)}::date
                order by month limit 1`,
          );
          if (closed)
            throw badRequest('period.billClosed', { bill: String(bill.costBillNo), month: closed.month });
        }
      },
    },
  },
};
