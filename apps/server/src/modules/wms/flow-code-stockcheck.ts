import { type Language, ok, ResultCode } from '@bl/contract';
import { idSchema } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { linesWritten, type Row } from '../../engine/crud.ts';
import {
  checkUpload,
  importLimits,
  type ParsedRow,
  parseSheet,
  type RowError,
  readUpload,
} from '../../engine/import.ts';
import { refuseLockedLines } from '../../engine/locks.ts';
import { requireButton } from '../../engine/permissions.ts';
import { lineTotalsRules } from '../../engine/rules.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { registerUploads } from '../../http/uploads.ts';
import { translate } from '../../i18n/messages.ts';
import { type FlowCode, lockFlowBills } from '../flow/index.ts';
import { holdBalances, keyText, type StockKey } from '../ledger/index.ts';
import { refreshTotals } from './bills.ts';

/**
 * Stock counts (wmstockcheckbill, docs/adr/0021-count-orders-waves.md): `snapshot` fills the
 * count lines from the stock in the count's scope with their book quantity; the counted
 * quantities come by screen or by the count sheet's spreadsheet; review takes the book again
 * under lock (the count is the truth at review, as Odoo's "Apply") and posts the differences
 * through the declared `adjust` posting; un-review reverses them (generic).
 */

const header = entityByName.get('wmstockcheckbill') as EntityDefinition;
const lines = header.children[0]?.entity() as EntityDefinition;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** A count line's stock key, as the declared posting reads it (blank status is available). */
const keyOfLine = (line: Row): StockKey => ({
  customerCode: text(line.customerCode),
  materialCode: text(line.materialCode),
  batchNo: text(line.batchNo),
  customerBatchNo: text(line.customerBatchNo),
  warehousePlaceCode: text(line.warehousePlaceCode),
  barcode: text(line.barcode),
  packspecCode: text(line.packspecCode),
  stockStatus: text(line.stockStatus) || '1',
});

/**
 * Keeps what the server fills on a count: each line's difference (counted − book, blank until
 * counted) and the header totals (of the counted quantities).
 */
async function refreshCount(tx: Tx, auth: AuthContext, headerId: string, saved?: Row) {
  await tx.execute(
    sql`update bl_wmstockcheckbilldetail
        set diff_qty = case when qty is null then null else qty - coalesce(book_qty, 0) end
        where tenant_id = ${auth.tenantId} and header_id = ${headerId}::bigint and is_deleted = 0`,
  );
  await refreshTotals(tx, { header, lines }, auth, saved ?? { id: headerId });
}

export function registerStockCheckRules() {
  // The engine runs it after every write of the count's lines: with the header, a counted
  // quantity typed on the line grid, a line removed; the count-sheet import calls linesWritten.
  lineTotalsRules[header.name] = (tx, saved, { auth }) => refreshCount(tx, auth, saved.id as string, saved);
}

/** The stock of the count's scope (blank parts: any), one row per key with a quantity. */
async function stockInScope(tx: Tx, auth: AuthContext, bill: Row) {
  const scope = (field: string) => text(bill[field]);
  return queryRows<Row>(
    tx,
    sql`select s.customer_code "customerCode", s.material_code "materialCode", s.batch_no "batchNo",
          s.customer_batch_no "customerBatchNo", s.warehouse_place_code "warehousePlaceCode",
          s.barcode, s.packspec_code "packspecCode", s.stock_status "stockStatus",
          s.unit_code "unitCode", s.qty::text qty
        from bl_stock s
        left join bl_warehouseplace p on p.tenant_id = s.tenant_id and p.is_deleted = 0
          and p.code = s.warehouse_place_code
        left join bl_warehousearea a on a.tenant_id = p.tenant_id and a.is_deleted = 0
          and a.code = p.warehouse_area_code
        where s.tenant_id = ${auth.tenantId} and s.is_deleted = 0 and s.qty <> 0
          and (${scope('warehouseCode')} = '' or a.warehouse_code = ${scope('warehouseCode')})
          and (${scope('warehouseAreaCode')} = '' or p.warehouse_area_code = ${scope('warehouseAreaCode')})
          and (${scope('placeFrom')} = '' or s.warehouse_place_code collate "C" >= ${scope('placeFrom')})
          and (${scope('placeTo')} = '' or s.warehouse_place_code collate "C" <= ${scope('placeTo')})
          and (${scope('customerCode')} = '' or s.customer_code = ${scope('customerCode')})
          and (${scope('materialCode')} = '' or s.material_code = ${scope('materialCode')})
        order by s.warehouse_place_code collate "C", s.material_code collate "C", s.batch_no collate "C",
          s.customer_code collate "C", s.customer_batch_no collate "C", s.barcode collate "C",
          s.packspec_code collate "C", s.stock_status collate "C"`,
  );
}

