/**
 * Put-away proposals (issue 7; spec 02 §3.4 strategy, §5 capacity ratio): for each line of an
 * inbound bill, the location its goods should go to. Pure: the caller reads locations, what
 * they hold and the strategies, and gets a location (or none, with why) per line. Amounts are
 * in ledger units (bigint, 4 decimals), never floats.
 */

/** Put-away rules of the `strategyRule` dictionary; pick-down rules fall back to the default. */
export type PutawayRule =
  | '4' // nearest location (row, column, layer)
  | '5' // fixed location: only where the owner already keeps this material
  | '6' // largest remaining capacity
  | '7' // consolidate: where the owner already keeps this material, else largest remaining
  | '8'; // part-filled locations of the owner first, fullest first, then empty ones

/** What an operator gets without a strategy: keep a material together, else the roomiest. */
export const defaultPutawayRule: PutawayRule = '7';

const putawayRules = new Set<string>(['4', '5', '6', '7', '8']);
export const isPutawayRule = (rule: string): rule is PutawayRule => putawayRules.has(rule);

export interface Place {
  code: string;
  warehouseAreaCode: string;
  /** Volume in m³ (units); null when the location has no stated volume (no volume limit). */
  volume: bigint | null;
  /** Usable share of the volume, 0-100; null means 100. */
  capacityRatio: number | null;
  /** Largest load in kg (units); null: no limit. */
  maxWeight: bigint | null;
  maxBoard: number | null;
  rowNo: number | null;
  columnNo: number | null;
  layerNo: number | null;
}

/** What a location holds now: per owner and material, and its totals. */
export interface Occupancy {
  volume: bigint;
  qtyWeg: bigint;
  board: bigint;
  /** `${owner}\u0000${material}` → quantity held. */
  held: Map<string, bigint>;
  owners: Set<string>;
}

export interface PutawayLine {
  lineNumber: number;
  materialCode: string;
  volume: bigint;
  qtyWeg: bigint;
  board: bigint;
  /** Already chosen by the operator: kept, and its goods count against the location. */
  warehousePlaceCode: string;
  rule: PutawayRule;
  /** Locations limited to this area (an owner's custom strategy may say so), '' for any. */
  warehouseAreaCode: string;
}

export interface Proposal {
  lineNumber: number;
  warehousePlaceCode: string | null;
  rule: PutawayRule;
  /** Kept from the line rather than proposed. */
  kept: boolean;
}

const emptyOccupancy = (): Occupancy => ({
  volume: 0n,
  qtyWeg: 0n,
  board: 0n,
  held: new Map(),
  owners: new Set(),
});
const heldKey = (owner: string, material: string) => `${owner}\u0000${material}`;
const unitsPerWhole = 10_000n;

/** Volume left for goods: the stated volume times the capacity ratio, less what is there. */
function remainingVolume(place: Place, used: Occupancy): bigint | null {
  if (place.volume === null) return null;
  const ratio = BigInt(place.capacityRatio ?? 100);
  return (place.volume * ratio) / 100n - used.volume;
}

function fits(place: Place, used: Occupancy, line: PutawayLine): boolean {
  const volume = remainingVolume(place, used);
  if (volume !== null && line.volume > volume) return false;
  if (place.maxWeight !== null && used.qtyWeg + line.qtyWeg > place.maxWeight) return false;
  if (place.maxBoard !== null && used.board + line.board > BigInt(place.maxBoard) * unitsPerWhole)
    return false;
  return true;
}

const byPosition = (a: Place, b: Place) =>
  (a.rowNo ?? Number.MAX_SAFE_INTEGER) - (b.rowNo ?? Number.MAX_SAFE_INTEGER) ||
  (a.columnNo ?? Number.MAX_SAFE_INTEGER) - (b.columnNo ?? Number.MAX_SAFE_INTEGER) ||
  (a.layerNo ?? Number.MAX_SAFE_INTEGER) - (b.layerNo ?? Number.MAX_SAFE_INTEGER) ||
  a.code.localeCompare(b.code);

