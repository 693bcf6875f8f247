import { type Language, ResultCode } from '@bl/contract';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import type { FastifyRequest } from 'fastify';
import { rowsDetail, writeAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import type { AuthContext } from '../http/context.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { type MessageParams, translate } from '../i18n/messages.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { checkSpreadsheetContainer, containerKind } from '../parsing/containers.ts';
import { parsePool } from '../parsing/pool.ts';
import { submitRecord } from './crud.ts';
import { importFields } from './excel-columns.ts';
import { type ParsedRow, sheetRowLimit } from './sheet-reader.ts';

/** Limits of one upload (ARCHITECTURE.md "Known traps": whatever reads uploads limits size and rows). */
export const importLimits = {
  fileSize: 10 * 1024 * 1024,
  rows: sheetRowLimit,
  /** Row errors sent back; the message counts them all. */
  reportedErrors: 100,
} as const;

export type { ParsedRow } from './sheet-reader.ts';

export interface RowError {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  message: string;
}

/**
 * Only .xls and .xlsx are accepted (spec 02 §5), by the name and by the content: an .xlsx is
 * a zip, an .xls an OLE2 compound file. Anything else (csv, html saved as .xls, a renamed text
 * file) is refused before a parser sees it.
 */
export function isSpreadsheet(fileName: string, content: Uint8Array): boolean {
  return /\.xlsx?$/i.test(fileName.trim()) && containerKind(content) !== undefined;
}

/**
 * What an upload must pass before it is parsed or queued as a job: a spreadsheet by name and
 * magic, and a container that is whole and bounded (parsing/containers.ts). Refusals are 400s
 * with a message; the checks never hold the event loop.
 */
export async function checkUpload(fileName: string, content: Uint8Array): Promise<void> {
  if (!isSpreadsheet(fileName, content)) throw badRequest('excel.badFile');
  await checkSpreadsheetContainer(content);
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

/**
 * Reads the first sheet of an .xls or .xlsx into fresh records (sheet-reader.ts). The bytes are
 * untrusted (docs/adr/0035-untrusted-parsing.md): their container is checked first (a damaged,
 * truncated or bomb-like zip, an impossible OLE2 header is refused with a message), then the
 * parse runs in the parse worker, under its deadline and heap limit, and only plain rows come
 * back. The bytes are copied once and the copy handed over, so the caller's buffer stays whole.
 */
export async function parseSheet(entity: EntityDefinition, content: Uint8Array): Promise<ParsedRow[]> {
  await checkSpreadsheetContainer(content);
  const copy = new Uint8Array(content);
  return parsePool.run<ParsedRow[]>(
    'sheet',
    { fields: importFields(entity), content: copy },
    { transfer: [copy.buffer] },
  );
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
      const rows = await parseSheet(entity, run.input);
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
