import type { Language } from '@bl/contract';
import { z } from 'zod';
import { dicts } from './dicts.ts';
import { formatChecks } from './formats.ts';
import { confirmKey, type FieldKind, type FieldMeta } from './kinds.ts';
import { formatMessage, type ValidationMessage } from './messages.ts';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const decimalPattern = /^-?\d+(\.\d+)?$/;
/** Integer digits of a decimal whose column gives no precision (none does today). */
const defaultIntegerDigits = 18;

/** The largest id a `bigint` column holds: 19 digits are not all ids. */
const maxId = 9223372036854775807n;

/** Whether a text is a 64-bit id (ARCHITECTURE.md: ids travel as strings of digits). */
export function isId(text: string): boolean {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= maxId;
}

/**
 * An id in a route's query, params or body: the one schema every route takes ids with, so an
 * id PostgreSQL cannot hold is a 400 naming the parameter, never a database error.
 */
export const idSchema = z
  .string()
  .regex(/^\d{1,19}$/)
  .refine(isId, { message: 'id out of range' });

/** PostgreSQL refuses the NUL character in text; no field of ours has a use for it. */
export const hasNul = (text: string) => text.includes('\u0000');

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Dates a route takes as query or body parameters, checked before any SQL sees them: a real
 * calendar day (PostgreSQL has no year 0, and `z.iso.date()` takes 0000-01-01), a month, and
 * an instant with its offset. Entity fields have their own readers below.
 */
export const daySchema = z
  .string()
  .regex(datePattern)
  .refine(
    (text) => {
      const [year, month, day] = text.split('-').map(Number) as [number, number, number];
      return isRealDate(year, month, day);
    },
    { message: 'not a calendar date' },
  );
export const monthSchema = z.string().regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/);
export const instantSchema = z.iso
  .datetime({ offset: true })
  .refine((text) => !text.startsWith('0000'), { message: 'not a calendar date' });

type Fail = (key: ValidationMessage, params?: Record<string, string | number>) => never;

/**
 * Reads one field's raw value into what the database keeps, or fails with a message. Empty
 * input ('' or null) reads as null; required fields then fail with "please input …".
 */
type Reader = (raw: unknown, field: FieldMeta, fail: Fail) => unknown;

const asText = (raw: unknown, field: FieldMeta, fail: Fail): string => {
  if (typeof raw === 'number') return String(raw);
  if (typeof raw !== 'string') return fail('badText');
  if (hasNul(raw)) fail('badCharacter');
  const text = raw.trim();
  if (field.maxLength !== undefined && text.length > field.maxLength)
    fail('tooLong', { max: field.maxLength });
  const problem = field.format ? formatChecks[field.format](text) : null;
  if (problem) fail(problem);
  return text;
};

/**
 * Whether a picture or file link is safe to store and render: an http(s) address, or a path on
 * this site (an uploaded file's `/api/bl-resource/attach/download?id=…`, an avatar's
 * `/api/bl-system/user/avatar?file=…`). Any other scheme (javascript:, data:, vbscript:, file:)
 * is not: the link is rendered as an <a href> or <img src>. Read as a browser reads it (resolved
 * against a web address, which also undoes tabs, newlines and letter case hidden in a scheme).
 * The forms, the server and the web's cells all ask this one function.
 */
