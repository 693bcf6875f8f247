/**
 * Cookies of this site (spec 01 §9 keeps the tokens in cookies). Readable by the page on
 * purpose: the page sends the token itself in `Blade-Auth`, as Saber does; the server never
 * reads them, so they are `SameSite=Strict` and never travel to other sites.
 */

/** The cookie's value; '' when present but empty, undefined when absent. */
export function readCookie(name: string): string | undefined {
  let jar = '';
  try {
    jar = document.cookie;
  } catch {
    return undefined;
  }
  for (const part of jar.split(';')) {
    const at = part.indexOf('=');
    const key = (at < 0 ? part : part.slice(0, at)).trim();
    if (key !== name) continue;
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function attributes(maxAgeSeconds: number): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
}

export function writeCookie(name: string, value: string, maxAgeMs: number): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Safari and older browsers; the value is encoded here
    document.cookie = `${name}=${encodeURIComponent(value)}${attributes(Math.floor(maxAgeMs / 1000))}`;
  } catch {
    // Cookies disabled: the sign-in page says so (spec 01 §8).
  }
}

export function removeCookie(name: string): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: as in writeCookie
    document.cookie = `${name}=${attributes(0)}`;
  } catch {
    // Nothing stored, nothing to remove.
  }
}
