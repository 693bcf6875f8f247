import { date, varchar } from 'drizzle-orm/pg-core';
import { f } from '../fields.ts';
import { label } from '../label.ts';
import { computed } from './blocks.ts';

/**
 * A bill made from the ledger over a period (a monthly bill, a cost bill) charges no day that
 * has not happened (issue 29, 1): made before its period ends, its figures stop at the day it
 * was made (`madeThrough`) and it is provisional (`provisional` 1) until it is made again after
 * the period; the billing module refuses to review or confirm it until then. Both are the
 * server's, blank until the bill is made.
 */
export const provisionalColumns = () => ({
  madeThrough: date(),
  provisional: varchar({ length: 1 }),
});

export const provisionalFields = {
  provisional: computed(f.dict(label('账单性质', '賬單性質', 'Bill standing'), 'billStanding')),
  madeThrough: computed(f.date(label('计至日期', '計至日期', 'Charged through'), { list: false })),
};
