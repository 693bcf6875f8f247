import type { Query } from '@bl/contract';
import type { FieldMeta, SearchMode } from '@bl/entities';
import type { Dayjs } from 'dayjs';
import type { Paging } from './paging.ts';

/** What the search form holds: one value per searchable field (a day pair for ranges). */
export type SearchValues = Record<string, unknown>;

/** A server-side sort on one column. */
export interface Sort {
  field: string;
  order: 'ascend' | 'descend';
}

/** A day range as the search form keeps it: 'yyyy-MM-dd' both ends, both included. */
export type DayRange = [string, string];

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * How each search mode puts a value into the list query, with SpringBlade's suffixes:
 * a contains-match is the bare name, an exact match `_equal`, a day range `_dategt`/`_datelt`
 * (the server includes both days).
 */
const searchParamsOf: Record<Exclude<SearchMode, 'none'>, (name: string, value: unknown) => Query> = {
  match: (name, value) => ({ [name]: String(value).trim() }),
  equal: (name, value) => ({ [`${name}_equal`]: String(value).trim() }),
  range: (name, value) => {
    if (!Array.isArray(value)) return {};
    const [from, to] = value as unknown[];
    return {
      ...(!isBlank(from) && { [`${name}_dategt`]: String(from) }),
      ...(!isBlank(to) && { [`${name}_datelt`]: String(to) }),
    };
  },
};

/** The filter part of a list query: only searchable fields, blank values left out. */
export function searchParams(fields: FieldMeta[], values: SearchValues): Query {
  const query: Query = {};
  for (const field of fields) {
    if (field.search === 'none') continue;
    const value = values[field.name];
    if (isBlank(value)) continue;
    Object.assign(query, searchParamsOf[field.search](field.name, value));
  }
  return query;
}

/** `ascs=` or `descs=` for a sort; nothing without one (the server's default order). */
export function sortParams(sort: Sort | undefined): Query {
  if (!sort) return {};
  return sort.order === 'ascend' ? { ascs: sort.field } : { descs: sort.field };
}

/** A fixed filter (a spec route's kind of records) as exact matches: `{name}_equal`. */
export function filterParams(filter: Record<string, string> | undefined): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(filter ?? {})) query[`${name}_equal`] = value;
  return query;
}

/** The whole query of `{path}/list`: page, size, sort and filters. */
export function listQuery(input: {
  fields: FieldMeta[];
  values: SearchValues;
  paging: Paging;
  sort?: Sort | undefined;
}): Query {
  return {
    current: input.paging.current,
    size: input.paging.size,
    ...sortParams(input.sort),
    ...searchParams(input.fields, input.values),
  };
}

/** The query of `{path}/export`: the list's filters and sort, every page. */
export function exportQuery(input: { fields: FieldMeta[]; values: SearchValues; sort?: Sort | undefined }) {
  return { ...sortParams(input.sort), ...searchParams(input.fields, input.values) };
}

/** The date shortcuts of spec 01 §9. */
export const datePresets = ['today', 'yesterday', 'last7Days', 'all'] as const;
export type DatePreset = (typeof datePresets)[number];

const day = (date: Dayjs) => date.format('YYYY-MM-DD');

/**
 * The days a shortcut stands for, seen from `today`: last 7 days are today and the six days
 * before it. `all` is no range at all (the filter is cleared).
 */
export function presetRange(preset: DatePreset, today: Dayjs): DayRange | undefined {
  const ranges: Record<DatePreset, () => DayRange | undefined> = {
    today: () => [day(today), day(today)],
    yesterday: () => [day(today.subtract(1, 'day')), day(today.subtract(1, 'day'))],
    last7Days: () => [day(today.subtract(6, 'day')), day(today)],
    all: () => undefined,
  };
  return ranges[preset]();
}
