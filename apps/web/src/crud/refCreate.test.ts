import { describe, expect, it } from 'vitest';
import { refEmpty } from './refCreate.ts';

/** What a reference select with no choice says (issue 29, 8). */
describe('refEmpty', () => {
  const base = { fetching: false, typed: '', count: 0, canAdd: false };

  it('says nothing while there are choices', () => {
    expect(refEmpty({ ...base, count: 3 })).toBeUndefined();
    expect(refEmpty({ ...base, count: 1, typed: 'E', canAdd: true })).toBeUndefined();
  });

  it('leaves the picker its spinner while the list loads', () => {
    expect(refEmpty({ ...base, fetching: true })).toEqual({ kind: 'loading' });
    expect(refEmpty({ ...base, fetching: true, typed: 'E' })).toEqual({ kind: 'loading' });
  });

  it('says no record matches while the user filters, without offering to create', () => {
    expect(refEmpty({ ...base, typed: 'zz', canAdd: true })).toEqual({ kind: 'noMatch' });
  });

  it('says there is none yet, offering to create one only to whoever may add it', () => {
    expect(refEmpty({ ...base, canAdd: true })).toEqual({ kind: 'none', create: true });
    expect(refEmpty(base)).toEqual({ kind: 'none', create: false });
  });
});
