/** The site key: every key this app keeps in local storage starts with `saber-`. */
export const siteKey = 'saber';

export const storageKey = (key: string) => `${siteKey}-${key}`;

/** Reads a value; storage can be unavailable (private modes, disabled cookies). */
export function readText(key: string): string | null {
  try {
    return localStorage.getItem(storageKey(key));
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string): void {
  try {
    localStorage.setItem(storageKey(key), value);
  } catch {
    // Storage full or disabled: the value lives for this page only.
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function readJson(key: string): unknown {
  const text = readText(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeText(key, JSON.stringify(value));
}
