import { type EntityDefinition, entities, entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/database.ts';
import type { Row } from '../../engine/crud.ts';
import { display, fromUnits, toUnits } from '../../engine/decimal.ts';
import { afterWriteRules, lineTotalsRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { FlowCode, FlowContext } from '../flow/index.ts';
import { takenQuantities } from '../flow/index.ts';
import { refreshTotals } from './bills.ts';

/**
 * What the stock-control bills do beyond their flow declarations (transfers, ownership
 * transfers, allocations, losses, inspections, package conversions, secondary processing;
 * docs/adr/0020-stock-control-flows.md): the checks the declaration cannot say and the
 * "filled by the system" fields their actions fill.
 */

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const billNo = (bill: Row) => text(bill.billNo) || String(bill.id);
const ids = (bills: Row[]) =>
  sql.join(
    bills.map((b) => sql`${b.id as string}::bigint`),
    sql`, `,
  );

/** The valid lines of the bills in one line table, bill then line order. */
async function linesOf(tx: Tx, table: string, auth: AuthContext, bills: Row[]) {
  return queryRows<Row>(
    tx,
    sql`select header_id::text "headerId", coalesce(line_number, 0) "lineNumber", material_code "materialCode",
               coalesce(batch_no, '') "batchNo", coalesce(warehouse_place_code, '') "warehousePlaceCode",
               qty::text qty, ${sql.raw(
                 table === 'bl_warehousetransferbilldetail'
                   ? `target_warehouse_place_code "targetWarehousePlaceCode", stock_status "stockStatus",
                      target_stock_status "targetStockStatus"`
                   : table === 'bl_checkbilldetail'
                     ? `pass_qty::text "passQty", fail_qty::text "failQty"`
                     : table === 'bl_wmallocatebilldetail'
                       ? `coalesce(target_warehouse_place_code, '') "targetWarehousePlaceCode"`
                       : `null "none"`,
               )}
        from ${sql.raw(table)}
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and invalid = '0' and header_id in (${ids(bills)})
        order by header_id, line_number, id`,
  );
}

/** Fills header fields the system keeps (times, results) on the bills of the action. */
async function headerStamp(ctx: FlowContext, assignments: ReturnType<typeof sql>): Promise<void> {
  await ctx.tx.execute(
    sql`update ${sql.raw(ctx.entity.tableName)} set ${assignments}
        where tenant_id = ${ctx.auth.tenantId} and id in (${ids(ctx.bills)})`,
  );
}

/** A transfer line that would leave the goods where and as they are is refused: nothing moves. */
async function refuseStill(ctx: FlowContext) {
  const any = translate('ledger.any', ctx.language);
  for (const line of await linesOf(ctx.tx, 'bl_warehousetransferbilldetail', ctx.auth, ctx.bills)) {
    if (
      line.warehousePlaceCode === text(line.targetWarehousePlaceCode) &&
      line.stockStatus === line.targetStockStatus
    ) {
      const bill = ctx.bills.find((b) => b.id === line.headerId) as Row;
      throw badRequest('transfer.samePlace', {
        bill: billNo(bill),
        line: line.lineNumber as number,
        material: line.materialCode as string,
        batch: text(line.batchNo) || any,
        place: line.warehousePlaceCode as string,
      });
    }
  }
}

/** Stock given to its own owner is no transfer. */
async function refuseSameOwner(ctx: FlowContext) {
  const bill = ctx.bills.find((b) => text(b.customerCode) === text(b.targetCustomerCode));
  if (bill) throw badRequest('transfer.sameOwner', { bill: billNo(bill), owner: text(bill.customerCode) });
}

/**
 * An inspection's results must fit what was inspected, and some result must be there; the
 * header's result follows (failed as soon as one unit failed) and the time is stamped.
 */
async function checkResults(ctx: FlowContext) {
  const any = translate('ledger.any', ctx.language);
  const lines = await linesOf(ctx.tx, 'bl_checkbilldetail', ctx.auth, ctx.bills);
  for (const bill of ctx.bills) {
    const own = lines.filter((line) => line.headerId === bill.id);
    if (own.length === 0) throw badRequest('bill.noLines', { bill: billNo(bill) });
    let results = 0n;
    for (const line of own) {
      const result = toUnits(line.passQty) + toUnits(line.failQty);
      results += result;
      if (result > toUnits(line.qty))
        throw badRequest('check.resultOver', {
          bill: billNo(bill),
          line: line.lineNumber as number,
          material: line.materialCode as string,
          batch: text(line.batchNo) || any,
          place: text(line.warehousePlaceCode) || any,
          result: display(result),
          qty: display(toUnits(line.qty)),
        });
    }
    if (results === 0n) throw badRequest('check.noResult', { bill: billNo(bill) });
  }
}

async function stampResults(ctx: FlowContext) {
  const table = sql.raw('bl_checkbilldetail');
  await ctx.tx.execute(
    sql`update ${table} set check_result = case when coalesce(fail_qty, 0) > 0 then '2' else '1' end
        where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and header_id in (${ids(ctx.bills)})
          and coalesce(pass_qty, 0) + coalesce(fail_qty, 0) > 0`,
  );
  await headerStamp(
    ctx,
    sql`check_time = coalesce(check_time, now()), check_result = case when exists (
          select 1 from ${table} d where d.tenant_id = ${ctx.auth.tenantId} and d.header_id = bl_checkbill.id
            and d.is_deleted = 0 and d.invalid = '0' and coalesce(d.fail_qty, 0) > 0) then '2' else '1' end`,
  );
}

/** Every line received needs a target location of the target warehouse. */
async function refuseNoTarget(ctx: FlowContext) {
  const any = translate('ledger.any', ctx.language);
  const lines = await linesOf(ctx.tx, 'bl_wmallocatebilldetail', ctx.auth, ctx.bills);
  const places = await queryRows<{ place: string; warehouse: string }>(
    ctx.tx,
    sql`select p.code place, a.warehouse_code warehouse from bl_warehouseplace p
        join bl_warehousearea a on a.tenant_id = p.tenant_id and a.code = p.warehouse_area_code and a.is_deleted = 0
        where p.tenant_id = ${ctx.auth.tenantId} and p.is_deleted = 0`,
  );
  const warehouseOf = new Map(places.map((p) => [p.place, p.warehouse]));
  for (const line of lines) {
    const bill = ctx.bills.find((b) => b.id === line.headerId) as Row;
    const named = {
      bill: billNo(bill),
      line: line.lineNumber as number,
      material: line.materialCode as string,
      batch: text(line.batchNo) || any,
    };
    const place = text(line.targetWarehousePlaceCode);
    if (!place) throw badRequest('allocate.noTarget', named);
    if (warehouseOf.get(place) !== text(bill.targetWarehouseCode))
      throw badRequest('allocate.wrongWarehouse', {
        ...named,
        place,
        warehouse: text(bill.targetWarehouseCode),
      });
  }
}

const receiveBody = z
  .object({
    lines: z
      .array(
        z.object({
          id: z.union([z.string(), z.number()]).transform(String),
          qty: z.union([z.string(), z.number()]),
        }),
      )
      .max(5000),
  })
  .partial();

/**
 * The quantities a receive takes in, per line: those the request names (`{ lines: [{ id, qty }] }`),
 * else everything still in transit. More than is still in transit, or nothing at all on a bill,
 * is refused.
 */
async function receiveQuantities(ctx: FlowContext) {
  const parsed = receiveBody.safeParse(ctx.input ?? {});
  if (!parsed.success) throw badRequest('allocate.badReceive');
  const named = parsed.data.lines;
  const lines = await queryRows<{
    id: string;
    headerId: string;
    lineNumber: number;
    materialCode: string;
    left: string;
  }>(
    ctx.tx,
    sql`select id::text id, header_id::text "headerId", coalesce(line_number, 0) "lineNumber",
               material_code "materialCode", (qty - coalesce(received_qty, 0))::text "left"
        from bl_wmallocatebilldetail
        where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and invalid = '0' and header_id in (${ids(ctx.bills)})`,
  );
  const now = takenQuantities(ctx.bills, lines, named, {
    bad: 'allocate.badReceive',
    over: 'allocate.receiveOver',
    nothing: 'allocate.nothingToReceive',
  });
  for (const line of lines)
    await ctx.tx.execute(
      sql`update bl_wmallocatebilldetail set receive_qty = ${fromUnits(now.get(line.id) ?? 0n)}::numeric
          where tenant_id = ${ctx.auth.tenantId} and id = ${line.id}::bigint`,
    );
}

/** A conversion names a reviewed package-warehouse bill of its own owner, if it names one. */
async function refuseForeignPackage(ctx: FlowContext) {
  for (const bill of ctx.bills) {
    const named = text(bill.packageWarehouseBillNo);
    if (!named) continue;
    const [found] = await queryRows<{ id: string }>(
      ctx.tx,
      sql`select id::text id from bl_packagewarehousebill
          where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and bill_no = ${named}
            and customer_code = ${text(bill.customerCode)} and is_review = '2'`,
    );
    if (!found)
      throw badRequest('package.billMismatch', {
        bill: billNo(bill),
        package: named,
        owner: text(bill.customerCode),
      });
  }
}

const conversion = { review: { check: refuseForeignPackage } };

export const controlFlowCode: FlowCode = {
  warehousetransferbill: { review: { check: refuseStill } },
  diversecustomertransferbill: { review: { check: refuseSameOwner } },
  checkbill: { review: { check: checkResults, effect: stampResults } },
  packagetemporarybill: conversion,
  temporarypackagebill: conversion,
  secondaryprocess: {
    review: { effect: (ctx) => headerStamp(ctx, sql`finish_time = now()`) },
    unreview: { effect: (ctx) => headerStamp(ctx, sql`finish_time = null`) },
  },
  wmallocatebill: {
    ship: {
      effect: async (ctx) => {
        await headerStamp(ctx, sql`out_time = now()`);
        await ctx.tx.execute(
          sql`update bl_wmallocatebilldetail set diff_qty = qty, received_qty = 0
              where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and invalid = '0'
                and header_id in (${ids(ctx.bills)})`,
        );
      },
    },
    receive: {
      check: async (ctx) => {
        await refuseNoTarget(ctx);
        await receiveQuantities(ctx);
      },
      effect: async (ctx) => {
        // What arrived adds up; the rest stays in transit; the bill completes with the last unit.
        await ctx.tx.execute(
          sql`update bl_wmallocatebilldetail set received_qty = coalesce(received_qty, 0) + coalesce(receive_qty, 0),
                diff_qty = qty - coalesce(received_qty, 0) - coalesce(receive_qty, 0), receive_qty = null
              where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and header_id in (${ids(ctx.bills)})`,
        );
        await headerStamp(
          ctx,
          sql`in_time = now(), state = case when exists (
                select 1 from bl_wmallocatebilldetail d where d.tenant_id = ${ctx.auth.tenantId}
                  and d.header_id = bl_wmallocatebill.id and d.is_deleted = 0 and d.invalid = '0'
                  and d.diff_qty > 0) then '2' else '3' end`,
        );
      },
    },
    unreview: {
      effect: async (ctx) => {
        await headerStamp(ctx, sql`out_time = null, in_time = null`);
        await ctx.tx.execute(
          sql`update bl_wmallocatebilldetail set received_qty = null, diff_qty = null, receive_qty = null
              where tenant_id = ${ctx.auth.tenantId} and header_id in (${ids(ctx.bills)})`,
        );
      },
    },
  },
};

/** Bills whose header totals are kept elsewhere: by their flow, their count, their own amounts. */
const ownTotals = new Set([
  'isinstockbill',
  'osoutstockbill',
  'wmstockcheckbill',
  'adjustpricebill',
  'monthbill',
]);
const totalFields = ['totalQty', 'totalWeg', 'totalBoard', 'totalVolume', 'totalAmount'];
const lineFields = ['qty', 'qtyWeg', 'board', 'volume', 'price', 'invalid'];

/**
 * Every bill of the catalogue with the header totals (quantity, weight, pallets, volume, amount)
 * over lines that carry them, but those that keep their own: one rule for all, so a bill added
 * later has its totals filled without a line of its own here.
 */
export function totalledBills(): string[] {
  return entities
    .filter((entity) => {
      const has = (e: EntityDefinition | undefined, names: string[]) =>
        !!e && names.every((name) => e.fields.some((f) => f.name === name));
      return (
        !ownTotals.has(entity.name) &&
        has(entity, totalFields) &&
        has(entity.children[0]?.entity(), lineFields)
      );
    })
    .map((entity) => entity.name);
}

/**
 * Header totals of the bills (`totalledBills`), kept by the server: the engine runs them after
 * every write of their lines, through the header or the line's own endpoints.
 */
export function registerControlTotals() {
  // A package-warehouse bill has no lines: its amount is the rented size times the price (per
  // pricing period, docs/adr/0023), kept by the server. The one rule of its amount: the billing
  // module once set another (per 30 days of the term) that this one overwrote, and lost to it
  // when the modules were plugged in another order.
  afterWriteRules.packagewarehousebill = async (tx, saved, context) => {
    if (String(saved.endDate) < String(saved.startDate)) throw badRequest('billing.endBeforeStart');
    const [row] = await queryRows<{ amount: string | null }>(
      tx,
      sql`update bl_packagewarehousebill set amount = round(case when package_warehouse_unit = '3' then price else rent_area * price end, 2)
          where tenant_id = ${context.auth.tenantId} and id = ${saved.id as string}::bigint
          returning amount::text amount`,
    );
    if (row) saved.amount = row.amount;
  };
  for (const name of totalledBills()) {
    const header = entityByName.get(name) as EntityDefinition;
    const lines = header.children[0]?.entity() as EntityDefinition;
    const flow = { header, lines };
    lineTotalsRules[name] = (tx, saved, context) => refreshTotals(tx, flow, context.auth, saved);
  }
}
