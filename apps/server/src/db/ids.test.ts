import { describe, expect, it } from 'vitest';
import { nextId } from './ids.ts';

describe('nextId', () => {
  it('makes distinct, increasing 64-bit ids as strings', () => {
    const ids = Array.from({ length: 20_000 }, () => nextId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++)
      expect(BigInt(ids[i] as string) > BigInt(ids[i - 1] as string)).toBe(true);
    expect(BigInt(ids[0] as string) < 2n ** 63n).toBe(true);
  });
});
