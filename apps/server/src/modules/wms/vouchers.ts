import { ok } from '@bl/contract';
import { type FieldMeta, label } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Database, queryRows } from '../../db/database.ts';
import { parseIds, type Row, visible } from '../../engine/crud.ts';
import { maxExportRows } from '../../engine/export.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { type FlowCode, type FlowContext, lockForAction, runAction } from '../flow/index.ts';
import { startSheetExport } from '../reports/index.ts';

/**
 * Stock vouchers beyond what the ledger writes (docs/adr/0040-stock-vouchers.md): the reversal
 * (冲销) from the voucher screen, which un-posts the source bill through its own un-review, the
 * per-item reversal's refusal, and the finance export of a period valued at the materials' prices.
 */

const voucherbill = entities.find((e) => e.name === 'voucherbill') as EntityDefinition;
const voucheritem = entities.find((e) => e.name === 'voucheritem') as EntityDefinition;

/** The action of a bill's flow that reverses its stock (its un-review), if it has one. */
function unpostAction(entity: EntityDefinition): string | undefined {
  return Object.entries(entity.flow?.actions ?? {}).find(([, action]) => action.ledger === 'reverse')?.[0];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The source bill's entity of a voucher, or the refusal that it has no un-review to go through. */
function sourceOf(voucher: Row): { entity: EntityDefinition; action: string } {
  const type = text(voucher.sourceBillType);
  const entity = entities.find((e) => e.name === type && e.parent === undefined);
  const action = entity && unpostAction(entity);
  if (!entity || !action)
    throw badRequest('voucher.noUnpost', {
      bill: text(voucher.billNo),
      source: text(voucher.applyNo),
      type,
    });
  return { entity, action };
}

/**
 * `voucherbill.reverse`: the vouchers' source bills un-reviewed through their own flow (the same
 * guard, checks, permission and refusal messages as their un-review button), by bill type, each
 * bill once. The un-review's posting writes the mirror vouchers and marks every live voucher of
 * the bills reversed with the remark asked; the engine then writes the state and remark here too.
 */
export function voucherFlowCode(flowCode: () => FlowCode): FlowCode {
  return {
    voucherbill: {
      reverse: {
        check: async (ctx: FlowContext) => {
          for (const voucher of ctx.bills) {
            if (text(voucher.voucherType) === '6')
              throw badRequest('voucher.mirrorNotReversed', {
                bill: text(voucher.billNo),
                source: text(voucher.applyNo),
              });
            sourceOf(voucher);
          }
        },
        run: async (ctx: FlowContext) => {
          const bySource = new Map<EntityDefinition, { action: string; numbers: Set<string> }>();
          for (const voucher of ctx.bills) {
            const { entity, action } = sourceOf(voucher);
            const group = bySource.get(entity) ?? { action, numbers: new Set<string>() };
            group.numbers.add(text(voucher.applyNo));
            bySource.set(entity, group);
          }
          const remark = text(ctx.form.voucherOffRemark ?? ctx.bills[0]?.voucherOffRemark);
          let reversed = 0;
          for (const [entity, { action, numbers }] of bySource) {
            const title = sql.identifier(snakeName(entity.titleField));
            const found = await queryRows<{ id: string; no: string }>(
              ctx.tx,
              sql`select id::text as id, ${title}::text as no from ${entity.table}
                  where ${visible(entity, ctx.auth)} and ${title} in (${sql.join(
                    [...numbers].map((n) => sql`${n}`),
                    sql`, `,
                  )})`,
            );
            const missing = [...numbers].find((n) => !found.some((row) => row.no === n));
            if (missing !== undefined)
              throw badRequest('voucher.sourceMissing', {
                bill: text(ctx.bills.find((v) => text(v.applyNo) === missing)?.billNo),
                source: missing,
              });
            // The un-review button's own permission: reversing a voucher is un-reviewing its bill.
            await requireButton(ctx.tx, ctx.auth, `${entity.name}_${action}`);
            const ids = found.map((row) => row.id);
            const { bills, approval } = await lockForAction(
              ctx.tx,
              entity,
              action,
              ctx.auth,
              ids,
              ctx.language,
            );
            if (approval)
              throw badRequest('voucher.needsApproval', { source: found.map((row) => row.no).join(', ') });
            await runAction(
              ctx.tx,
              entity,
              action,
              flowCode()[entity.name]?.[action],
              ctx.auth,
              ids,
              ctx.language,
              { voucherOffRemark: remark },
              bills,
            );
            reversed += bills.length;
          }
          return { reversed: ctx.bills.length, unreviewed: reversed };
        },
      },
    },
  };
}

const snakeName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const field = (entity: EntityDefinition, name: string): FieldMeta =>
  entity.fields.find((f) => f.name === name) as FieldMeta;

/** The finance export's columns: the voucher, its item, and the item's value at the material's price. */
const exportColumns = (): { name: string; field: FieldMeta }[] => [
  { name: 'billNo', field: field(voucherbill, 'billNo') },
  { name: 'billDate', field: field(voucherbill, 'billDate') },
  { name: 'voucherType', field: field(voucherbill, 'voucherType') },
  { name: 'voucherOffState', field: field(voucherbill, 'voucherOffState') },
  { name: 'sourceBillType', field: field(voucherbill, 'sourceBillType') },
  { name: 'applyNo', field: field(voucherbill, 'applyNo') },
  { name: 'lineNumber', field: field(voucheritem, 'lineNumber') },
  { name: 'customerCode', field: field(voucheritem, 'customerCode') },
  { name: 'materialCode', field: field(voucheritem, 'materialCode') },
  { name: 'batchNo', field: field(voucheritem, 'batchNo') },
  { name: 'warehousePlaceCode', field: field(voucheritem, 'warehousePlaceCode') },
  { name: 'stockStatus', field: field(voucheritem, 'stockStatus') },
  { name: 'direction', field: field(voucheritem, 'direction') },
  { name: 'qty', field: field(voucheritem, 'qty') },
  { name: 'unitCode', field: field(voucheritem, 'unitCode') },
  { name: 'qtyWeg', field: field(voucheritem, 'qtyWeg') },
  { name: 'price', field: field(voucheritem, 'price') },
  {
    name: 'amount',
    field: { ...field(voucherbill, 'totalAmount'), label: label('金额', '金額', 'Amount') },
  },
];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const periodQuery = z.object({ start: z.string().optional(), end: z.string().optional() });
export const voucherExportPath = '/api/bl-wms/voucherbill/finance-export';
export const voucherItemReversePath = '/api/bl-wms/voucheritem/reverse';

/**
 * The items of the vouchers posted in the period (their posting date), each valued at its
 * material's unit price (signed, as the quantity: an issue is a negative value), rounded to the
 * cent once, in SQL. A voucher and its mirror both appear: a reversed posting nets to zero.
 */
function exportRows(tenantId: string, start: string, end: string): SQL {
  return sql`select v.bill_no as "billNo", to_char(v.bill_date, 'YYYY-MM-DD') as "billDate",
        v.voucher_type as "voucherType", v.voucher_off_state as "voucherOffState",
        v.source_bill_type as "sourceBillType", v.apply_no as "applyNo", i.line_number::text as "lineNumber",
        i.customer_code as "customerCode", i.material_code as "materialCode", i.batch_no as "batchNo",
        i.warehouse_place_code as "warehousePlaceCode", i.stock_status as "stockStatus",
        i.direction as "direction", i.qty::text as "qty", i.unit_code as "unitCode", i.qty_weg::text as "qtyWeg",
        m.price::text as "price", round(i.qty * m.price, 2)::text as "amount"
      from bl_voucherbill v
      join bl_voucheritem i on i.tenant_id = v.tenant_id and i.header_id = v.id and i.is_deleted = 0
      left join bl_material m on m.tenant_id = i.tenant_id and m.code = i.material_code and m.is_deleted = 0
      where v.tenant_id = ${tenantId} and v.is_deleted = 0
        and v.bill_date between ${start}::date and ${end}::date
      order by v.bill_date, v.id, i.line_number`;
}

export function registerVoucherRoutes(app: FastifyInstance, database: Database) {
  app.get(
    voucherExportPath,
    {
      config: { button: 'voucherbill_export' },
      schema: {
        tags: ['voucherbill'],
        summary:
          "Stock vouchers of a period (posting dates start..end) item by item, valued at the material's price, as .xlsx",
        querystring: periodQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { start, end } = request.query as z.infer<typeof periodQuery>;
      if (!day.safeParse(start).success || !day.safeParse(end).success || (start as string) > (end as string))
        throw badRequest('voucher.periodInvalid');
      const from = start as string;
      const to = end as string;
      const file = await startSheetExport(
        database,
        {
          title: label('库存凭证财务导出', '庫存憑證財務匯出', 'Stock vouchers for finance'),
          plainName: `stock-vouchers-${from}-${to}`,
          columns: exportColumns(),
          check: async (tx) => {
            await requireButton(tx, auth, 'voucherbill_export');
            const [count] = await queryRows<{ n: number; amount: string | null; qty: string | null }>(
              tx,
              sql`select count(*)::int as n from (${exportRows(auth.tenantId, from, to)}) x`,
            );
            const rows = count?.n ?? 0;
            if (rows > maxExportRows)
              throw badRequest('voucher.exportTooLarge', { count: rows, max: maxExportRows });
            return undefined;
          },
          rows: exportRows(auth.tenantId, from, to),
        },
        auth,
        request.language,
        request.log,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  // A voucher item is not reversed on its own (ADR 0040): every bill flow un-posts whole bills,
  // so reversing one item would have to un-post lines the bill's flow cannot take back alone.
  app.post(
    voucherItemReversePath,
    {
      config: { button: 'voucherbill_reverse' },
      schema: {
        tags: ['voucheritem'],
        summary: 'Refuses, naming the voucher: items are reversed with their whole voucher',
        querystring: z.object({ ids: z.string().max(20_000).optional() }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ids = parseIds((request.query as { ids?: string }).ids);
      await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'voucherbill_reverse');
        const [item] = await queryRows<{ bill: string; source: string }>(
          tx,
          sql`select v.bill_no as bill, coalesce(v.apply_no, '') as source
              from bl_voucheritem join bl_voucherbill v
                on v.tenant_id = bl_voucheritem.tenant_id and v.id = bl_voucheritem.header_id
              where ${visible(voucheritem, auth)} and bl_voucheritem.id in (${sql.join(
                ids.map((id) => sql`${id}::bigint`),
                sql`, `,
              )}) order by bl_voucheritem.id limit 1`,
        );
        if (!item) throw notFound('crud.notFound', { entity: voucheritem.label[request.language] });
        throw badRequest('voucher.itemWhole', { bill: item.bill, source: item.source });
      });
      return ok(null, translate('ok', request.language));
    },
  );
}
