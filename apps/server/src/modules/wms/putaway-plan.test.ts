import { describe, expect, it } from 'vitest';
import { toUnits } from '../../engine/decimal.ts';
import {
  type Occupancy,
  type Place,
  type PutawayLine,
  type PutawayRule,
  planPutaway,
} from './putaway-plan.ts';

const place = (code: string, options: Partial<Place> & { volume?: bigint | null } = {}): Place => ({
  code,
  warehouseAreaCode: 'A1',
  volume: toUnits('10'),
  capacityRatio: null,
  maxWeight: null,
  maxBoard: null,
  rowNo: null,
  columnNo: null,
  layerNo: null,
  ...options,
});

const holding = (entries: [owner: string, material: string, volume: string][]): Occupancy => ({
  volume: entries.reduce((sum, [, , volume]) => sum + toUnits(volume), 0n),
  qtyWeg: 0n,
  board: 0n,
  held: new Map(entries.map(([owner, material]) => [`${owner}\u0000${material}`, 1n])),
  owners: new Set(entries.map(([owner]) => owner)),
});

const line = (
  lineNumber: number,
  volume: string,
  rule: PutawayRule,
  more: Partial<PutawayLine> = {},
): PutawayLine => ({
  lineNumber,
  materialCode: 'M1',
  volume: toUnits(volume),
  qtyWeg: 0n,
  board: 0n,
  warehousePlaceCode: '',
  rule,
  warehouseAreaCode: '',
  ...more,
});

const codes = (proposals: ReturnType<typeof planPutaway>) => proposals.map((p) => p.warehousePlaceCode);

describe('put-away proposals', () => {
  it('respects the capacity ratio: 10 m³ at 50 % takes 5 m³', () => {
    const places = [place('P1', { capacityRatio: 50 })];
    expect(codes(planPutaway('C1', places, new Map(), [line(1, '5', '6')]))).toEqual(['P1']);
    expect(codes(planPutaway('C1', places, new Map(), [line(1, '5.0001', '6')]))).toEqual([null]);
  });

  it('counts earlier lines of the same bill against the location', () => {
    const places = [place('P1'), place('P2', { volume: toUnits('8') })];
    // 7 fits the roomier P1; the next 7 no longer does, so P2 (8) takes it; a third fits nowhere.
    expect(
      codes(planPutaway('C1', places, new Map(), [line(1, '7', '6'), line(2, '7', '6'), line(3, '7', '6')])),
    ).toEqual(['P1', 'P2', null]);
  });

  it('never proposes a location holding another owner’s goods', () => {
    const places = [place('P1'), place('P2')];
    const occupancy = new Map([['P1', holding([['C2', 'M1', '1']])]]);
    expect(codes(planPutaway('C1', places, occupancy, [line(1, '1', '6')]))).toEqual(['P2']);
  });

  it('consolidates a material where the owner keeps it, then falls back to the roomiest', () => {
    const places = [place('P1'), place('P2'), place('P3', { volume: toUnits('20') })];
    const occupancy = new Map([['P2', holding([['C1', 'M1', '9']])]]);
    expect(codes(planPutaway('C1', places, occupancy, [line(1, '1', '7'), line(2, '1', '7')]))).toEqual([
      'P2',
      'P3',
    ]);
  });

  it('fixed location: only where the owner keeps the material, or none', () => {
    const places = [place('P1'), place('P2')];
    const occupancy = new Map([['P2', holding([['C1', 'M1', '1']])]]);
    expect(codes(planPutaway('C1', places, occupancy, [line(1, '1', '5')]))).toEqual(['P2']);
    expect(codes(planPutaway('C1', places, new Map(), [line(1, '1', '5')]))).toEqual([null]);
  });

  it('nearest location by row, column and layer', () => {
    const places = [
      place('B', { rowNo: 2, columnNo: 1, layerNo: 1 }),
      place('A', { rowNo: 1, columnNo: 2, layerNo: 1 }),
      place('C', { rowNo: 1, columnNo: 2, layerNo: 2 }),
    ];
    expect(codes(planPutaway('C1', places, new Map(), [line(1, '1', '4')]))).toEqual(['A']);
  });

  it('part-filled locations of the owner first, fullest first, then empty ones', () => {
    const places = [place('P1'), place('P2'), place('P3')];
    const occupancy = new Map([
      ['P2', holding([['C1', 'M9', '2']])],
      ['P3', holding([['C1', 'M8', '6']])],
    ]);
    expect(codes(planPutaway('C1', places, occupancy, [line(1, '1', '8'), line(2, '5', '8')]))).toEqual([
      'P3',
      'P2',
    ]);
  });

  it('keeps a location the operator chose and counts it; limits to an area when asked', () => {
    const places = [place('P1'), place('P2', { warehouseAreaCode: 'A2' })];
    const proposals = planPutaway('C1', places, new Map(), [
      line(1, '9', '6', { warehousePlaceCode: 'P1' }),
      line(2, '2', '6', { warehouseAreaCode: 'A1' }),
      line(3, '2', '6', { warehouseAreaCode: 'A2' }),
    ]);
    expect(proposals).toEqual([
      { lineNumber: 1, warehousePlaceCode: 'P1', rule: '6', kept: true },
      { lineNumber: 2, warehousePlaceCode: null, rule: '6', kept: false },
      { lineNumber: 3, warehousePlaceCode: 'P2', rule: '6', kept: false },
    ]);
  });

  it('weight and pallet limits, and a location without a stated volume has no volume limit', () => {
    const places = [
      place('W', { maxWeight: toUnits('100') }),
      place('B', { maxBoard: 1 }),
      place('U', { volume: null }),
    ];
    const heavy = line(1, '1', '4', { qtyWeg: toUnits('150'), board: toUnits('2') });
    expect(codes(planPutaway('C1', places, new Map(), [heavy]))).toEqual(['U']);
    expect(codes(planPutaway('C1', places, new Map(), [line(1, '500', '6')]))).toEqual(['U']);
  });
});
