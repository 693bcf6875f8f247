import { vi } from 'vitest';

/**
 * The bits of a browser the session and request modules touch, for unit tests that run in node:
 * local storage and `document.cookie`. Stubbed with `vi.stubGlobal`, so `vi.unstubAllGlobals()`
 * removes them.
 */

/** Cookies by name, with the attributes they were last written with. */
export type CookieJar = Map<string, { value: string; attributes: string }>;

/** A `document.cookie` that keeps name=value pairs and honours `Max-Age=0` as removal. */
export function stubCookies(): CookieJar {
  const jar: CookieJar = new Map();
  vi.stubGlobal('document', {
    // i18n sets the page's language on it.
    documentElement: { lang: '' },
    get cookie(): string {
      return [...jar].map(([name, { value }]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...rest] = text.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const attributes = rest.map((part) => part.trim()).join('; ');
      if (/(^|; )Max-Age=0(;|$)/.test(attributes)) jar.delete(name);
      else jar.set(name, { value: pair.slice(at + 1), attributes });
    },
  });
  return jar;
}

/** An in-memory local storage. */
export function stubLocalStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => void items.delete(key),
    setItem: (key: string, value: string) => void items.set(key, String(value)),
  } satisfies Storage);
  return items;
}
