import type { Language } from '@bl/contract';
import type { EntityDefinition } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import type { Row } from '../../engine/crud.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { type ActionCode, checkAction, flowEntities, runAction } from '../flow/index.ts';
import { type ServiceContext, startInstance, type WorkflowRuntime } from './engine.ts';

/**
 * Approvals of bill actions (docs/adr/0027-workflow-engine.md): a tenant may require that a
 * declared action of a bill flow (`review` of inbound bills...) is approved through a process
 * (`bl_wf_approval`: entity, action, process key). The flow routes ask before running an action
 * (`lockForAction`, flow/engine.ts: one place for every bill): when a process is required, the
 * action's checks run as usual, then one instance per bill starts instead, and the bill stays
 * as it is. The instance's normal end performs the action as the user whose approval ended it,
 * in the same transaction as that approval: if the action is refused, the approval is refused
 * with it. A rejection ends the instance with its reason, and the bill is untouched.
 */

const billTitle = (entity: EntityDefinition, bill: Row, language: Language) =>
  `${entity.label[language]} ${String(bill[entity.titleField] ?? bill.id)}`;

/** Whether a bill flow declares the action as its own (not a member every object inherits). */
export const declaresAction = (entity: { flow?: { actions?: object } } | undefined, action: string) =>
  !!entity?.flow?.actions && Object.hasOwn(entity.flow.actions, action);

/** Starts the approval of `action` on the bills instead of running it; answers the instances. */
export async function requestApproval(
  tx: Tx,
  runtime: WorkflowRuntime,
  processKey: string,
  entity: EntityDefinition,
  action: string,
  code: ActionCode | undefined,
  auth: AuthContext,
  ids: string[],
  language: Language,
): Promise<{ approval: number; instances: string[] }> {
  const bills = await checkAction(tx, entity, action, code, auth, ids, language);
  const instances: string[] = [];
  for (const bill of bills) {
    const [open] = await queryRows<{ id: string }>(
      tx,
      sql`select id::text as id from bl_wf_instance
          where business_entity = ${entity.name} and business_id = ${String(bill.id)} and status = 'running'`,
    );
    if (open) throw badRequest('workflow.pending', { bill: String(bill[entity.titleField] ?? bill.id) });
    const variables: Record<string, unknown> = {
      billType: entity.name,
      billAction: action,
      billId: String(bill.id),
      billNo: String(bill[entity.titleField] ?? ''),
    };
    const started = await startInstance(tx, runtime, auth, language, {
      key: processKey,
      title: billTitle(entity, bill, language),
      variables,
      business: { entity: entity.name, id: String(bill.id), action },
    });
    instances.push(started.id);
  }
  return { approval: instances.length, instances };
}

/** The end of an approval instance: the bill's action, as the approving user. */
export function performApproved(codeOf: (entity: string, action: string) => ActionCode | undefined) {
  return async (ctx: ServiceContext): Promise<void> => {
    const { instance } = ctx;
    if (!instance.businessEntity || !instance.businessAction || !instance.businessId) return;
    const entity = flowEntities.find((e) => e.name === instance.businessEntity);
    if (!entity || !declaresAction(entity, instance.businessAction))
      throw badRequest('workflow.unknownAction', {
        entity: instance.businessEntity,
        action: instance.businessAction,
      });
    await runAction(
      ctx.tx,
      entity,
      instance.businessAction,
      codeOf(entity.name, instance.businessAction),
      ctx.auth,
      [instance.businessId],
      ctx.language,
    );
  };
}
