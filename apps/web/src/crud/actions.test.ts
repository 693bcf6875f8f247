import { describe, expect, it } from 'vitest';
import { allButtons } from './access.ts';
import { rowAllows, usableActions } from './actions.ts';

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
  it('hides edit and delete of a posted bill, nothing else', () => {
    const posted = { streamStatus: '1' };
    expect(rowAllows(inbound, posted, 'edit')).toBe(false);
    expect(rowAllows(inbound, posted, 'delete')).toBe(false);
    expect(rowAllows(inbound, posted, 'view')).toBe(true);
    expect(rowAllows(inbound, posted, 'add')).toBe(true);
    expect(rowAllows(inbound, { streamStatus: '0' }, 'edit')).toBe(true);
    expect(rowAllows({ name: 'material' }, posted, 'delete')).toBe(true);
  });

  it('hides edit and delete of documents an action moved on: confirmed reservations, reviewed sorting, received notices', () => {
    expect(rowAllows({ name: 'orderisinstockbill' }, { state: '1' }, 'edit')).toBe(false);
    expect(rowAllows({ name: 'orderisinstockbill' }, { state: '0' }, 'edit')).toBe(true);
    expect(rowAllows({ name: 'stocksortingbill' }, { state: '3' }, 'delete')).toBe(false);
    expect(rowAllows({ name: 'osnoticedeliverybill' }, { dnState: '2' }, 'delete')).toBe(false);
    // An outbound bill's state follows its posting, which alone decides.
    expect(rowAllows({ name: 'osoutstockbill' }, { state: '0', streamStatus: '0' }, 'edit')).toBe(true);
  });

  it('print actions open the print page; the DN can be received in advance', () => {
    const sorting = usableActions(new Set([allButtons]), { name: 'stocksortingbill' });
    expect(sorting.filter((a) => a.print).map((a) => a.code)).toEqual(['printSort', 'printBoard']);
    expect(
      usableActions(new Set(['osnoticedeliverybill_receiveAdvance']), { name: 'osnoticedeliverybill' }),
    ).toEqual([expect.objectContaining({ code: 'receiveAdvance', confirm: 'crud.receiveAdvanceConfirm' })]);
  });
});
