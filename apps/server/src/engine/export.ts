import { EventEmitter, once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Language } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import type { EntityDefinition } from '@bl/entities/registry';
import { and, count, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { rowsDetail, writeAudit } from '../audit/audit.ts';
import { type Database, queryRows, type Tx } from '../db/database.ts';
import type { AuthContext } from '../http/context.ts';
import { badRequest } from '../http/errors.ts';
import { translate } from '../i18n/messages.ts';
import { visible } from './crud.ts';
import {
  attachment,
  decimalFormat,
  dictLabel,
  dictValues,
  exportFields,
  fileStamp,
  importFields,
  sheetName,
  templateHeader,
  xlsxType,
} from './excel-columns.ts';
import type { ListQuery } from './list-query.ts';
import { readButton, requireButton } from './permissions.ts';

/** exceljs takes a quarter of a second to load: loaded by the first export, not at start (ADR 0017). */
export const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/** Rows fetched from the cursor at a time: memory holds about one batch. */
export const exportBatchSize = 2000;
/** Excel's sheet holds 1,048,576 rows; a larger export is refused before it starts. */
export const maxExportRows = 1_000_000;

type CellValue = string | number | Date | null;

interface ExportColumn {
  field: FieldMeta;
  /** The SELECT expression, always text (or null) so both drivers answer the same types. */
  select: SQL;
  toCell(raw: string): CellValue;
  numFmt?: string;
  width: number;
}

const columnsOf = (entity: EntityDefinition) => getTableColumns(entity.table) as Record<string, PgColumn>;

/**
 * A timestamp as Excel shows it: Excel has no time zone, so the instant becomes the wall-clock
 * time of the server (the warehouse's local time, as the forms read it).
 */
export function wallClock(ms: number): Date {
  const offset = new Date(ms).getTimezoneOffset();
  return new Date(ms - offset * 60_000);
}

function exportColumn(entity: EntityDefinition, field: FieldMeta, language: Language): ExportColumn {
  const column = columnsOf(entity)[field.name] as PgColumn;
  const asText = sql`cast(${column} as text)`;
  const width = Math.min(40, Math.max(10, field.label[language].length * 2 + 2));
  switch (field.kind) {
    case 'integer':
      return { field, select: asText, toCell: Number, width };
    case 'decimal':
    case 'money':
      return { field, select: asText, toCell: Number, numFmt: decimalFormat(field.scale), width };
    case 'date':
      return {
        field,
        select: asText,
        toCell: (raw) => new Date(`${raw.slice(0, 10)}T00:00:00Z`),
        numFmt: 'yyyy-mm-dd',
        width: Math.max(width, 12),
      };
    case 'datetime':
      return {
        field,
        select: sql`cast(extract(epoch from ${column}) * 1000 as text)`,
        toCell: (raw) => wallClock(Math.round(Number(raw))),
        numFmt: 'yyyy-mm-dd hh:mm:ss',
        width: Math.max(width, 20),
      };
    case 'dict':
    case 'flag':
      return { field, select: asText, toCell: (raw) => dictLabel(field, raw, language), width };
    default:
      return { field, select: asText, toCell: (raw) => raw, width: Math.max(width, 16) };
  }
}

/** A writable stream of Node's or of `readable-stream` 2 (what archiver, under exceljs, uses). */
interface Sink extends EventEmitter {
  _writableState?: { needDrain?: boolean };
}

/** Resolves once `sink` has room again, or once `client` (the download) is gone. */
export async function drained(sink: Sink | undefined, client: PassThrough): Promise<void> {
  if (!sink?._writableState?.needDrain || client.destroyed) return;
  const ac = new AbortController();
  await Promise.race([
    once(sink, 'drain', { signal: ac.signal }),
    once(client, 'close', { signal: ac.signal }),
  ]).finally(() => ac.abort());
}

/**
 * The stream exceljs's streaming writer hands a sheet's XML to the zip through. The writer
 * ignores that stream's backpressure, so without waiting on it a fast database fills memory
 * with uncompressed XML; exceljs 4.4.0 (its last release) keeps it at `stream.pipes[0]`.
 */
export function sheetSink(sheet: ExcelJS.Worksheet): Sink | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const sink = pipes?.[0];
  return sink instanceof EventEmitter ? (sink as Sink) : undefined;
}

class Cancelled extends Error {}

export interface ExportFile {
  body: Readable | Buffer;
  contentType: string;
  disposition: string;
}

/**
 * Starts an export of every row the list query matches, in the list's order. It resolves
 * once the permission, the row count and the first batch are through, so those failures are
 * still ordinary error envelopes; after that the workbook streams (exceljs's streaming writer,
 * no shared strings) while a cursor in one read transaction feeds it batch by batch, waiting
 * whenever the client reads slower than the database answers. A failure mid-stream can only
 * cut the download short: it is logged and the stream destroyed.
 */
