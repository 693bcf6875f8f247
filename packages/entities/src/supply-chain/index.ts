import type { EntityDefinition } from '../define.ts';

/** Supply chain, store settlement and core-firm supply (spec 02 §3.10), in menu order. */
export const supplyChainEntities: EntityDefinition[] = [];
