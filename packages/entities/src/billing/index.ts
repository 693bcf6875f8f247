import type { EntityDefinition } from '../define.ts';

/** Billing and settlement (spec 02 §3.9), in menu order. */
export const billingEntities: EntityDefinition[] = [];
