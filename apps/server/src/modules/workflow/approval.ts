import type { Language } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import type { EntityDefinition } from '@bl/entities/registry';
import { systemDicts } from '@bl/entities/system/dicts';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/database.ts';
import { idsIn } from '../../db/prepared.ts';
import { columnName } from '../../db/rows.ts';
import { detailRow, type Row, visible } from '../../engine/crud.ts';
import { readButton, requireButton } from '../../engine/permissions.ts';
import { recordHolds } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { type ActionCode, checkAction, flowEntities, runAction } from '../flow/index.ts';
import { history, type ServiceContext, startInstance, type WorkflowRuntime } from './engine.ts';
import type { Names } from './model.ts';
import { nameIn } from './names.ts';

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

/**
 * A bill's approval in progress, as lists, details and locks read it (the hold `pendingApproval`
 * on the bill's row): the instance, the action it waits to run, who started it, the process
 * (its name and the model's names by language) and who holds it now (the open tasks' assignees,
 * else their candidate users, roles and departments, by name).
 */
export interface PendingApproval {
  instanceId: string;
  action: string;
  starter: string;
  starterName: string;
  process: string;
  processNames: Names | null;
  startTime: string;
  holders: string[];
}

/** The name under which rows carry their pending approval (lists, details, the web). */
export const pendingApprovalHold = 'pendingApproval';

/**
 * The pending approval of each row of a bill flow's table, as one correlated sub-select (null
 * while none runs): it reads the instance through the unique index of running instances by bill
 * (migration 0045), so a list stays one statement whatever its length.
 */
export function pendingApprovalColumn(entity: EntityDefinition): SQL | undefined {
  if (!flowEntities.includes(entity)) return undefined;
  const columns = getTableColumns(entity.table) as Record<string, PgColumn>;
  // Named with their table: a drizzle select from one table names its own columns bare.
  const bill = (field: 'id' | 'tenantId') =>
    sql`${sql.identifier(getTableName(entity.table))}.${sql.identifier(columnName(columns[field] as PgColumn))}`;
  const openTasks = sql`t.tenant_id = i.tenant_id and t.instance_id = i.id and t.status = 'open'`;
  return sql`(select json_build_object('instanceId', i.id::text, 'action', i.business_action,
      'starter', i.starter::text, 'starterName', coalesce(nullif(su.real_name, ''), nullif(su.name, ''), i.starter_account),
      'process', d.name, 'processNames', d.meta->'names', 'startTime', i.start_time,
      'holders', (select coalesce(json_agg(h.name order by h.name), '[]'::json) from (
        select coalesce(nullif(u.real_name, ''), nullif(u.name, ''), u.account) as name from bl_wf_task t
          join blade_user u on u.tenant_id = t.tenant_id and u.is_deleted = 0 and (u.id::text = t.assignee
            or (t.assignee is null and (t.candidate_users ? u.id::text or t.candidate_users ? u.account)))
          where ${openTasks}
        union
        select r.role_name from bl_wf_task t
          join blade_role r on r.tenant_id = t.tenant_id and r.is_deleted = 0 and t.candidate_groups ? r.id::text
          where ${openTasks} and t.assignee is null
        union
        select dp.dept_name from bl_wf_task t
          join bl_dept dp on dp.tenant_id = t.tenant_id and dp.is_deleted = 0 and t.candidate_groups ? dp.id::text
          where ${openTasks} and t.assignee is null) h))
    from bl_wf_instance i join bl_wf_definition d on d.id = i.definition_id
      left join blade_user su on su.id = i.starter
    where i.tenant_id = ${bill('tenantId')} and i.business_entity = ${entity.name}
      and i.business_id = ${bill('id')}::text and i.status = 'running')`;
}

const joined = (names: string[], language: Language) =>
  names.length === 0 ? '—' : names.join(language === 'en' ? ', ' : '、');

/** The process and holders of a pending approval, for messages in the reader's language. */
const pendingParams = (pending: PendingApproval, language: Language) => ({
  process: nameIn(pending.process, pending.processNames, language),
  holders: joined(pending.holders, language),
  starter: pending.starterName,
});

/**
 * Registers the hold: a bill whose approval runs is read with it (lists, details) and is locked
 * as a posted bill is (no edit, removal, line write or other action) until the approval ends or
 * its starter recalls it; the approval's own steps pass (`pass` is the instance's id).
 */
