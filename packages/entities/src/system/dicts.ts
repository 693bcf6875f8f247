import type { Dict } from '../dicts-core.ts';

/** Dictionaries of system administration, labels in zh, mo and en. */
export const systemDicts = {} satisfies Record<string, Dict>;
