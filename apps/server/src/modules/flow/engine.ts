import type { Language } from '@bl/contract';
import { type FlowAction, inState, readFieldValue, type StateGuard } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditRow } from '../../audit/audit.ts';
import type { Tx } from '../../db/database.ts';
import { idsIn, preparedSql } from '../../db/prepared.ts';
import { columnName, tableRows } from '../../db/rows.ts';
import { type Row, visible } from '../../engine/crud.ts';
import { dictLabel } from '../../engine/excel-columns.ts';
import { holdColumns, holdSelect, refuseHeld } from '../../engine/locks.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type MessageKey, messages } from '../../i18n/messages.ts';
import { type PostedLine, postBills, reverseBills } from '../ledger/index.ts';

/**
 * The bill-flow engine (docs/adr/0016-bill-flows.md). A bill's header entity declares its flow
 * (packages/entities flow.ts); this runs any of its actions the same way: the bills locked in
 * id order, the state guard, the bill's own checks, the declared posting or reversal through
 * the ledger, the bill's own effects, the declared state written, one operation-log entry per
 * bill. All in the caller's transaction: a refusal anywhere leaves nothing.
 */

/** What an action's server-side code is given. */
export interface FlowContext {
  tx: Tx;
  auth: AuthContext;
  language: Language;
  entity: EntityDefinition;
  action: string;
  /** The bills named by the request, visible to the caller, locked, in id order. */
  bills: Row[];
  /** The lines the action posted (`ledger: 'post'`), for counters that follow postings. */
  posted: PostedLine[];
  /**
   * The request's JSON body, for actions that take more than the bills (a car, the loaded
   * quantities, a signer); `{}` without one. The action's code checks it.
   */
  input: Record<string, unknown>;
  /**
   * The fields of the action's declared form (`ActionForm`) that the body gave, read as the
   * bill's form reads them; the engine has checked that every required one is given or on each
   * bill. A written form is already on the bills (`bills`); an unwritten one (`write: false`)
   * is the action's to use for what it makes.
   */
  form: Row;
}

/**
 * What a bill does beyond its declaration, by action. `check` refuses (after the state guard,
 * before anything is written); `effect` writes what follows the posting (a reservation's
 * counters, another bill's state); `run` is the whole work of an action that makes other
 * documents (sort, load, receive) and answers for it.
 */
export interface ActionCode {
  check?: (ctx: FlowContext) => Promise<void>;
  effect?: (ctx: FlowContext) => Promise<void>;
  run?: (ctx: FlowContext) => Promise<unknown>;
}

/** Server-side code of bill flows: entity name → action name → code. */
export type FlowCode = Record<string, Record<string, ActionCode>>;

/**
 * Starts the approval process a tenant requires for a bill action, instead of running it (the
 * workflow module answers it, modules/workflow/approval.ts): the flow routes ask through this
 * port, so the bill flows do not depend on the process engine that sits above them.
 */
export type ApprovalStarter = (
  tx: Tx,
  processKey: string,
  entity: EntityDefinition,
  action: string,
  code: ActionCode | undefined,
  auth: AuthContext,
  ids: string[],
  language: Language,
  /** The request's body: the action's form values, checked now and applied when it is approved. */
  input: Record<string, unknown>,
) => Promise<unknown>;

const col = (entity: EntityDefinition, name: string) =>
  (getTableColumns(entity.table) as Record<string, PgColumn>)[name] as PgColumn;

/** The bills the flows declare, with their actions. */
export const flowEntities = entities.filter((e) => e.flow?.actions);

/**
 * Checks the declarations against the code, when the server starts: every refusal message
 * exists, and code is given only for declared actions (a typo would leave a button dead).
 */
export function checkFlowCode(code: FlowCode): void {
  for (const entity of flowEntities) {
    for (const [name, action] of Object.entries(entity.flow?.actions ?? {})) {
      if (name.length > 16)
        throw new Error(`${entity.name}.${name}: action names fit the log's 16 characters`);
      if (action.refuse !== undefined && !(action.refuse in messages))
        throw new Error(`${entity.name}.${name}: refusal ${action.refuse} is not in i18n/messages.ts`);
    }
  }
  for (const [entityName, actions] of Object.entries(code)) {
    const entity = flowEntities.find((e) => e.name === entityName);
    for (const name of Object.keys(actions))
      if (!entity?.flow?.actions?.[name])
        throw new Error(`flow code for undeclared action ${entityName}.${name}`);
  }
}

