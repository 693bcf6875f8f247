/**
 * The SpringBlade/Saber response contract: every answer is an envelope, and `success` is
 * `code === 200`. Business errors carry a message in the caller's language.
 */
export interface ApiResult<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** A page of rows as SpringBlade answers it (`current` is 1-based). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /**
   * Set when counting stopped at `listCountCap` + 1 rows: there are at least `total` rows, and
   * the screen says "1,000+" (an exact count of a million rows costs a scan; ADR 0019).
   */
  totalCapped?: boolean;
}

/**
 * Lists count their rows up to one past this; past it the total shows as "1,000+" (ADR 0019:
 * counting 10,001 rows was a third of a list's first page at a million rows; 50 pages of the
 * default 20 are more than anyone pages through, further rows are found by filter or sort).
 */
export const listCountCap = 1_000;

/**
 * From this many rows a list's export runs as a background job (`export?mode=job`): the page
 * shows rows written, then downloads the file, instead of one long request.
 */
export const exportJobMinRows = 5_000;

/** Result codes used in the envelope; the HTTP status mirrors the code for errors. */
export const ResultCode = {
  success: 200,
  failure: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internalError: 500,
  unavailable: 503,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export function ok<T>(data: T, msg: string): ApiResult<T> {
  return { code: ResultCode.success, success: true, data, msg };
}

export function fail(code: number, msg: string): ApiResult<null> {
  return { code, success: false, data: null, msg };
}
