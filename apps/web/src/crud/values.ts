import { displayDecimal, type FieldKind, type FieldMeta, type Measure } from '@bl/entities';
import dayjs from 'dayjs';

/** A record as the API sends and takes it (ids and decimals as strings). */
export type Row = Record<string, unknown>;

/** The format date-times are shown and edited in, in the reader's time zone. */
export const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';
export const dateFormat = 'YYYY-MM-DD';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * How one kind's value moves between the wire and a form input: `toForm` makes what the
 * input edits (undefined when empty), `toWire` what the submit body carries (null when empty).
 */
interface Conversion {
  toForm(wire: unknown): unknown;
  toWire(form: unknown): unknown;
}

const asString: Conversion = {
  toForm: (wire) => (isBlank(wire) ? undefined : String(wire)),
  toWire: (form) => (isBlank(form) ? null : String(form)),
};

/** Decimals stay strings end to end, so 0.1 + 0.2 never happens; a dangling point is dropped. */
const asDecimal: Conversion = {
  toForm: (wire) => (isBlank(wire) ? undefined : String(wire)),
  toWire: (form) => {
    if (isBlank(form)) return null;
    const text = String(form).trim().replace(/\.$/, '');
    return text === '' || text === '-' ? null : text;
  },
};

export const conversions: Record<FieldKind, Conversion> = {
  id: asString,
  text: asString,
  textarea: asString,
  image: asString,
  file: asString,
  ref: asString,
  flag: asString,
  dict: asString,
  decimal: asDecimal,
  money: asDecimal,
  integer: {
    toForm: (wire) => (isBlank(wire) ? undefined : Number(wire)),
    toWire: (form) => (isBlank(form) ? null : Number(form)),
  },
  date: {
    toForm: (wire) => (isBlank(wire) ? undefined : String(wire).slice(0, 10)),
    toWire: (form) => (isBlank(form) ? null : String(form).slice(0, 10)),
  },
  // The wire carries ISO instants; the form edits local wall-clock time.
  datetime: {
    toForm: (wire) => {
      if (isBlank(wire)) return undefined;
      const time = dayjs(String(wire));
      return time.isValid() ? time.format(dateTimeFormat) : String(wire);
    },
    toWire: (form) => {
      if (isBlank(form)) return null;
      const time = dayjs(String(form));
      return time.isValid() ? time.toISOString() : String(form);
    },
  },
};

/** A record's values for a form over these fields. */
export function toFormValues(fields: FieldMeta[], record: Row): Row {
  const values: Row = {};
  for (const field of fields) {
    const value = conversions[field.kind].toForm(record[field.name]);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/** A form's values as a submit body over these fields (every field present, null when empty). */
export function toWireValues(fields: FieldMeta[], values: Row): Row {
  return Object.fromEntries(
    fields.map((field) => [field.name, conversions[field.kind].toWire(values[field.name])]),
  );
}

/** The values a new record starts with: each field's default. */
export function defaultValues(fields: FieldMeta[]): Row {
  const values: Row = {};
  for (const field of fields) {
    if (field.defaultValue === undefined || field.system) continue;
    const value = conversions[field.kind].toForm(field.defaultValue);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/**
 * An exact decimal for display: the scale's digits after the point (padded, never rounded:
 * the server keeps the scale), thousands grouped when asked (money).
 */
export function formatDecimal(value: unknown, scale: number | undefined, group = false): string {
  if (isBlank(value)) return '';
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = scale === undefined ? fraction : fraction.padEnd(scale, '0');
  const grouped = group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  return `${sign}${grouped}${digits ? `.${digits}` : ''}`;
}

/**
 * A quantity, weight or volume for display: a count without zeros after the point, a measure
 * with its unit's decimals (`displayDecimal`, shared with prints).
 */
export function formatMeasured(value: unknown, measure?: Measure): string {
  return isBlank(value) ? '' : displayDecimal(String(value).trim(), measure);
}

/** A date-time as local 'yyyy-MM-dd HH:mm:ss'. */
export function formatDateTime(value: unknown): string {
  if (isBlank(value)) return '';
  const time = dayjs(String(value));
  return time.isValid() ? time.format(dateTimeFormat) : String(value);
}

/** A date as 'yyyy-MM-dd'. */
export function formatDate(value: unknown): string {
  return isBlank(value) ? '' : String(value).slice(0, 10);
}

/**
 * What a decimal input keeps of typed text: digits, one point, a leading minus when negatives
 * are allowed, and at most `scale` digits after the point.
 */
export function cleanDecimalInput(text: string, scale: number | undefined, allowNegative: boolean): string {
  const negative = allowNegative && text.trim().startsWith('-');
  const kept = text.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let whole = point === -1 ? kept : kept.slice(0, point);
  let fraction = point === -1 ? undefined : kept.slice(point + 1).replace(/\./g, '');
  if (fraction !== undefined && scale !== undefined) fraction = fraction.slice(0, scale);
  if (scale === 0) fraction = undefined;
  whole = whole.replace(/^0+(?=\d)/, '');
  if (fraction !== undefined && whole === '') whole = '0';
  return `${negative ? '-' : ''}${whole}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/**
 * A value no dictionary entry names, as words: `putawayConfirm` reads "Putaway confirm",
 * `bill_close` "Bill close"; codes that are not names ("7") stay as they are.
 */
export function readableCode(code: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(code)) return code;
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