/** The bills named by `ids`, visible to the caller, locked in id order (all or a not-found). */
export async function lockFlowBills(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  ids: string[],
  language: Language,
  /** The key of the hold whose own steps act (an approval's), passed by the workflow module. */
  pass?: string,
): Promise<Row[]> {
  return (await lockBills(tx, entity, auth, ids, language, undefined, pass)).bills;
}

/**
 * The bills of an action locked as `lockFlowBills` does and, in the same statement, the approval
 * process the tenant requires for the action (`bl_wf_approval`, modules/workflow/approval.ts),
 * if any: what the flow routes ask before running an action, in one round trip (ADR 0028).
 */
export function lockForAction(
  tx: Tx,
  entity: EntityDefinition,
  action: string,
  auth: AuthContext,
  ids: string[],
  language: Language,
): Promise<{ bills: Row[]; approval: string | undefined }> {
  return lockBills(tx, entity, auth, ids, language, action);
}

async function lockBills(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  ids: string[],
  language: Language,
  approvalOf?: string,
  pass?: string,
): Promise<{ bills: Row[]; approval: string | undefined }> {
  if (ids.length === 0) return { bills: [], approval: undefined };
  // Built and mapped without drizzle's select builder, run as a prepared statement (the ids as
  // one array parameter keep its text the same for any number of bills, and a plain parameter,
  // unlike a function of one, can be an index condition of a generic plan under row-level
  // security): ADR 0028.
  const table = tableRows(entity.table as PgTable);
  const id = col(entity, 'id');
  const approval =
    approvalOf === undefined
      ? sql``
      : sql`(select process_key from bl_wf_approval where tenant_id = ${auth.tenantId}
          and entity = ${entity.name} and action = ${approvalOf}) as "__approval", `;
  const rows = await preparedSql<Record<string, unknown>>(
    tx,
    sql`select ${approval}${table.columns}${holdSelect(entity)} from ${entity.table} where ${visible(entity, auth)}
        and ${idsIn(id, ids)} order by ${id} for update`,
  );
  if (rows.length !== new Set(ids).size) throw notFound('crud.notFound', { entity: entity.label[language] });
  // A bill a module holds (one waiting for an approval) takes no action but the hold's own.
  const holds = holdColumns(entity);
  for (const row of rows) {
    refuseHeld(entity, row, language, pass);
    for (const [name] of holds) delete row[name];
  }
  const process = rows[0]?.__approval;
  if (approvalOf !== undefined) for (const row of rows) delete row.__approval;
  return {
    bills: rows.map(table.map) as Row[],
    approval: typeof process === 'string' && process !== '' ? process : undefined,
  };
}

const billName = (entity: EntityDefinition, bill: Row) => String(bill[entity.titleField] ?? bill.id);

