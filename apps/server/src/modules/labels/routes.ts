import { ok } from '@bl/contract';
import { idSchema } from '@bl/entities';
import { inprintTable } from '@bl/entities/bills/inprint';
import { isinstockbillDetailTable, isinstockbillTable } from '@bl/entities/bills/isinstockbill';
import { materialTable } from '@bl/entities/master-data/material';
import { tagModelTable } from '@bl/entities/master-data/tagmodel';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { parseIds } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { fromUnits, planLabels, remainingUnits, toUnits } from './plan.ts';

const base = '/api/bl-wms/inprint';

/** The labelled quantity of each of these lines, in ten-thousandths. */
async function printedOf(tx: Tx, tenantId: string, lineIds: string[]): Promise<Map<string, bigint>> {
  if (lineIds.length === 0) return new Map();
  const rows = await tx
    .select({
      detailId: inprintTable.detailId,
      total: sql<string>`coalesce(sum(${inprintTable.qty}), 0)::text`,
    })
    .from(inprintTable)
    .where(
      and(
        eq(inprintTable.tenantId, tenantId),
        eq(inprintTable.isDeleted, 0),
        inArray(inprintTable.detailId, lineIds),
      ),
    )
    .groupBy(inprintTable.detailId);
  return new Map(rows.map((r) => [r.detailId, toUnits(r.total) ?? 0n]));
}

/** A live inbound line with its live bill, locked against concurrent prints, or a refusal. */
async function lockedLine(tx: Tx, auth: AuthContext, detailId: string) {
  const [line] = await tx
    .select({ line: isinstockbillDetailTable, bill: isinstockbillTable })
    .from(isinstockbillDetailTable)
    .innerJoin(isinstockbillTable, eq(isinstockbillTable.id, isinstockbillDetailTable.headerId))
    .where(
      and(
        eq(isinstockbillDetailTable.tenantId, auth.tenantId),
        eq(isinstockbillDetailTable.id, detailId),
        eq(isinstockbillDetailTable.isDeleted, 0),
        eq(isinstockbillTable.isDeleted, 0),
      ),
    )
    .for('update', { of: isinstockbillDetailTable });
  if (!line) throw badRequest('label.lineGone');
  return line;
}

async function requireMaterial(tx: Tx, tenantId: string, code: string) {
  const [found] = await tx
    .select({ id: materialTable.id })
    .from(materialTable)
    .where(
      and(eq(materialTable.tenantId, tenantId), eq(materialTable.code, code), eq(materialTable.isDeleted, 0)),
    );
  if (!found) throw badRequest('label.materialGone', { material: code });
}

const printBody = z.object({
  detailId: idSchema,
  quantity: z.union([z.string(), z.number()]).optional(),
  perLabel: z.union([z.string(), z.number()]).optional(),
  tagModelCode: z.string().max(64).optional(),
});

const units = (raw: string | number | undefined) =>
  raw === undefined || String(raw).trim() === '' ? undefined : toUnits(String(raw));

/**
 * Inbound label printing (spec 01 §2 /barcode/inprintPrint): the printable lines of a bill,
 * printing labels for one line under the rules of spec 02 §5, and reprinting labels.
 */
