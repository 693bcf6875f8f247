import type { EntityDefinition } from '../define.ts';
import { costbill, costbilldetail, costbilldetailpack } from './costbill.ts';
import { costdetail } from './costdetail.ts';
import { costviewreport } from './costviewreport.ts';
import { monthbegininv } from './monthbegininv.ts';
import { paydetail } from './paydetail.ts';

/** Billing and settlement (spec 02 §3.9), in menu order. */
export const billingEntities: EntityDefinition[] = [
  costbill,
  costbilldetail,
  costbilldetailpack,
  costdetail,
  paydetail,
  costviewreport,
  monthbegininv,
];
