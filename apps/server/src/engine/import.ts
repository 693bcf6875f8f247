import { type Language, ResultCode } from '@bl/contract';
import { decimalKinds, type FieldMeta } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import * as XLSX from '@e965/xlsx';
import type { FastifyRequest } from 'fastify';
import { rowsDetail, writeAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import type { AuthContext } from '../http/context.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { type MessageParams, translate } from '../i18n/messages.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { submitRecord } from './crud.ts';
import { dictValueOf, importFields, matchHeaders } from './excel-columns.ts';

/** Limits of one upload (ARCHITECTURE.md "Known traps": whatever reads uploads limits size and rows). */
export const importLimits = {
  fileSize: 10 * 1024 * 1024,
  rows: 50_000,
  /** Row errors sent back; the message counts them all. */
  reportedErrors: 100,
} as const;

export interface RowError {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  message: string;
}

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Only .xls and .xlsx are accepted (spec 02 §5), by the name and by the content: an .xlsx is
 * a zip, an .xls an OLE2 compound file. Anything else (csv, html saved as .xls, a renamed text
 * file) is refused before a parser sees it.
 */
export function isSpreadsheet(fileName: string, content: Buffer): boolean {
  if (!/\.xlsx?$/i.test(fileName.trim())) return false;
  const head = (magic: Buffer) =>
    content.length >= magic.length && content.subarray(0, magic.length).equals(magic);
  return head(zipMagic) || head(oleMagic);
}

const formatBytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Reads the one file of a multipart upload (field `file`) into memory, within the size limit. */
export async function readUpload(request: FastifyRequest): Promise<{ fileName: string; content: Buffer }> {
  const tooLarge = () =>
    new AppError(ResultCode.payloadTooLarge, 'excel.tooLarge', { limit: formatBytes(importLimits.fileSize) });
  try {
    const part = await request.file({
      limits: { fileSize: importLimits.fileSize, files: 1, fields: 10, parts: 12 },
    });
    if (part?.fieldname !== 'file') throw badRequest('excel.noFile');
    const content = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return { fileName: part.filename ?? '', content };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (
      typeof code === 'string' &&
      /^FST_(INVALID_MULTIPART|FILES_LIMIT|PARTS_LIMIT|FIELDS_LIMIT|PROTO)/.test(code)
    )
      throw badRequest('excel.noFile');
    throw error;
  }
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

function cellValue(cell: XLSX.CellObject | undefined): CellValue {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
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

export interface ParsedRow {
  row: number;
  input: Record<string, unknown>;
}

/**
 * Reads the first sheet of an .xls or .xlsx into fresh records: row 1 names the columns (a
 * label in any language, or the field name), every later non-blank row is one record. Only
 * plain values are taken (no formulas, styles, HTML or macros), and only into new objects
 * keyed by the entity's own field names, so nothing in the file can reach a live object.
 */
export function parseSheet(entity: EntityDefinition, content: Buffer): ParsedRow[] {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(content, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: importLimits.rows + 2,
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
  if (full.e.r > range.e.r) throw badRequest('excel.tooManyRows', { max: importLimits.rows });
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];

  const headers: string[] = [];
  for (let c = 0; c <= range.e.c; c++) {
    const value = cellValue(data[0]?.[c]);
    headers.push(value === null || typeof value === 'object' ? '' : String(value));
  }
  const { columns, duplicate } = matchHeaders(importFields(entity), headers);
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
      const value = cellValue(cells[c]);
      if (value === null || (typeof value === 'string' && value.trim() === '')) return;
      input[field.name] = fieldInput(field, value);
      filled = true;
    });
    if (!filled) continue;
    if (rows.length >= importLimits.rows) throw badRequest('excel.tooManyRows', { max: importLimits.rows });
    rows.push({ row: r + 1, input });
  }
  if (rows.length === 0) throw badRequest('excel.noRows');
  return rows;
}

/** A database refusal of one row's data (class 22 data exception, 23 integrity violation). */
function dataError(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return (e as Error).message;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return undefined;
}

function rowMessage(error: AppError, language: Language): string {
  if (error.messageKey === 'error.validation' && typeof error.params.detail === 'string')
    return error.params.detail;
  return translate(error.messageKey, language, error.params as MessageParams);
}

/**
 * Creates every row through `submitRecord` (the path of submit: validation, defaults, unique
 * and reference checks) in one transaction, so a code repeated within the file clashes with
 * its own earlier row. All or nothing: any failing row rolls everything back, and the answer
 * lists the failing rows (the first hundred) with their spreadsheet row numbers.
 */
export async function importRows(
  database: Database,
  entity: EntityDefinition,
  auth: AuthContext,
  rows: ParsedRow[],
  language: Language,
  progress?: (done: number) => void,
): Promise<number> {
  return database.withTenant(auth.tenantId, async (tx) => {
    const errors: RowError[] = [];
    let failed = 0;
    let done = 0;
    for (const { row, input } of rows) {
      progress?.(done++);
      try {
        await submitRecord(tx, entity, auth, input, language);
      } catch (error) {
        if (error instanceof AppError) {
          failed += 1;
          if (errors.length < importLimits.reportedErrors)
            errors.push({ row, message: rowMessage(error, language) });
          continue;
        }
        const detail = dataError(error);
        if (detail === undefined) throw error;
        // The transaction is aborted: report this row with the ones found so far and stop.
        failed += 1;
        if (errors.length < importLimits.reportedErrors)
          errors.push({ row, message: translate('excel.rowFailed', language, { detail }) });
        break;
      }
    }
    if (failed > 0) throw new AppError(ResultCode.failure, 'excel.importFailed', { count: failed }, errors);
    // Each record has its create row; the import itself is one more, with its size.
    await writeAudit(tx, auth, { action: 'import', entity, detail: rowsDetail(rows.length) });
    return rows.length;
  });
}

/**
 * The import job (jobs/queue.ts): the same parse and all-or-nothing import as the request, run
 * by whichever process takes the job, with the rows checked so far as its progress. A refusal
 * (a bad file, failing rows) is the job's result, in the language of the user who started it.
 */
export function importJob(database: Database): JobHandler {
  return async (run) => {
    const entity = entities.find((candidate) => candidate.name === run.target);
    if (!entity || !run.input)
      return { status: 'failed', message: translate('error.notFound', run.language) };
    try {
      const rows = parseSheet(entity, run.input);
      run.progress(0, rows.length);
      const imported = await importRows(database, entity, run.auth, rows, run.language, (done) =>
        run.progress(done, rows.length),
      );
      return {
        status: 'done',
        message: translate('excel.imported', run.language, { count: imported }),
        result: { imported },
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        status: 'failed',
        message: translate(error.messageKey, run.language, error.params),
        errors: Array.isArray(error.data) ? (error.data as RowError[]) : [],
      };
    }
  };
}
