import type { EntityDefinition } from '../define.ts';
import { isinstockbill, isinstockbilldetail } from './isinstockbill.ts';

/** Warehouse bills, stock and vouchers (spec 02 §3.5), in menu order. */
export const billEntities: EntityDefinition[] = [isinstockbill, isinstockbilldetail];
