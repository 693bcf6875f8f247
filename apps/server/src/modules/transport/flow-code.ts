import type { Language } from '@bl/contract';
import { formatMessage, idCardProblem } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, submitRecord } from '../../engine/crud.ts';
import { display, fromUnits, proportion, toUnits } from '../../engine/decimal.ts';
import { lineTotalsRules, writeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { FlowCode, FlowContext } from '../flow/index.ts';
import { nextSerial } from '../system/index.ts';
import { computeFreight, type FreightGoods, lineKg, priceFreight } from './freight.ts';

/**
 * The transport flow (issue 17, docs/adr/0025-transport-flow.md): what each transport action
 * does beyond its declaration (packages/entities/src/transport/actions.ts). Every action makes
 * the next document through the generic submit (checks, numbering, audit log) and moves the
 * states of the documents before it, in the action's one transaction.
 *
 * consignment order (type 1): 0 new → dispatch → 1 dispatched (a dispatch bill) → makeNote → 2;
 * consignment note (type 2): 0 new → load → 3 partly / 4 loaded (a departure bill) → arrive →
 *   5 arrived (an arrival bill, reviewed) → deliver + sign → 6 partly / 7 delivered, or 8 refused;
 * cancel: 0 or 1 → 9, with a reason.
 */

const entity = (name: string) => entityByName.get(name) as EntityDefinition;
const linesEntity = (header: EntityDefinition) => header.children[0]?.entity() as EntityDefinition;
const cols = (e: EntityDefinition) => getTableColumns(e.table) as Record<string, PgColumn>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const billNoOf = (bill: Row) => text(bill.billNo) || String(bill.id);

/** Lines of the headers, valid and live, header then line order. */
async function linesOf(tx: Tx, auth: AuthContext, header: EntityDefinition, headerIds: string[]) {
  if (headerIds.length === 0) return [];
  const lines = linesEntity(header);
  const c = cols(lines);
  return (await tx
    .select()
    .from(lines.table as PgTable)
    .where(
      and(
        eq(c.tenantId as PgColumn, auth.tenantId),
        eq(c.isDeleted as PgColumn, 0),
        eq(c.invalid as PgColumn, '0'),
        inArray(c.headerId as PgColumn, headerIds),
      ),
    )
    .orderBy(asc(c.headerId as PgColumn), asc(c.lineNumber as PgColumn), asc(c.id as PgColumn))) as Row[];
}

/** Live headers of an entity whose `field` is one of `values`, locked, id order. */
async function headersWhere(tx: Tx, auth: AuthContext, e: EntityDefinition, field: string, values: string[]) {
  if (values.length === 0) return [];
  const c = cols(e);
  return (await tx
    .select()
    .from(e.table as PgTable)
    .where(
      and(
        eq(c.tenantId as PgColumn, auth.tenantId),
        eq(c.isDeleted as PgColumn, 0),
        inArray(c[field] as PgColumn, values),
      ),
    )
    .orderBy(asc(c.id as PgColumn))
    .for('update')) as Row[];
}

/** Writes system-kept values on records (state, counters, links), with the version stepped. */
async function write(tx: Tx, auth: AuthContext, e: EntityDefinition, ids: string[], values: Row) {
  if (ids.length === 0) return;
  const c = cols(e);
  await tx
    .update(e.table as PgTable)
    .set({ ...values, updateUser: auth.userId, updateTime: new Date(), version: sql`${c.version} + 1` })
    .where(and(eq(c.tenantId as PgColumn, auth.tenantId), inArray(c.id as PgColumn, ids)));
}

const prefixes: Record<string, string> = {
  consignmentbill: 'TY',
  dispatch: 'PC',
  loadingbill: 'FC',
  arrivalbill: 'DH',
  deliverybill: 'PS',
};

/** The number of a made document: the tenant's serial when set up, else prefix + day + count. */
async function numberFor(tx: Tx, auth: AuthContext, name: string): Promise<string> {
  const serial = await nextSerial(tx, auth.tenantId, name);
  if (serial) return serial;
  const prefix = `${prefixes[name]}${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
  const [{ made } = { made: 0 }] = await queryRows<{ made: number }>(
    tx,
    sql`select count(*)::int made from ${sql.raw(entity(name).tableName)}
        where tenant_id = ${auth.tenantId} and bill_no like ${`${prefix}%`}`,
  );
  return `${prefix}${String(made + 1).padStart(4, '0')}`;
}

async function make(tx: Tx, auth: AuthContext, name: string, body: Row, language: Language) {
  const saved = await submitRecord(
    tx,
    entity(name),
    auth,
    { billNo: await numberFor(tx, auth, name), ...body },
    language,
  );
  return saved;
}

/** The goods fields a line carries on to the next document. */
const goods = (line: Row) => ({
  materialCode: line.materialCode,
  materialType: line.materialType ?? null,
  batchNo: line.batchNo ?? null,
  customerBatchNo: line.customerBatchNo ?? null,
  model: line.model ?? null,
  unitCode: line.unitCode ?? null,
  price: line.price ?? null,
  board: line.board ?? null,
  volumeLength: line.volumeLength ?? null,
  volumeWidth: line.volumeWidth ?? null,
  volumeHeight: line.volumeHeight ?? null,
  agreementCode: line.agreementCode ?? null,
  remark: line.remark ?? null,
});

/** A part of a line: its quantity, and its weights and volume in the same proportion. */
function part(line: Row, qty: bigint) {
  const whole = toUnits(line.qty);
  const share = (value: unknown) =>
    value === null || value === undefined ? null : fromUnits(proportion(toUnits(value), qty, whole));
  return {
    qty: fromUnits(qty),
    weg: share(line.weg),
    qtyWeg: share(line.qtyWeg),
    volume: share(line.volume),
  };
}

// ---------------------------------------------------------------- input

const code = z.string().trim().max(64);
const qtyText = z.union([z.string(), z.number()]).transform(String);
const vehicleInput = z
  .object({ carNo: code.optional(), driverCode: code.optional(), lineCode: code.optional() })
  .passthrough();

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw badRequest('transport.badInput', {
      detail: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    });
  return result.data;
}

/** A quantity of the input: a number ≥ 0 with at most 4 decimals, else the field's message. */
function quantity(value: string, field: string, language: Language): bigint {
  const label = entity('loadingbilldetail').fields.find((f) => f.name === field)?.label[language] ?? field;
  let units: bigint;
  try {
    units = toUnits(value);
  } catch {
    throw badRequest('transport.badQty', { field: label, value });
  }
  if (units < 0n) throw badRequest('transport.badQty', { field: label, value });
  return units;
}

/** `lines: [{ id, <field> }]` of the input, as line id → quantity (units). */
function lineQuantities(input: Record<string, unknown>, field: string, language: Language) {
  if (input.lines === undefined) return undefined;
  const lines = parse(
    z
      .array(z.object({ id: z.union([z.string(), z.number()]).transform(String), [field]: qtyText }))
      .max(2000),
    input.lines,
  );
  return new Map(
    lines.map((l) => [
      String(l.id),
      quantity(String((l as Record<string, unknown>)[field]), field, language),
    ]),
  );
}

// ---------------------------------------------------------------- vehicle

/**
 * The vehicle and driver exist, and the goods fit the vehicle: their weight within its approved
 * load, their volume within its cargo box, no piece longer, wider or higher than the box.
 */
async function checkVehicle(
  tx: Tx,
  auth: AuthContext,
  carNo: string,
  driverCode: string,
  lines: { line: Row; qty: bigint }[],
) {
  const [car] = await queryRows<Record<string, string | null>>(
    tx,
    sql`select approved_load_capacity::text capacity, length::text length, width::text width, height::text height
        from bl_basiccar where tenant_id = ${auth.tenantId} and is_deleted = 0 and car_no = ${carNo}`,
  );
  if (!car) throw badRequest('transport.unknownCar', { car: carNo });
  const [driver] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text id from bl_basicdriver
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and driver_code = ${driverCode}`,
  );
  if (!driver) throw badRequest('transport.unknownDriver', { driver: driverCode });
  let kg = 0n;
  let volume = 0n;
  for (const { line, qty } of lines) {
    const whole = toUnits(line.qty);
    kg += proportion(lineKg(line), qty, whole);
    volume += proportion(toUnits(line.volume), qty, whole);
  }
  const capacity = toUnits(car.capacity);
  if (capacity > 0n && kg > capacity * 1000n)
    throw badRequest('transport.overload', {
      car: carNo,
      capacity: display(capacity),
      weight: display(proportion(kg, 1n, 1000n)),
    });
  const [length, width, height] = [toUnits(car.length), toUnits(car.width), toUnits(car.height)];
  if (length > 0n && width > 0n && height > 0n) {
    const box = (length * width * height) / 10n ** 8n;
    if (volume > box)
      throw badRequest('transport.overVolume', {
        car: carNo,
        capacity: display(box),
        volume: display(volume),
      });
    for (const { line } of lines) {
      const size: [bigint, bigint, bigint] = [
        toUnits(line.volumeLength),
        toUnits(line.volumeWidth),
        toUnits(line.volumeHeight),
      ];
      if (size[0] > length || size[1] > width || size[2] > height)
        throw badRequest('transport.overSize', {
          material: text(line.materialCode),
          size: size.map(display).join('×'),
          car: carNo,
          box: [length, width, height].map(display).join('×'),
        });
    }
  }
}

