import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readJson, readText, removeItem, siteKey, storageKey, writeJson, writeText } from '../storage.ts';
import {
  clearSiteKeys,
  readStored,
  readStoredText,
  removeStored,
  writeStored,
  writeStoredText,
} from './storage.ts';

/** A minimal in-memory Web Storage: the tests run in node, which has none. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

/** Storage that refuses everything, as a blocked or full store does. */
class BrokenStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('SecurityError');
  }
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
  override removeItem(): void {
    throw new Error('SecurityError');
  }
}

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('src/storage.ts (spec 01 §9 site-key prefix)', () => {
  it('prefixes every key with the site key', () => {
    expect(siteKey).toBe('saber');
    expect(storageKey('language')).toBe('saber-language');
  });

  it('writes, reads and removes text under the prefixed key', () => {
    writeText('language', 'en');
    expect(local.getItem('saber-language')).toBe('en');
    expect(readText('language')).toBe('en');
    removeItem('language');
    expect(readText('language')).toBeNull();
  });

  it('round-trips JSON and answers null for missing or malformed values', () => {
    writeJson('session', { accessToken: 't', n: 1 });
    expect(readJson('session')).toEqual({ accessToken: 't', n: 1 });
    expect(readJson('missing')).toBeNull();
    local.setItem('saber-bad', '{not json');
    expect(readJson('bad')).toBeNull();
  });

  it('never throws when storage is blocked or full', () => {
    vi.stubGlobal('localStorage', new BrokenStorage());
    expect(() => writeText('a', 'b')).not.toThrow();
    expect(readText('a')).toBeNull();
    expect(() => removeItem('a')).not.toThrow();
  });
});

describe('utils/storage.ts: local or session by area', () => {
  it('uses local storage by default, through src/storage.ts', () => {
    writeStored('tabs', ['home']);
    expect(local.getItem('saber-tabs')).toBe('["home"]');
    expect(readStored('tabs')).toEqual(['home']);
    expect(session.length).toBe(0);
  });

  it('uses session storage, with the same prefix, when asked', () => {
    writeStored('tabs', ['home'], 'session');
    expect(session.getItem('saber-tabs')).toBe('["home"]');
    expect(readStored('tabs', 'session')).toEqual(['home']);
    expect(readStored('tabs')).toBeNull();
    writeStoredText('note', 'hi', 'session');
    expect(readStoredText('note', 'session')).toBe('hi');
    removeStored('note', 'session');
    expect(readStoredText('note', 'session')).toBeNull();
  });

  it('answers null for malformed session JSON', () => {
    session.setItem('saber-bad', '{');
    expect(readStored('bad', 'session')).toBeNull();
  });

  it('never throws when session storage is blocked or missing', () => {
    vi.stubGlobal('sessionStorage', new BrokenStorage());
    expect(() => writeStored('a', 1, 'session')).not.toThrow();
    expect(readStored('a', 'session')).toBeNull();
    expect(() => removeStored('a', 'session')).not.toThrow();
    vi.stubGlobal('sessionStorage', undefined);
    expect(readStoredText('a', 'session')).toBeNull();
    expect(() => clearSiteKeys('session')).not.toThrow();
  });

  it("clearSiteKeys removes this site's keys only", () => {
    for (const key of ['saber-a', 'saber-b', 'saber-c', 'other-a', 'saberish']) local.setItem(key, '1');
    clearSiteKeys();
    expect([...Array(local.length).keys()].map((i) => local.key(i))).toEqual(['other-a', 'saberish']);
    session.setItem('saber-x', '1');
    session.setItem('keep', '1');
    clearSiteKeys('session');
    expect(session.getItem('saber-x')).toBeNull();
    expect(session.getItem('keep')).toBe('1');
  });
});
