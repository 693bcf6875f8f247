import { ok } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireAuth } from '../../http/context.ts';
import { runOnce } from '../../http/idempotency.ts';
import { translate } from '../../i18n/messages.ts';
import type { FlowCode } from '../flow/index.ts';
import { moveStock } from './move.ts';
import { scanCode } from './scans.ts';
import { registerTerminal, requireTerminal } from './terminals.ts';

const code = z.string().trim().min(1).max(64);
const tags = ['handheld'];

const registerBody = z.object({
  serial: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{4,64}$/),
  warehouseCode: code.optional(),
  model: z.string().trim().max(64).optional(),
});

const lookupQuery = z.object({
  code: z.string().trim().min(1).max(128),
  expect: z.enum(['place', 'material']).optional(),
  place: code.optional(),
});

const moveBody = z.object({
  fromPlace: code,
  material: z.string().trim().min(1).max(128),
  qty: z.string().trim().max(32),
  toPlace: code,
  customerCode: code.optional(),
});

/**
 * The handheld's own routes (ADR 0041), under `/api/bl-handheld`: registering the terminal
 * after a sign-in, what a scanned code names, and a move. Every other step calls the desktop's
 * routes. Each step checks the caller's terminal is registered and in service.
 */
export function registerHandheldRoutes(app: FastifyInstance, database: Database, flowCode: () => FlowCode) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/bl-handheld/terminal/register',
    {
      schema: {
        tags,
        summary: 'Register this sign-in on a handheld terminal (made on first use)',
        body: registerBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const terminal = await database.withTenant(auth.tenantId, (tx) =>
        registerTerminal(tx, auth, request.body),
      );
      return ok(terminal, translate('ok', request.language));
    },
  );
  typed.get(
    '/api/bl-handheld/lookup',
    {
      // Reading stock: the stock list's own button.
      config: { button: 'stock_view' },
      schema: {
        tags,
        summary: 'What a scanned code names: a location or a material, with its stock',
        querystring: lookupQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { code: scanned, ...options } = request.query;
      const scan = await database.withTenant(auth.tenantId, async (tx) => {
        await requireTerminal(tx, auth);
        return scanCode(tx, auth, scanned, options);
      });
      return ok(scan, translate('ok', request.language));
    },
  );
  typed.post(
    '/api/bl-handheld/move',
    {
      schema: {
        tags,
        summary: 'Move stock between locations: a transfer bill made and posted (send an Idempotency-Key)',
        body: moveBody,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const moved = await database.withTenant(auth.tenantId, (tx) =>
        runOnce(tx, request, reply, auth, async () => {
          await requireTerminal(tx, auth);
          return moveStock(tx, auth, request.body, request.language, flowCode());
        }),
      );
      return ok(moved, translate('ok', request.language));
    },
  );
}