export function registerApprovalHold(): void {
  recordHolds[pendingApprovalHold] = {
    column: pendingApprovalColumn,
    refuse(entity, row, hold, language, pass) {
      const pending = hold as PendingApproval;
      if (pass !== undefined && pass === pending.instanceId) return;
      throw badRequest('workflow.billInApproval', {
        bill: String(row[entity.titleField] ?? row.id),
        ...pendingParams(pending, language),
      });
    },
  };
}

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
  input: Record<string, unknown> = {},
): Promise<{ approval: number; instances: string[]; notices: string[] }> {
  // The action's form is checked now, with the schema the action reads it by, and its values go
  // with each approval: the final approval runs the action with them (ADR 0027, amendment 7).
  const bills = await checkAction(tx, entity, action, code, auth, ids, language, input);
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
      business: { entity: entity.name, id: String(bill.id), action, input },
    });
    instances.push(started.id);
  }
  return {
    approval: instances.length,
    instances,
    notices: await requestedNotice(tx, entity, bills, language),
  };
}

/**
 * What the answer says instead of "done": the bills sent for approval, the process, and who
 * holds them now (read as lists read them). None when every approval has ended already (a
 * process with no step for a person), the action having run.
 */
async function requestedNotice(
  tx: Tx,
  entity: EntityDefinition,
  bills: Row[],
  language: Language,
): Promise<string[]> {
  const column = pendingApprovalColumn(entity);
  if (!column || bills.length === 0) return [];
  const id = (getTableColumns(entity.table) as Record<string, PgColumn>).id as PgColumn;
  const rows = await queryRows<{ hold: PendingApproval | null }>(
    tx,
    sql`select ${column} as hold from ${entity.table} where ${idsIn(
      id,
      bills.map((b) => String(b.id)),
    )}`,
  );
  const pending = rows.flatMap((row) => (row.hold ? [row.hold] : []));
  const first = pending[0];
  if (!first) return [];
  const names = bills.map((bill) => String(bill[entity.titleField] ?? bill.id));
  return [
    translate('workflow.approvalRequested', language, {
      bills: `${entity.label[language]} ${joined(names, language)}`,
      ...pendingParams(first, language),
      holders: joined([...new Set(pending.flatMap((p) => p.holders))], language),
    }),
  ];
}

/**
 * The starter of a bill's running approval takes it back: the instance is cancelled with its
 * open tasks, the history says who recalled it, and the bill is left as it was (free again for
 * edits and actions). Anyone else is refused, and so is a bill with no approval running.
 * Answers the bill's number.
 */
export async function recallApproval(
  tx: Tx,
  auth: AuthContext,
  entityName: string,
  id: string,
  language: Language,
): Promise<string> {
  const entity = flowEntities.find((e) => e.name === entityName);
  if (!entity) throw notFound();
  const billId = (getTableColumns(entity.table) as Record<string, PgColumn>).id as PgColumn;
  // The bill first, as every bill write takes it, then its instance: a final approval racing the
  // recall waits for one or the other and then finds the instance ended.
  const [bill] = await queryRows<Row>(
    tx,
    sql`select ${billId}::text as id, ${sql.identifier(titleColumn(entity))} as title from ${entity.table}
        where ${visible(entity, auth)} and ${idsIn(billId, [id])} for update`,
  );
  if (!bill) throw notFound('crud.notFound', { entity: entity.label[language] });
  const billNo = String(bill.title ?? bill.id);
  const [instance] = await queryRows<{
    id: string;
    tenantId: string;
    starter: string;
    starterName: string;
    title: string;
  }>(
    tx,
    sql`select i.id::text as id, i.tenant_id as "tenantId", i.starter::text as starter, i.title,
          coalesce(nullif(u.real_name, ''), nullif(u.name, ''), i.starter_account) as "starterName"
        from bl_wf_instance i left join blade_user u on u.id = i.starter
        where i.business_entity = ${entity.name} and i.business_id = ${id} and i.status = 'running' for update of i`,
  );
  if (!instance) throw badRequest('workflow.notInApproval', { bill: billNo });
  if (instance.starter !== auth.userId)
    throw forbidden('workflow.recallNotStarter', {
      bill: billNo,
      starter: instance.starterName,
    });
  await tx.execute(sql`update bl_wf_task set status = 'cancelled', end_time = now()
      where instance_id = ${instance.id} and status = 'open'`);
  await tx.execute(sql`update bl_wf_instance set status = 'cancelled', state = null, end_time = now()
      where id = ${instance.id}`);
  await history(tx, { id: instance.id, tenantId: instance.tenantId } as Parameters<typeof history>[1], {
    elementId: '',
    name: instance.title,
    kind: 'recall',
    auth,
  });
  return billNo;
}

