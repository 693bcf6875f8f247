import { PassThrough } from 'node:stream';
import type { Language } from '@bl/contract';
import type { FieldMeta, Label } from '@bl/entities';
import { type SQL, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import {
  attachment,
  decimalFormat,
  dictLabel,
  fileStamp,
  sheetName,
  xlsxType,
} from '../../engine/excel-columns.ts';
import {
  drained,
  type ExportFile,
  exportBatchSize,
  loadExcel,
  maxExportRows,
  sheetSink,
  wallClock,
} from '../../engine/export.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { ReportDefinition } from './definitions.ts';
import { countAndTotals, type ReportQuery, rowsQuery } from './query.ts';

export type CellValue = string | number | Date | null;

/** Columns a person reads: the ids (row and bill) stay on screen as links only. */
const shown = (report: ReportDefinition) =>
  report.columns.filter((c) => c.name !== 'id' && c.name !== 'billId');

function toCell(field: FieldMeta, raw: string, language: Language): CellValue {
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
      return Number(raw);
    case 'date':
      return new Date(`${raw.slice(0, 10)}T00:00:00Z`);
    case 'datetime':
      return wallClock(Date.parse(raw));
    case 'dict':
    case 'flag':
      return dictLabel(field, raw, language);
    default:
      return raw;
  }
}

function numFmt(field: FieldMeta): string | undefined {
  const kind = field.kind;
  if (kind === 'decimal' || kind === 'money') return decimalFormat(field.scale);
  if (kind === 'date') return 'yyyy-mm-dd';
  if (kind === 'datetime') return 'yyyy-mm-dd hh:mm:ss';
  return undefined;
}

class Cancelled extends Error {}

/** A column of a streamed sheet: a ledger field (its label, kind, dictionary) read from `name`. */
export interface SheetColumn {
  name: string;
  field: FieldMeta;
}

/** What a streamed .xlsx of stock readings is made of (a report, a month's snapshot). */
export interface SheetExport {
  /** Names the sheet and the file (with a time stamp); `plainName` is the ASCII fallback. */
  title: Label;
  plainName: string;
  columns: SheetColumn[];
  /**
   * Checks in the read transaction before anything is written (the button, the size): a
   * refusal thrown here is an ordinary error envelope. Answers the row written after the
   * last one (a totals row), if any.
   */
  check: (tx: Tx) => Promise<CellValue[] | undefined>;
  /** The rows in the sheet's order, each column selected as text under its name. */
  rows: SQL;
}

/**
 * Every row of `sheet.rows` as a streamed .xlsx: the engine's export (docs/adr/0004-spreadsheets.md)
 * on a query of stock readings, through a cursor a batch at a time. Resolves once the checks and
 * the first batch are through, so those failures are still ordinary error envelopes.
 */
export function startSheetExport(
  database: Database,
  sheetExport: SheetExport,
  auth: AuthContext,
  language: Language,
  log: { error(object: object, message: string): void },
): Promise<ExportFile> {
  const { columns, title, plainName } = sheetExport;
  const cursor = sql.raw(`bl_sheet_${plainName.replace(/\W/g, '')}`);
  const fetch = (tx: Tx) =>
    queryRows<Record<string, string | null>>(
      tx,
      sql`fetch forward ${sql.raw(String(exportBatchSize))} from ${cursor}`,
    );
  return new Promise((resolve, reject) => {
    let stream: PassThrough | undefined;
    const run = database.withTenant(auth.tenantId, async (tx) => {
      const trailer = await sheetExport.check(tx);
      await tx.execute(sql`declare ${cursor} no scroll cursor for ${sheetExport.rows}`);
      let rows = await fetch(tx);

      const out = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
      out.on('error', () => {});
      stream = out;
      const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(sheetName(title[language]), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = columns.map((c) => ({
        key: c.name,
        width: Math.min(40, Math.max(12, c.field.label[language].length * 2 + 2)),
      }));
      const header = sheet.addRow(columns.map((c) => c.field.label[language]));
      header.font = { bold: true };
      header.commit();
      const styles: Partial<ExcelJS.Style>[] = columns.map((c) => {
        const format = numFmt(c.field);
        return format ? { numFmt: format } : {};
      });
      const stamp = fileStamp();
      resolve({
        body: out,
        contentType: xlsxType,
        disposition: attachment(`${title[language]}-${stamp}.xlsx`, `${plainName}-${stamp}.xlsx`),
      });

      for (;;) {
        for (const row of rows) {
          const line = sheet.addRow(
            columns.map((c) => {
              const raw = row[c.name];
              return raw === null || raw === undefined ? null : toCell(c.field, raw, language);
            }),
          );
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
      if (trailer) {
        const last = sheet.addRow(trailer);
        last.font = { bold: true };
        styles.forEach((style, i) => {
          last.getCell(i + 1).style = { ...style, font: { bold: true } };
        });
        last.commit();
      }
      sheet.commit();
      return workbook;
    });
    run
      .then((workbook) => workbook.commit())
      .catch((error: unknown) => {
        if (!stream) return reject(error);
        if (!(error instanceof Cancelled))
          log.error({ err: error }, `export of ${plainName} failed mid-stream`);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

/**
 * Every row of a report as a streamed .xlsx, in the screen's order, ending with the totals
 * row. Behind the report's export button; a report larger than a sheet is refused.
 */
export function startReportExport(
  database: Database,
  report: ReportDefinition,
  auth: AuthContext,
  query: ReportQuery,
  language: Language,
  log: { error(object: object, message: string): void },
): Promise<ExportFile> {
  const columns = shown(report);
  return startSheetExport(
    database,
    {
      title: report.label,
      plainName: report.code,
      columns,
      check: async (tx) => {
        await requireButton(tx, auth, `${report.code}_export`);
        const { total, totals } = await countAndTotals(tx, report, query);
        if (total > maxExportRows)
          throw badRequest('excel.tooManyExportRows', { count: total, max: maxExportRows });
        // The totals row: the first column says so, each amount under its own column.
        return columns.map((c, i) => {
          if (Object.hasOwn(totals, c.name)) return Number(totals[c.name]);
          return i === 0 ? translate('report.totals', language) : null;
        });
      },
      rows: rowsQuery(report, query),
    },
    auth,
    language,
    log,
  );
}