export function isWebLink(text: string): boolean {
  try {
    const { protocol } = new URL(text.trim(), 'https://relative.invalid/');
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const asLink: Reader = (raw, field, fail) => {
  const text = asText(raw, field, fail);
  if (!isWebLink(text)) fail('badLink');
  return text;
};

const checkRange = (value: number, field: FieldMeta, fail: Fail) => {
  if (field.positive && !(value > 0)) fail('notPositive');
  if (field.min !== undefined && value < field.min) fail('tooSmall', { min: field.min });
  if (field.max !== undefined && value > field.max) fail('tooLarge', { max: field.max });
};

const asDecimal: Reader = (raw, field, fail) => {
  const text =
    typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : fail('notNumber');
  if (!decimalPattern.test(text)) fail('notNumber');
  const decimals = text.split('.')[1]?.length ?? 0;
  if (field.scale !== undefined && decimals > field.scale) fail('scale', { scale: field.scale });
  // The column's numeric(precision, scale) holds precision - scale digits before the point.
  const digits = field.precision !== undefined ? field.precision - (field.scale ?? 0) : defaultIntegerDigits;
  const whole = (text.replace('-', '').split('.')[0] ?? '').replace(/^0+/, '');
  if (whole.length > digits) fail('tooManyDigits', { digits });
  checkRange(Number(text), field, fail);
  return text;
};

const asChoice: Reader = (raw, field, fail) => {
  const value =
    typeof raw === 'number' || typeof raw === 'boolean' ? String(Number(raw)) : asText(raw, field, fail);
  const dict = field.dict ? dicts[field.dict] : undefined;
  if (dict && !dict.values.some((v) => v.value === value)) fail('badChoice', { value });
  return value;
};

const asId: Reader = (raw, _field, fail) => {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : fail('badId');
  if (!isId(text)) fail('badId');
  return text;
};

const readers: Record<FieldKind, Reader> = {
  id: asId,
  text: asText,
  textarea: asText,
  image: asLink,
  file: asLink,
  // A reference by id holds a 64-bit id; by code, text.
  ref: (raw, field, fail) =>
    field.ref?.valueField === 'id' ? asId(raw, field, fail) : asText(raw, field, fail),
  integer: (raw, field, fail) => {
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || Number.isNaN(value)) fail('notNumber');
    if (!Number.isSafeInteger(value)) fail('notInteger');
    checkRange(value as number, field, fail);
    return value;
  },
  decimal: asDecimal,
  money: asDecimal,
  date: (raw, _field, fail) => {
    const text = typeof raw === 'string' ? raw.trim().slice(0, 10) : fail('badDate');
    const match = datePattern.exec(text);
    if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) fail('badDate');
    return text;
  },
  datetime: (raw, _field, fail) => {
    const text = typeof raw === 'string' ? raw.trim() : fail('badDateTime');
    const match = dateTimePattern.exec(text);
    if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) fail('badDateTime');
    const hours = Number(match?.[4]);
    const minutes = Number(match?.[5]);
    const seconds = Number(match?.[6] ?? 0);
    if (hours > 23 || minutes > 59 || seconds > 59) fail('badDateTime');
    // Without a zone, a time is the warehouse's local time (the reader's time zone).
    const date = new Date(text.replace(' ', 'T'));
    if (Number.isNaN(date.getTime())) fail('badDateTime');
    return date;
  },
  flag: asChoice,
  dict: asChoice,
};

class FieldError extends Error {
  constructor(
    readonly key: ValidationMessage,
    readonly params: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** The fields a client may write: editable, not filled by the server. */
export function writableFields(fields: FieldMeta[]): FieldMeta[] {
  return fields.filter((field) => !field.system && field.form === 'edit');
}

/**
 * A zod schema for one record of an entity, in one language: it keeps the writable fields
 * (anything else is dropped), reads each into its stored form, and reports problems with the
 * shared messages naming the field by its label. `partial` leaves absent fields alone (edits).
 */
export function recordSchema(fields: FieldMeta[], language: Language, options: { partial?: boolean } = {}) {
  const writable = writableFields(fields);
  return z.record(z.string(), z.unknown()).transform((input, context) => {
    const out: Record<string, unknown> = {};
    for (const field of writable) {
      const raw = input[field.name];
      const name = field.label[language];
      const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
      if (empty) {
        if (raw === undefined && options.partial) continue;
        if (field.required) {
          const choice = field.kind === 'dict' || field.kind === 'flag' || field.kind === 'ref';
          const message = formatMessage(choice ? 'requiredChoice' : 'required', language, { field: name });
          context.addIssue({ code: 'custom', path: [field.name], message });
          continue;
        }
        out[field.name] = null;
        continue;
      }
      try {
        out[field.name] = readers[field.kind](raw, field, (key, params = {}) => {
          throw new FieldError(key, params);
        });
      } catch (error) {
        if (!(error instanceof FieldError)) throw error;
        const message = formatMessage(error.key, language, { field: name, ...error.params });
        context.addIssue({ code: 'custom', path: [field.name], message });
      }
    }
    for (const field of writable) {
      // A confirmation is checked where it is given: forms always send it, imports never do.
      const key = confirmKey(field.name);
      if (!field.confirm || !(key in input) || out[field.name] === undefined) continue;
      if (input[key] !== input[field.name]) {
        const message = formatMessage('confirmMismatch', language, {});
        context.addIssue({ code: 'custom', path: [key], message });
      }
    }
    return out;
  });
}

/** Reads a single filter or import value of a field, or answers the message of why not. */
export function readFieldValue(
  field: FieldMeta,
  raw: unknown,
  language: Language,
): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    const value = readers[field.kind](raw, field, (key, params = {}) => {
      throw new FieldError(key, params);
    });
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    return {
      ok: false,
      message: formatMessage(error.key, language, { field: field.label[language], ...error.params }),
    };
  }
}
