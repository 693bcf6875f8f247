import { describe, expect, it } from 'vitest';
import { addDateRange, dateShortcuts, defaultDatePattern, formatDate, toDate, weekOf } from './date.ts';

// Every expectation is built from local-time Dates, so the tests pass in any time zone.
const sample = new Date(2024, 2, 5, 9, 7, 3, 250); // Tue 5 March 2024 09:07:03.250 local

describe('formatDate (spec 01 §9)', () => {
  it('uses yyyy-MM-dd HH:mm:ss by default, zero-padded, 24-hour', () => {
    expect(defaultDatePattern).toBe('yyyy-MM-dd HH:mm:ss');
    expect(formatDate(sample)).toBe('2024-03-05 09:07:03');
    expect(formatDate(new Date(2024, 11, 31, 23, 59, 59))).toBe('2024-12-31 23:59:59');
  });

  it('follows other patterns and copies literal characters', () => {
    expect(formatDate(sample, 'yyyy-MM-dd')).toBe('2024-03-05');
    expect(formatDate(sample, 'dd/MM/yyyy HH:mm')).toBe('05/03/2024 09:07');
    expect(formatDate(sample, 'yyyy年MM月dd日')).toBe('2024年03月05日');
  });

  it('reads a 10-digit number as seconds and a 13-digit number as milliseconds', () => {
    const ms = sample.getTime() - 250;
    expect(String(ms / 1000)).toHaveLength(10);
    expect(formatDate(ms / 1000)).toBe('2024-03-05 09:07:03');
    expect(formatDate(ms)).toBe('2024-03-05 09:07:03');
    expect(formatDate(String(ms / 1000))).toBe('2024-03-05 09:07:03');
  });

  it('reads ISO texts with a zone as that instant', () => {
    expect(formatDate(sample.toISOString())).toBe('2024-03-05 09:07:03');
  });

  it('reads zone-less texts, date-only included, as local time (not UTC midnight)', () => {
    expect(formatDate('2024-03-05', 'yyyy-MM-dd HH:mm')).toBe('2024-03-05 00:00');
    expect(formatDate('2024-03-05 09:07:03')).toBe('2024-03-05 09:07:03');
    expect(formatDate('2024-03-05T09:07')).toBe('2024-03-05 09:07:00');
  });

  it('gives an empty text for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2024-02-30')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('toDate copies a Date rather than sharing it', () => {
    const copy = toDate(sample);
    expect(copy).not.toBe(sample);
    expect(copy?.getTime()).toBe(sample.getTime());
  });
});

describe('addDateRange (spec 01 §9)', () => {
  const range = [new Date(2024, 0, 1), new Date(2024, 0, 31, 23, 59, 59)] as const;

  it('adds beginTime and endTime without a name, leaving the input untouched', () => {
    const params = { current: 1, size: 20 };
    const result = addDateRange(params, range);
    expect(result).toEqual({
      current: 1,
      size: 20,
      beginTime: '2024-01-01 00:00:00',
      endTime: '2024-01-31 23:59:59',
    });
    expect(params).toEqual({ current: 1, size: 20 });
  });

  it('adds begin/end plus the name, first letter upper-cased', () => {
    expect(addDateRange({}, range, 'createTime')).toEqual({
      beginCreateTime: '2024-01-01 00:00:00',
      endCreateTime: '2024-01-31 23:59:59',
    });
    expect(addDateRange({}, ['2024-01-01', '2024-01-02'], 'BillDate')).toEqual({
      beginBillDate: '2024-01-01',
      endBillDate: '2024-01-02',
    });
  });

  it('drops the keys for an empty range, so "all" clears an earlier filter', () => {
    const earlier = addDateRange({ size: 20 }, range);
    expect(addDateRange(earlier, [])).toEqual({ size: 20 });
    expect(addDateRange({ size: 20 }, null)).toEqual({ size: 20 });
    expect(addDateRange({ size: 20 }, ['', ''])).toEqual({ size: 20 });
  });
});

describe('dateShortcuts (spec 01 §9)', () => {
  const now = new Date(2024, 2, 1, 15, 30); // 1 March 2024, the day after a leap day
  const shortcuts = dateShortcuts(now);

  it('today runs from midnight to the last millisecond of today', () => {
    expect(shortcuts.today).toEqual([new Date(2024, 2, 1), new Date(2024, 2, 1, 23, 59, 59, 999)]);
  });

  it('yesterday is the whole previous day, across a month end', () => {
    expect(shortcuts.yesterday).toEqual([new Date(2024, 1, 29), new Date(2024, 1, 29, 23, 59, 59, 999)]);
  });

  it('last 7 days are seven whole days ending today', () => {
    expect(shortcuts.last7Days).toEqual([new Date(2024, 1, 24), new Date(2024, 2, 1, 23, 59, 59, 999)]);
  });

  it('all is the empty range', () => {
    expect(shortcuts.all).toEqual([]);
  });
});

describe('weekOf (spec 01 §9)', () => {
  const days = (date: Date) => weekOf(date).map((d) => formatDate(d, 'yyyy-MM-dd'));
  const week = [
    '2024-03-04',
    '2024-03-05',
    '2024-03-06',
    '2024-03-07',
    '2024-03-08',
    '2024-03-09',
    '2024-03-10',
  ];

  it('gives Monday to Sunday of the week holding a midweek day', () => {
    expect(days(sample)).toEqual(week);
  });

  it('puts a Monday first and a Sunday last in their own week', () => {
    expect(days(new Date(2024, 2, 4, 0, 0))).toEqual(week);
    expect(days(new Date(2024, 2, 10, 23, 59))).toEqual(week);
  });

  it('crosses month and year ends', () => {
    expect(days(new Date(2025, 0, 1))).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it('starts each day at local midnight', () => {
    for (const day of weekOf(sample)) expect(formatDate(day, 'HH:mm:ss')).toBe('00:00:00');
  });
});