function vehicleOf(ctx: FlowContext, bill: Row) {
  const input = parse(vehicleInput, ctx.input);
  const carNo = input.carNo || text(bill.carNo);
  const driverCode = input.driverCode || text(bill.driverCode);
  const lineCode = input.lineCode || text(bill.lineCode) || null;
  if (!carNo || !driverCode) throw badRequest('transport.noCar', { bill: billNoOf(bill) });
  return { carNo, driverCode, lineCode };
}

// ---------------------------------------------------------------- consignment

const consignment = () => entity('consignmentbill');

const noPriceMessages = {
  '1': 'transport.noFreightPrice1',
  '2': 'transport.noFreightPrice2',
  '3': 'transport.noFreightPrice3',
} as const;

/**
 * The freight of a bill's goods at a step that charges it (a note made, a departure, a
 * delivery signed): refused, naming the first line, when the price list has no rate for a line
 * that carries something to charge, so freight is never 0 without a word (issue 29).
 */
async function chargedFreight(ctx: FlowContext, bill: Row, lines: FreightGoods[]): Promise<bigint> {
  const chargingType = text(bill.chargingType);
  const { freight, unpriced } = await priceFreight(ctx.tx, ctx.auth, chargingType, lines);
  const [first] = unpriced;
  if (first)
    throw badRequest(
      noPriceMessages[chargingType as keyof typeof noPriceMessages] ?? 'transport.noFreightPrice2',
      {
        bill: billNoOf(bill),
        line: first.lineNumber,
        material: first.materialCode,
      },
    );
  return toUnits(freight);
}

