import { describe, expect, it } from 'vitest';
import { allButtons } from './access.ts';
import { actionOnlyValues, holdingLock, rowAllows, usableActions } from './actions.ts';

const inbound = { name: 'isinstockbill', readOnly: false };

describe('usableActions', () => {
  it('offers review and un-review of a bill to whoever holds their buttons', () => {
    expect(usableActions(new Set(['isinstockbill_review']), inbound).map((a) => a.code)).toEqual(['review']);
    expect(usableActions(new Set([allButtons]), inbound).map((a) => a.code)).toEqual(['review', 'unreview']);
    expect(usableActions(new Set(['osoutstockbill_review']), inbound)).toEqual([]);
  });

  it('offers nothing while the codes are unknown, on read-only entities, or on entities without actions', () => {
    expect(usableActions(undefined, inbound)).toEqual([]);
    expect(usableActions(new Set([allButtons]), { name: 'isinstockbill', readOnly: true })).toEqual([]);
    expect(usableActions(new Set([allButtons]), { name: 'material' })).toEqual([]);
  });
});

describe('rowAllows', () => {
  // As the catalogue serves them (the entity's declared flow.locks).
  const inboundLocks = {
    locks: [
      { field: 'streamStatus', values: ['1'] },
      { field: 'isReview', values: ['2'] },
    ],
  };
  const pastNew = { locks: [{ field: 'state', values: ['1', '2', '3', '4'] }] };

  it('hides edit and delete of a posted bill, nothing else', () => {
    const posted = { streamStatus: '1' };
    expect(rowAllows(inboundLocks, posted, 'edit')).toBe(false);
    expect(rowAllows(inboundLocks, posted, 'delete')).toBe(false);
    expect(rowAllows(inboundLocks, posted, 'view')).toBe(true);
    expect(rowAllows(inboundLocks, posted, 'add')).toBe(true);
    expect(rowAllows(inboundLocks, { streamStatus: '0' }, 'edit')).toBe(true);
    expect(rowAllows(inboundLocks, { streamStatus: '0', isReview: '2' }, 'edit')).toBe(false);
    expect(rowAllows({}, posted, 'delete')).toBe(true);
  });

  it('hides edit and delete of documents an action moved on: confirmed reservations, reviewed sorting, received notices', () => {
    expect(rowAllows(pastNew, { state: '1' }, 'edit')).toBe(false);
    expect(rowAllows(pastNew, { state: '0' }, 'edit')).toBe(true);
    expect(rowAllows(pastNew, { state: '3' }, 'delete')).toBe(false);
    expect(rowAllows({ locks: [{ field: 'dnState', values: ['1', '2'] }] }, { dnState: '2' }, 'delete')).toBe(
      false,
    );
    expect(rowAllows(pastNew, { state: null }, 'edit')).toBe(true);
  });

  it('print actions open the print page; the DN can be received in advance', () => {
    const sorting = usableActions(new Set([allButtons]), { name: 'stocksortingbill' });
    expect(sorting.filter((a) => a.print).map((a) => a.code)).toEqual(['printSort', 'printBoard']);
    expect(
      usableActions(new Set(['osnoticedeliverybill_receiveAdvance']), { name: 'osnoticedeliverybill' }),
    ).toEqual([expect.objectContaining({ code: 'receiveAdvance', confirm: 'crud.receiveAdvanceConfirm' })]);
  });
});

describe('holdingLock and actionOnlyValues', () => {
  const inbound = {
    locks: [
      { field: 'streamStatus', values: ['1'] },
      { field: 'isReview', values: ['2'] },
    ],
  };

  it('names the first lock that holds, with the value', () => {
    expect(holdingLock(inbound, { streamStatus: '1', isReview: '2' })).toEqual({
      field: 'streamStatus',
      value: '1',
    });
    expect(holdingLock(inbound, { streamStatus: '0', isReview: '2' })).toEqual({
      field: 'isReview',
      value: '2',
    });
    expect(holdingLock(inbound, { streamStatus: '0', isReview: '1' })).toBeUndefined();
    expect(holdingLock({}, { isReview: '2' })).toBeUndefined();
  });

  it('keeps the locking values of a field out of its choices', () => {
    expect(actionOnlyValues(inbound, 'isReview')).toEqual(['2']);
    expect(actionOnlyValues(inbound, 'type')).toEqual([]);
  });
});