export function registerLabelRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/printable`,
    {
      schema: {
        tags: ['inprint'],
        summary:
          'The lines of an inbound bill with their quantity, labelled quantity and what remains printable',
        querystring: z.object({ billId: idSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'inprint_view');
        const [bill] = await tx
          .select()
          .from(isinstockbillTable)
          .where(
            and(
              eq(isinstockbillTable.tenantId, auth.tenantId),
              eq(isinstockbillTable.id, request.query.billId),
              eq(isinstockbillTable.isDeleted, 0),
            ),
          );
        if (!bill) throw notFound('label.billGone');
        const lines = await tx
          .select()
          .from(isinstockbillDetailTable)
          .where(
            and(
              eq(isinstockbillDetailTable.tenantId, auth.tenantId),
              eq(isinstockbillDetailTable.headerId, bill.id),
              eq(isinstockbillDetailTable.isDeleted, 0),
            ),
          )
          .orderBy(asc(isinstockbillDetailTable.lineNumber), asc(isinstockbillDetailTable.id));
        const printed = await printedOf(
          tx,
          auth.tenantId,
          lines.map((l) => l.id),
        );
        return {
          bill: {
            id: bill.id,
            billNo: bill.billNo,
            billDate: bill.billDate,
            customerCode: bill.customerCode,
            warehouseCode: bill.warehouseCode,
          },
          lines: lines.map((line) => {
            const qty = toUnits(line.qty ?? '0') ?? 0n;
            const done = printed.get(line.id) ?? 0n;
            return {
              id: line.id,
              lineNumber: line.lineNumber,
              materialCode: line.materialCode,
              batchNo: line.batchNo,
              unitCode: line.unitCode,
              warehousePlaceCode: line.warehousePlaceCode,
              boardQty: line.boardQty,
              qty: fromUnits(qty),
              printed: fromUnits(done),
              remaining: fromUnits(remainingUnits(qty, done)),
            };
          }),
        };
      });
      return ok(data, translate('ok', request.language));
    },
  );

  api.post(
    `${base}/print`,
    {
      schema: {
        tags: ['inprint'],
        summary:
          'Print labels for an inbound line: quantity (corrected down to what remains), units per label, template',
        body: printBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      const requested = units(body.quantity);
      const perLabel = units(body.perLabel);
      if (body.quantity !== undefined && String(body.quantity).trim() !== '' && requested === undefined)
        throw badRequest('label.quantityRequired');
      if (body.perLabel !== undefined && String(body.perLabel).trim() !== '' && perLabel === undefined)
        throw badRequest('label.perLabelInvalid');
      const result = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'inprint_print');
        const { line, bill } = await lockedLine(tx, auth, body.detailId);
        await requireMaterial(tx, auth.tenantId, line.materialCode);
        if (body.tagModelCode) {
          const [template] = await tx
            .select({ id: tagModelTable.id })
            .from(tagModelTable)
            .where(
              and(
                eq(tagModelTable.tenantId, auth.tenantId),
                eq(tagModelTable.code, body.tagModelCode),
                eq(tagModelTable.isDeleted, 0),
              ),
            );
          if (!template) throw badRequest('label.templateGone', { template: body.tagModelCode });
        }
        const printed = (await printedOf(tx, auth.tenantId, [line.id])).get(line.id) ?? 0n;
        const lineQty = toUnits(line.qty ?? '0') ?? 0n;
        const planned = planLabels({ lineQty, printed, requested, perLabel });
        if (!planned.ok) {
          throw badRequest(`label.${planned.problem}`, {
            printed: fromUnits(printed),
            qty: fromUnits(lineQty),
          });
        }
        // Barcodes go on from the line's last label: bill no., line no., a 4-digit sequence.
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(inprintTable)
          .where(and(eq(inprintTable.tenantId, auth.tenantId), eq(inprintTable.detailId, line.id)));
        const now = new Date();
        const lineNo = line.lineNumber ?? 0;
        const labels = await tx
          .insert(inprintTable)
          .values(
            planned.plan.labels.map((qty, index) => ({
              id: nextId(),
              tenantId: auth.tenantId,
              createUser: auth.userId,
              createDept: auth.deptId || null,
              createTime: now,
              updateUser: auth.userId,
              updateTime: now,
              detailId: line.id,
              billNo: bill.billNo,
              lineNumber: line.lineNumber,
              customerCode: bill.customerCode,
              materialCode: line.materialCode,
              batchNo: line.batchNo,
              unitCode: line.unitCode,
              qty: fromUnits(qty),
              barcode: `${bill.billNo}-${String(lineNo).padStart(3, '0')}-${String(n + index + 1).padStart(4, '0')}`,
              tagModelCode: body.tagModelCode || null,
              printCount: 1,
              lastPrintTime: now,
            })),
          )
          .returning();
        return {
          labels,
          quantity: fromUnits(planned.plan.quantity),
          corrected: planned.plan.corrected,
          remaining: fromUnits(remainingUnits(lineQty, printed + planned.plan.quantity)),
        };
      });
      const message = result.corrected
        ? translate('label.corrected', request.language, { quantity: result.quantity })
        : translate('ok', request.language);
      return ok(result, message);
    },
  );

  api.post(
    `${base}/reprint`,
    {
      schema: {
        tags: ['inprint'],
        summary: 'Reprint labels ids=1,2,3 (refused when a label, its line or its material is gone)',
        querystring: z.object({ ids: z.string().max(20_000).optional() }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ids = parseIds(request.query.ids);
      const labels = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'inprint_print');
        const rows = await tx
          .select()
          .from(inprintTable)
          .where(
            and(
              eq(inprintTable.tenantId, auth.tenantId),
              eq(inprintTable.isDeleted, 0),
              inArray(inprintTable.id, ids),
            ),
          )
          .orderBy(asc(inprintTable.barcode))
          .for('update');
        if (rows.length !== ids.length) throw badRequest('label.labelGone');
        for (const detailId of new Set(rows.map((r) => r.detailId))) await lockedLine(tx, auth, detailId);
        for (const code of new Set(rows.map((r) => r.materialCode)))
          await requireMaterial(tx, auth.tenantId, code);
        return tx
          .update(inprintTable)
          .set({
            printCount: sql`${inprintTable.printCount} + 1`,
            lastPrintTime: new Date(),
            updateUser: auth.userId,
            updateTime: new Date(),
            version: sql`${inprintTable.version} + 1`,
          })
          .where(inArray(inprintTable.id, ids))
          .returning();
      });
      labels.sort((a, b) => a.barcode.localeCompare(b.barcode));
      return ok(labels, translate('ok', request.language));
    },
  );
}
