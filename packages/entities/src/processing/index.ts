import type { EntityDefinition } from '../define.ts';

/** Secondary processing and BOM (spec 02 §3.6), in menu order. */
export const processingEntities: EntityDefinition[] = [];
