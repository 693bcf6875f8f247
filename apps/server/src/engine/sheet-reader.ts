import { decimalKinds, type FieldMeta } from '@bl/entities';
import * as XLSX from '@e965/xlsx';
import { AppError, badRequest } from '../http/errors.ts';
import { dictValueOf, matchHeaders } from './excel-columns.ts';

/**
 * Reading an uploaded spreadsheet into records (docs/adr/0004-spreadsheets.md). This runs in a
 * parse worker (parse-worker.ts, docs/adr/0035-untrusted-parsing.md), never on the event
 * loop: it imports nothing that needs the database or the server, and it gets the fields as
 * plain data instead of the entity.
 */

/** Data rows of one import at most (the header is row 1). */
export const sheetRowLimit = 50_000;

export interface ParsedRow {
  row: number;
  input: Record<string, unknown>;
}

/** A date cell, kept as its wall-clock parts (Excel has no time zone). */
interface DateParts {
  y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
}
type CellValue = string | number | boolean | DateParts | null;

const ssf = XLSX.SSF as {
  is_date(format: string): boolean;
  parse_date_code(serial: number): DateParts | null;
};

/**
 * A cell's plain value. A formula cell comes with its cached result (formulas are never
 * evaluated): text results are typed `str` in the file and arrive as text. A writer that leaves
 * the type out makes SheetJS read the text as a number, NaN, with the text lost: that cell is
 * refused with its address, never imported as "NaN".
 */
function cellValue(cell: XLSX.CellObject | undefined, r: number, c: number): CellValue {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      if (!Number.isFinite(value))
        throw badRequest('excel.badCell', { cell: XLSX.utils.encode_cell({ r, c }) });
      if (typeof cell.z === 'string' && ssf.is_date(cell.z)) return ssf.parse_date_code(value) ?? value;
      return value;
    }
    case 'b':
      return cell.v as boolean;
    case 'd': {
      const date = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      return Number.isNaN(date.getTime())
        ? String(cell.v)
        : {
            y: date.getUTCFullYear(),
            m: date.getUTCMonth() + 1,
            d: date.getUTCDate(),
            H: date.getUTCHours(),
            M: date.getUTCMinutes(),
            S: date.getUTCSeconds(),
          };
    }
    case 's':
      return String(cell.v);
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return null;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A number as decimal text: 15 significant digits (what Excel shows), never an exponent. */
function numberText(value: number): string {
  const rounded = Number(value.toPrecision(15));
  const text = String(rounded);
  return /e/i.test(text) && Math.abs(rounded) < 1 ? rounded.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** A cell as the field's reader takes it: what a form would have sent. */
function fieldInput(field: FieldMeta, value: Exclude<CellValue, null>): unknown {
  if (typeof value === 'object') {
    const day = `${pad(value.y, 4)}-${pad(value.m)}-${pad(value.d)}`;
    const time = `${pad(value.H)}:${pad(value.M)}:${pad(value.S)}`;
    if (field.kind === 'date') return day;
    if (field.kind === 'datetime') return `${day} ${time}`;
    return value.H + value.M + value.S === 0 ? day : `${day} ${time}`;
  }
  if (field.kind === 'dict' || field.kind === 'flag') {
    if (typeof value === 'boolean') return value ? '1' : '0';
    return dictValueOf(field, typeof value === 'number' ? numberText(value) : value.trim());
  }
  if (typeof value === 'boolean') return field.kind === 'integer' ? value : String(value);
  if (typeof value === 'number') return field.kind === 'integer' ? value : numberText(value);
  if (decimalKinds.has(field.kind)) return value.trim().replace(/,/g, '');
  return value;
}

/**
 * Reads the first sheet of an .xls or .xlsx into fresh records: row 1 names the columns (a
 * label in any language, or the field name), every later non-blank row is one record. Only
 * plain values are taken (no formulas, styles, HTML or macros), and only into new objects
 * keyed by the given fields' names, so nothing in the file can reach a live object.
 * `fields` are the entity's import fields (excel-columns.ts `importFields`).
 */
export function readSheet(fields: FieldMeta[], content: Uint8Array): ParsedRow[] {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(Buffer.from(content.buffer, content.byteOffset, content.byteLength), {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: sheetRowLimit + 2,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: true,
      cellDates: false,
      bookVBA: false,
    });
  } catch {
    throw badRequest('excel.unreadable');
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) throw badRequest('excel.noRows');
  const range = XLSX.utils.decode_range(ref);
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : range;
  if (full.e.r > range.e.r) throw badRequest('excel.tooManyRows', { max: sheetRowLimit });
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];

  const headers: string[] = [];
  for (let c = 0; c <= range.e.c; c++) {
    const value = cellValue(data[0]?.[c], 0, c);
    headers.push(value === null || typeof value === 'object' ? '' : String(value));
  }
  const { columns, duplicate } = matchHeaders(fields, headers);
  if (duplicate !== undefined) throw badRequest('excel.duplicateColumn', { name: duplicate });
  if (!columns.some(Boolean)) throw badRequest('excel.noColumns');

  const rows: ParsedRow[] = [];
  for (let r = 1; r <= range.e.r; r++) {
    const cells = data[r];
    if (!cells) continue;
    const input: Record<string, unknown> = {};
    let filled = false;
    columns.forEach((field, c) => {
      if (!field) return;
      const value = cellValue(cells[c], r, c);
      if (value === null || (typeof value === 'string' && value.trim() === '')) return;
      input[field.name] = fieldInput(field, value);
      filled = true;
    });
    if (!filled) continue;
    if (rows.length >= sheetRowLimit) throw badRequest('excel.tooManyRows', { max: sheetRowLimit });
    rows.push({ row: r + 1, input });
  }
  if (rows.length === 0) throw badRequest('excel.noRows');
  return rows;
}

/**
 * The worker's entry for a sheet: anything but a refusal of ours (SheetJS tripping over a
 * crafted file after reading it) is an unreadable file, not a server error.
 */
export function readSheetTask(input: { fields: FieldMeta[]; content: Uint8Array }): ParsedRow[] {
  try {
    return readSheet(input.fields, input.content);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('excel.unreadable');
  }
}