/**
 * Proposes a location per line, in line order; each proposal's goods count against its
 * location for the lines after it. A location holding another owner's goods is never proposed:
 * a 3PL keeps owners apart in a bin, so counting and picking never mix them up.
 */
export function planPutaway(
  owner: string,
  places: Place[],
  occupancy: Map<string, Occupancy>,
  lines: PutawayLine[],
): Proposal[] {
  const used = new Map<string, Occupancy>();
  const usedOf = (code: string): Occupancy => {
    let found = used.get(code);
    if (!found) {
      const now = occupancy.get(code) ?? emptyOccupancy();
      found = { ...now, held: new Map(now.held), owners: new Set(now.owners) };
      used.set(code, found);
    }
    return found;
  };
  const take = (code: string, line: PutawayLine) => {
    const at = usedOf(code);
    at.volume += line.volume;
    at.qtyWeg += line.qtyWeg;
    at.board += line.board;
    const key = heldKey(owner, line.materialCode);
    at.held.set(key, (at.held.get(key) ?? 0n) + 1n);
    at.owners.add(owner);
  };

  return [...lines]
    .sort((a, b) => a.lineNumber - b.lineNumber)
    .map((line) => {
      if (line.warehousePlaceCode) {
        take(line.warehousePlaceCode, line);
        return {
          lineNumber: line.lineNumber,
          warehousePlaceCode: line.warehousePlaceCode,
          rule: line.rule,
          kept: true,
        };
      }
      const open = places.filter((place) => {
        if (line.warehouseAreaCode && place.warehouseAreaCode !== line.warehouseAreaCode) return false;
        const at = usedOf(place.code);
        if ([...at.owners].some((other) => other !== owner)) return false;
        return fits(place, at, line);
      });
      const holdsIt = (place: Place) =>
        (usedOf(place.code).held.get(heldKey(owner, line.materialCode)) ?? 0n) > 0n;
      const roomiest = (a: Place, b: Place) => {
        const ra = remainingVolume(a, usedOf(a.code));
        const rb = remainingVolume(b, usedOf(b.code));
        // A location without a stated volume has no limit: roomiest of all.
        if (ra === null || rb === null)
          return (ra === null ? 0 : 1) - (rb === null ? 0 : 1) || byPosition(a, b);
        return rb > ra ? 1 : rb < ra ? -1 : byPosition(a, b);
      };
      let ordered: Place[];
      switch (line.rule) {
        case '4':
          ordered = [...open].sort(byPosition);
          break;
        case '5':
          ordered = open.filter(holdsIt).sort(byPosition);
          break;
        case '6':
          ordered = [...open].sort(roomiest);
          break;
        case '7':
          ordered = [
            ...open.filter(holdsIt).sort(roomiest),
            ...open.filter((p) => !holdsIt(p)).sort(roomiest),
          ];
          break;
        case '8': {
          const partFilled = open.filter((p) => usedOf(p.code).owners.size > 0);
          const fullestFirst = (a: Place, b: Place) => {
            const ra = remainingVolume(a, usedOf(a.code));
            const rb = remainingVolume(b, usedOf(b.code));
            if (ra === null || rb === null)
              return (ra === null ? 1 : 0) - (rb === null ? 1 : 0) || byPosition(a, b);
            return ra > rb ? 1 : ra < rb ? -1 : byPosition(a, b);
          };
          ordered = [
            ...partFilled.sort(fullestFirst),
            ...open.filter((p) => usedOf(p.code).owners.size === 0).sort(byPosition),
          ];
          break;
        }
      }
      const chosen = ordered[0];
      if (chosen) take(chosen.code, line);
      return {
        lineNumber: line.lineNumber,
        warehousePlaceCode: chosen?.code ?? null,
        rule: line.rule,
        kept: false,
      };
    });
}
