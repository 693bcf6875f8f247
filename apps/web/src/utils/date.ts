/**
 * Date helpers of spec 01 §9: one formatter, the search-range helper, the range-picker
 * shortcuts and the weekly helper. All work in the browser's local time zone, as the screens
 * show and enter local times; nothing here reads the clock — callers pass `now`.
 */

/** What the formatter accepts: a Date, an ISO-like text, or epoch seconds / milliseconds. */
export type DateInput = Date | string | number;

export const defaultDatePattern = 'yyyy-MM-dd HH:mm:ss';

/**
 * "yyyy-MM-dd", "yyyy-MM-dd HH:mm[:ss]" or with a T, and no zone. Parsed by hand because
 * `new Date('2024-03-05')` reads a date-only text as UTC midnight, which shows as the previous
 * day west of Greenwich; the server's texts mean local time.
 */
const localText = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Turns any accepted input into a Date, or null when it names no valid instant. A number with
 * exactly 10 integer digits is epoch SECONDS (spec 01 §9: what the server's timestamps look
 * like until 2286); any other number is milliseconds. A text of digits only is read the same
 * way, as such values arrive from query strings.
 */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'number' || /^-?\d+$/.test(value)) {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    const seconds = String(Math.trunc(Math.abs(n))).length === 10;
    return new Date(seconds ? n * 1000 : n);
  }
  const text = value.trim();
  const local = localText.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s, ms] = local;
    const date = new Date(
      Number(y),
      Number(mo) - 1,
      Number(d),
      Number(h ?? 0),
      Number(mi ?? 0),
      Number(s ?? 0),
      Number((ms ?? '0').padEnd(3, '0')),
    );
    // Reject 2024-02-30 and the like instead of rolling over into March.
    return date.getMonth() === Number(mo) - 1 && date.getDate() === Number(d) ? date : null;
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats a date with the tokens yyyy, MM, dd, HH (24-hour), mm and ss; any other character is
 * copied as is. Empty or invalid input gives '' so a table cell simply stays blank.
 */
export function formatDate(
  value: DateInput | null | undefined,
  pattern: string = defaultDatePattern,
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    yyyy: pad(date.getFullYear(), 4),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/** A picked range: start and end, or empty for "all" (no filter). */
export type DateRange = readonly [DateInput, DateInput] | readonly [];

/**
 * Adds a date range to search parameters (spec 01 §9) and returns a NEW object.
 *
 * Without a name the keys are `beginTime` and `endTime`. With a name the spec says "begin and
 * end plus a name"; our reading: `begin` + the name with its first letter upper-cased, so
 * `'createTime'` and `'CreateTime'` both give `beginCreateTime` / `endCreateTime` (camelCase,
 * as every other query parameter). Dates are sent as `yyyy-MM-dd HH:mm:ss` texts; texts are
 * sent untouched. An empty or incomplete range removes both keys, so "all" clears the filter.
 */
export function addDateRange<P extends object>(
  params: P,
  range: DateRange | null | undefined,
  propName?: string,
): P & Record<string, string> {
  const name = propName ? propName.charAt(0).toUpperCase() + propName.slice(1) : 'Time';
  const beginKey = `begin${name}`;
  const endKey = `end${name}`;
  const next = { ...params } as Record<string, unknown>;
  delete next[beginKey];
  delete next[endKey];
  const [begin, end] = range ?? [];
  if (begin !== undefined && end !== undefined && begin !== '' && end !== '') {
    next[beginKey] = typeof begin === 'string' ? begin : formatDate(begin);
    next[endKey] = typeof end === 'string' ? end : formatDate(end);
  }
  return next as P & Record<string, string>;
}

function startOfDay(date: Date, dayOffset = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + dayOffset, 0, 0, 0, 0);
}

function endOfDay(date: Date, dayOffset = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + dayOffset, 23, 59, 59, 999);
}

export type DateShortcutKey = 'today' | 'yesterday' | 'last7Days' | 'all';

/**
 * The range-picker shortcuts (spec 01 §9) as whole local days, so a search includes the whole
 * of the first and last day: today; yesterday; last 7 days = six days ago 00:00 to today
 * 23:59:59.999 (seven calendar days including today); all = empty range (no filter).
 * Day arithmetic goes through the Date constructor, so daylight-saving days stay whole.
 */
export function dateShortcuts(now: Date): Record<DateShortcutKey, readonly [Date, Date] | readonly []> {
  return {
    today: [startOfDay(now), endOfDay(now)],
    yesterday: [startOfDay(now, -1), endOfDay(now, -1)],
    last7Days: [startOfDay(now, -6), endOfDay(now)],
    all: [],
  };
}

/**
 * The seven days (00:00 local) of the week holding `date`, Monday first and Sunday last
 * (spec 01 §9), as Chinese calendars count weeks; a Sunday belongs to the week before it.
 */
export function weekOf(date: Date): Date[] {
  const sinceMonday = (date.getDay() + 6) % 7;
  return Array.from({ length: 7 }, (_, i) => startOfDay(date, i - sinceMonday));
}
