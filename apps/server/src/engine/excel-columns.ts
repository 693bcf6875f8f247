import { type Language, languages } from '@bl/contract';
import { type DictValue, dicts, type FieldMeta, writableFields } from '@bl/entities';
import type { EntityDefinition } from '@bl/entities/registry';

/** The fields an export shows: what the list or the view shows, without server columns, plus createTime. */
export function exportFields(entity: EntityDefinition): FieldMeta[] {
  return entity.fields.filter(
    (field) => (!field.system && !field.secret && (field.list || field.view)) || field.name === 'createTime',
  );
}

/** The fields an import (and its template) fills: the ones a client may write. */
export const importFields = (entity: EntityDefinition): FieldMeta[] => writableFields(entity.fields);

export function dictValues(field: FieldMeta): DictValue[] {
  return field.dict ? (dicts[field.dict]?.values ?? []) : [];
}

/** A dictionary value as shown to a person: its label in the language, else the value itself. */
export function dictLabel(field: FieldMeta, value: string, language: Language): string {
  return dictValues(field).find((v) => v.value === value)?.label[language] ?? value;
}

/** Reads a dictionary cell that holds the value or its label in any language; unknown text stays as is. */
export function dictValueOf(field: FieldMeta, text: string): string {
  const values = dictValues(field);
  if (values.some((v) => v.value === text)) return text;
  const folded = text.toLowerCase();
  return (
    values.find((v) => languages.some((language) => v.label[language].toLowerCase() === folded))?.value ??
    text
  );
}

/** The column header of a template: the label, with `*` in front of required fields. */
export const templateHeader = (field: FieldMeta, language: Language) =>
  `${field.required ? '*' : ''}${field.label[language]}`;

const normalise = (text: string) => text.replace(/[*＊]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Maps header texts to fields: a header names a field by its label in any of the three
 * languages or by its name, with or without the `*` of required fields. Answers, per
 * column, the field (or undefined for columns that name nothing writable).
 */
export function matchHeaders(
  fields: FieldMeta[],
  headers: string[],
): { columns: (FieldMeta | undefined)[]; duplicate?: string } {
  const byText = new Map<string, FieldMeta>();
  for (const field of fields) {
    for (const text of [field.name, ...languages.map((language) => field.label[language])]) {
      const key = normalise(text);
      if (!byText.has(key)) byText.set(key, field);
    }
  }
  const seen = new Set<string>();
  const columns: (FieldMeta | undefined)[] = [];
  for (const header of headers) {
    const field = header ? byText.get(normalise(header)) : undefined;
    if (field && seen.has(field.name)) return { columns, duplicate: header };
    if (field) seen.add(field.name);
    columns.push(field);
  }
  return { columns };
}

/** A name Excel accepts for a sheet: at most 31 characters, none of []:*?/\. */
export const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** yyyyMMddHHmmss in the server's time zone. */
export function fileStamp(date = new Date()): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}${pad(date.getHours())}${pad(
    date.getMinutes(),
  )}${pad(date.getSeconds())}`;
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback and the real (Chinese) name as
 * RFC 5987 `filename*`.
 */
export function attachment(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number format of a decimal with `scale` digits after the point. */
export const decimalFormat = (scale: number | undefined) =>
  scale && scale > 0 ? `0.${'0'.repeat(scale)}` : '0';
