import { describe, expect, it } from 'vitest';
import { allButtons } from './access.ts';
import {
  actionFits,
  actionOnlyValues,
  holdingLock,
  noticesOf,
  recordLock,
  recordLockMessage,
  rowAllows,
  usableActions,
} from './actions.ts';

// As the catalogue serves them (the entities' declared flow actions).
const review = {
  name: 'review',
  label: { zh: '审核', mo: '審核', en: 'Review' },
  confirm: { zh: '', mo: '', en: '' },
};
const unreview = { ...review, name: 'unreview', danger: true };
const flowActions = [
  { ...review, danger: false, print: false, when: { streamStatus: ['0'] } },
  { ...unreview, print: false, when: { streamStatus: ['1'] } },
];
const inbound = { name: 'isinstockbill', readOnly: false, flowActions };

describe('usableActions', () => {
  it('offers review and un-review of a bill to whoever holds their buttons', () => {
    expect(usableActions(new Set(['isinstockbill_review']), inbound).map((a) => a.name)).toEqual(['review']);
    expect(usableActions(new Set([allButtons]), inbound).map((a) => a.name)).toEqual(['review', 'unreview']);
    expect(usableActions(new Set(['osoutstockbill_review']), inbound)).toEqual([]);
  });

  it('offers nothing while the codes are unknown or on entities without actions', () => {
    expect(usableActions(undefined, inbound)).toEqual([]);
    // A read-only ledger's declared actions are offered (a stock voucher's reversal, ADR 0040).
    expect(usableActions(new Set([allButtons]), { ...inbound, readOnly: true })).toHaveLength(2);
    expect(usableActions(new Set([allButtons]), { name: 'material', readOnly: false })).toEqual([]);
  });

  it('fits an action to the chosen bills by their states', () => {
    const [toReview, toUnreview] = flowActions as [(typeof flowActions)[0], (typeof flowActions)[1]];
    expect(actionFits(toReview, [{ streamStatus: '0' }, { streamStatus: '0' }])).toBe(true);
    expect(actionFits(toReview, [{ streamStatus: '0' }, { streamStatus: '1' }])).toBe(false);
    expect(actionFits(toUnreview, [{ streamStatus: 1 }])).toBe(true);
    expect(actionFits({}, [{ streamStatus: '1' }])).toBe(true);
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

describe('a bill waiting for an approval', () => {
  const pendingApproval = {
    instanceId: '1',
    action: 'review',
    starter: '7',
    starterName: '管理员',
    process: '入库审批',
    processNames: { en: 'Inbound approval' },
    holders: ['张三', '李四'],
  };
  const waiting = { streamStatus: '0', isReview: '1', pendingApproval };
  const inboundLocks = { locks: [{ field: 'streamStatus', values: ['1'] }] };
  const t = ((key: string, params: Record<string, string>) => `${key} ${JSON.stringify(params)}`) as never;

  it('is locked as a posted one: no edit, delete or flow action, and says who holds it', () => {
    expect(rowAllows(inboundLocks, waiting, 'edit')).toBe(false);
    expect(rowAllows(inboundLocks, waiting, 'delete')).toBe(false);
    expect(rowAllows(inboundLocks, waiting, 'view')).toBe(true);
    expect(actionFits(flowActions[0] as never, [waiting])).toBe(false);
    expect(actionFits(flowActions[0] as never, [{ ...waiting, pendingApproval: null }])).toBe(true);
    const lock = recordLock(inboundLocks, waiting);
    expect(lock).toEqual({ kind: 'approval', pending: pendingApproval });
    expect(recordLockMessage({} as never, {} as never, lock as never, 'en', t)).toBe(
      'crud.inApprovalLocked {"process":"Inbound approval","holders":"张三, 李四","starter":"管理员"}',
    );
    expect(recordLockMessage({} as never, {} as never, lock as never, 'zh', t)).toContain(
      '"holders":"张三、李四"',
    );
    // A state lock comes first: a posted bill is locked by its state whatever else holds it.
    expect(recordLock(inboundLocks, { ...waiting, streamStatus: '1' })).toMatchObject({ kind: 'state' });
  });

  it('reads the notices an answer gives instead of "done"', () => {
    expect(noticesOf({ approval: 1, notices: ['已提交审批'] })).toEqual(['已提交审批']);
    expect(noticesOf({ reviewed: 1 })).toEqual([]);
    expect(noticesOf(null)).toEqual([]);
  });
});
