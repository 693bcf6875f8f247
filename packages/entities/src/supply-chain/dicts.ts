import type { Dict } from '../dicts-core.ts';

/** Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. */
export const supplyChainDicts = {} satisfies Record<string, Dict>;
