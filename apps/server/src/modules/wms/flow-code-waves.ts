import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, submitRecord } from '../../engine/crud.ts';
import { display, toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { type ActionCode, type FlowCode, type FlowContext, runAction } from '../flow/index.ts';
import { billLines } from '../ledger/index.ts';
import { nextSerial } from '../system/index.ts';
import { refuseSorted } from './bills.ts';
import { countQuotes } from './reservations.ts';

/**
 * Waves (billwaves, docs/adr/0023-waves-receipts.md): outbound bills waiting for review grouped
 * to be picked together. `makeWave` (on the outbound list) builds one wave of the chosen bills,
 * its pick lines one per outbound line in the order the picker walks (area, location); `pick`
 * confirms the picked quantities and reviews (posts) every bill of the wave through the
 * outbound bill's own review, all or nothing; `unpick` un-reviews them; `cancel` lets the bills
 * go. While a bill is in a live wave only the wave reviews or un-reviews it.
 */

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const today = () => new Date().toISOString().slice(0, 10);
const ids = (values: string[]) =>
  sql.join(
    values.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

const entity = (name: string) => {
  const found = entityByName.get(name);
  if (!found) throw new Error(`${name} is not in the catalogue`);
  return found as EntityDefinition;
};

/** The live waves (not cancelled) the outbound bills are in, by bill number. */
async function liveWaves(tx: Tx, auth: AuthContext, bills: Row[]): Promise<Map<string, string>> {
  const named = [...new Set(bills.map((b) => text(b.waveNo)).filter(Boolean))];
  if (named.length === 0) return new Map();
  const live = await queryRows<{ billNo: string }>(
    tx,
    sql`select bill_no "billNo" from bl_billwaves
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and waves_status <> '4'
          and bill_no in (${sql.join(
            named.map((n) => sql`${n}`),
            sql`, `,
          )})`,
  );
  const open = new Set(live.map((w) => w.billNo));
  return new Map(
    bills.filter((b) => open.has(text(b.waveNo))).map((b) => [text(b.billNo), text(b.waveNo)] as const),
  );
}

/** An outbound bill in a live wave is reviewed and un-reviewed by its wave only. */
export async function refuseInWave(ctx: FlowContext): Promise<void> {
  const [hit] = [...(await liveWaves(ctx.tx, ctx.auth, ctx.bills)).entries()];
  if (hit) throw badRequest('wave.billInWave', { bill: hit[0], wave: hit[1] });
}

interface OutLine {
  billNo: string;
  lineNumber: number;
  materialCode: string;
  batchNo: string | null;
  warehousePlaceCode: string | null;
  qty: string;
}

/** The valid lines of the outbound bills, in the order the picker walks: area, location, material. */
async function pickOrder(tx: Tx, auth: AuthContext, billIds: string[]): Promise<(OutLine & Row)[]> {
  return queryRows<OutLine & Row>(
    tx,
    sql`select h.bill_no "billNo", coalesce(d.line_number, 0) "lineNumber", d.material_code "materialCode",
               d.batch_no "batchNo", d.customer_batch_no "customerBatchNo", d.warehouse_place_code "warehousePlaceCode",
               d.barcode, d.packspec_code "packspecCode", d.unit_code "unitCode", d.qty::text qty,
               d.qty_weg::text "qtyWeg", d.weg::text weg, d.board::text board, d.volume::text volume
        from bl_osoutstockbilldetail d
        join bl_osoutstockbill h on h.tenant_id = d.tenant_id and h.id = d.header_id
        left join bl_warehouseplace p on p.tenant_id = d.tenant_id and p.code = d.warehouse_place_code and p.is_deleted = 0
        where d.tenant_id = ${auth.tenantId} and d.is_deleted = 0 and d.invalid = '0' and d.header_id in (${ids(billIds)})
        order by p.warehouse_area_code nulls last, d.warehouse_place_code nulls last, d.material_code, d.batch_no nulls last,
                 h.bill_no, d.line_number, d.id`,
  );
}

/** Builds one wave of the chosen outbound bills (all of one owner and warehouse). */
async function makeWave(ctx: FlowContext) {
  const { tx, auth, bills, language } = ctx;
  const [busy] = [...(await liveWaves(tx, auth, bills)).entries()];
  if (busy) throw badRequest('wave.billInWave', { bill: busy[0], wave: busy[1] });
  const [first] = bills as [Row];
  for (const bill of bills) {
    if (
      text(bill.customerCode) !== text(first.customerCode) ||
      text(bill.warehouseCode) !== text(first.warehouseCode)
    )
      throw badRequest('wave.mixed', {
        bill: text(bill.billNo),
        first: text(first.billNo),
      });
  }
  const lines = await pickOrder(
    tx,
    auth,
    bills.map((b) => b.id as string),
  );
  for (const bill of bills) {
    const own = lines.filter((line) => line.billNo === text(bill.billNo));
    if (own.length === 0) throw badRequest('bill.noLines', { bill: text(bill.billNo) });
    const zero = own.find((line) => toUnits(line.qty) <= 0n);
    if (zero) throw badRequest('bill.lineQty', { bill: text(bill.billNo), line: zero.lineNumber });
  }
  const waves = entity('billwaves');
  const wave = await submitRecord(
    tx,
    waves,
    auth,
    {
      billNo:
        (await nextSerial(tx, auth.tenantId, waves.name)) ?? `WV${Date.now().toString(36).toUpperCase()}`,
      billDate: today(),
      customerCode: first.customerCode,
      warehouseCode: first.warehouseCode,
      details: lines.map((line, index) => ({
        lineNumber: index + 1,
        applyCode: line.billNo,
        applyLineNumber: line.lineNumber,
        materialCode: line.materialCode,
        batchNo: line.batchNo,
        customerBatchNo: line.customerBatchNo,
        warehousePlaceCode: line.warehousePlaceCode,
        barcode: line.barcode,
        packspecCode: line.packspecCode,
        unitCode: line.unitCode,
        qty: line.qty,
        qtyWeg: line.qtyWeg,
        weg: line.weg,
        board: line.board,
        volume: line.volume,
      })),
    },
    language,
  );
  // What the server keeps: the state (bills allocated to it), the count, the bills' link.
  await tx.execute(
    sql`update bl_billwaves set waves_status = '1', bill_count = ${bills.length}
        where tenant_id = ${auth.tenantId} and id = ${wave.id as string}::bigint`,
  );
  await tx.execute(
    sql`update bl_osoutstockbill set wave_no = ${String(wave.billNo)}
        where tenant_id = ${auth.tenantId} and id in (${ids(bills.map((b) => b.id as string))})`,
  );
  return { wave: String(wave.billNo), id: String(wave.id), bills: bills.length };
}

/** The outbound bills of the waves (named by `waveNo`), by id. */
async function waveBills(tx: Tx, auth: AuthContext, waves: Row[]) {
  return queryRows<{ id: string; billNo: string; wave: string }>(
    tx,
    sql`select id::text id, bill_no "billNo", wave_no wave from bl_osoutstockbill
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and wave_no in (${sql.join(
          waves.map((w) => sql`${text(w.billNo)}`),
          sql`, `,
        )}) order by id`,
  );
}

/**
 * Every outbound line of the wave must be picked in full (blank picked = in full): a short or
 * over pick, or an outbound line changed since the wave was built, refuses the confirmation.
 */
async function checkPicked(ctx: FlowContext) {
  const { tx, auth, bills: waves } = ctx;
  const covered = await waveBills(tx, auth, waves);
  for (const wave of waves)
    if (!covered.some((b) => b.wave === text(wave.billNo)))
      throw badRequest('wave.empty', { wave: text(wave.billNo) });
  const picks = await queryRows<{
    wave: string;
    lineNumber: number;
    applyCode: string | null;
    applyLineNumber: number | null;
    materialCode: string;
    qty: string;
    pickedQty: string | null;
  }>(
    tx,
    sql`select h.bill_no wave, coalesce(d.line_number, 0) "lineNumber", d.apply_code "applyCode",
               d.apply_line_number "applyLineNumber", d.material_code "materialCode", d.qty::text qty,
               d.picked_qty::text "pickedQty"
        from bl_billwavesdetail d join bl_billwaves h on h.tenant_id = d.tenant_id and h.id = d.header_id
        where d.tenant_id = ${auth.tenantId} and d.is_deleted = 0 and d.invalid = '0'
          and d.header_id in (${ids(waves.map((w) => w.id as string))})
        order by h.id, d.line_number, d.id`,
  );
  const picked = new Map<string, bigint>();
  for (const pick of picks) {
    const qty = toUnits(pick.qty);
    const got = pick.pickedQty === null ? qty : toUnits(pick.pickedQty);
    const named = { wave: pick.wave, line: pick.lineNumber, material: pick.materialCode };
    if (got > qty) throw badRequest('wave.overPick', { ...named, picked: display(got), qty: display(qty) });
    if (got < qty) throw badRequest('wave.shortPick', { ...named, picked: display(got), qty: display(qty) });
    const key = `${text(pick.applyCode)}\u0000${pick.applyLineNumber ?? 0}`;
    picked.set(key, (picked.get(key) ?? 0n) + got);
  }
  for (const line of await pickOrder(
    tx,
    auth,
    covered.map((b) => b.id),
  )) {
    const key = `${line.billNo}\u0000${line.lineNumber}`;
    if ((picked.get(key) ?? 0n) !== toUnits(line.qty))
      throw badRequest('wave.changed', {
        wave: covered.find((b) => b.billNo === line.billNo)?.wave ?? '',
        bill: line.billNo,
        line: line.lineNumber,
        material: line.materialCode,
      });
    picked.delete(key);
  }
  const [stale] = [...picked.keys()];
  if (stale) {
    const [bill, line] = stale.split('\u0000');
    const pick = picks.find((p) => text(p.applyCode) === bill && String(p.applyLineNumber ?? 0) === line);
    throw badRequest('wave.changed', {
      wave: pick?.wave ?? '',
      bill: bill ?? '',
      line: Number(line),
      material: pick?.materialCode ?? '',
    });
  }
}

/** The outbound bill's own review and un-review, as the wave runs them (no wave refusal). */
const outboundReview: ActionCode = {
  effect: (ctx) => countQuotes(ctx.tx, 'osoutstockbill', ctx.auth, ctx.posted, 1),
};
const outboundUnreview: ActionCode = {
  check: (ctx) => refuseSorted(ctx.tx, ctx.auth, ctx.bills),
  effect: async (ctx) =>
    countQuotes(
      ctx.tx,
      'osoutstockbill',
      ctx.auth,
      await billLines(ctx.tx, ctx.entity, ctx.auth, ctx.bills),
      -1,
    ),
};

async function pick(ctx: FlowContext) {
  const { tx, auth, bills: waves, language } = ctx;
  const covered = await waveBills(tx, auth, waves);
  await tx.execute(
    sql`update bl_billwavesdetail set picked_qty = qty
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and picked_qty is null
          and header_id in (${ids(waves.map((w) => w.id as string))})`,
  );
  await runAction(
    tx,
    entity('osoutstockbill'),
    'review',
    outboundReview,
    auth,
    covered.map((b) => b.id),
    language,
  );
  return { picked: waves.length, reviewed: covered.length };
}

async function unpick(ctx: FlowContext) {
  const { tx, auth, bills: waves, language } = ctx;
  const covered = await waveBills(tx, auth, waves);
  await runAction(
    tx,
    entity('osoutstockbill'),
    'unreview',
    outboundUnreview,
    auth,
    covered.map((b) => b.id),
    language,
  );
  await tx.execute(
    sql`update bl_billwavesdetail set picked_qty = null
        where tenant_id = ${auth.tenantId} and header_id in (${ids(waves.map((w) => w.id as string))})`,
  );
  return { unpicked: waves.length, unreviewed: covered.length };
}

/** A cancelled wave lets its bills go (they may join another wave); it keeps its lines as history. */
async function cancel(ctx: FlowContext) {
  await ctx.tx.execute(
    sql`update bl_osoutstockbill set wave_no = null
        where tenant_id = ${ctx.auth.tenantId} and wave_no in (${sql.join(
          ctx.bills.map((w) => sql`${text(w.billNo)}`),
          sql`, `,
        )})`,
  );
  return { cancelled: ctx.bills.length };
}

export const waveFlowCode: FlowCode = {
  billwaves: {
    // The pick list is out: a wave allocated goes to picking.
    printPick: {
      effect: (ctx) =>
        ctx.tx
          .execute(
            sql`update bl_billwaves set waves_status = '2'
                where tenant_id = ${ctx.auth.tenantId} and waves_status = '1'
                  and id in (${ids(ctx.bills.map((w) => w.id as string))})`,
          )
          .then(() => undefined),
    },
    pick: { check: checkPicked, run: pick },
    unpick: { run: unpick },
    cancel: { run: cancel },
  },
};

/** The outbound bill's `makeWave`; its review and un-review refuse a bill in a live wave. */
export const outboundWaveCode = {
  makeWave: { run: makeWave } satisfies ActionCode,
  refuseInWave,
};
