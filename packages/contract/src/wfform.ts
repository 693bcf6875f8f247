import type { Language } from './language.ts';

/**
 * A workflow form's schema (issue 18, docs/adr/0029-form-schemas.md): what the form designer
 * (/tool/build/index) saves as a wfform's `content`, what the start and handle pages render
 * with antd, and what the server checks a start's or a task's values against. One small typed
 * format, read by both sides through `readFormSchema` and checked by `checkFormValues`.
 */
export const formFieldTypes = ['text', 'number', 'date', 'select', 'textarea', 'user'] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

export type FormLabel = Record<Language, string>;

export interface FormField {
  /** The process variable the value is stored as. */
  name: string;
  type: FormFieldType;
  label: FormLabel;
  required?: boolean;
  /** number: the smallest and largest value; text and textarea: the shortest and longest length. */
  min?: number;
  max?: number;
  /** text and textarea: a regular expression the whole value matches. */
  pattern?: string;
  /** select: the choices. */
  options?: { value: string; label: FormLabel }[];
  /** How many of the form's columns the field takes (1 to the form's columns). */
  span?: number;
}

export interface FormSchema {
  /** Counts the saves of the form: a deployment keeps the version it was deployed with. */
  version: number;
  /** Fields per row (1 to 4). */
  columns: number;
  fields: FormField[];
}

const languages: Language[] = ['zh', 'mo', 'en'];
const variableName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Names the engine keeps for itself (ADR 0027): a form may not overwrite them. */
const reserved = new Set(['starter', 'initiator', 'billId', 'billType', 'billAction', 'billNo', 'copyTo']);

const isLabel = (value: unknown): value is FormLabel =>
  typeof value === 'object' &&
  value !== null &&
  languages.every((l) => typeof (value as Record<string, unknown>)[l] === 'string') &&
  languages.some((l) => ((value as Record<string, string>)[l] ?? '').trim() !== '');

const finite = (value: unknown) =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value));

/** Reads a stored schema: the schema, or the reason it is not one (for the designer's message). */
export function readFormSchema(raw: unknown): { schema: FormSchema } | { error: string } {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { error: 'JSON' };
    }
  }
  const data = value as Partial<FormSchema> | null;
  if (typeof data !== 'object' || data === null || !Array.isArray(data.fields)) return { error: 'fields' };
  const columns = data.columns ?? 1;
  if (!Number.isInteger(columns) || columns < 1 || columns > 4) return { error: 'columns' };
  if (data.fields.length === 0 || data.fields.length > 100) return { error: 'fields' };
  const names = new Set<string>();
  for (const field of data.fields) {
    const name = String(field?.name ?? '');
    if (!variableName.test(name) || reserved.has(name)) return { error: `name ${name}` };
    if (names.has(name)) return { error: `name ${name} twice` };
    names.add(name);
    if (!formFieldTypes.includes(field.type)) return { error: `${name}: type` };
    if (!isLabel(field.label)) return { error: `${name}: label` };
    if (!finite(field.min) || !finite(field.max)) return { error: `${name}: min/max` };
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      return { error: `${name}: min > max` };
    if (field.pattern !== undefined) {
      if (typeof field.pattern !== 'string' || field.pattern.length > 200)
        return { error: `${name}: pattern` };
      try {
        new RegExp(field.pattern);
      } catch {
        return { error: `${name}: pattern` };
      }
    }
    if (field.type === 'select') {
      const options = field.options ?? [];
      if (
        options.length === 0 ||
        options.some((o) => typeof o?.value !== 'string' || !o.value || !isLabel(o.label))
      )
        return { error: `${name}: options` };
    }
    if (field.span !== undefined && (!Number.isInteger(field.span) || field.span < 1 || field.span > columns))
      return { error: `${name}: span` };
  }
  return { schema: { version: Number(data.version) || 1, columns, fields: data.fields } };
}

/** What is wrong with a field's value: the field and the rule it breaks, `required` if missing. */
export interface FormProblem {
  field: FormField;
  rule: 'required' | 'type' | 'min' | 'max' | 'pattern' | 'option';
}

const empty = (value: unknown) => value === undefined || value === null || value === '';

/** Checks values against a schema (on the server as in the browser): the first problem, if any. */
export function checkFormValues(
  schema: FormSchema,
  values: Record<string, unknown>,
): FormProblem | undefined {
  for (const field of schema.fields) {
    const value = values[field.name];
    if (empty(value)) {
      if (field.required) return { field, rule: 'required' };
      continue;
    }
    switch (field.type) {
      case 'number': {
        if (typeof value !== 'number' || !Number.isFinite(value)) return { field, rule: 'type' };
        if (field.min !== undefined && value < field.min) return { field, rule: 'min' };
        if (field.max !== undefined && value > field.max) return { field, rule: 'max' };
        break;
      }
      case 'date':
        if (
          typeof value !== 'string' ||
          !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
          Number.isNaN(Date.parse(value))
        )
          return { field, rule: 'type' };
        break;
      case 'select':
        if (typeof value !== 'string' || !(field.options ?? []).some((o) => o.value === value))
          return { field, rule: 'option' };
        break;
      case 'user':
        if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) return { field, rule: 'type' };
        break;
      default: {
        if (typeof value !== 'string') return { field, rule: 'type' };
        if (field.min !== undefined && value.length < field.min) return { field, rule: 'min' };
        if (field.max !== undefined && value.length > field.max) return { field, rule: 'max' };
        if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value))
          return { field, rule: 'pattern' };
      }
    }
  }
  return undefined;
}

/** A field's label in a language, falling back to another language when that one is empty. */
export const formLabel = (label: FormLabel, language: Language) =>
  label[language]?.trim() || label.zh?.trim() || label.en?.trim() || label.mo?.trim() || '';