/** The database column of the bill's number (its title field). */
const titleColumn = (entity: EntityDefinition) => {
  const column = (getTableColumns(entity.table) as Record<string, PgColumn>)[entity.titleField];
  return column ? columnName(column) : 'id';
};

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
      instance.businessInput ?? {},
    );
  };
}

/** An action's label in the reader's language: the bill's declaration, else the log's dictionary. */
export function actionLabel(entityName: string, action: string, language: Language): string {
  const entity = flowEntities.find((e) => e.name === entityName);
  const declared = declaresAction(entity, action) ? entity?.flow?.actions?.[action]?.label : undefined;
  const logged = systemDicts.auditAction.values.find((known) => known.value === action)?.label;
  return (declared ?? logged)?.[language] ?? action;
}

/**
 * The bill an approval stands for, as its approver reads it (issue 29, 14): the header's list
 * fields (type, number, owner, warehouse, date, totals, state: what its list shows), each line
 * collection with the fields its view shows (the screen shows the first columns, the rest
 * behind "more"), and the values the action's form was given when the approval was asked. Read
 * only with the reader's own rights, as the bill's detail route reads it: without its view
 * button, or when the bill is outside what they see, only its type and number (which the
 * instance's title names already), never a field. None for an instance that stands for no bill.
 */
export async function billSummary(
  tx: Tx,
  auth: AuthContext,
  instance: {
    id: string;
    title: string;
    businessEntity?: unknown;
    businessId?: unknown;
    businessAction?: unknown;
  },
  language: Language,
): Promise<BillSummary | null> {
  const entity = flowEntities.find((e) => e.name === instance.businessEntity);
  if (!entity || typeof instance.businessId !== 'string') return null;
  const action = typeof instance.businessAction === 'string' ? instance.businessAction : '';
  const [stored] = await queryRows<{ input: Record<string, unknown> | null; billNo: string | null }>(
    tx,
    sql`select business_input as input, variables->>'billNo' as "billNo" from bl_wf_instance where id = ${instance.id}`,
  );
  const base: BillSummary = {
    entity: entity.name,
    entityLabel: entity.label[language],
    id: instance.businessId,
    billNo: stored?.billNo ?? '',
    action,
    actionLabel: actionLabel(entity.name, action, language),
    readable: false,
    header: {},
    lines: [],
    form: [],
  };
  let row: Row;
  try {
    await requireButton(tx, auth, readButton(entity, 'view'));
    row = await detailRow(tx, entity, auth, instance.businessId, language);
  } catch (error) {
    if (error instanceof AppError) return base;
    throw error;
  }
  const pick = (fields: FieldMeta[], from: Row, shown: (field: FieldMeta) => boolean) =>
    Object.fromEntries([
      ['id', from.id],
      ...fields.filter((f) => shown(f) && !f.secret && f.name in from).map((f) => [f.name, from[f.name]]),
    ]) as Row;
  const form = entity.flow?.actions?.[action]?.form;
  const input = stored?.input ?? {};
  return {
    ...base,
    billNo: String(row[entity.titleField] ?? base.billNo),
    readable: true,
    header: pick(entity.fields, row, (f) => f.list && !f.system),
    lines: entity.children.map((child) => {
      const lines = child.entity();
      return {
        key: child.key,
        entity: lines.name,
        rows: ((row[child.key] as Row[] | undefined) ?? []).map((line) =>
          pick(lines.fields, line, (f) => f.view && !f.system),
        ),
      };
    }),
    form: (form?.fields ?? []).flatMap((name) =>
      input[name] === undefined || input[name] === null || input[name] === ''
        ? []
        : [{ name, value: input[name] }],
    ),
  };
}

export interface BillSummary {
  entity: string;
  entityLabel: string;
  id: string;
  billNo: string;
  action: string;
  actionLabel: string;
  /** Whether the reader may read the bill: without, header, lines and form are empty. */
  readable: boolean;
  header: Row;
  lines: { key: string; entity: string; rows: Row[] }[];
  /** The action's form values given with the request (`{ name, value }`, the bill's fields). */
  form: { name: string; value: unknown }[];
}