/** Replaces the lines of each count by the stock of its scope, book quantity taken, uncounted. */
async function snapshot(tx: Tx, auth: AuthContext, bills: Row[]) {
  let made = 0;
  for (const bill of bills) {
    const billNo = text(bill.billNo);
    const [from, to] = [text(bill.placeFrom), text(bill.placeTo)];
    if (from && to && from > to) throw badRequest('stockcheck.badRange', { bill: billNo, from, to });
    const stock = await stockInScope(tx, auth, bill);
    if (stock.length === 0) throw badRequest('stockcheck.nothingInScope', { bill: billNo });
    const now = new Date();
    await tx.execute(
      sql`update bl_wmstockcheckbilldetail set is_deleted = 1, update_user = ${auth.userId}::bigint,
            update_time = now(), version = version + 1
          where tenant_id = ${auth.tenantId} and header_id = ${bill.id as string}::bigint and is_deleted = 0`,
    );
    const rows = stock.map((s, index) => ({
      id: nextId(),
      tenantId: auth.tenantId,
      createUser: auth.userId,
      createDept: auth.deptId || null,
      createTime: now,
      updateUser: auth.userId,
      updateTime: now,
      status: 1,
      isDeleted: 0,
      version: 1,
      headerId: bill.id,
      billNo,
      lineNumber: index + 1,
      customerCode: s.customerCode,
      materialCode: s.materialCode,
      batchNo: text(s.batchNo) || null,
      customerBatchNo: text(s.customerBatchNo) || null,
      warehousePlaceCode: text(s.warehousePlaceCode) || null,
      barcode: text(s.barcode) || null,
      packspecCode: text(s.packspecCode) || null,
      stockStatus: s.stockStatus,
      unitCode: s.unitCode,
      bookQty: s.qty,
      qty: null,
      diffQty: null,
    }));
    // Inserted in slices: a warehouse count may hold thousands of keys.
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(lines.table as PgTable).values(rows.slice(i, i + 500));
    await refreshCount(tx, auth, bill.id as string);
    made += rows.length;
  }
  return { lines: made };
}

/**
 * Before the posting: every line counted, then the book of every line's key taken again with
 * the balances held (created at zero where empty) until the transaction ends, and the
 * differences computed against it: what moved since the snapshot is in the book, so the
 * posting brings the book to what was counted.
 */
async function takeBook(tx: Tx, auth: AuthContext, bills: Row[], language: Language) {
  const rows = await queryRows<Row>(
    tx,
    sql`select d.id::text id, d.header_id::text "headerId", d.line_number "lineNumber",
          d.customer_code "customerCode", d.material_code "materialCode", d.batch_no "batchNo",
          d.customer_batch_no "customerBatchNo", d.warehouse_place_code "warehousePlaceCode",
          d.barcode, d.packspec_code "packspecCode", d.stock_status "stockStatus", d.qty::text qty
        from bl_wmstockcheckbilldetail d
        where d.tenant_id = ${auth.tenantId} and d.is_deleted = 0 and d.invalid = '0'
          and d.header_id in (${sql.join(
            bills.map((b) => sql`${b.id as string}::bigint`),
            sql`, `,
          )})
        order by d.header_id, d.line_number, d.id`,
  );
  for (const line of rows) {
    if (line.qty !== null) continue;
    const bill = bills.find((b) => b.id === line.headerId);
    const any = translate('ledger.any', language);
    throw badRequest('stockcheck.notCounted', {
      bill: text(bill?.billNo),
      line: Number(line.lineNumber ?? 0),
      material: text(line.materialCode),
      batch: text(line.batchNo) || any,
      place: text(line.warehousePlaceCode) || any,
    });
  }
  const held = await holdBalances(tx, auth, rows.map(keyOfLine));
  const book = (line: Row) => held.get(keyText(keyOfLine(line)))?.qty ?? '0';
  const values = rows.map((line) => sql`(${line.id as string}::bigint, ${book(line)}::numeric)`);
  if (values.length > 0)
    await tx.execute(
      sql`update bl_wmstockcheckbilldetail d set book_qty = v.book, diff_qty = d.qty - v.book
          from (values ${sql.join(values, sql`, `)}) as v(id, book)
          where d.id = v.id and d.tenant_id = ${auth.tenantId}`,
    );
}