/** An order's vehicle is sent: a dispatch bill with the order's goods, the order dispatched. */
async function dispatchOrders(ctx: FlowContext) {
  const { dispatchTime } = parse(
    z.object({ dispatchTime: z.string().datetime({ offset: true }).optional() }).passthrough(),
    ctx.input,
  );
  const lines = await linesOf(
    ctx.tx,
    ctx.auth,
    consignment(),
    ctx.bills.map((b) => String(b.id)),
  );
  const made = [];
  for (const bill of ctx.bills) {
    const vehicle = vehicleOf(ctx, bill);
    const own = lines.filter((l) => l.headerId === bill.id);
    await checkVehicle(
      ctx.tx,
      ctx.auth,
      vehicle.carNo,
      vehicle.driverCode,
      own.map((line) => ({ line, qty: toUnits(line.qty) })),
    );
    const time = dispatchTime ? new Date(dispatchTime) : new Date();
    const saved = await make(
      ctx.tx,
      ctx.auth,
      'dispatch',
      {
        ...vehicle,
        dispatchTime: time.toISOString(),
        billRemark: bill.billRemark ?? null,
        details: own.map((line, i) => ({
          lineNumber: i + 1,
          applyCode: billNoOf(bill),
          applyLineNumber: line.lineNumber,
          ...goods(line),
          qty: line.qty,
          weg: line.weg,
          qtyWeg: line.qtyWeg,
          volume: line.volume,
        })),
      },
      ctx.language,
    );
    await write(ctx.tx, ctx.auth, entity('dispatch'), [String(saved.id)], { applyCode: billNoOf(bill) });
    await write(ctx.tx, ctx.auth, consignment(), [String(bill.id)], {
      ...vehicle,
      dispatchTime: time,
      state: '1',
    });
    made.push({ id: String(saved.id), billNo: String(saved.billNo) });
  }
  return { dispatched: made.length, dispatches: made };
}

