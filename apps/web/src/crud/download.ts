/**
 * The pure parts of file transfers: the name a download is saved under and the message a
 * failed download shows (spec 01 §8).
 */

/** The file name of a `Content-Disposition`: `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: try the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * The name an oss file is saved under (spec 01 §7): SpringBlade's `download-filename` header
 * (URL-encoded by Java's URLEncoder, so `+` is a space), else the `Content-Disposition` name.
 */
export function downloadFileName(headers: { get(name: string): string | null }, fallback: string): string {
  const named = headers.get('download-filename')?.trim();
  if (named) {
    try {
      const decoded = decodeURIComponent(named.replace(/\+/g, ' ')).trim();
      if (decoded) return decoded;
    } catch {
      // a malformed escape: the header as sent is still a name
      return named;
    }
  }
  return fileNameFromDisposition(headers.get('content-disposition'), fallback);
}

/** The fixed messages of failed downloads, by result code; other codes show the server's message. */
export type DownloadFailure = 'unauthorized' | 'forbidden' | 'notFound' | 'unknown';

const fixedMessages: Partial<Record<number, DownloadFailure>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
};

/**
 * What a failed download says: 401, 403 and 404 have their own words; anything else the
 * server's message, or "unknown error" without one.
 */
export function downloadFailure(
  code: number | undefined,
  serverMessage: string | undefined,
): { failure: DownloadFailure } | { message: string } {
  const fixed = code === undefined ? undefined : fixedMessages[code];
  if (fixed) return { failure: fixed };
  if (serverMessage?.trim()) return { message: serverMessage };
  return { failure: 'unknown' };
}

/** Only .xls and .xlsx are uploaded (spec 02 §5); the server checks the content too. */
export function isSpreadsheetName(name: string): boolean {
  return /\.xlsx?$/i.test(name.trim());
}
