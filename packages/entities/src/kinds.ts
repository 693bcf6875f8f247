import type { DictCode } from './dicts.ts';
import type { TextFormat } from './formats.ts';
import type { Label } from './label.ts';

/**
 * The kinds of field every entity is made of. Server (columns, validation, filters, export)
 * and web (inputs, cells, search) each keep a `Record<FieldKind, …>`, so a new kind is a
 * compile error until every place handles it.
 */
export const fieldKinds = [
  'id',
  'text',
  'textarea',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'flag',
  'dict',
  'ref',
  'image',
  'file',
] as const;
export type FieldKind = (typeof fieldKinds)[number];

/** How a list search box matches: contains (text), equal (codes, numbers), range (dates). */
export type SearchMode = 'none' | 'match' | 'equal' | 'range';
/** Whether a form shows the field for editing, shows it read-only, or leaves it out. */
export type FormMode = 'edit' | 'readonly' | 'hidden';

/** What an author writes for a field; `defineEntity` adds the name and column. */
export interface FieldInput {
  kind: FieldKind;
  label: Label;
  required?: boolean;
  /** Longest text, in characters. */
  maxLength?: number;
  /** A text format with its own rule: identity card, mobile number, e-mail. */
  format?: TextFormat;
  /** Smallest and largest number allowed. */
  min?: number;
  max?: number;
  /** Greater than zero (quantities): zero and negative numbers are refused with a message. */
  positive?: boolean;
  /** Digits after the point for decimal and money. */
  scale?: number;
  /**
   * What a decimal measures, for display (issue 14 pt 7): a weight in kg or t, a volume in m³, a
   * length in m shows at least that unit's decimals (`measureDecimals`); a decimal without one is
   * a count and shows no zeros after the point. `defineEntity` reads it from the English label's
   * unit ("Weight (kg)") when the author does not name it.
   */
  measure?: Measure;
  /**
   * All digits a decimal may have, before and after the point (its column's numeric precision:
   * `defineEntity` takes it, with the scale, from the column).
   */
  precision?: number;
  /** Dictionary code (kind dict): its values and labels are in the catalogue. */
  dict?: DictCode;
  /**
   * Referenced entity (kind ref): the value kept is its `valueField`. `ownerField`: the field of
   * this record naming the owner the referenced record must belong to, when it is not the
   * entity's own (`EntityInput.ownerField`).
   */
  ref?: FieldRef;
  /** Shown as a list column (default true except for textarea, image, file and system fields). */
  list?: boolean;
  search?: SearchMode;
  form?: FormMode;
  view?: boolean;
  sortable?: boolean;
  /** Unique within the tenant among rows not deleted. */
  unique?: boolean;
  defaultValue?: string | number;
  /** Filled by the server (id, tenant, common columns, version): never taken from a client. */
  system?: boolean;
  /** Written but never read back (keys, passwords): left out of every answer and export. */
  secret?: boolean;
  /**
   * Typed twice (passwords): forms ask again under `confirmKey(name)` and a body that carries
   * that key must repeat the value (spec 02 §5 "The two input password is inconsistent.").
   */
  confirm?: boolean;
  /**
   * On a line entity: the field's place (1 first) among the columns a clerk fills on every line
   * (material, quantity, unit, place, batch). The lines editor shows these first and keeps the
   * others behind "more" (apps/web/src/crud/lines.ts says which fields count as primary).
   */
  line?: number;
  /**
   * A text field that keeps the name of the record a reference field of the same record points
   * at (a bill's owner name beside its owner code): the engine writes it from the referenced
   * record's title (`ref.labelField`) on every write, and a form fills it when the reference is
   * picked. A snapshot: the bill keeps the name it was made with. The field must be server-owned.
   */
  nameOf?: string;
  /**
   * Why this server-owned field may stay empty, for a shared block used by many entities (a
   * hidden total of a bill without lines); an entity's own `unfilled` says it for one entity.
   */
  unfilled?: `issue ${number}: ${string}` | `by nature: ${string}`;
}

/** What a ref field names (FieldInput.ref). */
export interface FieldRef {
  entity: string;
  valueField: string;
  labelField: string;
  ownerField?: string;
}

/** A field as the catalogue serves it. */
export interface FieldMeta extends Required<Pick<FieldInput, 'kind' | 'label'>> {
  name: string;
  required: boolean;
  maxLength?: number;
  format?: TextFormat;
  min?: number;
  max?: number;
  positive?: true;
  scale?: number;
  measure?: Measure;
  precision?: number;
  dict?: DictCode;
  ref?: FieldRef;
  list: boolean;
  search: SearchMode;
  form: FormMode;
  view: boolean;
  sortable: boolean;
  unique: boolean;
  defaultValue?: string | number;
  system: boolean;
  secret?: true;
  confirm?: true;
  line?: number;
  nameOf?: string;
}

/** A field the server owns: no client body writes it (the complement of `writableFields`). */
export const isServerOwned = (field: Pick<FieldMeta, 'system' | 'form'>) =>
  field.system || field.form !== 'edit';

/** Units a decimal can measure in; anything else is a count. */
export type Measure = 'kg' | 't' | 'm3' | 'm';

/** The decimals a measure always shows (a weight in kg to the gram is 2.50, not 2.5). */
export const measureDecimals: Record<Measure, number> = { kg: 2, t: 3, m3: 3, m: 2 };

/** The measure an English label names in its closing brackets: "Weight (kg)" → kg. */
export function measureOfLabel(english: string): Measure | undefined {
  const unit = /\(([^()]+)\)\s*$/.exec(english)?.[1]?.trim().toLowerCase();
  if (unit === 'kg') return 'kg';
  if (unit === 't') return 't';
  if (unit === 'm³' || unit === 'm3') return 'm3';
  if (unit === 'm') return 'm';
  return undefined;
}

/**
 * A stored decimal as people read it: trailing zeros dropped (a count of 12 is "12", not
 * "12.0000"), then padded to the measure's decimals. Never rounded: every digit the server
 * keeps that is not a trailing zero still shows.
 */
export function displayDecimal(text: string, measure?: Measure): string {
  const match = /^(-?\d+)(?:\.(\d*?)0*)?$/.exec(text);
  if (!match) return text;
  const [, whole = '', fraction = ''] = match;
  const digits = measure ? fraction.padEnd(measureDecimals[measure], '0') : fraction;
  return digits ? `${whole}.${digits}` : whole;
}

/** Text-like kinds: a plain filter on them is a contains-match. */
export const textKinds: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'image', 'file']);
/** Kinds whose values are exact decimals, kept as strings end to end. */
export const decimalKinds: ReadonlySet<FieldKind> = new Set(['decimal', 'money']);

/** The body key of a field's confirmation: `password` is confirmed by `confirmPassword`. */
export const confirmKey = (name: string) => `confirm${name.charAt(0).toUpperCase()}${name.slice(1)}`;