/** A dispatched order becomes a consignment note (type 2) with its goods; the order is done. */
async function makeNotes(ctx: FlowContext) {
  const lines = await linesOf(
    ctx.tx,
    ctx.auth,
    consignment(),
    ctx.bills.map((b) => String(b.id)),
  );
  const made = [];
  const header = [
    'shipperCustomer',
    'consigneeCustomer',
    'transportType',
    'packgeType',
    'chargingType',
    'paymentType',
    'isOutsource',
    'billRemark',
    'driverCode',
    'carNo',
    'lineCode',
    'loadingAddress',
    'unloadingAddress',
  ];
  for (const bill of ctx.bills) {
    // The note is what gets charged: its goods must have a price before it exists.
    await chargedFreight(
      ctx,
      bill,
      lines.filter((l) => l.headerId === bill.id),
    );
    const saved = await make(
      ctx.tx,
      ctx.auth,
      'consignmentbill',
      {
        ...Object.fromEntries(header.map((f) => [f, bill[f] ?? null])),
        billType: '2',
        details: lines
          .filter((l) => l.headerId === bill.id)
          .map((line, i) => ({
            lineNumber: i + 1,
            applyCode: billNoOf(bill),
            applyLineNumber: line.lineNumber,
            ...goods(line),
            qty: line.qty,
            weg: line.weg,
            qtyWeg: line.qtyWeg,
            volume: line.volume,
          })),
      },
      ctx.language,
    );
    await write(ctx.tx, ctx.auth, consignment(), [String(saved.id)], {
      sourceBillNo: billNoOf(bill),
      dispatchTime: bill.dispatchTime ?? null,
    });
    await write(ctx.tx, ctx.auth, consignment(), [String(bill.id)], { state: '2' });
    // The goods the vehicle collected are confirmed with the note (issue 28: the dispatch
    // lines' confirmed quantity stayed empty): each dispatch line of the order, its quantity.
    await ctx.tx.execute(
      sql`update bl_dispatchdetail set affirm_qty = qty, update_user = ${ctx.auth.userId}::bigint,
            update_time = now(), version = version + 1
          where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and apply_code = ${billNoOf(bill)}`,
    );
    made.push({ id: String(saved.id), billNo: String(saved.billNo) });
  }
  return { notes: made };
}

/**
 * Loading: one departure bill for the selected notes, on one vehicle, with what is loaded of
 * each line (all that is open, or the quantities given); a line loaded in part stays open for
 * the next departure. The notes' loaded counts and states follow, the departure's freight is
 * that of the loaded goods.
 */
async function loadNotes(ctx: FlowContext) {
  const first = ctx.bills[0] as Row;
  const vehicle = vehicleOf(ctx, ctx.bills.find((b) => text(b.carNo)) ?? first);
  const given = lineQuantities(ctx.input, 'qty', ctx.language);
  const lines = await linesOf(
    ctx.tx,
    ctx.auth,
    consignment(),
    ctx.bills.map((b) => String(b.id)),
  );
  for (const id of given?.keys() ?? [])
    if (!lines.some((l) => String(l.id) === id)) throw badRequest('transport.badLine', { line: id });
  const loads: { bill: Row; line: Row; qty: bigint }[] = [];
  for (const bill of ctx.bills) {
    let any = false;
    for (const line of lines.filter((l) => l.headerId === bill.id)) {
      const open = toUnits(line.qty) - toUnits(line.affirmQty);
      const qty = given ? (given.get(String(line.id)) ?? 0n) : open > 0n ? open : 0n;
      if (qty > open)
        throw badRequest('transport.loadOver', {
          bill: billNoOf(bill),
          line: Number(line.lineNumber ?? 0),
          material: text(line.materialCode),
          qty: display(qty),
          open: display(open > 0n ? open : 0n),
        });
      if (qty > 0n) {
        loads.push({ bill, line, qty });
        any = true;
      }
    }
    if (!any) throw badRequest('transport.nothingToLoad', { bill: billNoOf(bill) });
  }
  await checkVehicle(ctx.tx, ctx.auth, vehicle.carNo, vehicle.driverCode, loads);
  let freight = 0n;
  for (const bill of ctx.bills) {
    const own = loads
      .filter((l) => l.bill === bill)
      .map(({ line, qty }) => ({ ...line, ...part(line, qty) }));
    freight += await chargedFreight(ctx, bill, own);
  }
  const saved = await make(
    ctx.tx,
    ctx.auth,
    'loadingbill',
    {
      applyCode: billNoOf(first),
      ...vehicle,
      paymentType: first.paymentType ?? null,
      loadingAddress: first.loadingAddress ?? null,
      unloadingAddress: first.unloadingAddress ?? null,
      billRemark: ctx.bills.length > 1 ? ctx.bills.map(billNoOf).join(', ').slice(0, 500) : null,
      details: loads.map(({ bill, line, qty }, i) => ({
        lineNumber: i + 1,
        applyCode: billNoOf(bill),
        applyLineNumber: line.lineNumber,
        ...goods(line),
        ...part(line, qty),
      })),
    },
    ctx.language,
  );
  const total = loads.reduce((sum, l) => sum + l.qty, 0n);
  await write(ctx.tx, ctx.auth, entity('loadingbill'), [String(saved.id)], {
    totalQty: fromUnits(total),
    freight: fromUnits(freight),
  });
  for (const { line, qty } of loads)
    await write(ctx.tx, ctx.auth, linesEntity(consignment()), [String(line.id)], {
      affirmQty: fromUnits(toUnits(line.affirmQty) + qty),
    });
  for (const bill of ctx.bills) {
    const open = lines
      .filter((l) => l.headerId === bill.id)
      .some((l) => toUnits(l.qty) > toUnits(l.affirmQty) + (loads.find((x) => x.line === l)?.qty ?? 0n));
    await write(ctx.tx, ctx.auth, consignment(), [String(bill.id)], {
      state: open ? '3' : '4',
      ...(text(bill.carNo) ? {} : vehicle),
    });
  }
  return {
    id: String(saved.id),
    billNo: String(saved.billNo),
    loaded: fromUnits(total),
    freight: fromUnits(freight),
  };
}

