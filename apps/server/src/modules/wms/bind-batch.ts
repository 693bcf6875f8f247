import { ok } from '@bl/contract';
import { daySchema, idSchema } from '@bl/entities';
import { stock as stockEntity } from '@bl/entities/bills/stock';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows } from '../../db/database.ts';
import { display, fromUnits, proportion, toUnits } from '../../engine/decimal.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { type Balance, balanceSelect, type Movement, postMovements, type StockKey } from '../ledger/index.ts';

/** The stream's bill type of batch bindings. */
export const bindBatchBillType = 'bindbatch';

const day = daySchema.nullish();

const bindBody = z.object({
  /** The balance whose goods get a batch. */
  id: idSchema,
  /** How much of it; the whole balance when left out. */
  qty: z
    .string()
    .regex(/^\d{1,14}(\.\d{1,4})?$/)
    .optional(),
  batchNo: z.string().trim().max(64).default(''),
  customerBatchNo: z.string().trim().max(64).default(''),
  productDate: day,
  validityDate: day,
});

/**
 * Bind batch (/warehousingManagement/stockBatchForm, issue 7): goods received without their
 * batch (or with a wrong one) get their batch number, owner's batch number and dates once they
 * are known. In the ledger it is a conversion without fee: out of the balance's key and into
 * the same key with the new batch, both stream rows flagged 2, arrival date kept; part of a
 * balance may be bound, its weight, pallets and volume moving in proportion.
 */
export function registerBindBatchRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/bl-wms/stock/bind-batch',
    {
      schema: {
        tags: ['stock'],
        summary: 'Bind a batch (and its dates) to all or part of a stock balance',
        body: bindBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const input = request.body;
      const language = request.language;
      const moved = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'stock_bindBatch');
        const [balance] = await queryRows<Balance>(
          tx,
          sql`select ${balanceSelect} from bl_stock
              where tenant_id = ${auth.tenantId} and is_deleted = 0 and id = ${input.id}::bigint for update`,
        );
        if (!balance) throw notFound('crud.notFound', { entity: stockEntity.label[language] });
        const held = toUnits(balance.qty);
        const qty = input.qty === undefined ? held : toUnits(input.qty);
        if (qty <= 0n) throw badRequest('bindBatch.qty', { available: display(held) });
        if (qty > held)
          throw badRequest('bindBatch.tooMuch', { qty: display(qty), available: display(held) });
        const key: StockKey = {
          customerCode: balance.customerCode,
          materialCode: balance.materialCode,
          batchNo: balance.batchNo,
          customerBatchNo: balance.customerBatchNo,
          warehousePlaceCode: balance.warehousePlaceCode,
          barcode: balance.barcode,
          packspecCode: balance.packspecCode,
          stockStatus: balance.stockStatus,
        };
        const target: StockKey = { ...key, batchNo: input.batchNo, customerBatchNo: input.customerBatchNo };
        const sameDates =
          (input.productDate ?? balance.productDate) === balance.productDate &&
          (input.validityDate ?? balance.validityDate) === balance.validityDate;
        if (target.batchNo === key.batchNo && target.customerBatchNo === key.customerBatchNo && sameDates)
          throw badRequest('bindBatch.unchanged');
        const part = (amount: string) => proportion(toUnits(amount), qty, held);
        const amounts = {
          qty,
          weg: part(balance.weg),
          qtyWeg: part(balance.qtyWeg),
          board: part(balance.board),
          volume: part(balance.volume),
        };
        const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
        const common = {
          billType: bindBatchBillType,
          billNo: `BB${stamp}`,
          lineNumber: 1,
          streamStatus: '1' as const,
          unitCode: balance.unitCode,
          instockDate: balance.instockDate,
        };
        const movements: Movement[] = [
          {
            ...common,
            key,
            qty: -amounts.qty,
            weg: -amounts.weg,
            qtyWeg: -amounts.qtyWeg,
            board: -amounts.board,
            volume: -amounts.volume,
            productDate: balance.productDate,
            validityDate: balance.validityDate,
            direction: '2',
            instockStatus: null,
            outstockStatus: '2',
          },
          {
            ...common,
            ...amounts,
            key: target,
            productDate: input.productDate ?? balance.productDate,
            validityDate: input.validityDate ?? balance.validityDate,
            direction: '1',
            instockStatus: '2',
            outstockStatus: null,
          },
        ];
        // The balance is locked and checked above: a shortage here means it changed under us.
        await postMovements(tx, auth, movements, (movement) => ({
          key: 'ledger.negative',
          params: {
            bill: movement.billNo,
            line: movement.lineNumber,
            material: movement.key.materialCode,
            batch: movement.key.batchNo || translate('ledger.any', language),
            place: movement.key.warehousePlaceCode || translate('ledger.any', language),
            owner: movement.key.customerCode,
          },
        }));
        return fromUnits(qty);
      });
      return ok({ qty: moved }, translate('ok', language));
    },
  );
}
