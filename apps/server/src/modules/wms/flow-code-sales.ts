import type { Language } from '@bl/contract';
import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, submitRecord } from '../../engine/crud.ts';
import { toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { ActionCode, FlowCode } from '../flow/index.ts';
import { nextSerial } from '../system/index.ts';

/**
 * Sales orders (ossobill, issue 15): review confirms an order after the owner's credit list
 * (customerblackwhite) is read, and keeps what it found in `blackOrWhite`; a blacklisted owner's
 * order is refused, at review and again when it is turned into an outbound bill. `toOutbound`
 * makes one outbound bill per order, its lines those of the order, naming the order in
 * `sourceBillNo`; the order is then in progress and can no longer be un-reviewed.
 */

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const today = () => new Date().toISOString().slice(0, 10);

/** The owner's list entry in force on `day` (the latest that started), if any. */
async function creditList(tx: Tx, auth: AuthContext, owner: string, day: string) {
  const [entry] = await queryRows<{ list: string; reason: string | null }>(
    tx,
    sql`select black_or_white as list, reason from bl_customerblackwhite
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${owner}
          and effective_date <= ${day}::date and (expiry_date is null or expiry_date >= ${day}::date)
        order by effective_date desc, id desc limit 1`,
  );
  return entry;
}

/** Refuses an order of a blacklisted owner; answers the list the owner is on ('' for none). */
async function checkCredit(tx: Tx, auth: AuthContext, bill: Row, language: Language): Promise<string> {
  const owner = text(bill.customerCode);
  const entry = await creditList(tx, auth, owner, text(bill.billDate) || today());
  if (entry?.list === '1')
    throw badRequest('sales.blacklisted', {
      bill: text(bill.billNo),
      owner,
      reason: text(entry.reason) || translate('ledger.any', language),
    });
  return entry?.list ?? '';
}

/**
 * Refuses an order its owner's credit line does not cover (docs/adr/0033-owner-credit.md): the
 * line in force on the order's date (the latest started, not expired) is frozen, or the order's
 * amount is more than the credit available (the limit less what the owner owes on confirmed
 * cost bills, kept by the database). An owner without a credit line has no limit. Checked at
 * review only; the credit override (`overrideReview`) is the review without it.
 */
async function checkCreditLine(tx: Tx, auth: AuthContext, bill: Row): Promise<void> {
  const owner = text(bill.customerCode);
  const day = text(bill.billDate) || today();
  const [line] = await queryRows<{ status: string; available: string; over: boolean }>(
    tx,
    sql`select credit_status as status, coalesce(available_credit, credit_limit)::text as available,
          coalesce(${text(bill.totalAmount) || '0'}::numeric, 0) > coalesce(available_credit, credit_limit) as over
        from bl_customercredit
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${owner}
          and credit_status <> '3' and valid_from <= ${day}::date and (valid_to is null or valid_to >= ${day}::date)
        order by valid_from desc, id desc limit 1`,
  );
  if (!line) return;
  if (line.status === '2') throw badRequest('sales.creditFrozen', { bill: text(bill.billNo), owner });
  if (line.over)
    throw badRequest('sales.creditExceeded', {
      bill: text(bill.billNo),
      owner,
      amount: text(bill.totalAmount),
      available: line.available,
    });
}

/** The valid lines of an order, in line order; an order needs one, each above zero. */
async function orderLines(tx: Tx, auth: AuthContext, bill: Row): Promise<Row[]> {
  const lines = await queryRows<Row>(
    tx,
    sql`select line_number as "lineNumber", material_code as "materialCode", batch_no as "batchNo",
          customer_batch_no as "customerBatchNo", unit_code as "unitCode", packspec_code as "packspecCode",
          price::text as price, qty::text as qty, weg::text as weg, qty_weg::text as "qtyWeg",
          board::text as board, volume::text as volume
        from bl_ossobilldetail
        where tenant_id = ${auth.tenantId} and header_id = ${bill.id as string}::bigint
          and is_deleted = 0 and invalid = '0'
        order by line_number, id`,
  );
  const billNo = text(bill.billNo);
  if (!text(bill.customerCode)) throw badRequest('bill.ownerMissing', { bill: billNo });
  if (lines.length === 0) throw badRequest('bill.noLines', { bill: billNo });
  for (const [index, line] of lines.entries())
    if (toUnits(line.qty) <= 0n)
      throw badRequest('bill.lineQty', { bill: billNo, line: (line.lineNumber as number) ?? index + 1 });
  return lines;
}

/** What the credit list check found, kept on the order (derived, never typed). */
const keepCreditList: ActionCode['effect'] = async ({ tx, auth, bills, language }) => {
  for (const bill of bills) {
    const list = await checkCredit(tx, auth, bill, language);
    await tx.execute(
      sql`update bl_ossobill set black_or_white = ${list || null}
          where tenant_id = ${auth.tenantId} and id = ${bill.id as string}::bigint`,
    );
  }
};

export const salesFlowCode: FlowCode = {
  ossobill: {
    review: {
      check: async ({ tx, auth, bills, language }) => {
        for (const bill of bills) {
          await orderLines(tx, auth, bill);
          await checkCredit(tx, auth, bill, language);
          await checkCreditLine(tx, auth, bill);
        }
      },
      effect: keepCreditList,
    },
    // The credit override: the blacklist still refuses; the credit line is not asked.
    overrideReview: {
      check: async ({ tx, auth, bills, language }) => {
        for (const bill of bills) {
          await orderLines(tx, auth, bill);
          await checkCredit(tx, auth, bill, language);
        }
      },
      effect: keepCreditList,
    },
    toOutbound: {
      run: async ({ tx, auth, bills, language }) => {
        const outbound = entityByName.get('osoutstockbill');
        if (!outbound) throw new Error('osoutstockbill is not in the catalogue');
        const made: string[] = [];
        for (const bill of bills) {
          await checkCredit(tx, auth, bill, language);
          const lines = await orderLines(tx, auth, bill);
          const saved = await submitRecord(
            tx,
            outbound,
            auth,
            {
              // The tenant's numbering rule, else the order's number marked as its outbound bill.
              billNo: (await nextSerial(tx, auth.tenantId, outbound.name)) ?? `${text(bill.billNo)}-CK`,
              billDate: today(),
              customerCode: bill.customerCode,
              agreementCode: bill.agreementCode,
              warehouseCode: bill.warehouseCode,
              outTransferType: '1',
              isReview: '1',
              consigneeName: bill.consigneeName,
              consigneePhone: bill.consigneePhone,
              consigneeAddress: bill.consigneeAddress,
              remark: text(bill.customerBillNo) || null,
              details: lines.map((line, index) => ({ ...line, lineNumber: line.lineNumber ?? index + 1 })),
            },
            language,
          );
          // The link is the server's to write: the form shows it, nobody types it.
          await tx.execute(
            sql`update bl_osoutstockbill set source_bill_no = ${text(bill.billNo)}
                where tenant_id = ${auth.tenantId} and id = ${saved.id as string}::bigint`,
          );
          made.push(String(saved.billNo));
        }
        return { outbound: made };
      },
    },
  },
};
