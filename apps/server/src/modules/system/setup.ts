import { ok } from '@bl/contract';
import { entities } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Database, queryRows } from '../../db/database.ts';
import { buttonCode, requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { entityMenuPath } from '../../seed/catalogue-menus.ts';

/**
 * A new tenant's first hour (issue 14, point 13): what to create, in the order each needs the
 * one before (places sit in areas of a warehouse; materials count in units; an agreement names
 * an owner), then every master record a day's work asks for (issue 29, 8): billing rules for an
 * owner's fees, employees who scan and check a sorting bill, consignees and freight prices for
 * transport.
 */
export const setupSteps = [
  'warehouse',
  'warehousearea',
  'warehouseplace',
  'customer',
  'unit',
  'material',
  'lgagreement',
  'billingrules',
  'employee',
  'basicrecipient',
  'basicgoodsforpay',
] as const;

export interface SetupStep {
  entity: string;
  /** Live records of the tenant; null when the caller may not read them. */
  count: number | null;
  /** The screen that lists them (the menu entry's path). */
  path: string;
}

/** `GET /api/bl-system/setup-progress`: the home page's setup checklist, in one request. */
export function registerSetupProgress(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/bl-system/setup-progress',
    {
      schema: {
        tags: ['system'],
        summary: "The setup checklist: records of each first step in the caller's tenant",
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const steps = await database.withTenant(auth.tenantId, async (tx) => {
        const answer: SetupStep[] = [];
        for (const name of setupSteps) {
          const entity = entities.find((e) => e.name === name);
          if (!entity) continue;
          const path = entityMenuPath(entity);
          try {
            await requireButton(tx, auth, buttonCode(name, 'view'));
          } catch (error) {
            // Counts are shown only to whoever may open the list they count.
            if (!(error instanceof AppError)) throw error;
            answer.push({ entity: name, count: null, path });
            continue;
          }
          // Row-level security keeps the count to the caller's tenant.
          const [row] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from ${sql.identifier(entity.tableName)} where is_deleted = 0`,
          );
          answer.push({ entity: name, count: Number(row?.n ?? 0), path });
        }
        return answer;
      });
      return ok(steps, translate('ok', request.language));
    },
  );
}
