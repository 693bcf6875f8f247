import { PassThrough } from 'node:stream';
import type { Language } from '@bl/contract';
import { sql } from 'drizzle-orm';
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
import { amountNames, type ReportColumn, type ReportDefinition } from './definitions.ts';
import { countAndTotals, type ReportQuery, rowsQuery } from './query.ts';

type CellValue = string | number | Date | null;

/** Columns a person reads: the ids (row and bill) stay on screen as links only. */
const shown = (report: ReportDefinition) =>
  report.columns.filter((c) => c.name !== 'id' && c.name !== 'billId');

function toCell(column: ReportColumn, raw: string, language: Language): CellValue {
  switch (column.field.kind) {
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
      return dictLabel(column.field, raw, language);
    default:
      return raw;
  }
}

function numFmt(column: ReportColumn): string | undefined {
  const kind = column.field.kind;
  if (kind === 'decimal' || kind === 'money') return decimalFormat(column.field.scale);
  if (kind === 'date') return 'yyyy-mm-dd';
  if (kind === 'datetime') return 'yyyy-mm-dd hh:mm:ss';
  return undefined;
}

class Cancelled extends Error {}

/**
 * Every row of a report as a streamed .xlsx, in the screen's order, ending with the totals
 * row: the engine's export (docs/adr/0004-spreadsheets.md) on the report's query. Resolves once
 * the permission, the row count and the first batch are through, so those failures are still
 * ordinary error envelopes.
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
  const cursor = sql.raw(`bl_report_${report.code.replace(/\W/g, '')}`);
  const fetch = (tx: Tx) =>
    queryRows<Record<string, string | null>>(
      tx,
      sql`fetch forward ${sql.raw(String(exportBatchSize))} from ${cursor}`,
    );
  return new Promise((resolve, reject) => {
    let stream: PassThrough | undefined;
    const run = database.withTenant(auth.tenantId, async (tx) => {
      await requireButton(tx, auth, `${report.code}_export`);
      const { total, totals } = await countAndTotals(tx, report, query);
      if (total > maxExportRows)
        throw badRequest('excel.tooManyExportRows', { count: total, max: maxExportRows });
      await tx.execute(sql`declare ${cursor} no scroll cursor for ${rowsQuery(report, query)}`);
      let rows = await fetch(tx);

      const out = new PassThrough({ highWaterMark: 2 * 1024 * 1024 });
      out.on('error', () => {});
      stream = out;
      const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(sheetName(report.label[language]), {
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
        const format = numFmt(c);
        return format ? { numFmt: format } : {};
      });
      const stamp = fileStamp();
      resolve({
        body: out,
        contentType: xlsxType,
        disposition: attachment(`${report.label[language]}-${stamp}.xlsx`, `${report.code}-${stamp}.xlsx`),
      });

      for (;;) {
        for (const row of rows) {
          const line = sheet.addRow(
            columns.map((c) => {
              const raw = row[c.name];
              return raw === null || raw === undefined ? null : toCell(c, raw, language);
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
      // The totals row: the first column says so, each amount under its own column.
      const sumRow = sheet.addRow(
        columns.map((c, i) => {
          if ((amountNames as readonly string[]).includes(c.name))
            return Number(totals[c.name as (typeof amountNames)[number]]);
          return i === 0 ? translate('report.totals', language) : null;
        }),
      );
      sumRow.font = { bold: true };
      styles.forEach((style, i) => {
        sumRow.getCell(i + 1).style = { ...style, font: { bold: true } };
      });
      sumRow.commit();
      sheet.commit();
      return workbook;
    });
    run
      .then((workbook) => workbook.commit())
      .catch((error: unknown) => {
        if (!stream) return reject(error);
        if (!(error instanceof Cancelled))
          log.error({ err: error }, `export of ${report.code} failed mid-stream`);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
  });
}
