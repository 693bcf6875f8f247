import { type MovementClass, movementClassOf } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The movement class of each bill type that writes stream rows (issue 29, 2): a flow bill's from
 * the postings it declares (packages/entities flow.ts), a bill posted by a module's own code (a
 * status change, a batch binding) registered by that module. `postMovements` refuses a bill type
 * without one, so no stream row escapes the in/out figures.
 */
const classes = new Map<string, MovementClass>(
  entities.flatMap((entity) => {
    const movement = movementClassOf(entity.name, entity.flow);
    return movement === undefined ? [] : [[entity.name, movement] as const];
  }),
);

/** A bill type posted by module code, with its class; registering it again differently is an error. */
export function registerMovementClass(billType: string, movement: MovementClass) {
  const known = classes.get(billType);
  if (known !== undefined && known !== movement)
    throw new Error(`${billType}: movement class ${known}, registered again as ${movement}`);
  classes.set(billType, movement);
}

/** Refuses (a programming error, not a user's) a posting by a bill type with no movement class. */
export function requireMovementClass(billType: string) {
  if (!classes.has(billType)) throw new Error(`${billType}: no movement class; declare it with its postings`);
}

/** `column in ('a', 'b')` over the bill types of the classes; the names are code, checked, inlined. */
function ofClasses(column: string, wanted: readonly MovementClass[]): SQL {
  const types = [...classes].filter(([, movement]) => wanted.includes(movement)).map(([type]) => type);
  if (types.some((type) => !/^[a-z0-9_]+$/.test(type)))
    throw new Error('a bill type that is not a plain name');
  // Inlined rather than bound: the same figure may appear in a select and a group by.
  return types.length === 0
    ? sql.raw('false')
    : sql.raw(`${column} in (${types.map((t) => `'${t}'`).join(', ')})`);
}

/**
 * The one rule of every in/out figure, over stream rows of alias `s` (its `bill_type`,
 * `direction` and amount columns), to be summed by the caller:
 * - `in`: goods received (direction 1) by a door movement, and, as an owner sees it, by an
 *   owner transfer;
 * - `out`: goods shipped (direction 2) the same way, as a positive figure;
 * - `adjust`: goods lost (positive) or found (negative) by a count, a loss or processing.
 * Moves between places and status changes (`internal`) are none of them. `view` is whose figure:
 * an owner's (its stock summary, its statement) or the warehouse's (the dashboard), for which an
 * owner transfer crosses no door. Opening + in − out − adjust = closing, per owner and material.
 */
export function inOutParts(
  s: string,
  amount: string,
  view: 'owner' | 'warehouse',
): { in: SQL; out: SQL; adjust: SQL } {
  if (!/^[a-z_][a-z0-9_]*$/.test(s) || !/^[a-z_][a-z0-9_]*$/.test(amount))
    throw new Error('not a plain name');
  const door = ofClasses(`${s}.bill_type`, view === 'owner' ? ['door', 'owner'] : ['door']);
  const adjust = ofClasses(`${s}.bill_type`, ['adjust']);
  const value = sql.raw(`${s}.${amount}`);
  const direction = sql.raw(`${s}.direction`);
  return {
    in: sql`case when ${door} and ${direction} = '1' then ${value} else 0 end`,
    out: sql`case when ${door} and ${direction} = '2' then -${value} else 0 end`,
    adjust: sql`case when ${adjust} then -${value} else 0 end`,
  };
}

/** The movement class of stream rows by `column` (their bill type), as SQL: '' for none. */
export function movementClassSql(column: string): SQL {
  if (!/^[a-z_][a-z0-9_.]*$/.test(column)) throw new Error('not a plain column');
  const cases = (['door', 'owner', 'adjust', 'internal'] as const).map(
    (movement) => sql`when ${ofClasses(column, [movement])} then ${sql.raw(`'${movement}'`)}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else '' end)`;
}

/** The movement class of a bill type (undefined for one that posts nothing). */
export const movementClassFor = (billType: string): MovementClass | undefined => classes.get(billType);
