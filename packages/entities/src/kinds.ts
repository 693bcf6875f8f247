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
   * All digits a decimal may have, before and after the point (its column's numeric precision:
   * `defineEntity` takes it, with the scale, from the column).
   */
  precision?: number;
  /** Dictionary code (kind dict): its values and labels are in the catalogue. */
  dict?: DictCode;
  /** Referenced entity (kind ref): the value kept is its `valueField`. */
  ref?: { entity: string; valueField: string; labelField: string };
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
  precision?: number;
  dict?: DictCode;
  ref?: { entity: string; valueField: string; labelField: string };
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
}

/** Text-like kinds: a plain filter on them is a contains-match. */
export const textKinds: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'image', 'file']);
/** Kinds whose values are exact decimals, kept as strings end to end. */
export const decimalKinds: ReadonlySet<FieldKind> = new Set(['decimal', 'money']);

/** The body key of a field's confirmation: `password` is confirmed by `confirmPassword`. */
export const confirmKey = (name: string) => `confirm${name.charAt(0).toUpperCase()}${name.slice(1)}`;
