import { EventEmitter, once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { type Language, languages } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import { and, count, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { rowsDetail, writeAudit } from '../audit/audit.ts';
import { type Database, queryRows, type Tx } from '../db/database.ts';
import type { AuthContext } from '../http/context.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { translate } from '../i18n/messages.ts';
import type { JobHandler } from '../jobs/queue.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { operatorTenant, visible } from './crud.ts';
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
import { type ListQuery, parseListQuery } from './list-query.ts';
import { referenceNames } from './names.ts';
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
  /** The header cell: the field's label, or for a name column the label of the names. */
  header: string;
  /** The SELECT expression, always text (or null) so both drivers answer the same types. */
  select: SQL;
  toCell(raw: string): CellValue;
  numFmt?: string;
  width: number;
  /**
   * A name column (issue 14 pt 4: a reference is shown with its name): the cells are the names
   * of the referenced records, read a batch at a time with the screens' own lookup.
   */
  names?: { entity: EntityDefinition; by: string; label: string };
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
  const header = field.label[language];
  const width = Math.min(40, Math.max(10, header.length * 2 + 2));
  switch (field.kind) {
    case 'integer':
      return { field, header, select: asText, toCell: Number, width };
    case 'decimal':
    case 'money':
      return { field, header, select: asText, toCell: Number, numFmt: decimalFormat(field.scale), width };
    case 'date':
      return {
        field,
        header,
        select: asText,
        toCell: (raw) => new Date(`${raw.slice(0, 10)}T00:00:00Z`),
        numFmt: 'yyyy-mm-dd',
        width: Math.max(width, 12),
      };
    case 'datetime':
      return {
        field,
        header,
        select: sql`cast(extract(epoch from ${column}) * 1000 as text)`,
        toCell: (raw) => wallClock(Math.round(Number(raw))),
        numFmt: 'yyyy-mm-dd hh:mm:ss',
        width: Math.max(width, 20),
      };
    case 'dict':
    case 'flag':
      return { field, header, select: asText, toCell: (raw) => dictLabel(field, raw, language), width };
    default:
      return { field, header, select: asText, toCell: (raw) => raw, width: Math.max(width, 16) };
  }
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** "协议编号" names "协议名称", "Agreement no." names "Agreement name": the code's own word goes. */
const withoutCodeWord = (label: string) =>
  label.replace(/(编号|編號|编码|編碼)$/, '').replace(/\s+(code|no\.?|number)$/i, '') || label;

const nameHeader = (field: FieldMeta, language: Language) =>
  translate('excel.nameOf', language, { label: withoutCodeWord(field.label[language]) });

/**
 * The name column that follows a reference held by code (owner, warehouse, material…), or
 * none: when the reference shows itself (code and name are one field), when the referenced
 * records are not the reader's to see, or when the entity already has a field of that header
 * in some language (it keeps the name itself, `customerName`). The header names no writable
 * field, so the workbook imports back as it is (the import skips the column).
 */
function nameColumn(
  entity: EntityDefinition,
  field: FieldMeta,
  auth: AuthContext,
  language: Language,
): ExportColumn | undefined {
  const ref = field.ref;
  const target = ref && entities.find((e) => e.name === ref.entity);
  if (!ref || !target || ref.valueField === ref.labelField) return undefined;
  if (target.operatorOnly && auth.tenantId !== operatorTenant) return undefined;
  const headers = languages.map((l) => nameHeader(field, l));
  const taken = new Set(
    entity.fields.flatMap((f) => [f.name, ...languages.map((l) => f.label[l])]).map(normalised),
  );
  if (headers.some((h) => taken.has(normalised(h)))) return undefined;
  const header = nameHeader(field, language);
  const column = columnsOf(entity)[field.name] as PgColumn;
  return {
    field,
    header,
    select: sql`cast(${column} as text)`,
    toCell: (raw) => raw,
    width: Math.min(40, Math.max(16, header.length * 2 + 2)),
    names: { entity: target, by: ref.valueField, label: ref.labelField },
  };
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

/** An export's columns, filter and cursor, as the request and the job both run it. */
interface ExportPlan {
  columns: ExportColumn[];
  /** Whose export it is: name columns show only records the reader may see. */
  auth: AuthContext;
  table: PgTable;
  where: SQL;
  cursor: SQL;
}

function planExport(entity: EntityDefinition, auth: AuthContext, query: ListQuery, language: Language) {
  return {
    columns: exportFields(entity).flatMap((field) => {
      const name = nameColumn(entity, field, auth, language);
      return name ? [exportColumn(entity, field, language), name] : [exportColumn(entity, field, language)];
    }),
    auth,
    table: entity.table as PgTable,
    where: and(visible(entity, auth), ...query.where) as SQL,
    cursor: sql.raw(`bl_export_${entity.name.replace(/\W/g, '')}`),
  } satisfies ExportPlan;
}

/**
 * The checks of an export, in its transaction: the export button, the size (an export larger
 * than a sheet is refused before it starts) and the operation-log row (a download that fails
 * before it starts leaves none). Answers the number of rows.
 */
export async function checkExport(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  query: ListQuery,
  language: Language,
): Promise<number> {
  const plan = planExport(entity, auth, query, language);
  await requireButton(tx, auth, readButton(entity, 'export'));
  const [total] = await tx.select({ n: count() }).from(plan.table).where(plan.where);
  const rows = total?.n ?? 0;
  if (rows > maxExportRows) throw badRequest('excel.tooManyExportRows', { count: rows, max: maxExportRows });
  await writeAudit(tx, auth, { action: 'export', entity, detail: rowsDetail(rows) });
  return rows;
}

/**
 * Writes every row the query matches, in its order, as a workbook into `out`: a cursor in `tx`
 * feeds exceljs's streaming writer (no shared strings) a batch at a time, waiting whenever `out`
 * is read slower than the database answers. `started` runs once the header is written (the
 * request answers then); `written` after each batch. Ends the workbook (and so `out`).
 */
async function writeWorkbook(
  tx: Tx,
  entity: EntityDefinition,
  plan: ExportPlan,
  query: ListQuery,
  language: Language,
  out: PassThrough,
  hooks: { started?: () => void; written?: (rows: number) => void },
): Promise<void> {
  const { columns, auth, table, where, cursor } = plan;
  const selectList = sql.join(
    columns.map((c, i) => sql`${c.select} as ${sql.raw(`"c${i}"`)}`),
    sql`, `,
  );
  await tx.execute(
    sql`declare ${cursor} no scroll cursor for select ${selectList} from ${table} where ${where} order by ${sql.join(query.orderBy, sql`, `)}`,
  );
  const fetch = () =>
    queryRows<Record<string, string | null>>(
      tx,
      sql`fetch forward ${sql.raw(String(exportBatchSize))} from ${cursor}`,
    );
  let rows = await fetch();
  const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(entity.label[language]), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  // One style object per column, shared by its cells: exceljs caches a style's id by object
  // identity, and otherwise renders every cell's style to find it (most of its time).
  const styles: Partial<ExcelJS.Style>[] = columns.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));
  hooks.started?.();
  let written = 0;
  for (;;) {
    // One lookup per name column per batch, as a screen names one page of references.
    const names: (Record<string, string> | undefined)[] = [];
    for (const [i, c] of columns.entries()) {
      if (!c.names) continue;
      const values = rows
        .map((row) => row[`c${i}`])
        .filter((v): v is string => v !== null && v !== undefined);
      names[i] = await referenceNames(tx, c.names.entity, auth, {
        by: c.names.by,
        label: c.names.label,
        values,
      });
    }
    for (const row of rows) {
      const values = columns.map((c, i) => {
        const raw = row[`c${i}`];
        if (raw === null || raw === undefined) return null;
        const named = names[i];
        return named ? (named[raw] ?? null) : c.toCell(raw);
      });
      const line = sheet.addRow(values);
      styles.forEach((style, i) => {
        line.getCell(i + 1).style = style;
      });
      line.commit();
    }
    written += rows.length;
    hooks.written?.(written);
    if (rows.length < exportBatchSize) break;
    await drained(sheetSink(sheet), out);
    await drained(out, out);
    if (out.destroyed) throw new Cancelled('the client went away');
    rows = await fetch();
  }
  await tx.execute(sql`close ${cursor}`);
  sheet.commit();
  await workbook.commit();
}

/** The download's names: the entity's label in the reader's language, with a plain fallback. */
export function exportDisposition(entity: EntityDefinition, language: Language): string {
  const stamp = fileStamp();
  return attachment(`${entity.label[language]}-${stamp}.xlsx`, `${entity.name}-${stamp}.xlsx`);
}

/**
 * Starts an export of every row the list query matches, in the list's order. It resolves
 * once the permission, the row count and the first batch are through, so those failures are
 * still ordinary error envelopes; after that the workbook streams while one read transaction
 * feeds it. A failure mid-stream can only cut the download short: it is logged and the stream
 * destroyed.
 */
export function startExport(
  database: Database,
  entity: EntityDefinition,
  auth: AuthContext,
  query: ListQuery,
  language: Language,
  log: { error(object: object, message: string): void },
): Promise<ExportFile> {
  const plan = planExport(entity, auth, query, language);
  // A few MB of slack: a client slower than the database stalls the cursor (and its
  // transaction) only once that much of the file is waiting for it.
  const out = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
  // Fastify listens too once it sends the stream; this covers the moment before.
  out.on('error', () => {});
  return new Promise((resolve, reject) => {
    let started = false;
    database
      .withTenant(auth.tenantId, async (tx) => {
        await checkExport(tx, entity, auth, query, language);
        await writeWorkbook(tx, entity, plan, query, language, out, {
          started: () => {
            started = true;
            resolve({ body: out, contentType: xlsxType, disposition: exportDisposition(entity, language) });
          },
        });
      })
      .catch((error: unknown) => {
        if (!started) return reject(error);
        if (!(error instanceof Cancelled))
          log.error({ err: error }, `export of ${entity.name} failed mid-stream`);
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

/**
 * An export run by a job (large lists: the page shows progress, then offers the file): the same
 * workbook, written into the server's object store under `key` while the job reports rows
 * written of `total`. The checks ran when the job was queued.
 */
export async function exportToStore(
  database: Database,
  store: ObjectStore,
  key: string,
  entity: EntityDefinition,
  auth: AuthContext,
  query: ListQuery,
  language: Language,
  progress: (done: number, total: number) => void,
): Promise<number> {
  const plan = planExport(entity, auth, query, language);
  const out = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
  const stored = store.put(key, out, { contentType: xlsxType });
  // A store that fails first must not leave the writer waiting on a stream nobody reads.
  stored.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  let total = 0;
  try {
    await database.withTenant(auth.tenantId, async (tx) => {
      const [counted] = await tx.select({ n: count() }).from(plan.table).where(plan.where);
      total = counted?.n ?? 0;
      progress(0, total);
      await writeWorkbook(tx, entity, plan, query, language, out, {
        written: (rows) => progress(rows, total),
      });
    });
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  await stored;
  return total;
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

/** Where an export job keeps its file in the server's store (removed with the job's row). */
export const exportFileKey = (tenantId: string, jobId: string) => `exports/${tenantId}/${jobId}.xlsx`;

/** What an export job leaves for its download: the file's key and the names to give it. */
export interface ExportResult {
  rows: number;
  file: string;
  disposition: string;
}

/**
 * The export job (jobs/queue.ts): the list query the page had (kept as JSON in the job's input)
 * exported with the rights of the user who started it, the rows written so far as progress.
 */
export function exportJob(database: Database, store: ObjectStore): JobHandler {
  return async (run) => {
    const entity = entities.find((candidate) => candidate.name === run.target);
    if (!entity || !run.input)
      return { status: 'failed', message: translate('error.notFound', run.language) };
    const filters = JSON.parse(run.input.toString('utf8')) as Record<string, unknown>;
    try {
      const query = parseListQuery(entity, filters, run.language);
      const file = exportFileKey(run.tenantId, run.id);
      const rows = await exportToStore(
        database,
        store,
        file,
        entity,
        run.auth,
        query,
        run.language,
        run.progress,
      );
      const result: ExportResult = { rows, file, disposition: exportDisposition(entity, run.language) };
      return { status: 'done', message: translate('excel.exported', run.language, { count: rows }), result };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: 'failed', message: translate(error.messageKey, run.language, error.params) };
    }
  };
}
