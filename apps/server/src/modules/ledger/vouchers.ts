import { nextId } from '../../db/ids.ts';
import { movementClassFor } from './movement-classes.ts';

/**
 * Stock vouchers (物料凭证, docs/adr/0040-stock-vouchers.md): the record of each posting, one
 * voucher per source bill of the posting, one item per stream row. Written by the ledger's own
 * posting statement (ledger.ts), so no bill flow, sweep or module posting can leave one out;
 * this file decides what the vouchers of a posting are, the statement writes them.
 */

/** What a voucher needs of a movement (the ledger's `Movement` has it all). */
interface VoucherMovement {
  billType: string;
  billNo: string;
  direction: '1' | '2';
  streamStatus: '1' | '2';
  key: { customerCode: string };
}

/** voucherType (dict): 1 receipt, 2 issue, 3 transfer, 4 adjustment, 5 processing, 6 reversal. */
export type VoucherType = '1' | '2' | '3' | '4' | '5' | '6';

/** Bills that turn goods into other goods (processing, packing): their own voucher type. */
const processing = new Set(['secondaryprocess', 'packagetemporarybill', 'temporarypackagebill']);

/**
 * The movement type of a bill's part of a posting: a reversal (counter-rows of an un-review) is
 * 6 whatever it reverses; otherwise the bill type's movement class (ADR 0037) decides, and a
 * door movement is a receipt or an issue by the way its rows go.
 */
export function voucherTypeOf(billType: string, rows: readonly VoucherMovement[]): VoucherType {
  if (rows.some((row) => row.streamStatus === '2')) return '6';
  if (processing.has(billType)) return '5';
  const movement = movementClassFor(billType);
  if (movement === 'adjust') return '4';
  if (movement === 'door') {
    if (rows.every((row) => row.direction === '1')) return '1';
    if (rows.every((row) => row.direction === '2')) return '2';
  }
  return '3';
}

/** A voucher header of a posting, as the posting statement's JSON parameter carries it. */
export interface VoucherRow {
  id: string;
  bill_no: string;
  apply_no: string;
  source_bill_type: string;
  voucher_type: VoucherType;
  customer_code: string;
  /** The voucher of an un-review: the bill's live vouchers are marked reversed by it. */
  reverses: boolean;
  /** A mirror voucher's: the vouchers it reverses. */
  remark: string | null;
}

/** The voucher fields of a stream row: which voucher it is an item of, and its item number. */
export interface VoucherItemStamp {
  voucher_id: string;
  voucher_no: string;
  voucher_type: VoucherType;
  item_id: string;
  item_no: number;
}

/**
 * The vouchers of a posting (one per bill, in the order the bills first appear) and, for each
 * movement in order, the stamp that makes its stream row an item of its bill's voucher.
 * The voucher number is `PZ` and the voucher's id: unique without a serial counter, which every
 * concurrent posting of a tenant would otherwise queue on (ADR 0040).
 */
export function vouchersOf(movements: readonly VoucherMovement[]): {
  vouchers: VoucherRow[];
  stamps: VoucherItemStamp[];
} {
  const groups = new Map<string, VoucherMovement[]>();
  for (const m of movements) {
    const group = `${m.billType}\u0000${m.billNo}`;
    const rows = groups.get(group);
    if (rows) rows.push(m);
    else groups.set(group, [m]);
  }
  const byGroup = new Map<string, { row: VoucherRow; items: number }>();
  for (const [group, rows] of groups) {
    const [first] = rows as [VoucherMovement];
    const id = nextId();
    const type = voucherTypeOf(first.billType, rows);
    byGroup.set(group, {
      items: 0,
      row: {
        id,
        bill_no: `PZ${id}`,
        apply_no: first.billNo,
        source_bill_type: first.billType,
        voucher_type: type,
        customer_code: first.key.customerCode,
        reverses: type === '6',
        remark: null,
      },
    });
  }
  const stamps = movements.map((m) => {
    const voucher = byGroup.get(`${m.billType}\u0000${m.billNo}`) as { row: VoucherRow; items: number };
    voucher.items += 1;
    return {
      voucher_id: voucher.row.id,
      voucher_no: voucher.row.bill_no,
      voucher_type: voucher.row.voucher_type,
      item_id: nextId(),
      item_no: voucher.items,
    };
  });
  return { vouchers: [...byGroup.values()].map((v) => v.row), stamps };
}
