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
});