/** Cancelling before loading, with a reason (given, or already on the bill). */
async function cancelConsignments(ctx: FlowContext) {
  const { reason } = parse(
    z.object({ reason: z.string().trim().max(255).optional() }).passthrough(),
    ctx.input,
  );
  for (const bill of ctx.bills) {
    const why = reason || text(bill.cancelReason);
    if (!why) throw badRequest('transport.cancelReason', { bill: billNoOf(bill) });
    await write(ctx.tx, ctx.auth, consignment(), [String(bill.id)], {
      state: '9',
      isCancel: '1',
      cancelReason: why,
    });
  }
  return { cancelled: ctx.bills.length };
}

// ---------------------------------------------------------------- departure, arrival

/**
 * Arrival: the counted quantity of each line (given, already entered, else what was loaded),
 * the difference recorded, an arrival bill made with the onward delivery way; notes whose
 * goods have all arrived are arrived.
 */
async function arrive(ctx: FlowContext) {
  const { arrivalType } = parse(
    z.object({ arrivalType: z.enum(['1', '2', '3']).optional() }).passthrough(),
    ctx.input,
  );
  const given = lineQuantities(ctx.input, 'checkQty', ctx.language);
  const lines = await linesOf(
    ctx.tx,
    ctx.auth,
    entity('loadingbill'),
    ctx.bills.map((b) => String(b.id)),
  );
  for (const id of given?.keys() ?? [])
    if (!lines.some((l) => String(l.id) === id)) throw badRequest('transport.badLine', { line: id });
  const made = [];
  for (const bill of ctx.bills) {
    const type = arrivalType ?? (text(bill.arrivalType) || '1');
    const saved = await make(
      ctx.tx,
      ctx.auth,
      'arrivalbill',
      {
        billType: type,
        applyCode: billNoOf(bill),
        driverCode: bill.driverCode,
        carNo: bill.carNo,
        lineCode: bill.lineCode ?? null,
      },
      ctx.language,
    );
    for (const line of lines.filter((l) => l.headerId === bill.id)) {
      const counted =
        given?.get(String(line.id)) ?? (line.checkQty === null ? toUnits(line.qty) : toUnits(line.checkQty));
      await write(ctx.tx, ctx.auth, entity('loadingbilldetail'), [String(line.id)], {
        checkQty: fromUnits(counted),
        diffQty: fromUnits(counted - toUnits(line.qty)),
        arrivalBillNo: String(saved.billNo),
      });
    }
    await write(ctx.tx, ctx.auth, entity('loadingbill'), [String(bill.id)], {
      state: '2',
      arrivalType: type,
    });
    made.push({ id: String(saved.id), billNo: String(saved.billNo) });
  }
  // Notes fully loaded whose every departure has arrived are arrived.
  const notes = [...new Set(lines.map((l) => text(l.applyCode)))];
  await ctx.tx.execute(
    sql`update bl_consignmentbill n set state = '5', version = version + 1, update_time = now()
        where n.tenant_id = ${ctx.auth.tenantId} and n.is_deleted = 0 and n.state = '4'
          and n.bill_no in (${sql.join(
            notes.map((n) => sql`${n}`),
            sql`, `,
          )})
          and not exists (select 1 from bl_loadingbilldetail d join bl_loadingbill h on h.id = d.header_id
                          where d.tenant_id = n.tenant_id and d.is_deleted = 0 and h.is_deleted = 0
                            and d.apply_code = n.bill_no and h.state = '1')`,
  );
  return { arrivals: made };
}

/** The departure lines behind an arrival bill, with what is still to deliver of each. */
async function arrivalGoods(tx: Tx, auth: AuthContext, arrival: Row) {
  const [departure] = await headersWhere(tx, auth, entity('loadingbill'), 'billNo', [
    text(arrival.applyCode),
  ]);
  if (!departure) return [];
  const lines = await linesOf(tx, auth, entity('loadingbill'), [String(departure.id)]);
  return lines.map((line) => {
    const counted = line.checkQty === null ? toUnits(line.qty) : toUnits(line.checkQty);
    return { line, counted, open: counted - toUnits(line.deliveredQty) - toUnits(line.refusedQty) };
  });
}