export const stockCheckFlowCode: FlowCode = {
  wmstockcheckbill: {
    snapshot: { run: (ctx) => snapshot(ctx.tx, ctx.auth, ctx.bills) },
    review: { check: (ctx) => takeBook(ctx.tx, ctx.auth, ctx.bills, ctx.language) },
  },
};

const countQuery = z.object({ id: idSchema });
/** A counted quantity: zero or more, four decimals at most (the line's scale). */
const countedQty = /^\d{1,14}(\.\d{1,4})?$/;

/**
 * Counted quantities from the count sheet's spreadsheet (the lines' export, filled in): rows
 * are matched to the count's lines by line number and only `qty` is taken; every other column
 * is the counter's reference. All or nothing, like every import: the failing rows are listed
 * with their spreadsheet row numbers. A locked (posted) count refuses, as a line edit would.
 */
export async function importCounts(
  tx: Tx,
  auth: AuthContext,
  id: string,
  rows: ParsedRow[],
  language: Language,
): Promise<number> {
  const [bill] = await lockFlowBills(tx, header, auth, [id], language);
  refuseLockedLines(header, bill as Row, language);
  const existing = await queryRows<{ id: string; lineNumber: number }>(
    tx,
    sql`select id::text id, line_number "lineNumber" from bl_wmstockcheckbilldetail
        where tenant_id = ${auth.tenantId} and header_id = ${id}::bigint and is_deleted = 0`,
  );
  const byNumber = new Map(existing.map((line) => [line.lineNumber, line.id]));
  const errors: RowError[] = [];
  const values: SQL[] = [];
  for (const { row, input } of rows) {
    const lineId = byNumber.get(Number(input.lineNumber));
    const qty = input.qty === undefined || input.qty === null ? '' : String(input.qty).trim();
    const problem = !lineId
      ? translate('stockcheck.importNoLine', language, { line: String(input.lineNumber ?? '') })
      : qty === ''
        ? undefined
        : !countedQty.test(qty)
          ? translate('stockcheck.importQty', language, { qty })
          : undefined;
    if (problem) errors.push({ row, message: problem });
    else if (lineId && qty !== '') values.push(sql`(${lineId}::bigint, ${qty}::numeric)`);
  }
  if (errors.length > 0)
    throw new AppError(
      ResultCode.failure,
      'excel.importFailed',
      { count: errors.length },
      errors.slice(0, importLimits.reportedErrors),
    );
  if (values.length > 0)
    await tx.execute(
      sql`update bl_wmstockcheckbilldetail d set qty = v.qty, update_user = ${auth.userId}::bigint,
            update_time = now(), version = d.version + 1
          from (values ${sql.join(values, sql`, `)}) as v(id, qty)
          where d.id = v.id and d.tenant_id = ${auth.tenantId}`,
    );
  // The count as a line write leaves it: version, stamp and the figures kept from its lines.
  await linesWritten(tx, header, auth, [id], language);
  return values.length;
}

/** `POST wmstockcheckbill/import-count?id=`: the counted quantities of one count, from its sheet. */
export function registerStockCheckRoutes(
  app: FastifyInstance,
  database: Database,
  options: { uploadTimeoutMs: number },
) {
  app.register(async (scope) => {
    await registerUploads(scope, {
      timeoutMs: options.uploadTimeoutMs,
      limits: { fileSize: importLimits.fileSize, files: 1, fields: 10, parts: 12 },
    });
    scope.post(
      `${header.path}/import-count`,
      {
        schema: {
          tags: [header.name],
          summary: `${header.label.en}: counted quantities from the filled-in count sheet (.xls/.xlsx, field file)`,
          consumes: ['multipart/form-data'],
          querystring: countQuery,
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { id } = request.query as z.infer<typeof countQuery>;
        await database.withTenant(auth.tenantId, (tx) => requireButton(tx, auth, `${header.name}_edit`));
        const { fileName, content } = await readUpload(request);
        await checkUpload(fileName, content);
        const rows = await parseSheet(lines, content);
        const imported = await database.withTenant(auth.tenantId, (tx) =>
          importCounts(tx, auth, id, rows, request.language),
        );
        return ok({ imported }, translate('excel.imported', request.language, { count: imported }));
      },
    );
  });
}
