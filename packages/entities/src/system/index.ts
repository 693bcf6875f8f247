import type { EntityDefinition } from '../define.ts';

/** System administration (spec 02 §3.2), in menu order. */
export const systemEntities: EntityDefinition[] = [];
