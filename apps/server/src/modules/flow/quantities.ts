import type { Row } from '../../engine/crud.ts';
import { display, toUnits } from '../../engine/decimal.ts';
import { badRequest } from '../../http/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';

/** A bill line an action takes a quantity of (declared `quantities`, packages/entities flow.ts). */
export interface OpenLine {
  id: string;
  headerId: string;
  lineNumber: number;
  materialCode: string;
  /** What is still open on the line. */
  left: string;
}

/** The refusals of one action that takes quantities, in its own words. */
export interface QuantityMessages {
  /** An unknown line or an unreadable quantity. */
  bad: MessageKey;
  /** More than the line has open (names bill, line, material, qty, left). */
  over: MessageKey;
  /** A bill of the request given nothing (names bill). */
  nothing: MessageKey;
}

const billNo = (bill: Row) =>
  (bill.billNo === null || bill.billNo === undefined ? '' : String(bill.billNo).trim()) || String(bill.id);

/**
 * The quantities an action takes per line (in units, ADR 0008): those the request names, else
 * everything still open. Refuses an unknown line or quantity, a negative one, more than is open
 * (a line named twice counts twice), and a bill given nothing, all before anything is written.
 */
export function takenQuantities(
  bills: Row[],
  lines: OpenLine[],
  named: { id: string; qty: string | number }[] | undefined,
  messages: QuantityMessages,
): Map<string, bigint> {
  const taken = new Map<string, bigint>();
  if (named === undefined) for (const line of lines) taken.set(line.id, toUnits(line.left));
  else
    for (const entry of named) {
      const line = lines.find((l) => l.id === entry.id);
      if (!line) throw badRequest(messages.bad);
      let qty: bigint;
      try {
        qty = toUnits(entry.qty);
      } catch {
        throw badRequest(messages.bad);
      }
      const total = (taken.get(line.id) ?? 0n) + qty;
      if (qty < 0n || total > toUnits(line.left))
        throw badRequest(messages.over, {
          bill: billNo(bills.find((b) => b.id === line.headerId) as Row),
          line: line.lineNumber,
          material: line.materialCode,
          qty: display(qty),
          left: display(toUnits(line.left)),
        });
      taken.set(line.id, total);
    }
  for (const bill of bills)
    if (!lines.some((l) => l.headerId === bill.id && (taken.get(l.id) ?? 0n) > 0n))
      throw badRequest(messages.nothing, { bill: billNo(bill) });
  return taken;
}
