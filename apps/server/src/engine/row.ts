/** A record as the engine reads and writes it: column values by field name. */
export type Row = Record<string, unknown>;
