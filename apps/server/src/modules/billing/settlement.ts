import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { afterWriteRules, removeRules, writeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { FlowCode } from '../flow/index.ts';
import { refuseProvisional } from './month-bills.ts';

/**
 * Payments settle cost bills (issue 16, ADR 0031). A pay detail is one payment against one cost
 * bill; the server keeps the bill's `payAmount` (the sum of its payments) and `payStatus`
 * (0 unpaid, 1 partly paid, 2 paid: dict costPayStatus) in step with them, in the transaction
 * of the save or removal, and fills the payment's `realityAmount` = payAmount − deductionAmount.
 * The amount due is the bill's `amount`, which is already its lines less its discount (ADR 0024).
 */

interface Bill {
  customerCode: string;
  costStatus: string;
  payStatus: string;
}

/**
 * Locks the bill (so two payments at once are counted one after the other), then sets its paid
 * total and payment status from its live payments, leaving out `without` (payments being
 * removed). Answers the total, the amount due and whether the total is more than that.
 */
async function settleBill(tx: Tx, auth: AuthContext, billNo: string, without: string[] = []) {
  await tx.execute(
    sql`select id from bl_costbill where tenant_id = ${auth.tenantId} and is_deleted = 0
          and cost_bill_no = ${billNo} for update`,
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
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and cost_bill_no = ${billNo}${excluded}
        )
        update bl_costbill b set pay_amount = p.paid,
          pay_status = case when p.paid = 0 then '0' when p.paid >= coalesce(b.amount, 0) then '2' else '1' end
        from p
        where b.tenant_id = ${auth.tenantId} and b.is_deleted = 0 and b.cost_bill_no = ${billNo}
        returning p.paid::text as paid, coalesce(b.amount, 0)::text as due, p.paid > coalesce(b.amount, 0) as over`,
  );
  return row;
}

export function registerSettlementRules() {
  // An edit that moves a payment to another bill gives the old bill its payment back first.
  writeRules.paydetail = async (tx, values, { auth, id }) => {
    if (id === undefined || values.costBillNo === undefined) return;
    const [current] = await queryRows<{ bill: string }>(
      tx,
      sql`select cost_bill_no as bill from bl_paydetail where tenant_id = ${auth.tenantId} and id = ${id}::bigint`,
    );
    if (current && current.bill !== String(values.costBillNo)) await settleBill(tx, auth, current.bill, [id]);
  };

  afterWriteRules.paydetail = async (tx, saved, { auth, id }) => {
    const billNo = String(saved.costBillNo);
    const [input] = await queryRows<{ nonPositive: boolean; deductionOver: boolean }>(
      tx,
      sql`select ${String(saved.payAmount)}::numeric <= 0 as "nonPositive",
            coalesce(${saved.deductionAmount === null || saved.deductionAmount === undefined ? null : String(saved.deductionAmount)}::numeric, 0)
              > ${String(saved.payAmount)}::numeric as "deductionOver"`,
    );
    if (input?.nonPositive) throw badRequest('settle.nonPositive');
    if (input?.deductionOver)
      throw badRequest('settle.deductionOver', {
        deduction: String(saved.deductionAmount),
        amount: String(saved.payAmount),
      });
    const [bill] = await queryRows<Bill>(
      tx,
      sql`select customer_code as "customerCode", cost_status as "costStatus", pay_status as "payStatus"
          from bl_costbill where tenant_id = ${auth.tenantId} and is_deleted = 0 and cost_bill_no = ${billNo}
          for update`,
    );
    if (!bill) throw badRequest('settle.unknownBill', { bill: billNo });
    if (bill.customerCode !== String(saved.customerCode))
      throw badRequest('settle.otherOwner', {
        bill: billNo,
        billOwner: bill.customerCode,
        owner: String(saved.customerCode),
      });
    if (bill.costStatus !== '2' && bill.costStatus !== '3')
      throw badRequest('settle.notPayable', { bill: billNo });
    // A new payment on a bill already paid in full (an edit of one of its payments may lower it).
    if (id === undefined && bill.payStatus === '2') throw badRequest('settle.settled', { bill: billNo });
    const [reality] = await queryRows<{ realityAmount: string }>(
      tx,
      sql`update bl_paydetail set reality_amount = pay_amount - coalesce(deduction_amount, 0)
          where id = ${String(saved.id)}::bigint returning reality_amount::text as "realityAmount"`,
    );
    if (reality) saved.realityAmount = reality.realityAmount;
    const settled = await settleBill(tx, auth, billNo);
    if (settled?.over)
      throw badRequest('settle.over', { bill: billNo, due: settled.due, paid: settled.paid });
  };

  // A removed payment reopens its bill: partly paid, or unpaid when it was the only one.
  removeRules.paydetail = async (tx, rows, _language, auth) => {
    const byBill = new Map<string, string[]>();
    for (const row of rows) {
      const bill = String(row.costBillNo);
      byBill.set(bill, [...(byBill.get(bill) ?? []), String(row.id)]);
    }
    for (const [bill, ids] of byBill) await settleBill(tx, auth, bill, ids);
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
