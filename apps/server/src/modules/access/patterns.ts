/**
 * Ant-style URL patterns, as SpringBlade's interface permissions are written:
 * `?` one character, `*` any characters within one segment, `**` any number of whole
 * segments (none included). `/api/bl-wms/stock/**` covers `/api/bl-wms/stock` and everything
 * under it; a pattern without wildcards names exactly one path.
 */
export function matchesPattern(pattern: string, path: string): boolean {
  const patternParts = splitPath(pattern);
  const pathParts = splitPath(path);
  return matchParts(patternParts, 0, pathParts, 0);
}

/** Segments of a path: empty segments (double or trailing slashes) do not count. */
function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part.length > 0);
}

function matchParts(pattern: string[], pi: number, path: string[], si: number): boolean {
  while (pi < pattern.length) {
    const part = pattern[pi] as string;
    if (part === '**') {
      // Collapse consecutive `**`, then try every possible number of swallowed segments.
      while (pattern[pi + 1] === '**') pi++;
      if (pi === pattern.length - 1) return true;
      for (let skip = si; skip <= path.length; skip++) {
        if (matchParts(pattern, pi + 1, path, skip)) return true;
      }
      return false;
    }
    const segment = path[si];
    if (segment === undefined || !matchSegment(part, segment)) return false;
    pi++;
    si++;
  }
  return si === path.length;
}

/** One segment against `*` and `?`, without regular expressions built from stored text. */
function matchSegment(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      starP = p++;
      starT = t;
    } else if (starP >= 0) {
      p = starP + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/**
 * The path a permission is checked against: without the query string, percent-decoding
 * undone (the router matches decoded paths, so `%73tock` must not slip past `stock/**`).
 */
export function requestPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
