import type { EntityDefinition } from '../define.ts';

/** Transport basics and documents (spec 02 §3.7, §3.8), in menu order. */
export const transportEntities: EntityDefinition[] = [];
