import { ok } from '@bl/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { toUnits } from '../../engine/decimal.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import {
  defaultPutawayRule,
  isPutawayRule,
  type Occupancy,
  type Place,
  type PutawayRule,
  planPutaway,
} from './putaway-plan.ts';

const code = z.string().trim().max(64);
/** A non-negative amount with at most 4 decimals, as the ledger keeps them. */
const amount = z.coerce
  .string()
  .regex(/^\d{1,14}(\.\d{1,4})?$/)
  .optional();

const putawayBody = z.object({
  customerCode: code.min(1),
  /** Locations of this warehouse only; '' for every warehouse of the tenant. */
  warehouseCode: code.default(''),
  details: z
    .array(
      z.object({
        lineNumber: z.coerce.number().int().min(0),
        materialCode: code.min(1),
        volume: amount,
        qtyWeg: amount,
        board: amount,
        warehousePlaceCode: code.nullish(),
      }),
    )
    .min(1)
    .max(2000),
});

/** How each material of the owner is put away: the owner's custom strategy, else the material's. */
async function rulesOf(
  tx: Tx,
  tenantId: string,
  owner: string,
  materials: string[],
): Promise<Map<string, { rule: PutawayRule; areaCode: string }>> {
  const rows = await queryRows<{ materialCode: string; rule: string | null; areaCode: string | null }>(
    tx,
    sql`select m.code as "materialCode",
          coalesce(custom.rule, own.rule) as rule, custom.area_code as "areaCode"
        from bl_material m
        left join lateral (
          select st.rule, cs.warehouse_area_code as area_code
          from bl_customstrategy cs
          join bl_strategy st on st.tenant_id = cs.tenant_id and st.code = cs.strategy_code
            and st.is_deleted = 0 and st.type = '1'
          where cs.tenant_id = m.tenant_id and cs.is_deleted = 0 and cs.customer_code = ${owner}
            and (cs.material_code = m.code or coalesce(cs.material_code, '') = '')
          order by (cs.material_code = m.code) desc nulls last, cs.priority, st.priority
          limit 1
        ) custom on true
        left join bl_strategy own on own.tenant_id = m.tenant_id and own.code = m.upshelf_strategy_code
          and own.is_deleted = 0 and own.type = '1'
        where m.tenant_id = ${tenantId} and m.is_deleted = 0
          and m.code in (${sql.join(
            materials.map((m) => sql`${m}`),
            sql`, `,
          )})`,
  );
  return new Map(
    rows.map((row) => [
      row.materialCode,
      {
        rule: row.rule && isPutawayRule(row.rule) ? row.rule : defaultPutawayRule,
        areaCode: row.areaCode ?? '',
      },
    ]),
  );
}

/**
 * `POST /api/bl-wms/isinstockbill/putaway`: proposes a location for each line of an inbound
 * bill being written (ADR 0008 "Put-away"). It writes nothing: the operator sees the proposals
 * in the form, may change them, and saves the bill as usual.
 */
export function registerPutawayRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/bl-wms/isinstockbill/putaway',
    {
      schema: {
        tags: ['isinstockbill'],
        summary: 'Propose a storage location per inbound line (put-away strategy, capacity, owner)',
        body: putawayBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { customerCode, warehouseCode, details } = request.body;
      const proposals = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'isinstockbill_view');
        const places = await queryRows<{
          code: string;
          warehouseAreaCode: string;
          volume: string | null;
          capacityRatio: number | null;
          maxWeight: string | null;
          maxBoard: number | null;
          rowNo: number | null;
          columnNo: number | null;
          layerNo: number | null;
        }>(
          tx,
          sql`select p.code, p.warehouse_area_code as "warehouseAreaCode", p.volume::text as volume,
                p.capacity_ratio as "capacityRatio", p.max_weight::text as "maxWeight",
                p.max_board as "maxBoard", p.row_no as "rowNo", p.column_no as "columnNo", p.layer_no as "layerNo"
              from bl_warehouseplace p
              join bl_warehousearea a on a.tenant_id = p.tenant_id and a.code = p.warehouse_area_code and a.is_deleted = 0
              where p.tenant_id = ${auth.tenantId} and p.is_deleted = 0 and p.place_status = '1'
                and (${warehouseCode} = '' or a.warehouse_code = ${warehouseCode})
              order by p.code`,
        );
        const held = await queryRows<{
          place: string;
          owner: string;
          material: string;
          volume: string;
          qtyWeg: string;
          board: string;
        }>(
          tx,
          sql`select warehouse_place_code as place, customer_code as owner, material_code as material,
                sum(volume)::text as volume, sum(qty_weg)::text as "qtyWeg", sum(board)::text as board
              from bl_stock
              where tenant_id = ${auth.tenantId} and is_deleted = 0 and qty > 0 and warehouse_place_code <> ''
              group by 1, 2, 3`,
        );
        const occupancy = new Map<string, Occupancy>();
        for (const row of held) {
          const at = occupancy.get(row.place) ?? {
            volume: 0n,
            qtyWeg: 0n,
            board: 0n,
            held: new Map(),
            owners: new Set<string>(),
          };
          at.volume += toUnits(row.volume);
          at.qtyWeg += toUnits(row.qtyWeg);
          at.board += toUnits(row.board);
          at.held.set(`${row.owner}\u0000${row.material}`, 1n);
          at.owners.add(row.owner);
          occupancy.set(row.place, at);
        }
        const rules = await rulesOf(tx, auth.tenantId, customerCode, [
          ...new Set(details.map((d) => d.materialCode)),
        ]);
        return planPutaway(
          customerCode,
          places.map(
            (p): Place => ({
              ...p,
              volume: p.volume === null ? null : toUnits(p.volume),
              maxWeight: p.maxWeight === null ? null : toUnits(p.maxWeight),
            }),
          ),
          occupancy,
          details.map((line) => ({
            lineNumber: line.lineNumber,
            materialCode: line.materialCode,
            volume: toUnits(line.volume ?? 0),
            qtyWeg: toUnits(line.qtyWeg ?? 0),
            board: toUnits(line.board ?? 0),
            warehousePlaceCode: line.warehousePlaceCode ?? '',
            rule: rules.get(line.materialCode)?.rule ?? defaultPutawayRule,
            warehouseAreaCode: rules.get(line.materialCode)?.areaCode ?? '',
          })),
        );
      });
      const missing = proposals.filter((p) => p.warehousePlaceCode === null).map((p) => p.lineNumber);
      // Lines without a location are answered too: the form marks them and says why.
      return ok(
        proposals,
        missing.length > 0
          ? translate('putaway.noPlace', request.language, { lines: missing.join(', ') })
          : translate('ok', request.language),
      );
    },
  );
}