/**
 * The lines a delivery bill signs for, for the sign dialog (the flow declaration's
 * `quantities.source`): each departure line behind its arrival with `qty` what was counted and
 * `deliveredQty` what is already delivered or refused, so what is open is their difference.
 */
export async function signLines(tx: Tx, auth: AuthContext, deliveryId: string): Promise<Row[]> {
  const [bill] = await queryRows<{ applyCode: string | null }>(
    tx,
    sql`select apply_code "applyCode" from bl_deliverybill
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and id = ${deliveryId}::bigint`,
  );
  if (!bill) return [];
  const [arrival] = await headersWhere(tx, auth, entity('arrivalbill'), 'billNo', [text(bill.applyCode)]);
  if (!arrival) return [];
  return (await arrivalGoods(tx, auth, arrival)).map(({ line, counted }) => ({
    id: String(line.id),
    lineNumber: line.lineNumber,
    applyCode: line.applyCode,
    materialCode: line.materialCode,
    batchNo: line.batchNo ?? null,
    qty: fromUnits(counted),
    deliveredQty: fromUnits(toUnits(line.deliveredQty) + toUnits(line.refusedQty)),
  }));
}

/** A delivery bill for each reviewed arrival with goods still to deliver and none waiting. */
async function deliverArrivals(ctx: FlowContext) {
  const made = [];
  const ways: Record<string, string> = { '1': '1', '2': '2', '3': '3' };
  for (const bill of ctx.bills) {
    const [waiting] = await queryRows<{ billNo: string }>(
      ctx.tx,
      sql`select bill_no "billNo" from bl_deliverybill where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0
            and apply_code = ${billNoOf(bill)} and state = '0' limit 1`,
    );
    if (waiting)
      throw badRequest('transport.deliveryOpen', { bill: billNoOf(bill), delivery: waiting.billNo });
    const goodsLeft = (await arrivalGoods(ctx.tx, ctx.auth, bill)).filter((g) => g.open > 0n);
    if (goodsLeft.length === 0) throw badRequest('transport.nothingToDeliver', { bill: billNoOf(bill) });
    const saved = await make(
      ctx.tx,
      ctx.auth,
      'deliverybill',
      {
        billType: ways[text(bill.billType)] ?? '1',
        applyCode: billNoOf(bill),
        driverCode: bill.driverCode ?? null,
        carNo: bill.carNo ?? null,
      },
      ctx.language,
    );
    made.push({ id: String(saved.id), billNo: String(saved.billNo) });
  }
  return { deliveries: made };
}

/** An arrival with a delivery bill is past review: it cannot be taken back. */
async function checkUnreview(ctx: FlowContext) {
  for (const bill of ctx.bills) {
    const [delivery] = await queryRows<{ billNo: string }>(
      ctx.tx,
      sql`select bill_no "billNo" from bl_deliverybill where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0
            and apply_code = ${billNoOf(bill)} order by id limit 1`,
    );
    if (delivery)
      throw badRequest('transport.arrivalDelivering', { bill: billNoOf(bill), delivery: delivery.billNo });
  }
}

// ---------------------------------------------------------------- delivery

const fieldLabel = (e: string, field: string, language: Language) =>
  entity(e).fields.find((f) => f.name === field)?.label[language] ?? field;

/**
 * The signer is named with a mobile and a valid identity card (spec 02 §5); a carrier when
 * outsourced. The sign dialog's signer (the declaration's `form`) is already on the bills: the
 * flow engine read it as the bill's form reads it and refused a missing name, mobile or card.
 */
function checkSigner(ctx: FlowContext) {
  for (const bill of ctx.bills) {
    const card = text(bill.signIdCard);
    const problem = idCardProblem(card);
    if (problem)
      throw badRequest('transport.badInput', {
        detail: formatMessage(problem, ctx.language, {
          field: fieldLabel('deliverybill', 'signIdCard', ctx.language),
        }),
      });
    if (text(bill.billType) === '3' && !text(bill.carrierCode))
      throw badRequest('transport.carrierMissing', { bill: billNoOf(bill) });
  }
}

/**
 * Brings the notes of these departure lines to partly delivered while goods are open, else
 * delivered (something taken) or refused (everything refused line by line).
 */
