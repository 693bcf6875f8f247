import { ok } from '@bl/contract';
import { idSchema } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows } from '../../db/database.ts';
import { detailRow, submitRecord } from '../../engine/crud.ts';
import { fromUnits, toUnits } from '../../engine/decimal.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { signLines } from './flow-code.ts';

/** Hours after which an open consignment (not yet delivered, refused or cancelled) is late. */
export const lateHours = 48;

/**
 * Transport routes beyond the flow actions (issue 17, docs/adr/0025-transport-flow.md):
 * - `POST /api/bl-tms/consignmentbill/fromOutbound?id=` makes a consignment order from a
 *   shipped outbound bill, quoting its lines (the body gives the consignee and the rest);
 * - `GET /api/bl-tms/transport/monitor` is the monitor (/openYsy/index): every consignment
 *   with its step, vehicle, driver, route and age, filterable, the late ones marked;
 * - `GET /api/bl-tms/transport/links?entity=&id=` names the documents before and after one;
 * - `GET /api/bl-tms/deliverybill/signLines?id=` lists the lines a delivery signs for;
 * - `GET /api/bl-tms/loadingbill/sheet?id=` is the driver's departure sheet.
 */
export function registerTransportRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const consignment = entityByName.get('consignmentbill') as EntityDefinition;

  api.post(
    `${consignment.path}/fromOutbound`,
    {
      schema: {
        tags: ['consignmentbill'],
        summary: 'Consignment order from a shipped outbound bill, quoting its lines',
        querystring: z.object({ id: idSchema }),
        body: z.record(z.string(), z.unknown()).optional(),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'consignmentbill_add');
        const [bill] = await queryRows<Record<string, string | null>>(
          tx,
          sql`select id::text id, bill_no "billNo", customer_code "customerCode", stream_status "streamStatus"
              from bl_osoutstockbill where tenant_id = ${auth.tenantId} and is_deleted = 0
                and id = ${request.query.id}::bigint for update`,
        );
        if (!bill) throw notFound('crud.notFound', { entity: 'osoutstockbill' });
        if (bill.streamStatus !== '1')
          throw badRequest('transport.outboundNotShipped', { bill: String(bill.billNo) });
        const [existing] = await queryRows<{ billNo: string }>(
          tx,
          sql`select bill_no "billNo" from bl_consignmentbill where tenant_id = ${auth.tenantId} and is_deleted = 0
                and source_bill_no = ${bill.billNo} and state <> '9' limit 1`,
        );
        if (existing)
          throw badRequest('transport.outboundQuoted', {
            bill: String(bill.billNo),
            consignment: existing.billNo,
          });
        const lines = await queryRows<Record<string, string | number | null>>(
          tx,
          sql`select line_number "lineNumber", material_code "materialCode", batch_no "batchNo", unit_code "unitCode",
                     qty::text qty, weg::text weg, qty_weg::text "qtyWeg", volume::text volume, board::text board,
                     volume_length::text "volumeLength", volume_width::text "volumeWidth", volume_height::text "volumeHeight"
              from bl_osoutstockbilldetail
              where tenant_id = ${auth.tenantId} and is_deleted = 0 and invalid = '0' and header_id = ${bill.id}::bigint
              order by line_number, id`,
        );
        const body = request.body ?? {};
        const saved = await submitRecord(
          tx,
          consignment,
          auth,
          {
            shipperCustomer: bill.customerCode,
            ...body,
            billType: '1',
            details: lines.map((line, i) => ({
              ...line,
              lineNumber: i + 1,
              applyCode: bill.billNo,
              applyLineNumber: line.lineNumber,
            })),
          },
          request.language,
        );
        await tx.execute(
          sql`update bl_consignmentbill set source_bill_no = ${bill.billNo}
              where tenant_id = ${auth.tenantId} and id = ${String(saved.id)}::bigint`,
        );
        return { ...saved, sourceBillNo: bill.billNo };
      });
      return ok(data, translate('ok', request.language));
    },
  );

  const delivery = entityByName.get('deliverybill') as EntityDefinition;
  api.get(
    `${delivery.path}/signLines`,
    {
      schema: {
        tags: ['deliverybill'],
        summary: 'The departure lines a delivery bill signs for, with what is open of each (the sign dialog)',
        querystring: z.object({ id: idSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'deliverybill_view');
        // A bill the caller cannot read (another tenant's, outside their data scope) is not found.
        await detailRow(tx, delivery, auth, request.query.id, request.language);
        return { details: await signLines(tx, auth, request.query.id) };
      });
      return ok(data, translate('ok', request.language));
    },
  );

  const departure = entityByName.get('loadingbill') as EntityDefinition;
  api.get(
    `${departure.path}/sheet`,
    {
      schema: {
        tags: ['loadingbill'],
        summary: "The driver's departure sheet: the stops in loading order with consignees, goods and totals",
        querystring: z.object({ id: idSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'loadingbill_view');
        const sheet = await departureSheet(tx, auth.tenantId, request.query.id);
        if (!sheet) throw notFound('crud.notFound', { entity: 'loadingbill' });
        return sheet;
      });
      return ok(data, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-tms/transport/monitor',
    {
      schema: {
        tags: ['consignmentbill'],
        summary: 'Transport monitor: every consignment with its step, vehicle, driver, route and age',
        querystring: z.object({
          state: z.string().max(8).optional(),
          billNo: z.string().max(64).optional(),
          carNo: z.string().max(20).optional(),
          driverCode: z.string().max(64).optional(),
          lineCode: z.string().max(64).optional(),
          late: z.enum(['1']).optional(),
          current: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(500).default(20),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const q = request.query;
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'consignmentbill_view');
        const late = sql`(c.state not in ('2', '7', '8', '9') and c.create_time < now() - make_interval(hours => ${lateHours}))`;
        const where = sql.join(
          [
            sql`c.tenant_id = ${auth.tenantId} and c.is_deleted = 0`,
            q.state ? sql`c.state = ${q.state}` : undefined,
            q.billNo ? sql`c.bill_no ilike ${`%${q.billNo}%`}` : undefined,
            q.carNo ? sql`c.car_no ilike ${`%${q.carNo}%`}` : undefined,
            q.driverCode ? sql`c.driver_code = ${q.driverCode}` : undefined,
            q.lineCode ? sql`c.line_code = ${q.lineCode}` : undefined,
            q.late ? late : undefined,
          ].filter((part) => part !== undefined),
          sql` and `,
        );
        const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
          tx,
          sql`select count(*)::int total from bl_consignmentbill c where ${where}`,
        );
        const records = await queryRows<Record<string, unknown>>(
          tx,
          sql`select c.id::text id, c.bill_no "billNo", c.bill_type "billType", c.state, c.shipper_customer "shipperCustomer",
                     c.consignee_customer "consigneeCustomer", r.recipient_name "consigneeName", c.car_no "carNo", c.driver_code "driverCode",
                     d.driver_name "driverName", c.line_code "lineCode", l.line_name "lineName",
                     c.freight::text freight, c.create_time "createTime",
                     floor(extract(epoch from (now() - c.create_time)) / 3600)::int "ageHours", ${late} late
              from bl_consignmentbill c
              left join bl_basicdriver d on d.tenant_id = c.tenant_id and d.driver_code = c.driver_code and d.is_deleted = 0
              left join bl_basicrecipient r on r.tenant_id = c.tenant_id and r.recipient_code = c.consignee_customer and r.is_deleted = 0
              left join bl_basicline l on l.tenant_id = c.tenant_id and l.line_code = c.line_code and l.is_deleted = 0
              where ${where}
              order by c.id desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
        );
        return { records, total, current: q.current, size: q.size, lateHours };
      });
      return ok(data, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-tms/transport/links',
    {
      schema: {
        tags: ['consignmentbill'],
        summary: 'The transport documents before and after one',
        querystring: z.object({
          entity: z.enum(['consignmentbill', 'dispatch', 'loadingbill', 'arrivalbill', 'deliverybill']),
          billNo: z.string().min(1).max(64),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { entity, billNo } = request.query;
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, `${entity}_view`);
        return transportLinks(tx, auth.tenantId, entity, billNo);
      });
      return ok(data, translate('ok', request.language));
    },
  );
}

type Link = { entity: string; billNo: string; id: string };

/** The documents one document comes from and leads to, in flow order. */
async function transportLinks(
  tx: Parameters<Parameters<Database['withTenant']>[1]>[0],
  tenantId: string,
  entity: string,
  billNo: string,
): Promise<{ before: Link[]; after: Link[] }> {
  const rows = (query: ReturnType<typeof sql>) => queryRows<Link>(tx, query);
  const t = tenantId;
  switch (entity) {
    case 'consignmentbill': {
      const before = await rows(
        sql`select 'osoutstockbill' entity, bill_no "billNo", id::text id from bl_osoutstockbill
              where tenant_id = ${t} and is_deleted = 0 and bill_no = (select source_bill_no from bl_consignmentbill where tenant_id = ${t} and bill_no = ${billNo} and is_deleted = 0)
            union all
            select 'consignmentbill', bill_no, id::text from bl_consignmentbill
              where tenant_id = ${t} and is_deleted = 0 and bill_no = (select source_bill_no from bl_consignmentbill where tenant_id = ${t} and bill_no = ${billNo} and is_deleted = 0)`,
      );
      const after = await rows(
        sql`select 'dispatch' entity, bill_no "billNo", id::text id from bl_dispatch where tenant_id = ${t} and is_deleted = 0 and apply_code = ${billNo}
            union all
            select 'consignmentbill', bill_no, id::text from bl_consignmentbill where tenant_id = ${t} and is_deleted = 0 and source_bill_no = ${billNo}
            union all
            select distinct 'loadingbill', h.bill_no, h.id::text from bl_loadingbill h join bl_loadingbilldetail d on d.header_id = h.id and d.is_deleted = 0
              where h.tenant_id = ${t} and h.is_deleted = 0 and d.apply_code = ${billNo}`,
      );
      return { before, after };
    }
    case 'dispatch':
      return {
        before: await rows(
          sql`select 'consignmentbill' entity, c.bill_no "billNo", c.id::text id from bl_consignmentbill c
              join bl_dispatch h on h.apply_code = c.bill_no and h.tenant_id = c.tenant_id and h.is_deleted = 0
              where c.tenant_id = ${t} and c.is_deleted = 0 and h.bill_no = ${billNo}`,
        ),
        after: [],
      };
    case 'loadingbill':
      return {
        before: await rows(
          sql`select distinct 'consignmentbill' entity, c.bill_no "billNo", c.id::text id from bl_consignmentbill c
              join bl_loadingbilldetail d on d.apply_code = c.bill_no and d.tenant_id = c.tenant_id and d.is_deleted = 0
              join bl_loadingbill h on h.id = d.header_id and h.is_deleted = 0
              where c.tenant_id = ${t} and c.is_deleted = 0 and h.bill_no = ${billNo}`,
        ),
        after: await rows(
          sql`select 'arrivalbill' entity, bill_no "billNo", id::text id from bl_arrivalbill
              where tenant_id = ${t} and is_deleted = 0 and apply_code = ${billNo}`,
        ),
      };
    case 'arrivalbill':
      return {
        before: await rows(
          sql`select 'loadingbill' entity, h.bill_no "billNo", h.id::text id from bl_loadingbill h
              join bl_arrivalbill a on a.apply_code = h.bill_no and a.tenant_id = h.tenant_id and a.is_deleted = 0
              where h.tenant_id = ${t} and h.is_deleted = 0 and a.bill_no = ${billNo}`,
        ),
        after: await rows(
          sql`select 'deliverybill' entity, bill_no "billNo", id::text id from bl_deliverybill
              where tenant_id = ${t} and is_deleted = 0 and apply_code = ${billNo}`,
        ),
      };
    default:
      return {
        before: await rows(
          sql`select 'arrivalbill' entity, a.bill_no "billNo", a.id::text id from bl_arrivalbill a
              join bl_deliverybill d on d.apply_code = a.bill_no and d.tenant_id = a.tenant_id and d.is_deleted = 0
              where a.tenant_id = ${t} and a.is_deleted = 0 and d.bill_no = ${billNo}`,
        ),
        after: [],
      };
  }
}

type Tx = Parameters<Parameters<Database['withTenant']>[1]>[0];

/** Kilograms of a line: kg as given, else tonnes × 1000 (as freight reads them). */
const kgOf = (line: { qtyWeg: string | null; weg: string | null }) =>
  toUnits(line.qtyWeg) > 0n ? toUnits(line.qtyWeg) : toUnits(line.weg) * 1000n;

/**
 * The driver's departure sheet (issue 17): the departure with its vehicle, driver and route,
 * then one stop per consignment note in the order it was loaded, each with its consignee's
 * name, mobile and unloading address (the note's, else the consignee's first), its goods, and
 * pieces, kilograms and cubic metres, stop by stop and in all.
 */
async function departureSheet(tx: Tx, tenantId: string, id: string) {
  const [head] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select h.id::text id, h.bill_no "billNo", h.car_no "carNo", h.driver_code "driverCode", d.driver_name "driverName",
               d.phone "driverPhone", h.line_code "lineCode", l.line_name "lineName", h.create_time "createTime",
               h.bill_remark "billRemark", h.freight::text freight
        from bl_loadingbill h
        left join bl_basicdriver d on d.tenant_id = h.tenant_id and d.driver_code = h.driver_code and d.is_deleted = 0
        left join bl_basicline l on l.tenant_id = h.tenant_id and l.line_code = h.line_code and l.is_deleted = 0
        where h.tenant_id = ${tenantId} and h.is_deleted = 0 and h.id = ${id}::bigint`,
  );
  if (!head) return undefined;
  const lines = await queryRows<{
    applyCode: string;
    lineNumber: number;
    materialCode: string;
    materialName: string | null;
    batchNo: string | null;
    qty: string;
    qtyWeg: string | null;
    weg: string | null;
    volume: string | null;
  }>(
    tx,
    sql`select d.apply_code "applyCode", d.line_number "lineNumber", d.material_code "materialCode",
               (select m.name from bl_material m where m.tenant_id = d.tenant_id and m.code = d.material_code
                  and m.is_deleted = 0 order by m.id limit 1) "materialName", d.batch_no "batchNo", d.qty::text qty, d.qty_weg::text "qtyWeg",
               d.weg::text weg, d.volume::text volume
        from bl_loadingbilldetail d
        where d.tenant_id = ${tenantId} and d.is_deleted = 0 and d.invalid = '0' and d.header_id = ${id}::bigint
        order by d.line_number, d.id`,
  );
  const notes = [...new Set(lines.map((l) => l.applyCode))];
  const consignees = notes.length
    ? await queryRows<Record<string, string | null>>(
        tx,
        sql`select c.bill_no "billNo", c.consignee_customer "consigneeCode", r.recipient_name "consigneeName",
                   coalesce(r.phone_number, r.telephone_number) phone,
                   coalesce(nullif(c.unloading_address, ''), (select a.address from bl_basicrecipientaddress a
                     where a.tenant_id = r.tenant_id and a.recipient_id = r.id and a.is_deleted = 0 order by a.id limit 1)) address,
                   c.payment_type "paymentType", c.bill_remark "billRemark"
            from bl_consignmentbill c
            left join bl_basicrecipient r on r.tenant_id = c.tenant_id and r.recipient_code = c.consignee_customer and r.is_deleted = 0
            where c.tenant_id = ${tenantId} and c.is_deleted = 0 and c.bill_no in (${sql.join(
              notes.map((n) => sql`${n}`),
              sql`, `,
            )})`,
      )
    : [];
  const total = { qty: 0n, kg: 0n, volume: 0n };
  const stops = notes.map((note, i) => {
    const own = lines.filter((l) => l.applyCode === note);
    const sum = {
      qty: own.reduce((s, l) => s + toUnits(l.qty), 0n),
      kg: own.reduce((s, l) => s + kgOf(l), 0n),
      volume: own.reduce((s, l) => s + toUnits(l.volume), 0n),
    };
    total.qty += sum.qty;
    total.kg += sum.kg;
    total.volume += sum.volume;
    return {
      stop: i + 1,
      noteNo: note,
      ...(consignees.find((c) => c.billNo === note) ?? {}),
      lines: own.map((l) => ({ ...l, kg: fromUnits(kgOf(l)) })),
      qty: fromUnits(sum.qty),
      kg: fromUnits(sum.kg),
      volume: fromUnits(sum.volume),
    };
  });
  return {
    ...head,
    stops,
    qty: fromUnits(total.qty),
    kg: fromUnits(total.kg),
    volume: fromUnits(total.volume),
  };
}
