import { ok } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { parseIds } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import { afterWriteRules } from '../../engine/rules.ts';
import { requireAuth } from '../../http/context.ts';
import { runOnce } from '../../http/idempotency.ts';
import { translate } from '../../i18n/messages.ts';
import {
  type ApprovalStarter,
  checkFlowCode,
  type FlowCode,
  flowEntities,
  lockForAction,
  postOnSave,
  runAction,
} from './engine.ts';

const idsQuery = z.object({ ids: z.string().max(20_000).optional() });

/**
 * What an action's answer says instead of "done" when it did something else (an approval was
 * requested instead of the action): its first `notices` entry, already in the caller's language.
 */
function noticeOf(data: unknown): string | undefined {
  const notices =
    typeof data === 'object' && data !== null ? (data as { notices?: unknown }).notices : undefined;
  return Array.isArray(notices) && typeof notices[0] === 'string' ? notices[0] : undefined;
}

/**
 * Every declared bill action becomes `POST /api/{service}/{bill}/{action}?ids=`, behind the
 * button `{bill}_{action}` (seeded from the same declaration), all or nothing; a bill with
 * `postOnSave` posts when saved. `code` is what bills do beyond their declaration. When the
 * tenant requires an approval process for the action, the request starts it instead (through
 * `startApproval`, the workflow module's), and the process's final approval runs the action.
 */
export function registerFlowRoutes(
  app: FastifyInstance,
  database: Database,
  code: FlowCode,
  startApproval?: ApprovalStarter,
) {
  checkFlowCode(code);
  for (const entity of flowEntities) {
    for (const [name, action] of Object.entries(entity.flow?.actions ?? {})) {
      const own = code[entity.name]?.[name];
      app.post(
        `${entity.path}/${name}`,
        {
          config: { button: `${entity.name}_${name}` },
          schema: {
            tags: [entity.name],
            summary: `${entity.label.en}: ${action.label.en}`,
            querystring: idsQuery,
          },
        },
        async (request, reply) => {
          const auth = requireAuth(request.auth);
          const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
          const body = request.body;
          const input =
            typeof body === 'object' && body !== null && !Array.isArray(body)
              ? (body as Record<string, unknown>)
              : {};
          // With an Idempotency-Key, a resent action answers its first answer (ADR 0041).
          const data = await database.withTenant(auth.tenantId, (tx) =>
            runOnce(tx, request, reply, auth, async () => {
              await requireButton(tx, auth, `${entity.name}_${name}`);
              // The bills locked and the approval the action requires, in one statement.
              const { bills, approval } = await lockForAction(tx, entity, name, auth, ids, request.language);
              if (startApproval && approval)
                return startApproval(tx, approval, entity, name, own, auth, ids, request.language, input);
              return runAction(tx, entity, name, own, auth, ids, request.language, input, bills);
            }),
          );
          return ok(data, noticeOf(data) ?? translate('ok', request.language));
        },
      );
    }
    if (entity.flow?.postOnSave) {
      // The review's own effects (quote counters...) follow a posting on save too.
      const effects = code[entity.name]?.review;
      const before = afterWriteRules[entity.name];
      afterWriteRules[entity.name] = async (tx, saved, context) => {
        await before?.(tx, saved, context);
        await postOnSave(tx, entity, context.auth, saved, context.language, effects);
      };
    }
  }
}