async function noteStates(tx: Tx, auth: AuthContext, notes: string[]) {
  if (notes.length === 0) return;
  await tx.execute(
    sql`update bl_consignmentbill n set version = n.version + 1, update_time = now(),
          state = case when t.delivered + t.refused < t.qty then '6' when t.delivered > 0 then '7' else '8' end
        from (select c.id, (select coalesce(sum(qty), 0) from bl_consignmentbilldetail
                            where tenant_id = c.tenant_id and header_id = c.id and is_deleted = 0 and invalid = '0') qty,
                           (select coalesce(sum(delivered_qty), 0) from bl_loadingbilldetail d
                            join bl_loadingbill h on h.id = d.header_id and h.is_deleted = 0
                            where d.tenant_id = c.tenant_id and d.apply_code = c.bill_no and d.is_deleted = 0) delivered,
                           (select coalesce(sum(refused_qty), 0) from bl_loadingbilldetail d
                            join bl_loadingbill h on h.id = d.header_id and h.is_deleted = 0
                            where d.tenant_id = c.tenant_id and d.apply_code = c.bill_no and d.is_deleted = 0) refused
              from bl_consignmentbill c
              where c.tenant_id = ${auth.tenantId} and c.is_deleted = 0
                and c.bill_no in (${sql.join(
                  notes.map((n) => sql`${n}`),
                  sql`, `,
                )})) t
        where n.id = t.id and t.delivered + t.refused > 0`,
  );
}

/**
 * Sign-off: what the consignee takes (all still to deliver, or the quantities given per
 * departure line) is delivered. Less than is open of a line, with a reason given for it, is a
 * refusal of the rest (closed on the line with its reason); without one the rest stays for
 * another delivery bill. The delivery's freight is that of the goods signed for.
 */
async function sign(ctx: FlowContext) {
  const given = lineQuantities(ctx.input, 'qty', ctx.language);
  const reasons = new Map(
    ctx.input.lines === undefined
      ? []
      : parse(
          z.array(
            z.object({
              id: z.union([z.string(), z.number()]).transform(String),
              reason: z.string().trim().max(255).optional(),
            }),
          ),
          ctx.input.lines,
        )
          .filter((l) => l.reason)
          .map((l) => [l.id, l.reason as string]),
  );
  const notes = new Set<string>();
  for (const bill of ctx.bills) {
    const [arrival] = await headersWhere(ctx.tx, ctx.auth, entity('arrivalbill'), 'billNo', [
      text(bill.applyCode),
    ]);
    const all = arrival ? await arrivalGoods(ctx.tx, ctx.auth, arrival) : [];
    for (const id of given?.keys() ?? [])
      if (!all.some((g) => String(g.line.id) === id)) throw badRequest('transport.badLine', { line: id });
    let total = 0n;
    let left = false;
    let refusedAny = '';
    const signed: Row[] = [];
    for (const { line, open } of all) {
      const qty = given ? (given.get(String(line.id)) ?? 0n) : open > 0n ? open : 0n;
      if (qty > open)
        throw badRequest('transport.deliverOver', {
          bill: billNoOf(bill),
          material: text(line.materialCode),
          qty: display(qty),
          open: display(open > 0n ? open : 0n),
        });
      const reason = reasons.get(String(line.id));
      const refused = reason && open > qty ? open - qty : 0n;
      if (refused > 0n) {
        refusedAny ||= reason as string;
        notes.add(text(line.applyCode));
      } else if (open - qty > 0n) left = true;
      if (qty === 0n && refused === 0n) continue;
      total += qty;
      if (qty > 0n) {
        notes.add(text(line.applyCode));
        signed.push({ ...line, ...part(line, qty) });
      }
      await write(ctx.tx, ctx.auth, entity('loadingbilldetail'), [String(line.id)], {
        deliveredQty: fromUnits(toUnits(line.deliveredQty) + qty),
        ...(refused > 0n && {
          refusedQty: fromUnits(toUnits(line.refusedQty) + refused),
          refuseReason: reason,
        }),
      });
    }
    if (total === 0n && !refusedAny)
      throw badRequest('transport.nothingToDeliver', { bill: text(bill.applyCode) || billNoOf(bill) });
    const charging = signed.length
      ? await queryRows<{ billNo: string; chargingType: string }>(
          ctx.tx,
          sql`select bill_no "billNo", charging_type "chargingType" from bl_consignmentbill
          where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0
            and bill_no in (${sql.join(
              [...new Set(signed.map((l) => text(l.applyCode)))].map((n) => sql`${n}`),
              sql`, `,
            )})`,
        )
      : [];
    let freight = 0n;
    for (const { billNo, chargingType } of charging)
      freight += toUnits(
        await computeFreight(
          ctx.tx,
          ctx.auth,
          chargingType,
          signed.filter((l) => text(l.applyCode) === billNo),
        ),
      );
    // The signer the dialog gave is written by the flow engine with the action (its form).
    await write(ctx.tx, ctx.auth, entity('deliverybill'), [String(bill.id)], {
      // Nothing taken and the rest refused: the delivery is a refusal.
      state: total === 0n ? '3' : left ? '2' : '1',
      ...(refusedAny && !text(bill.refuseReason) && { refuseReason: refusedAny }),
      totalQty: fromUnits(total),
      freight: fromUnits(freight),
      signTime: bill.signTime ?? new Date(),
    });
  }
  await noteStates(ctx.tx, ctx.auth, [...notes]);
  return { signed: ctx.bills.length };
}

