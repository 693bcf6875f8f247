import { md5 } from 'js-md5';
import { create } from 'zustand';
import { readJson, removeItem, writeJson } from '../storage.ts';

/** Where a locked screen waits (spec 01 §3 site config lockPage). */
export const lockPath = '/lock';

/**
 * The screen lock (spec 01 §4). The lock password is kept only as a digest: it guards a screen
 * left unattended, but is still not worth leaving readable in local storage.
 */
export interface LockState {
  /** md5 of the lock password; '' while none is set. */
  passwordDigest: string;
  locked: boolean;
}

export const unlocked: LockState = { passwordDigest: '', locked: false };

const lockKey = 'lock';

export function readLock(): LockState {
  const stored = readJson(lockKey);
  if (!stored || typeof stored !== 'object') return unlocked;
  const state = stored as Partial<LockState>;
  const passwordDigest = typeof state.passwordDigest === 'string' ? state.passwordDigest : '';
  // Locked without a password could never be unlocked: treat it as unlocked.
  return { passwordDigest, locked: state.locked === true && passwordDigest !== '' };
}

/** Sets the lock password and locks; an empty password is refused (the dialog says why). */
export function lockWith(password: string): LockState | null {
  if (password === '') return null;
  return { passwordDigest: md5(password), locked: true };
}

/** Whether `password` opens a screen locked with `state`. */
export function opens(state: LockState, password: string): boolean {
  return state.passwordDigest !== '' && md5(password) === state.passwordDigest;
}

interface LockStore extends LockState {
  /** Locks with the password already set; false when none is set yet (ask for one first). */
  lock(): boolean;
  /** Sets the lock password and locks. */
  lockWith(password: string): boolean;
  /** Unlocks when the password is right; the password stays set for the next lock. */
  unlock(password: string): boolean;
  /** Forgets the lock and its password (sign-in and sign-out, spec 01 §4). */
  clear(): void;
}

export const useLock = create<LockStore>((set, get) => {
  const save = (state: LockState) => {
    if (state.passwordDigest === '' && !state.locked) removeItem(lockKey);
    else writeJson(lockKey, state);
    set(state);
  };
  return {
    ...readLock(),
    lock: () => {
      const { passwordDigest } = get();
      if (passwordDigest === '') return false;
      save({ passwordDigest, locked: true });
      return true;
    },
    lockWith: (password) => {
      const state = lockWith(password);
      if (!state) return false;
      save(state);
      return true;
    },
    unlock: (password) => {
      const state = get();
      if (!opens(state, password)) return false;
      save({ passwordDigest: state.passwordDigest, locked: false });
      return true;
    },
    clear: () => save(unlocked),
  };
});
