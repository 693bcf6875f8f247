import type { Language } from '@bl/contract';
import { type FieldKind, type FieldMeta, formatMessage, readFieldValue, recordSchema } from '@bl/entities';
import type { FormRule as Rule } from 'antd';
import { conversions, type Row } from './values.ts';

/** Kinds picked from a list: their required message says "please select" (spec 02 §5). */
const choiceKinds: ReadonlySet<FieldKind> = new Set(['dict', 'flag', 'ref']);
const textKinds: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'image', 'file', 'ref']);

/** The required message of a field, in the server's words. */
export function requiredMessage(field: FieldMeta, language: Language): string {
  const key = choiceKinds.has(field.kind) ? 'requiredChoice' : 'required';
  return formatMessage(key, language, { field: field.label[language] });
}

/**
 * The form rules of a field: "please input/select {field}" when required, then the shared
 * reader of `@bl/entities` on any value, so length, range, scale and date checks say exactly
 * what the server would.
 */
export function fieldRules(field: FieldMeta, language: Language): Rule[] {
  const rules: Rule[] = [];
  if (field.required)
    rules.push({
      required: true,
      // Without a type the check reads the value as text, and a number (InputNumber) fails it.
      ...(field.kind === 'integer' && { type: 'number' as const }),
      whitespace: textKinds.has(field.kind),
      message: requiredMessage(field, language),
    });
  rules.push({
    validator: async (_rule, value: unknown) => {
      const wire = conversions[field.kind].toWire(value);
      if (wire === null) return;
      const result = readFieldValue(field, wire, language);
      if (!result.ok) throw new Error(result.message);
    },
  });
  return rules;
}

/** A problem with one field of a record, from the shared `recordSchema`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Runs the shared record schema over a submit body; empty when the server would accept it. */
export function recordIssues(fields: FieldMeta[], body: Row, language: Language): FieldIssue[] {
  const result = recordSchema(fields, language).safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issue.message,
  }));
}
