import type { Language } from '@bl/contract';
import type { Tx } from '../db/database.ts';
import type { Row } from './crud.ts';

/**
 * Business rules that may refuse a delete (spec 02 §4, e.g. "The delivered storage document
 * cannot be deleted"), by entity name. Domain modules register theirs here; a rule throws an
 * AppError to refuse, and the whole removal is rolled back.
 */
export const removeRules: Partial<
  Record<string, (tx: Tx, rows: Row[], language: Language) => Promise<void>>
> = {};