/** Refusal, with a reason: the delivery is closed and its notes are refused. */
async function refuse(ctx: FlowContext) {
  const { reason } = parse(
    z.object({ reason: z.string().trim().max(255).optional() }).passthrough(),
    ctx.input,
  );
  for (const bill of ctx.bills) {
    const why = reason || text(bill.refuseReason);
    if (!why) throw badRequest('transport.refuseReason', { bill: billNoOf(bill) });
    await write(ctx.tx, ctx.auth, entity('deliverybill'), [String(bill.id)], {
      state: '3',
      refuseReason: why,
    });
    const [arrival] = await headersWhere(ctx.tx, ctx.auth, entity('arrivalbill'), 'billNo', [
      text(bill.applyCode),
    ]);
    const notes = arrival
      ? [...new Set((await arrivalGoods(ctx.tx, ctx.auth, arrival)).map((g) => text(g.line.applyCode)))]
      : [];
    if (notes.length)
      await ctx.tx.execute(
        sql`update bl_consignmentbill set state = '8', version = version + 1, update_time = now()
            where tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and state in ('3', '4', '5')
              and bill_no in (${sql.join(
                notes.map((n) => sql`${n}`),
                sql`, `,
              )})`,
      );
  }
  return { refused: ctx.bills.length };
}

export const transportFlowCode: FlowCode = {
  consignmentbill: {
    dispatch: { run: dispatchOrders },
    makeNote: { run: makeNotes },
    load: { run: loadNotes },
    cancel: { run: cancelConsignments },
  },
  loadingbill: { arrive: { run: arrive } },
  arrivalbill: { deliver: { run: deliverArrivals }, unreview: { check: checkUnreview } },
  deliverybill: { sign: { check: async (ctx) => checkSigner(ctx), run: sign }, refuse: { run: refuse } },
};

/**
 * A consignment's totals (pieces, kilograms, cubic metres) and freight are the server's: the
 * engine keeps them after every write of its lines, with the consignment or on their own.
 */
export function registerTransportRules() {
  const header = consignment();
  const refresh = async (tx: Tx, auth: AuthContext, id: string, saved?: Row) => {
    const [bill] = await queryRows<{ chargingType: string }>(
      tx,
      sql`select charging_type "chargingType" from bl_consignmentbill where tenant_id = ${auth.tenantId} and id = ${id}::bigint`,
    );
    if (!bill) return;
    const own = await linesOf(tx, auth, header, [id]);
    const freight = await computeFreight(tx, auth, bill.chargingType, own);
    const totals = {
      totalQty: fromUnits(own.reduce((s, l) => s + toUnits(l.qty), 0n)),
      totalWeg: fromUnits(own.reduce((s, l) => s + lineKg(l), 0n)),
      totalVolume: fromUnits(own.reduce((s, l) => s + toUnits(l.volume), 0n)),
      freight,
    };
    const c = cols(header);
    await tx
      .update(header.table as PgTable)
      .set(totals)
      .where(and(eq(c.tenantId as PgColumn, auth.tenantId), eq(c.id as PgColumn, id)));
    if (saved) Object.assign(saved, totals);
  };
  lineTotalsRules[header.name] = (tx, saved, context) => refresh(tx, context.auth, String(saved.id), saved);

  // A price line prices one material, one category or is the default, and there is one default:
  // checked before the write, so the answer names the default line rather than an index.
  writeRules.basicgoodsforpay = async (tx, values, { auth, id }) => {
    const [current] = id
      ? await queryRows<Row>(
          tx,
          sql`select material_code "materialCode", category_code "categoryCode", is_default "isDefault"
              from bl_basicgoodsforpay where tenant_id = ${auth.tenantId} and id = ${id}::bigint`,
        )
      : [];
    const row = { ...current, ...values };
    const targets = [text(row.materialCode), text(row.categoryCode), row.isDefault === '1' ? '1' : ''];
    if (targets.filter(Boolean).length > 1) throw badRequest('transport.priceTarget');
    if (row.isDefault !== '1') return;
    const [other] = await queryRows<{ goodsName: string }>(
      tx,
      sql`select goods_name "goodsName" from bl_basicgoodsforpay
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and is_default = '1'
            and id <> ${id ?? '0'}::bigint
          limit 1`,
    );
    if (other) throw badRequest('transport.priceDefaultTaken', { goods: other.goodsName });
  };
}
