import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lockWith, opens, readLock, unlocked } from './lock.ts';

let items: Map<string, string>;
beforeEach(() => {
  vi.resetModules();
  items = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
});

describe('lock rules', () => {
  it('refuses an empty lock password', () => {
    expect(lockWith('')).toBeNull();
  });

  it('keeps a digest, never the password, and opens only with the same password', () => {
    const state = lockWith('s3cret');
    expect(state?.locked).toBe(true);
    expect(state?.passwordDigest).not.toContain('s3cret');
    if (!state) throw new Error('unreachable');
    expect(opens(state, 's3cret')).toBe(true);
    expect(opens(state, 'S3cret')).toBe(false);
    expect(opens(state, '')).toBe(false);
    expect(opens(unlocked, '')).toBe(false);
  });

  it('reads a lock without a password as unlocked, so no one is shut out for good', () => {
    items.set('saber-lock', JSON.stringify({ locked: true, passwordDigest: '' }));
    expect(readLock()).toEqual(unlocked);
    items.set('saber-lock', 'garbage');
    expect(readLock()).toEqual(unlocked);
  });
});

describe('the lock store', () => {
  it('asks for a password before the first lock, then locks with it', async () => {
    const { useLock } = await import('./lock.ts');
    expect(useLock.getState().lock()).toBe(false);
    expect(useLock.getState().locked).toBe(false);
    expect(useLock.getState().lockWith('')).toBe(false);
    expect(useLock.getState().lockWith('pw')).toBe(true);
    expect(useLock.getState().locked).toBe(true);
  });

  it('stays locked across a reload until the right password unlocks it', async () => {
    const first = await import('./lock.ts');
    first.useLock.getState().lockWith('pw');
    vi.resetModules();
    const reloaded = await import('./lock.ts');
    expect(reloaded.useLock.getState().locked).toBe(true);
    expect(reloaded.useLock.getState().unlock('wrong')).toBe(false);
    expect(reloaded.useLock.getState().locked).toBe(true);
    expect(reloaded.useLock.getState().unlock('pw')).toBe(true);
    expect(reloaded.useLock.getState().locked).toBe(false);
    // The password stays set: the next lock needs no dialog.
    expect(reloaded.useLock.getState().lock()).toBe(true);
  });

  it('forgets lock and password when cleared (sign-in, sign-out)', async () => {
    const { useLock } = await import('./lock.ts');
    useLock.getState().lockWith('pw');
    useLock.getState().clear();
    expect(useLock.getState()).toMatchObject(unlocked);
    expect(items.has('saber-lock')).toBe(false);
  });
});
