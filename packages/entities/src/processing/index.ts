import type { EntityDefinition } from '../define.ts';
import { secbombill, secbomfinisheditem, secbompullitem } from './secbombill.ts';
import { secproductive, secproductivefinisheditem, secproductivepullitem } from './secproductive.ts';

/** Secondary processing and BOM (spec 02 §3.6), in menu order. */
export const processingEntities: EntityDefinition[] = [
  secbombill,
  secbompullitem,
  secbomfinisheditem,
  secproductive,
  secproductivepullitem,
  secproductivefinisheditem,
];