/** Refuses unless every bill is in the states the guard asks for, naming the first that is not. */
function guard(entity: EntityDefinition, action: FlowAction, bills: Row[], language: Language) {
  const when: StateGuard | undefined = action.when;
  for (const bill of bills) {
    if (inState(when, bill)) continue;
    if (action.refuse) throw badRequest(action.refuse as MessageKey, { bill: billName(entity, bill) });
    const field = Object.keys(when ?? {}).find((f) => !inState({ [f]: when?.[f] }, bill)) as string;
    const meta = entity.fields.find((f) => f.name === field);
    throw badRequest('flow.wrongState', {
      bill: billName(entity, bill),
      action: action.label[language],
      field: meta?.label[language] ?? field,
      state: meta ? dictLabel(meta, String(bill[field] ?? ''), language) : String(bill[field] ?? ''),
    });
  }
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The action's declared form (`ActionForm`) read from the request's body, the same way for every
 * bill (ADR 0016): each field given is read as the bill's form reads it, and a reference must
 * name a record the caller sees; a required field that neither the body nor a bill holds is
 * refused naming the bill, the field and the action. An empty field of the body is not given,
 * so a value already on the bill stands. Answers the given values.
 */
async function readActionForm(
  tx: Tx,
  entity: EntityDefinition,
  action: FlowAction,
  auth: AuthContext,
  bills: Row[],
  input: Record<string, unknown>,
  language: Language,
): Promise<Row> {
  const form = action.form;
  if (!form) return {};
  const given: Row = {};
  for (const name of form.fields) {
    const field = entity.fields.find((f) => f.name === name);
    if (!field || blank(input[name])) continue;
    const read = readFieldValue(field, input[name], language);
    if (!read.ok)
      throw badRequest('flow.formInvalid', { action: action.label[language], detail: read.message });
    given[name] = read.value;
  }
  for (const name of form.required ?? []) {
    const missing = bills.find((bill) => blank(given[name] ?? bill[name]));
    if (!missing) continue;
    throw badRequest('flow.formRequired', {
      bill: billName(entity, missing),
      action: action.label[language],
      field: entity.fields.find((f) => f.name === name)?.label[language] ?? name,
    });
  }
  for (const [name, value] of Object.entries(given)) {
    const ref = entity.fields.find((f) => f.name === name)?.ref;
    const target = ref && entities.find((e) => e.name === ref.entity);
    if (!ref || !target) continue;
    const [found] = await preparedSql(
      tx,
      sql`select 1 from ${target.table} where ${visible(target, auth)} and ${col(target, ref.valueField)} = ${value} limit 1`,
    );
    if (!found)
      throw badRequest('crud.refMissing', {
        field: entity.fields.find((f) => f.name === name)?.label[language] ?? name,
        value: String(value),
      });
  }
  return given;
}

/**
 * The declared state (and reviewer stamp) for the bills: the changed fields and the update that
 * writes them (none when the action sets nothing), not yet sent, so that it can travel in one
 * statement with the operation log. Written as SQL rather than through drizzle's update builder
 * (ADR 0028): its text is the same for every call of the action, a prepared statement.
 */
function stateUpdate(
  entity: EntityDefinition,
  auth: AuthContext,
  bills: Row[],
  sets: Row,
  audit: FlowAction['audit'],
): { values: Row; update: SQL | undefined } {
  const now = new Date();
  const values: Row = {
    ...sets,
    ...(audit === 'stamp' && { auditUser: auth.userName || auth.account, auditTime: now }),
    ...(audit === 'clear' && { auditUser: null, auditTime: null }),
  };
  if (Object.keys(values).length === 0) return { values, update: undefined };
  const columns = getTableColumns(entity.table) as Record<string, PgColumn>;
  // As drizzle's update did: fields that are not columns of the table are not written.
  const assignments = Object.entries({ ...values, updateUser: auth.userId, updateTime: now }).flatMap(
    ([field, value]) => {
      const column = columns[field];
      return column ? [sql`${sql.identifier(columnName(column))} = ${sql.param(value, column)}`] : [];
    },
  );
  const ids = bills.map((b) => b.id as string);
  const update = sql`update ${entity.table} set ${sql.join(assignments, sql`, `)}, version = version + 1
    where ${idsIn(sql.raw('id'), ids)}`;
  return { values, update };
}

/**
 * The operation log's rows inserted from one JSON parameter (the rows `auditRow` builds): the
 * same text for any number of bills (ADR 0028).
 */
const logInsert = (log: ReturnType<typeof auditRow>[]) =>
  sql`insert into bl_auditlog (id, tenant_id, create_user, create_time, update_user, update_time, account, action,
      entity_name, record_id, title, ip, changes, detail)
    select id, "tenantId", "createUser", "createTime", "updateUser", "updateTime", account, action,
      "entityName", "recordId", title, ip, changes, detail
    from json_to_recordset(${JSON.stringify(log)}::json) as r(id bigint, "tenantId" varchar, "createUser" bigint,
      "createTime" timestamptz, "updateUser" bigint, "updateTime" timestamptz, account varchar, action varchar,
      "entityName" varchar, "recordId" bigint, title varchar, ip varchar, changes text, detail varchar)`;

/** Writes the declared state (and reviewer stamp) on the bills; answers the changed fields. */
async function setState(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  bills: Row[],
  sets: Record<string, string>,
  audit: FlowAction['audit'],
): Promise<Row> {
  const { values, update } = stateUpdate(entity, auth, bills, sets, audit);
  if (update) await preparedSql(tx, update);
  return values;
}

/** The reversal remark a request gives (`voucherOffRemark` of its body), trimmed, or none. */
function reversalRemark(input: Record<string, unknown>): string | undefined {
  const remark = input.voucherOffRemark;
  return typeof remark === 'string' && remark.trim() !== '' ? remark.trim() : undefined;
}

/** What the generic answer calls the count, by action (the names the API has always used). */
const answerKeys: Record<string, string> = { review: 'reviewed', unreview: 'unreviewed' };

/**
 * The refusals of an action without its writes: the bills locked, the state guard, the action's
 * form read from `input` as the action itself reads it (a required field missing, a person who
 * does not exist: refused now, not when the approval ends) and the bill's own `check` (which
 * writes nothing), seeing the form's values on the bills as the action would. An approval
 * (modules/workflow) starts only for bills the action would accept now; answers the locked
 * bills as they are (the form's values are not written until the action runs).
 */
export async function checkAction(
  tx: Tx,
  entity: EntityDefinition,
  name: string,
  code: ActionCode | undefined,
  auth: AuthContext,
  ids: string[],
  language: Language,
  input: Record<string, unknown> = {},
): Promise<Row[]> {
  const action = entity.flow?.actions?.[name];
  if (!action) throw new Error(`${entity.name} declares no action ${name}`);
  const bills = await lockFlowBills(tx, entity, auth, ids, language);
  guard(entity, action, bills, language);
  const form = await readActionForm(tx, entity, action, auth, bills, input, language);
  const seen = action.form?.write === false ? bills : bills.map((bill) => ({ ...bill, ...form }));
  await code?.check?.({ tx, auth, language, entity, action: name, bills: seen, posted: [], input, form });
  return bills;
}

/** Runs one declared action on the bills named by `ids`; answers what the action answers. */
export async function runAction(
  tx: Tx,
  entity: EntityDefinition,
  name: string,
  code: ActionCode | undefined,
  auth: AuthContext,
  ids: string[],
  language: Language,
  input: Record<string, unknown> = {},
  /** The bills, when the caller has locked them already (`lockForAction`). */
  locked?: Row[],
  /** The key of the hold whose own steps run the action (`lockFlowBills`). */
  pass?: string,
): Promise<unknown> {
  const action = entity.flow?.actions?.[name];
  if (!action) throw new Error(`${entity.name} declares no action ${name}`);
  const bills = locked ?? (await lockFlowBills(tx, entity, auth, ids, language, pass));
  guard(entity, action, bills, language);
  const form = await readActionForm(tx, entity, action, auth, bills, input, language);
  // A written form's values are the bills' from now on: the checks below see them, and the
  // state update writes and logs them with the action's own.
  const writesForm = action.form?.write !== false;
  const before = bills.map((bill) => ({ ...bill }));
  if (writesForm) for (const bill of bills) Object.assign(bill, form);
  const ctx: FlowContext = { tx, auth, language, entity, action: name, bills, posted: [], input, form };
  await code?.check?.(ctx);
  if (action.ledger === 'post') ctx.posted = await postBills(tx, entity, auth, bills, language, action.posts);
  // The remark the vouchers it reverses keep: the voucher screen's (its reversal runs this
  // un-review, ADR 0040), else the action's own name.
  if (action.ledger === 'reverse')
    await reverseBills(tx, entity, auth, bills, language, reversalRemark(input) ?? action.label[language]);
  await code?.effect?.(ctx);
  const answer = await code?.run?.(ctx);
  const { values: written, update } = stateUpdate(
    entity,
    auth,
    bills,
    { ...(writesForm ? form : {}), ...((action.sets ?? {}) as Record<string, string>) },
    action.audit,
  );
  const log = bills.map((bill, index) => {
    const changes = Object.fromEntries(
      Object.entries(written)
        .filter(([field]) => field !== 'auditTime')
        .map(([field, value]) => [
          field,
          [before[index]?.[field] ?? null, value instanceof Date ? value.toISOString() : value],
        ]),
    ) as Record<string, [unknown, unknown]>;
    return auditRow(auth, { action: { flow: name }, entity, row: bill, changes });
  });
  // The state and one log entry per bill in one statement (ADR 0028): a round trip less per action.
  if (log.length > 0)
    await preparedSql(tx, update ? sql`with state as (${update}) ${logInsert(log)}` : logInsert(log));
  return answer ?? { [answerKeys[name] ?? 'done']: bills.length };
}

/**
 * After a submit: a bill saved in the states of its `postOnSave` (no review needed) posts now,
 * in the same transaction, and takes the declared state; `saved` (the answer) follows.
 */
export async function postOnSave(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  saved: Row,
  language: Language,
  code: ActionCode | undefined,
): Promise<void> {
  const rule = entity.flow?.postOnSave;
  if (!rule || !inState(rule.when, saved)) return;
  // Posting twice is what a guard on the declared state prevents: the sets say it is posted.
  if (Object.entries(rule.sets).every(([field, value]) => String(saved[field] ?? '') === value)) return;
  const bills = await lockFlowBills(tx, entity, auth, [saved.id as string], language);
  const posted = await postBills(tx, entity, auth, bills, language);
  await code?.effect?.({
    tx,
    auth,
    language,
    entity,
    action: 'postOnSave',
    bills,
    posted,
    input: {},
    form: {},
  });
  await setState(tx, entity, auth, bills, rule.sets as Record<string, string>, undefined);
  const [fresh] = await lockFlowBills(tx, entity, auth, [saved.id as string], language);
  if (fresh) Object.assign(saved, { ...rule.sets, version: fresh.version, updateTime: fresh.updateTime });
}