export function startExport(
  database: Database,
  entity: EntityDefinition,
  auth: AuthContext,
  query: ListQuery,
  language: Language,
  log: { error(object: object, message: string): void },
): Promise<ExportFile> {
  const columns = exportFields(entity).map((field) => exportColumn(entity, field, language));
  const table = entity.table as PgTable;
  const where = and(visible(entity, auth), ...query.where) as SQL;
  const cursor = sql.raw(`bl_export_${entity.name.replace(/\W/g, '')}`);
  const selectList = sql.join(
    columns.map((c, i) => sql`${c.select} as ${sql.raw(`"c${i}"`)}`),
    sql`, `,
  );
  const fetch = (tx: Tx) =>
    queryRows<Record<string, string | null>>(
      tx,
      sql`fetch forward ${sql.raw(String(exportBatchSize))} from ${cursor}`,
    );

  return new Promise((resolve, reject) => {
    let stream: PassThrough | undefined;
    const run = database.withTenant(auth.tenantId, async (tx) => {
      await requireButton(tx, auth, readButton(entity, 'export'));
      const [total] = await tx.select({ n: count() }).from(table).where(where);
      if ((total?.n ?? 0) > maxExportRows)
        throw badRequest('excel.tooManyExportRows', { count: total?.n ?? 0, max: maxExportRows });
      // In the export's transaction: a download that fails before it starts leaves no row.
      await writeAudit(tx, auth, { action: 'export', entity, detail: rowsDetail(total?.n ?? 0) });
      await tx.execute(
        sql`declare ${cursor} no scroll cursor for select ${selectList} from ${table} where ${where} order by ${sql.join(query.orderBy, sql`, `)}`,
      );
      let rows = await fetch(tx);

      // A few MB of slack: a client slower than the database stalls the cursor (and its
      // transaction) only once that much of the file is waiting for it.
      const out = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
      // Fastify listens too once it sends the stream; this covers the moment before.
      out.on('error', () => {});
      stream = out;
      const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(sheetName(entity.label[language]), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width }));
      const header = sheet.addRow(columns.map((c) => c.field.label[language]));
      header.font = { bold: true };
      header.commit();
      // One style object per column, shared by its cells: exceljs caches a style's id by object
      // identity, and otherwise renders every cell's style to find it (most of its time).
      const styles: Partial<ExcelJS.Style>[] = columns.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));
      const stamp = fileStamp();
      resolve({
        body: out,
        contentType: xlsxType,
        disposition: attachment(`${entity.label[language]}-${stamp}.xlsx`, `${entity.name}-${stamp}.xlsx`),
      });

      for (;;) {
        for (const row of rows) {
          const values = columns.map((c, i) => {
            const raw = row[`c${i}`];
            return raw === null || raw === undefined ? null : c.toCell(raw);
          });
          const line = sheet.addRow(values);
          styles.forEach((style, i) => {
            line.getCell(i + 1).style = style;
          });
          line.commit();
        }
        if (rows.length < exportBatchSize) break;
        await drained(sheetSink(sheet), out);
        await drained(out, out);
        if (out.destroyed) throw new Cancelled('the client went away');
        rows = await fetch(tx);
      }
      await tx.execute(sql`close ${cursor}`);
      sheet.commit();
      return workbook;
    });
    run
      .then((workbook) => workbook.commit())
      .catch((error: unknown) => {
        if (!stream) return reject(error);
        if (!(error instanceof Cancelled))
          log.error({ err: error }, `export of ${entity.name} failed mid-stream`);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

/**
 * The import template: one header row of the writable fields (required ones marked `*`), text
 * format on code columns so leading zeros survive, and a second sheet listing each dictionary
 * field's labels and values.
 */
export async function buildTemplate(entity: EntityDefinition, language: Language): Promise<ExportFile> {
  const fields = importFields(entity);
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName(entity.label[language]), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = fields.map((field) => {
    const textual = field.kind === 'text' || field.kind === 'ref' || field.kind === 'textarea';
    const numFmt =
      field.kind === 'decimal' || field.kind === 'money'
        ? decimalFormat(field.scale)
        : field.kind === 'date'
          ? 'yyyy-mm-dd'
          : field.kind === 'datetime'
            ? 'yyyy-mm-dd hh:mm:ss'
            : textual
              ? '@'
              : undefined;
    return {
      header: templateHeader(field, language),
      key: field.name,
      width: Math.min(40, Math.max(12, field.label[language].length * 2 + 4)),
      ...(numFmt && { style: { numFmt } }),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.numFmt = 'General';
  fields.forEach((field, index) => {
    if (field.required) header.getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });

  const help = workbook.addWorksheet(sheetName(translate('excel.dictSheet', language)));
  help.columns = [
    { header: translate('excel.dictField', language), key: 'field', width: 24 },
    { header: translate('excel.dictLabel', language), key: 'label', width: 24 },
    { header: translate('excel.dictValue', language), key: 'value', width: 14 },
  ];
  help.getRow(1).font = { bold: true };
  for (const field of fields) {
    for (const value of dictValues(field)) {
      help.addRow({ field: field.label[language], label: value.label[language], value: value.value });
    }
  }
  help.addRow([]);
  help.addRow([translate('excel.dictNote', language)]);

  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const fileName = `${entity.label[language]}-${translate('excel.templateSuffix', language)}.xlsx`;
  return { body, contentType: xlsxType, disposition: attachment(fileName, `${entity.name}-template.xlsx`) };
}
