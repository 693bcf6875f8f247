import { readJson, readText, removeItem, siteKey, storageKey, writeJson, writeText } from '../storage.ts';

/**
 * Spec 01 §9: "local storage keys prefixed with a site key; session storage if a type is
 * given, else local storage". `src/storage.ts` covers local storage; this adds the session
 * variant with the SAME `saber-` prefix and the same forgiving behaviour, delegating local
 * storage to that module so there is one implementation of it.
 */

/** Where a value lives: `local` survives the browser closing, `session` only this tab. */
export type StorageArea = 'local' | 'session';

/** The session store, or null where it is missing or blocked (private modes, node). */
function sessionArea(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** A stored text, or null when absent or storage is unavailable. */
export function readStoredText(key: string, area: StorageArea = 'local'): string | null {
  if (area === 'local') return readText(key);
  try {
    return sessionArea()?.getItem(storageKey(key)) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredText(key: string, value: string, area: StorageArea = 'local'): void {
  if (area === 'local') {
    writeText(key, value);
    return;
  }
  try {
    sessionArea()?.setItem(storageKey(key), value);
  } catch {
    // Storage full or blocked: the value lives for this page only.
  }
}

export function removeStored(key: string, area: StorageArea = 'local'): void {
  if (area === 'local') {
    removeItem(key);
    return;
  }
  try {
    sessionArea()?.removeItem(storageKey(key));
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** A stored JSON value, or null when absent, unreadable or not JSON. */
export function readStored(key: string, area: StorageArea = 'local'): unknown {
  if (area === 'local') return readJson(key);
  const text = readStoredText(key, area);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown, area: StorageArea = 'local'): void {
  if (area === 'local') {
    writeJson(key, value);
    return;
  }
  writeStoredText(key, JSON.stringify(value), area);
}

/**
 * Removes every key of this site from one area (logout clears the session, spec 01 §4) and
 * leaves other sites' keys on the same origin alone. Keys are collected first because
 * removing while walking by index skips entries.
 */
export function clearSiteKeys(area: StorageArea = 'local'): void {
  try {
    const store = area === 'local' ? globalThis.localStorage : sessionArea();
    if (!store) return;
    const prefix = `${siteKey}-`;
    const ours: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) ours.push(key);
    }
    for (const key of ours) store.removeItem(key);
  } catch {
    // Storage blocked: there is nothing we could have stored.
  }
}
