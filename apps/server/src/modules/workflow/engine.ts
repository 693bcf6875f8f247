import { type Language, ResultCode } from '@bl/contract';
import { Timers } from 'bpmn-elements';
import { Engine } from 'bpmn-engine';
import BpmnModdle from 'bpmn-moddle';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { requireButton } from '../../engine/permissions.ts';
import { readRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type BackRoute, backRoute } from './back.ts';
import { checkExpression, evaluateExpression, isBuiltinName } from './expression.ts';
import {
  deployedForm,
  deployedForms,
  fieldNames,
  requireFormValues,
  requireVariableName,
  taskWrites,
} from './forms.ts';
import { checkModelText, ModelError, type ModelMeta, readModel } from './model.ts';
import { elementName, shownName } from './names.ts';

/**
 * The workflow engine (docs/adr/0027-workflow-engine.md). bpmn-engine executes the BPMN; this
 * keeps every instance in the database between steps: its saved engine state, variables, open
 * tasks and history (tenant tables under row-level security). Each step (start, complete a
 * task, a timer's wake-up) is one transaction of the caller: lock the instance row, rebuild the
 * engine from the saved state, run it until it waits again (user tasks, future timers) or ends,
 * save. Nothing lives in a process between steps, so any process continues any instance and
 * a restart loses nothing. Timers never fire in a process: a timer the engine sets becomes a
 * pg-boss job at its due time that wakes the instance (the resumed engine finds it due).
 */

export interface ServiceContext {
  tx: Tx;
  /** Who moved the instance on (the starter, the approver, or the starter for a timer). */
  auth: AuthContext;
  language: Language;
  instance: InstanceRow;
  variables: Record<string, unknown>;
  /** The service task's own attributes (`flowable:copyTo="..."`), expressions evaluated. */
  params?: Record<string, unknown>;
}

/** A product action a service task may call by name: its answer is stored as a variable. */
export type ServiceAction = (ctx: ServiceContext) => Promise<unknown>;

export interface WorkflowRuntime {
  services: Record<string, ServiceAction>;
  /** Queues a wake-up of the instance at `at` (a timer, a task's due date). */
  wakeAt(tx: Tx, tenantId: string, instanceId: string, at: Date, reason: 'timer' | 'due'): void;
  /** An instance that ends normally and carries a bill action: performs it (approvals). */
  onEnd?: (ctx: ServiceContext) => Promise<void>;
}

export interface InstanceRow {
  id: string;
  tenantId: string;
  definitionId: string;
  processKey: string;
  title: string;
  businessEntity: string | null;
  businessId: string | null;
  businessAction: string | null;
  /**
   * The body of the bill action an approval stands for (its form's values: who scanned and who
   * checked, a plate...), read when the approval was requested and given to the action when the
   * approval completes it (ADR 0027, amendment 7); null for other instances.
   */
  businessInput: Record<string, unknown> | null;
  status: 'running' | 'completed' | 'rejected' | 'cancelled';
  state: unknown;
  variables: Record<string, unknown>;
  reason: string | null;
  starter: string;
  starterAccount: string;
}

/**
 * What a model says about separation of duties (docs/adr/0027-workflow-engine.md, amendment 4),
 * read when it is deployed and kept in the definition's meta as `guard`:
 * `flowable:allowStarterApproval="true"` on the process (every user task) or on a user task lets
 * the starter handle it; `flowable:writableVariables="days,amount"` on the process or a user task
 * lets that task change those values given at the start. Definitions deployed before have none:
 * the starter handles none of their tasks but their own, and no start value can be changed.
 */
export interface Guard {
  /** User task ids the starter may handle; `*` for every task of the process. */
  starterMay: string[];
  /** Start values a task may change, by user task id; `*` for every task. */
  writable: Record<string, string[]>;
}

export type DefinitionMeta = ModelMeta & { guard?: Guard };

export interface DefinitionRow {
  id: string;
  processKey: string;
  name: string;
  version: number;
  category: string | null;
  xml: string;
  meta: DefinitionMeta;
  suspended: number;
  delFlag: string;
}

export interface TaskRow {
  id: string;
  instanceId: string;
  executionId: string;
  elementId: string;
  name: string;
  assignee: string | null;
  owner: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey: string | null;
  status: 'open' | 'done' | 'cancelled';
  dueTime: string | null;
  /** A signer's row: the task it was added to, and whether before or after its handler. */
  parentId: string | null;
  signMode: 'before' | 'after' | 'redo' | null;
  /** Signers still to ask after this row's approval, in order. */
  afterSigners: string[];
  /** A step done again after a send-back in a branch: the steps still to do again after it. */
  redoSteps: string[];
  /** An item of a multi-instance task: how many items the task has. */
  loopTotal: number | null;
}

const definitionColumns =
  sql.raw(`id::text as id, process_key as "processKey", name, version, category, xml, meta,
  suspended, del_flag as "delFlag"`);
const instanceColumns =
  sql.raw(`id::text as id, tenant_id as "tenantId", definition_id::text as "definitionId",
  process_key as "processKey", title, business_entity as "businessEntity", business_id as "businessId",
  business_action as "businessAction", business_input as "businessInput", status, state, variables, reason,
  starter::text as starter, starter_account as "starterAccount"`);
export const taskColumns =
  sql.raw(`id::text as id, instance_id::text as "instanceId", execution_id as "executionId",
  element_id as "elementId", name, assignee, owner, candidate_users as "candidateUsers",
  candidate_groups as "candidateGroups", form_key as "formKey", status, due_time as "dueTime",
  parent_id::text as "parentId", sign_mode as "signMode", after_signers as "afterSigners",
  redo_steps as "redoSteps", loop_total as "loopTotal"`);

// ---------------------------------------------------------------------------------------------
// Definitions

const guardPrefixes = new Set(['flowable', 'activiti', 'camunda']);

/** `flowable:{name}` (or activiti:/camunda:) of a parsed element, as model.ts reads attributes. */
function attrOf(element: { $attrs?: Record<string, string> }, name: string): string | undefined {
  for (const [key, value] of Object.entries(element.$attrs ?? {})) {
    const [prefix, local] = key.split(':');
    if (local === name && prefix && guardPrefixes.has(prefix)) return value;
  }
  return undefined;
}

const nameList = (text: string | undefined, where: string): string[] => {
  const names = list(text ?? '');
  for (const name of names)
    if (!/^[A-Za-z_]\w{0,63}$/.test(name) || isBuiltinName(name))
      throw new ModelError(`${where}: writableVariables names ${name}, not a variable`);
  return names;
};

interface ParsedElement {
  $type: string;
  id?: string;
  $attrs?: Record<string, string>;
  flowElements?: ParsedElement[];
  rootElements?: ParsedElement[];
}

/**
 * The model's separation-of-duties attributes (`Guard`), from the parse the engine keeps per
 * definition (the same parse a first start then runs from, so deploying parses no more than
 * before in all).
 */
async function readGuard(definition: { id: string; xml: string }, meta: ModelMeta): Promise<Guard> {
  const parsed = (await parsedModel(definition)) as { rootElement?: ParsedElement };
  const process = (parsed.rootElement?.rootElements ?? []).find(
    (e) => e.$type === 'bpmn:Process' && e.id === meta.key,
  );
  const guard: Guard = { starterMay: [], writable: {} };
  if (!process) return guard;
  const yes = (value: string | undefined) => value?.trim().toLowerCase() === 'true';
  if (yes(attrOf(process, 'allowStarterApproval'))) guard.starterMay.push('*');
  const processWritable = nameList(attrOf(process, 'writableVariables'), meta.key);
  if (processWritable.length > 0) guard.writable['*'] = processWritable;
  const visit = (container: ParsedElement, depth: number) => {
    for (const element of container.flowElements ?? []) {
      if (element.$type === 'bpmn:SubProcess' && depth < 16) visit(element, depth + 1);
      if (element.$type !== 'bpmn:UserTask' || !element.id) continue;
      if (yes(attrOf(element, 'allowStarterApproval'))) guard.starterMay.push(element.id);
      const writable = nameList(attrOf(element, 'writableVariables'), element.id);
      if (writable.length > 0) guard.writable[element.id] = writable;
    }
  };
  visit(process, 0);
  return guard;
}

/**
 * Refuses a model whose service task calls an action the runtime does not have
 * (`flowable:expression="${constructor}"`...), or whose service parameters read a built-in name.
 */
export function checkServices(meta: ModelMeta, runtime: Pick<WorkflowRuntime, 'services'>) {
  for (const [id, service] of Object.entries(meta.services)) {
    if (!runtime.services[service.action])
      throw badRequest('workflow.unknownService', { name: service.action });
    for (const value of Object.values(service.params ?? {})) {
      try {
        checkExpression(value);
      } catch (error) {
        throw badRequest('workflow.invalidModel', { reason: `${id}: ${(error as Error).message}` });
      }
    }
  }
}

/**
 * Deploys a model: the next version of its key, with its forms copied to wfdeployform. With the
 * runtime (every deployment through the API), each service task must name one of its actions.
 */
export async function deploy(
  tx: Tx,
  auth: AuthContext,
  input: { xml: string; category?: string | null },
  runtime?: Pick<WorkflowRuntime, 'services'>,
): Promise<{ id: string; key: string; version: number; name: string }> {
  let meta: DefinitionMeta;
  const id = nextId();
  try {
    meta = await readModel(input.xml);
    if (runtime) checkServices(meta, runtime);
    meta.guard = await readGuard({ id, xml: input.xml }, meta);
  } catch (error) {
    if (error instanceof ModelError) throw badRequest('workflow.invalidModel', { reason: error.message });
    throw error;
  }
  const [last] = await queryRows<{ version: number | null }>(
    tx,
    sql`select max(version) as version from bl_wf_definition where process_key = ${meta.key}`,
  );
  const version = Number(last?.version ?? 0) + 1;
  await tx.execute(sql`insert into bl_wf_definition
      (id, tenant_id, process_key, name, version, category, xml, meta, create_user)
      values (${id}, ${auth.tenantId}, ${meta.key}, ${meta.name}, ${version}, ${input.category ?? null},
              ${input.xml}, ${JSON.stringify(meta)}::jsonb, ${auth.userId})`);
  const forms = new Set(
    [meta.startFormKey, ...Object.values(meta.tasks).map((t) => t.formKey)].filter(
      (k): k is string => !!k && !k.includes('${'),
    ),
  );
  for (const formKey of forms) {
    // The form as designed now travels with the deployment (a wfform's content, else the key).
    const [form] = await queryRows<{ content: string | null }>(
      tx,
      sql`select content from bl_wfform where form_id = ${formKey} and is_deleted = 0 and del_flag = '0' limit 1`,
    );
    await tx.execute(sql`insert into bl_wfdeployform
        (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted, version,
         deployment_id, process_definition_id, category, form_key, form_content, del_flag)
        values (${nextId()}, ${auth.tenantId}, ${auth.userId}, ${auth.deptId || null}, now(), ${auth.userId}, now(),
                1, 0, 1, ${id}, ${`${meta.key}:${version}:${id}`}, ${input.category ?? null}, ${formKey},
                ${form?.content ?? null}, '0')`);
  }
  return { id, key: meta.key, version, name: meta.name };
}

export async function definitionById(tx: Tx, id: string): Promise<DefinitionRow | undefined> {
  const [row] = await queryRows<DefinitionRow>(
    tx,
    sql`select ${definitionColumns} from bl_wf_definition where id = ${id}`,
  );
  return row;
}

/** The newest active version of a key. */
export async function latestDefinition(tx: Tx, key: string): Promise<DefinitionRow | undefined> {
  const [row] = await queryRows<DefinitionRow>(
    tx,
    sql`select ${definitionColumns} from bl_wf_definition
        where process_key = ${key} and suspended = 0 and del_flag = '0' order by version desc limit 1`,
  );
  return row;
}

// ---------------------------------------------------------------------------------------------
// Who may do what

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((v) => String(v ?? '').trim())
    .filter((v) => v !== '' && v !== 'null');

/** The groups a user is in: role ids and the department id. */
export const groupsOf = (auth: AuthContext) => [...auth.roleIds, ...(auth.deptId ? [auth.deptId] : [])];

export function isCandidate(task: Pick<TaskRow, 'candidateUsers' | 'candidateGroups'>, auth: AuthContext) {
  if (task.candidateUsers.includes(auth.userId) || task.candidateUsers.includes(auth.account)) return true;
  const groups = new Set(groupsOf(auth));
  return task.candidateGroups.some((g) => groups.has(g));
}

/**
 * The process-admin right (docs/adr/0027-workflow-engine.md, amendment 4): the button that
 * deploys, suspends and removes definitions and sets approvals (the process designer's and
 * manager's calls). Its holders read every instance of their tenant.
 */
export const processAdminButton = 'wfdeployform_add';

/** Whether the caller holds the process-admin right (the tenant's package and a role grant it). */
export async function isProcessAdmin(tx: Tx, auth: AuthContext): Promise<boolean> {
  try {
    await requireButton(tx, auth, processAdminButton);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === ResultCode.forbidden) return false;
    throw error;
  }
}

/**
 * Who may read an instance (its detail, variables, history, diagram, attachments, tasks and
 * comments), as one SQL condition on the instance row `alias`, for single reads and lists alike:
 * its starter; its assignees, owners (delegators), handlers, candidates (users or groups) and
 * signers waiting, current or past; whoever acted on it (its history); its copy recipients.
 * A process admin reads every instance (`admin`): that is `true`. Any other id is "not found".
 */
export function readableBy(auth: AuthContext, admin: boolean, alias = 'i'): SQL {
  if (admin) return sql`true`;
  const i = sql.raw(alias);
  const groups = groupsOf(auth);
  const inGroup =
    groups.length > 0
      ? sql` or v.candidate_groups ?| array[${sql.join(
          groups.map((g) => sql`${g}`),
          sql`, `,
        )}]::text[]`
      : sql``;
  return sql`(${i}.starter::text = ${auth.userId}
    or exists (select 1 from bl_wf_task v where v.instance_id = ${i}.id and (v.assignee = ${auth.userId}
      or v.owner = ${auth.userId} or v.end_user = ${auth.userId} or v.candidate_users ? ${auth.userId}
      or v.candidate_users ? ${auth.account} or v.after_signers ? ${auth.userId}${inGroup}))
    or exists (select 1 from bl_wf_history v where v.instance_id = ${i}.id and v.user_id = ${auth.userId})
    or exists (select 1 from bl_wfcopy v where v.process_instance_id = ${i}.id::text
      and v.user_id = ${auth.userId} and v.is_deleted = 0))`;
}

/**
 * The rows of a read of instances `read(readable)` makes, as the caller may see them: read with
 * the caller's own condition first, and only when that finds nothing, once more if the caller
 * is a process admin (the right is read only then). An empty answer is "not found".
 */
export async function visibleRows<T>(tx: Tx, auth: AuthContext, read: (readable: SQL) => SQL): Promise<T[]> {
  const rows = await queryRows<T>(tx, read(readableBy(auth, false)));
  if (rows.length > 0 || !(await isProcessAdmin(tx, auth))) return rows;
  return queryRows<T>(tx, read(readableBy(auth, true)));
}

/**
 * A file a task action carried (`bl_wf_history.attach_ids`) is read as its instance is: its
 * download and detail answer "not found" to anyone who may read none of the instances that
 * hold it, whatever their `attach_view` (issue 27, defect 2). A file no instance holds is left
 * to the attachment's own buttons and data scope.
 */
export function registerWorkflowRules() {
  readRules.attach = async (tx, row, auth) => {
    const holders = sql`select h.instance_id from bl_wf_history h
      where h.tenant_id = ${auth.tenantId} and h.attach_ids ? ${String(row.id)}`;
    const [held] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (${holders} limit 1) x`,
    );
    if (!held?.n) return true;
    const readable = await visibleRows<{ id: string }>(
      tx,
      auth,
      (condition) => sql`select i.id::text as id from bl_wf_instance i
        where i.tenant_id = ${auth.tenantId} and i.id in (${holders}) and ${condition} limit 1`,
    );
    return readable.length > 0;
  };
}

/** A task the model assigns to the starter by name (`${starter}`, `${initiator}`): theirs to do. */
const starterNames = ['starter', 'initiator'].map((name) => `\${${name}}`);

/**
 * Whether the starter may handle a task of their own instance: a task the model gives the
 * starter by name (filling in, revising: not an approval), or one the model opens to them
 * (`flowable:allowStarterApproval="true"` on the task or the process). Nothing else: a starter
 * never approves their own request by default.
 */
export function starterMay(meta: DefinitionMeta, elementId: string): boolean {
  const assignee = meta.tasks[elementId]?.assignee?.replace(/\s+/g, '');
  if (assignee && starterNames.includes(assignee)) return true;
  const may = meta.guard?.starterMay ?? [];
  return may.includes('*') || may.includes(elementId);
}

/**
 * The SQL twin of `starterMay` for the to-do list and its count, on the task row `t`: the
 * starter sees no task of their own instance they may not handle.
 */
export function starterMaySql(auth: AuthContext): SQL {
  return sql`not exists (select 1 from bl_wf_instance s join bl_wf_definition d on d.id = s.definition_id
      where s.id = t.instance_id and s.starter::text = ${auth.userId}
        and coalesce(replace(d.meta->'tasks'->t.element_id->>'assignee', ' ', ''), '') not in (${sql.join(
          starterNames.map((n) => sql`${n}`),
          sql`, `,
        )})
        and not coalesce(d.meta->'guard'->'starterMay' ?| array['*', t.element_id::text], false))`;
}

/** Start values the task may not change: those given at the start, but the model's writable ones. */
export function lockedNames(meta: DefinitionMeta, variables: Record<string, unknown>, elementId: string) {
  const started = Array.isArray(variables[startNames])
    ? (variables[startNames] as unknown[]).map(String)
    : // An instance started before the names were kept: every value it holds.
      Object.keys(variables);
  const writable = new Set([
    ...(meta.guard?.writable['*'] ?? []),
    ...(meta.guard?.writable[elementId] ?? []),
  ]);
  return new Set(started.filter((name) => !writable.has(name)));
}

/**
 * The variable that keeps the names given at the start (not a variable name a form or a caller
 * can write, nor one an expression can read).
 */
export const startNames = '$start';

/** Names only the engine writes: `{task}_approved`, a service task's answer. */
function reservedNames(meta: ModelMeta): Set<string> {
  return new Set([...Object.keys(meta.tasks).map((id) => `${id}_approved`), ...Object.keys(meta.services)]);
}

export function mayStart(meta: ModelMeta, auth: AuthContext): boolean {
  if (!meta.starterUsers && !meta.starterGroups) return true;
  const users = list(meta.starterUsers);
  const groups = new Set(groupsOf(auth));
  return (
    auth.allPowerful ||
    users.includes(auth.userId) ||
    users.includes(auth.account) ||
    list(meta.starterGroups).some((g) => groups.has(g))
  );
}

// ---------------------------------------------------------------------------------------------
// Running an instance

export async function history(
  tx: Tx,
  instance: InstanceRow,
  entry: {
    elementId: string;
    name: string;
    kind: string;
    auth?: AuthContext | null;
    comment?: string | null;
    attachIds?: string[];
  },
) {
  await tx.execute(sql`insert into bl_wf_history (id, tenant_id, instance_id, element_id, name, kind, user_id, account, comment,
        attach_ids)
      values (${nextId()}, ${instance.tenantId}, ${instance.id}, ${entry.elementId}, ${entry.name.slice(0, 255)},
              ${entry.kind}, ${entry.auth?.userId ?? null}, ${entry.auth?.account ?? null}, ${entry.comment ?? null},
              ${JSON.stringify(entry.attachIds ?? [])}::jsonb)`);
}

/**
 * The attachments a task action carries: each an attachment record of the caller's tenant, not
 * removed; anything else is refused before the action writes anything. Duplicates count once.
 */
export async function checkAttachments(
  tx: Tx,
  auth: AuthContext,
  ids: string[] | undefined,
): Promise<string[]> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return [];
  const found = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from bl_attach where tenant_id = ${auth.tenantId} and is_deleted = 0
        and id::text in (${sql.join(
          wanted.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  const known = new Set(found.map((row) => row.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing) throw badRequest('workflow.badAttach', { id: missing });
  return wanted;
}

/** `PT2H` / `P1D` after now, an ISO date, or nothing. */
function dueFrom(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const duration = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (duration) {
    const [, d, h, m, s] = duration.map((v) => Number(v ?? 0));
    return new Date(Date.now() + (((d ?? 0) * 24 + (h ?? 0)) * 3600 + (m ?? 0) * 60 + (s ?? 0)) * 1000);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Parsed models by definition id: a deployed definition never changes, so parsing once is safe. */
const parsedModels = new Map<string, Promise<unknown>>();
function parsedModel(definition: Pick<DefinitionRow, 'id' | 'xml'>): Promise<unknown> {
  let parsed = parsedModels.get(definition.id);
  if (!parsed) {
    if (parsedModels.size >= 500) parsedModels.clear();
    // This parse runs on the event loop (bpmn-engine needs the tree in this thread): a model
    // deployed before the bounds of ADR 0035 existed is held to them here too.
    parsed = Promise.resolve().then(() => {
      try {
        checkModelText(definition.xml);
      } catch (error) {
        if (error instanceof ModelError) throw badRequest('workflow.invalidModel', { reason: error.message });
        throw error;
      }
      return new BpmnModdle().fromXML(definition.xml);
    });
    parsed.catch(() => parsedModels.delete(definition.id));
    parsedModels.set(definition.id, parsed);
  }
  return parsed;
}

type Step =
  | { kind: 'start' }
  | { kind: 'resume' }
  | {
      kind: 'signal';
      elementId: string;
      executionId: string;
      output: Record<string, unknown>;
      /** A multi-instance task's counts once this one is done (its completion condition reads them). */
      loop?: { completed: number; active: number };
    }
  /** Back to an earlier user task: run it again, then drop the tasks it replaces (see back.ts). */
  | { kind: 'jump'; elementId: string; drop: { elementId: string; executionId: string }[] };

interface ApiLike {
  id: string;
  type: string;
  executionId?: string;
  content: { executionId?: string; expireAt?: Date | string; [k: string]: unknown };
  signal?: (message?: unknown) => void;
  discard?: () => void;
  owner?: { execution?: { getPostponed?: () => ApiLike[] } };
}

const executionOf = (api: ApiLike) => String(api.content.executionId ?? api.executionId ?? api.id);

/**
 * What the engine waits for, a multi-instance user task as its running items (each its own
 * execution, `{task execution}_{index}`), not as the one activity that holds them, and a
 * sub-process with what waits inside it.
 */
function waitingApis(execution: ExecutionLike): ApiLike[] {
  const flatten = (apis: ApiLike[], depth: number): ApiLike[] =>
    apis.flatMap((api) => {
      if (depth > 16 || (api.type !== 'bpmn:UserTask' && api.type !== 'bpmn:SubProcess')) return [api];
      const inner = (api.owner?.execution?.getPostponed?.() ?? []).filter(
        (item) => executionOf(item) !== executionOf(api),
      );
      // A sub-process: what waits inside it.
      if (api.type === 'bpmn:SubProcess') return [api, ...flatten(inner, depth + 1)];
      return inner.length > 0 ? inner : [api];
    });
  return flatten(execution.getPostponed(), 0);
}

interface ProcessLike {
  getActivityById(id: string): { run(): void } | undefined;
}

interface ExecutionLike {
  getPostponed(): ApiLike[];
  definitions: { getProcesses(): ProcessLike[] }[];
  environment: { output: Record<string, unknown> };
}

/**
 * Runs one step of an instance whose row the caller holds locked (`for update`): rebuilds the
 * engine from the saved state, applies the step, runs until the engine waits or ends, and
 * saves state, variables, new tasks, history. A failing service (a refused bill action...)
 * throws, and the caller's transaction leaves no trace of the step.
 */
async function step(
  tx: Tx,
  runtime: WorkflowRuntime,
  auth: AuthContext,
  language: Language,
  instance: InstanceRow,
  definition: DefinitionRow,
  action: Step,
): Promise<void> {
  const meta = definition.meta;
  const variables = instance.variables;
  const scope = () => ({ ...variables, starter: instance.starter, initiator: instance.starter });
  /** A multi-instance item's own variables: its element variable and the loop's counters. */
  const itemScope = (content: Record<string, unknown> | undefined): Record<string, unknown> => {
    if (!content) return {};
    const loop = meta.tasks[String(content.id ?? '')]?.loop;
    if (!loop) return {};
    const element = loop.elementVariable ?? 'item';
    const counts = action.kind === 'signal' && action.elementId === content.id ? action.loop : undefined;
    return {
      ...(element in content && { [element]: content[element] }),
      nrOfInstances: Number(content.loopCardinality ?? 0),
      nrOfCompletedInstances: counts?.completed ?? 0,
      nrOfActiveInstances: counts?.active ?? 0,
    };
  };
  const collections = new Set(
    Object.values(meta.tasks)
      .map((t) => t.loop?.collection)
      .filter((c): c is string => !!c),
  );
  let failure: unknown;
  let activity = 0;
  const pending = new Set<Promise<unknown>>();
  const immediate = new Set<NodeJS.Immediate>();
  const waiting = new Map<string, string>(); // executionId → element id (user tasks)
  const timers: Date[] = [];
  const finished: { id: string; type: string }[] = [];
  let ended = false;

  const engine = new Engine({
    name: definition.processKey,
    // A new instance starts from the definition's parsed model (parsed once per process); a
    // resumed one from the model its saved state carries.
    ...(action.kind === 'start' && { moddleContext: await parsedModel(definition) }),
    timers: new Timers({
      // Due now (a resumed timer whose time has come): fire; later: a job wakes the instance.
      setTimeout: ((fn: (...args: unknown[]) => void, delay: number, ...args: unknown[]) => {
        if (delay > 0) return { later: true };
        const handle = setImmediate(() => {
          immediate.delete(handle);
          fn(...args);
        });
        immediate.add(handle);
        return handle;
      }) as unknown as typeof setTimeout,
      clearTimeout: ((handle: unknown) => {
        if (handle && typeof handle === 'object' && immediate.has(handle as NodeJS.Immediate)) {
          clearImmediate(handle as NodeJS.Immediate);
          immediate.delete(handle as NodeJS.Immediate);
        }
      }) as unknown as typeof clearTimeout,
    }),
    expressions: {
      resolveExpression(text: string, from?: { content?: Record<string, unknown> }) {
        const value = evaluateExpression(text, {
          ...scope(),
          ...itemScope(from?.content),
          environment: { variables: scope() },
        });
        // A multi-instance task's items: a list variable, or a comma-separated text.
        if (collections.has(text)) return Array.isArray(value) ? value : list(value);
        return value;
      },
    } as never,
    extensions: {
      loops(element: { id: string; type: string; behaviour: Record<string, unknown> }) {
        // bpmn-elements reads a loop's items from `collection`, which Flowable writes as an
        // attribute (`flowable:collection`): the model's reading of it is handed over here.
        const loop = element.type === 'bpmn:UserTask' ? meta.tasks[element.id]?.loop : undefined;
        const characteristics = element.behaviour.loopCharacteristics as
          | { behaviour?: Record<string, unknown> }
          | undefined;
        if (!loop?.collection || !characteristics?.behaviour) return;
        characteristics.behaviour.collection = loop.collection;
        characteristics.behaviour.elementVariable = loop.elementVariable ?? 'item';
      },
      services(element: { id: string; type: string; behaviour: Record<string, unknown> }) {
        if (element.type !== 'bpmn:ServiceTask') return;
        element.behaviour.Service = function Service() {
          return {
            execute(_message: unknown, callback: (error: unknown, result?: unknown) => void) {
              const service = meta.services[element.id];
              const work = (async () => {
                const fn = service && runtime.services[service.action];
                if (!fn) throw badRequest('workflow.unknownService', { name: service?.action ?? element.id });
                const params = Object.fromEntries(
                  Object.entries(service.params ?? {}).map(([k, v]) => [k, evaluateExpression(v, scope())]),
                );
                const result = await fn({ tx, auth, language, instance, variables, params });
                if (result !== undefined) variables[element.id] = result;
                return result;
              })();
              pending.add(work);
              work.then(
                (result) => {
                  pending.delete(work);
                  callback(null, result);
                },
                (error) => {
                  pending.delete(work);
                  failure ??= error;
                  callback(error);
                },
              );
            },
          };
        };
      },
    } as never,
  } as never);
  engine.on('error', (error: unknown) => {
    failure ??= error;
  });
  engine.on('end', () => {
    ended = true;
  });
  const listener = new (await import('node:events')).EventEmitter();
  listener.on('wait', (api: ApiLike) => {
    activity++;
    if (api.type === 'bpmn:UserTask') waiting.set(String(api.content.executionId ?? api.executionId), api.id);
  });
  listener.on('activity.timer', (api: ApiLike) => {
    activity++;
    const at = api.content.expireAt ? new Date(api.content.expireAt) : null;
    if (at) timers.push(at);
  });
  listener.on('activity.end', (api: ApiLike) => {
    activity++;
    if (api.type !== 'bpmn:UserTask') finished.push({ id: api.id, type: api.type });
  });
  listener.on('activity.start', () => {
    activity++;
  });

  let execution: ExecutionLike;
  if (action.kind === 'start') {
    execution = (await engine.execute({ listener, variables } as never)) as unknown as ExecutionLike;
  } else {
    engine.recover(instance.state as never);
    execution = (await engine.resume({ listener } as never)) as unknown as ExecutionLike;
  }
  const settle = async () => {
    let still = 0;
    let seen = -1;
    for (let turn = 0; turn < 100_000 && still < 3; turn++) {
      if (pending.size > 0) {
        await Promise.allSettled([...pending]);
        still = 0;
        continue;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (failure) return;
      if (immediate.size === 0 && activity === seen) still++;
      else still = 0;
      seen = activity;
    }
  };
  await settle();
  if (!failure && action.kind === 'signal') {
    const apis = waitingApis(execution);
    const target =
      apis.find((a) => a.id === action.elementId && executionOf(a) === action.executionId) ??
      (meta.tasks[action.elementId]?.loop ? undefined : apis.find((a) => a.id === action.elementId));
    if (!target?.signal)
      throw new Error(`task ${action.elementId} is not waiting in instance ${instance.id}`);
    waiting.clear();
    target.signal(action.output);
    await settle();
  }
  if (!failure && action.kind === 'jump') {
    // An item of a multi-instance task is dropped with the whole task (all its items).
    const from = new Set<ApiLike>();
    for (const drop of action.drop) {
      const api = meta.tasks[drop.elementId]?.loop
        ? execution.getPostponed().find((a) => a.id === drop.elementId)
        : waitingApis(execution).find((a) => a.id === drop.elementId && executionOf(a) === drop.executionId);
      if (api) from.add(api);
    }
    const target = execution.definitions[0]?.getProcesses()[0]?.getActivityById(action.elementId);
    if (from.size === 0 || !target)
      throw new Error(`cannot go back to ${action.elementId} in instance ${instance.id}`);
    // The earlier task runs first, so that the process still has work when the current ones
    // are dropped (dropping them first would let a process with nothing waiting end).
    target.run();
    await settle();
    for (const api of from) {
      api.discard?.();
      await settle();
    }
  }
  if (failure) {
    engine.stop();
    throw failure instanceof Error ? failure : new Error(String(failure));
  }

  for (const done of finished) {
    const element = meta.elements[done.id];
    if (!element || done.type === 'bpmn:SequenceFlow') continue;
    const kind = done.type
      .replace('bpmn:', '')
      .replace(/Event$|Gateway$|Task$/, (s) => s)
      .slice(0, 16);
    await history(tx, instance, { elementId: done.id, name: element.name, kind, auth });
  }

  // The user tasks now waiting: each becomes a task row once (a resumed engine reports them again).
  const stillWaiting = ended ? [] : waitingApis(execution).filter((a) => a.type === 'bpmn:UserTask');
  for (const api of stillWaiting) {
    const executionId = executionOf(api);
    const task = meta.tasks[api.id] ?? { name: api.id };
    const values = { ...scope(), ...itemScope({ ...api.content, id: api.id }) };
    const value = (text?: string) => (text === undefined ? undefined : evaluateExpression(text, values));
    const assignee = await userIdOf(tx, list(value(task.assignee))[0]);
    const due = dueFrom(value(task.dueDate));
    const total = task.loop ? Number(api.content.loopCardinality) : Number.NaN;
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into bl_wf_task (id, tenant_id, instance_id, execution_id, element_id, name, assignee,
            candidate_users, candidate_groups, form_key, due_time, loop_total)
          values (${nextId()}, ${instance.tenantId}, ${instance.id}, ${executionId}, ${api.id}, ${task.name.slice(0, 255)},
                  ${assignee}, ${JSON.stringify(list(value(task.candidateUsers)))}::jsonb,
                  ${JSON.stringify(list(value(task.candidateGroups)))}::jsonb, ${task.formKey ?? null}, ${due},
                  ${Number.isFinite(total) ? total : null})
          on conflict (tenant_id, instance_id, execution_id) do nothing returning id::text as id`,
    );
    if (inserted.length > 0 && due) runtime.wakeAt(tx, instance.tenantId, instance.id, due, 'due');
  }
  for (const at of timers) {
    if (at.getTime() > Date.now()) runtime.wakeAt(tx, instance.tenantId, instance.id, at, 'timer');
  }

  if (ended) {
    await tx.execute(sql`update bl_wf_task set status = 'cancelled', end_time = now()
        where instance_id = ${instance.id} and status = 'open'`);
    await tx.execute(sql`update bl_wf_instance set status = 'completed', state = null,
        variables = ${JSON.stringify(variables)}::jsonb, end_time = now() where id = ${instance.id}`);
    instance.status = 'completed';
    await runtime.onEnd?.({ tx, auth, language, instance, variables });
    return;
  }
  // Open tasks the engine no longer waits for (the other items of a multi-instance task whose
  // completion condition held, branches dropped by a send-back) are cancelled, with the signers'
  // rows hanging from them (their execution is the task's, `#` and their own id).
  const open = [...new Set(stillWaiting.map(executionOf))];
  await tx.execute(sql`update bl_wf_task set status = 'cancelled', end_time = now()
      where instance_id = ${instance.id} and status = 'open' and ${
        open.length > 0
          ? sql`split_part(execution_id, '#', 1) not in (${sql.join(
              open.map((e) => sql`${e}`),
              sql`, `,
            )})`
          : sql`true`
      }`);
  const state = await engine.getState();
  engine.stop();
  await tx.execute(sql`update bl_wf_instance set state = ${JSON.stringify(state)}::jsonb,
      variables = ${JSON.stringify(variables)}::jsonb where id = ${instance.id}`);
}

/** An assignee as a user id: an id stays, an account becomes its user's id. */
async function userIdOf(tx: Tx, user: string | undefined): Promise<string | null> {
  if (!user) return null;
  if (/^\d+$/.test(user)) return user;
  const [found] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from blade_user where account = ${user} and is_deleted = 0 limit 1`,
  );
  return found?.id ?? user;
}

async function lockInstance(tx: Tx, id: string): Promise<InstanceRow> {
  const [row] = await queryRows<InstanceRow>(
    tx,
    sql`select ${instanceColumns} from bl_wf_instance where id = ${id} for update`,
  );
  if (!row) throw notFound();
  return row;
}

export interface StartInput {
  key?: string;
  definitionId?: string;
  variables?: Record<string, unknown>;
  title?: string;
  business?: { entity: string; id: string; action: string; input?: Record<string, unknown> };
}

/**
 * The values a start may give (docs/adr/0027-workflow-engine.md, amendment 4): variable names
 * only, none of the engine's own; with a designed start form, only its fields, checked by its
 * rules; and never a field only a later task's form declares (a starter does not decide for
 * their approver).
 */
async function requireStartValues(
  tx: Tx,
  definition: DefinitionRow,
  values: Record<string, unknown>,
  language: Language,
) {
  const meta = definition.meta;
  const forms = await deployedForms(tx, definition.id);
  const startForm = meta.startFormKey ? forms[meta.startFormKey] : undefined;
  const startFields = fieldNames(startForm);
  const reserved = reservedNames(meta);
  for (const name of Object.keys(values)) {
    requireVariableName(name, reserved);
    if (startForm && !startFields.has(name))
      throw badRequest('workflow.undeclaredStart', {
        name,
        process: shownName(meta, '', definition.name, language),
      });
    if (startFields.has(name)) continue;
    const decider = Object.entries(meta.tasks).find(
      ([, task]) => task.formKey && fieldNames(forms[task.formKey]).has(name),
    );
    if (decider)
      throw badRequest('workflow.decidedLater', { name, task: elementName(meta, decider[0], language) });
  }
  requireFormValues(startForm, values, language);
}

/** Starts an instance and runs it to its first wait. */
export async function startInstance(
  tx: Tx,
  runtime: WorkflowRuntime,
  auth: AuthContext,
  language: Language,
  input: StartInput,
): Promise<{ id: string; status: string }> {
  const definition = input.definitionId
    ? await definitionById(tx, input.definitionId)
    : await latestDefinition(tx, input.key ?? '');
  if (definition?.suspended !== 0 || definition.delFlag !== '0')
    throw badRequest('workflow.noProcess', { key: input.key ?? input.definitionId ?? '' });
  if (!input.business && !mayStart(definition.meta, auth))
    throw forbidden('workflow.notStarter', {
      name: shownName(definition.meta, '', definition.name, language),
    });
  if (!input.business) await requireStartValues(tx, definition, input.variables ?? {}, language);
  const id = nextId();
  const instance: InstanceRow = {
    id,
    tenantId: auth.tenantId,
    definitionId: definition.id,
    processKey: definition.processKey,
    title: (input.title ?? definition.name).slice(0, 255),
    businessEntity: input.business?.entity ?? null,
    businessId: input.business?.id ?? null,
    businessAction: input.business?.action ?? null,
    businessInput: input.business?.input ?? null,
    status: 'running',
    state: null,
    // The names given at the start: later tasks may not change them unless the model says so.
    variables: { ...(input.variables ?? {}), [startNames]: Object.keys(input.variables ?? {}) },
    reason: null,
    starter: auth.userId,
    starterAccount: auth.account,
  };
  await tx.execute(sql`insert into bl_wf_instance (id, tenant_id, definition_id, process_key, title,
        business_entity, business_id, business_action, business_input, variables, starter, starter_account)
      values (${id}, ${auth.tenantId}, ${definition.id}, ${definition.processKey}, ${instance.title},
              ${instance.businessEntity}, ${instance.businessId}, ${instance.businessAction},
              ${instance.businessInput === null ? null : JSON.stringify(instance.businessInput)}::jsonb,
              ${JSON.stringify(instance.variables)}::jsonb, ${auth.userId}, ${auth.account.slice(0, 64)})`);
  await history(tx, instance, { elementId: '', name: definition.name, kind: 'started', auth });
  await step(tx, runtime, auth, language, instance, definition, { kind: 'start' });
  return { id, status: instance.status };
}

interface LockedTask {
  task: TaskRow;
  instance: InstanceRow;
  meta: DefinitionMeta;
  /** The task's name in the request's language, for the messages that name it. */
  name: string;
}

/**
 * A task row, locked after its instance (instance first, then task: one order, no deadlock). A
 * task of an instance the caller may not read is "not found", as a task that does not exist.
 */
async function lockTask(tx: Tx, auth: AuthContext, taskId: string, language: Language): Promise<LockedTask> {
  const [peek] = await visibleRows<{ instanceId: string }>(
    tx,
    auth,
    (readable) => sql`select t.instance_id::text as "instanceId" from bl_wf_task t
        join bl_wf_instance i on i.id = t.instance_id where t.id = ${taskId} and ${readable}`,
  );
  if (!peek) throw notFound();
  const instance = await lockInstance(tx, peek.instanceId);
  const [task] = await queryRows<TaskRow>(
    tx,
    sql`select ${taskColumns} from bl_wf_task where id = ${taskId} for update`,
  );
  if (!task) throw notFound();
  const [definition] = await queryRows<{ meta: DefinitionMeta }>(
    tx,
    sql`select meta from bl_wf_definition where id = ${instance.definitionId}`,
  );
  if (!definition) throw notFound();
  const name = shownName(definition.meta, task.elementId, task.name, language);
  if (task.status !== 'open') throw badRequest('workflow.taskClosed', { name });
  return { task, instance, meta: definition.meta, name };
}

/**
 * May this user act on the task: its assignee, or a candidate while nobody has claimed it; and
 * not the instance's starter, unless the task is the starter's own or the model allows it
 * (`starterMay`). Every way of handling a task asks this: approve, reject, send back, delegate,
 * transfer, add a signer, claim.
 */
function requireHandler({ task, instance, meta, name }: LockedTask, auth: AuthContext) {
  if (task.assignee !== auth.userId) {
    if (task.assignee) throw forbidden('workflow.claimed', { name });
    if (!isCandidate(task, auth)) throw forbidden('workflow.notCandidate', { name });
  }
  if (instance.starter === auth.userId && !starterMay(meta, task.elementId))
    throw forbidden('workflow.starterApproval', { name });
}

/** A task is handed over (delegated, transferred, a signer added): never to the starter, but as above. */
function requireNotStarter({ task, instance, meta, name }: LockedTask, userId: string) {
  if (instance.starter === userId && !starterMay(meta, task.elementId))
    throw badRequest('workflow.starterHandover', { name });
}

export async function claimTask(
  tx: Tx,
  auth: AuthContext,
  language: Language,
  taskId: string,
): Promise<void> {
  const locked = await lockTask(tx, auth, taskId, language);
  const { task, instance } = locked;
  requireHandler(locked, auth);
  if (task.assignee === auth.userId) return;
  await tx.execute(sql`update bl_wf_task set assignee = ${auth.userId} where id = ${taskId}`);
  await history(tx, instance, { elementId: task.elementId, name: task.name, kind: 'claim', auth });
}

export async function delegateTask(
  tx: Tx,
  auth: AuthContext,
  language: Language,
  taskId: string,
  userId: string,
  comment?: string,
  attachIds?: string[],
) {
  const attached = await checkAttachments(tx, auth, attachIds);
  const locked = await lockTask(tx, auth, taskId, language);
  const { task, instance } = locked;
  requireHandler(locked, auth);
  await requireUser(tx, userId);
  requireNotStarter(locked, userId);
  await tx.execute(
    sql`update bl_wf_task set assignee = ${userId}, owner = ${auth.userId} where id = ${taskId}`,
  );
  await history(tx, instance, {
    elementId: task.elementId,
    name: task.name,
    kind: 'delegate',
    auth,
    comment,
    attachIds: attached,
  });
}

async function requireUser(tx: Tx, userId: string) {
  const [user] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from blade_user where id::text = ${userId} and is_deleted = 0`,
  );
  if (!user) throw badRequest('workflow.unknownUser', { user: userId });
}

const why = (comment?: string | null) => {
  const text = comment?.trim();
  if (!text) throw badRequest('workflow.whyRequired');
  return text;
};

/** Hands the task over to another user for good (unlike delegation, nobody gets it back). */
export async function transferTask(
  tx: Tx,
  auth: AuthContext,
  language: Language,
  taskId: string,
  userId: string,
  comment?: string,
  attachIds?: string[],
) {
  const reason = why(comment);
  const attached = await checkAttachments(tx, auth, attachIds);
  const locked = await lockTask(tx, auth, taskId, language);
  const { task, instance } = locked;
  requireHandler(locked, auth);
  if (userId === auth.userId) throw badRequest('workflow.sameUser');
  await requireUser(tx, userId);
  requireNotStarter(locked, userId);
  await tx.execute(sql`update bl_wf_task set assignee = ${userId}, owner = null where id = ${taskId}`);
  await history(tx, instance, {
    elementId: task.elementId,
    name: task.name,
    kind: 'transfer',
    auth,
    comment: reason,
    attachIds: attached,
  });
}

/**
 * Adds a signer to a task. Before: the signer gets a task of their own, and this one cannot be
 * completed until the signer has approved it. After: once this task is approved, the signer
 * (then the next one added after) approves too, and only then does the process move on.
 */
export async function addSigner(
  tx: Tx,
  auth: AuthContext,
  language: Language,
  taskId: string,
  input: { userId: string; mode: 'before' | 'after'; comment?: string; attachIds?: string[] },
) {
  const reason = why(input.comment);
  const attached = await checkAttachments(tx, auth, input.attachIds);
  const locked = await lockTask(tx, auth, taskId, language);
  const { task, instance } = locked;
  requireHandler(locked, auth);
  if (input.userId === auth.userId) throw badRequest('workflow.sameUser');
  await requireUser(tx, input.userId);
  requireNotStarter(locked, input.userId);
  if (input.mode === 'before') {
    const id = nextId();
    await tx.execute(sql`insert into bl_wf_task (id, tenant_id, instance_id, execution_id, element_id, name, assignee,
          form_key, parent_id, sign_mode)
        values (${id}, ${instance.tenantId}, ${instance.id}, ${`${task.executionId}#${id}`.slice(0, 128)}, ${task.elementId},
                ${task.name}, ${input.userId}, ${task.formKey}, ${task.id}, 'before')`);
  } else {
    await tx.execute(sql`update bl_wf_task set after_signers = after_signers || ${JSON.stringify([input.userId])}::jsonb
        where id = ${taskId}`);
  }
  await history(tx, instance, {
    elementId: task.elementId,
    name: task.name,
    kind: input.mode === 'before' ? 'signBefore' : 'signAfter',
    auth,
    comment: reason,
    attachIds: attached,
  });
}

/** The user tasks of an instance that are behind it (done at least once): where a task may go back to. */
export async function earlierSteps(
  tx: Tx,
  instanceId: string,
): Promise<{ elementId: string; name: string }[]> {
  return queryRows<{ elementId: string; name: string }>(
    tx,
    sql`select distinct on (element_id) element_id as "elementId", name from bl_wf_task
        where instance_id = ${instanceId} and status = 'done' and parent_id is null
        order by element_id, end_time`,
  );
}

/** An earlier step of the instance and how a task would go back to it (undefined: refused). */
export interface BackOption {
  elementId: string;
  name: string;
  route: BackRoute | undefined;
}

/**
 * Where a task may be sent back to: the one rule of the send-back list (the instance detail's
 * `backTargets`, per open task) and of the send-back itself (docs/adr/0027-workflow-engine.md,
 * amendment 5). The candidates are the instance's earlier user tasks (a done row) other than the
 * task's own step; each has a route by the model's graph (back.ts) or none (another parallel
 * branch, or into a branch the task is not on). `root` is the task a signer's or redone row
 * hangs from: its step is where the engine waits.
 */
export async function backOptions(
  tx: Tx,
  definition: DefinitionRow,
  task: Pick<TaskRow, 'instanceId' | 'elementId' | 'parentId'>,
): Promise<{ root: TaskRow | undefined; options: BackOption[] }> {
  const root = task.parentId ? await taskById(tx, task.parentId) : undefined;
  // Definitions deployed before flows were kept in their meta are read again.
  const graph = definition.meta.next ? definition.meta : await readModel(definition.xml);
  const steps = await earlierSteps(tx, task.instanceId);
  const from = root?.elementId ?? task.elementId;
  return {
    root,
    options: steps
      .filter((s) => s.elementId !== task.elementId)
      .map((s) => ({ ...s, route: backRoute(graph, from, s.elementId) })),
  };
}

/** Sends the instance back to an earlier step: that user task is open again, this one is closed. */
export async function backToStep(
  tx: Tx,
  runtime: WorkflowRuntime,
  auth: AuthContext,
  language: Language,
  taskId: string,
  input: { elementId: string; comment?: string; attachIds?: string[] },
): Promise<{ instanceStatus: string }> {
  const reason = why(input.comment);
  const attached = await checkAttachments(tx, auth, input.attachIds);
  const locked = await lockTask(tx, auth, taskId, language);
  const { task, instance } = locked;
  if (instance.status !== 'running') throw badRequest('workflow.instanceEnded');
  requireHandler(locked, auth);
  const definition = await definitionById(tx, instance.definitionId);
  if (!definition) throw notFound();
  const options = await backOptions(tx, definition, task);
  const root = options.root ?? task;
  const target = options.options.find((s) => s.elementId === input.elementId);
  if (!target)
    throw badRequest('workflow.notEarlierStep', {
      step: elementName(definition.meta, input.elementId, language),
    });
  const route = target.route;
  if (!route)
    throw badRequest('workflow.backAcrossBranches', {
      from: locked.name,
      step: shownName(definition.meta, target.elementId, target.name, language),
    });
  // The task and the signers' rows hanging from it close with it.
  await tx.execute(sql`update bl_wf_task set status = 'done', assignee = ${auth.userId}, end_user = ${auth.userId},
      end_time = now(), outcome = 'back', comment = ${reason} where id = ${taskId}`);
  await tx.execute(sql`update bl_wf_task set status = 'cancelled', end_time = now()
      where status = 'open' and (parent_id = ${task.parentId ?? task.id} or id = ${task.parentId ?? task.id})`);
  await history(tx, instance, {
    elementId: task.elementId,
    name: `${task.name} → ${target.name}`,
    kind: 'back',
    auth,
    comment: reason,
    attachIds: attached,
  });
  if (route.kind === 'redo') {
    // The engine keeps waiting on the task; its branch's steps are done again, in order.
    const [first, ...rest] = route.steps;
    await redoRow(tx, instance, root, first as string, rest);
    return { instanceStatus: instance.status };
  }
  const drop = [{ elementId: root.elementId, executionId: root.executionId }];
  if (route.kind === 'restart') {
    // Before the fork: every open task after the earlier step (the sibling branches) goes too.
    const open = await queryRows<{ elementId: string; executionId: string }>(
      tx,
      sql`select element_id as "elementId", execution_id as "executionId" from bl_wf_task
          where instance_id = ${instance.id} and status = 'open' and parent_id is null`,
    );
    drop.push(...open.filter((o) => route.after.has(o.elementId)));
  }
  await step(tx, runtime, auth, language, instance, definition, {
    kind: 'jump',
    elementId: target.elementId,
    drop,
  });
  return { instanceStatus: instance.status };
}

/**
 * A step done again after a send-back inside a branch: a task row hanging from the task that
 * sent it back (the engine's execution is that task's), for whoever did the step last; the
 * steps after it wait in `redo_steps`.
 */
async function redoRow(tx: Tx, instance: InstanceRow, root: TaskRow, elementId: string, rest: string[]) {
  const [last] = await queryRows<{
    name: string;
    endUser: string | null;
    candidateUsers: string[];
    candidateGroups: string[];
    formKey: string | null;
  }>(
    tx,
    sql`select name, end_user::text as "endUser", candidate_users as "candidateUsers",
          candidate_groups as "candidateGroups", form_key as "formKey"
        from bl_wf_task where instance_id = ${instance.id} and element_id = ${elementId} and status = 'done'
        order by end_time desc, id desc limit 1`,
  );
  const id = nextId();
  await tx.execute(sql`insert into bl_wf_task (id, tenant_id, instance_id, execution_id, element_id, name, assignee,
        candidate_users, candidate_groups, form_key, parent_id, sign_mode, redo_steps)
      values (${id}, ${instance.tenantId}, ${instance.id}, ${`${root.executionId}#${id}`.slice(0, 128)}, ${elementId},
              ${last?.name ?? elementId}, ${last?.endUser ?? null}, ${JSON.stringify(last?.candidateUsers ?? [])}::jsonb,
              ${JSON.stringify(last?.candidateGroups ?? [])}::jsonb, ${last?.formKey ?? null}, ${root.id}, 'redo',
              ${JSON.stringify(rest)}::jsonb)`);
}

/**
 * A multi-instance task's items so far: done and still open (the rows of its executions,
 * `{task execution}_{index}`; a task run again after a send-back is a new execution).
 */
async function loopCounts(tx: Tx, task: TaskRow): Promise<{ completed: number; active: number }> {
  const family = `${task.executionId.replace(/_\d+$/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}\\_%`;
  const [row] = await queryRows<{ completed: number; active: number }>(
    tx,
    sql`select count(*) filter (where status = 'done')::int as completed,
          count(*) filter (where status = 'open')::int as active
        from bl_wf_task where instance_id = ${task.instanceId} and parent_id is null
          and element_id = ${task.elementId} and execution_id like ${family}`,
  );
  return { completed: row?.completed ?? 0, active: row?.active ?? 0 };
}

async function taskById(tx: Tx, id: string): Promise<TaskRow> {
  const [task] = await queryRows<TaskRow>(tx, sql`select ${taskColumns} from bl_wf_task where id = ${id}`);
  if (!task) throw notFound();
  return task;
}

/**
 * Completes a task: approve (the engine moves on, with the form's values as variables) or
 * reject (the instance ends as rejected with the reason; the engine is not run, the business
 * stays as it was). Exactly one of two concurrent completions wins: the second waits for the
 * instance lock, then finds the task closed.
 */
export async function completeTask(
  tx: Tx,
  runtime: WorkflowRuntime,
  auth: AuthContext,
  language: Language,
  taskId: string,
  input: { variables?: Record<string, unknown>; comment?: string; reject?: boolean; attachIds?: string[] },
): Promise<{ instanceStatus: string }> {
  const attached = await checkAttachments(tx, auth, input.attachIds);
  const locked = await lockTask(tx, auth, taskId, language);
  const { task, instance } = locked;
  if (instance.status !== 'running') throw badRequest('workflow.instanceEnded');
  requireHandler(locked, auth);
  const comment = input.comment?.trim() || null;
  if (input.reject && !comment) throw badRequest('workflow.reasonRequired');
  if (!input.reject) {
    const [blocked] = await queryRows<{ id: string }>(
      tx,
      sql`select id::text as id from bl_wf_task where parent_id = ${task.id} and sign_mode = 'before' and status = 'open'`,
    );
    if (blocked) throw badRequest('workflow.signPending', { name: locked.name });
  }
  await tx.execute(sql`update bl_wf_task set status = 'done', assignee = ${auth.userId}, end_user = ${auth.userId},
      end_time = now(), outcome = ${input.reject ? 'reject' : 'approve'}, comment = ${comment} where id = ${taskId}`);
  await history(tx, instance, {
    elementId: task.elementId,
    name: task.name,
    kind: input.reject ? 'reject' : 'complete',
    auth,
    comment,
    attachIds: attached,
  });
  if (input.reject) {
    await tx.execute(sql`update bl_wf_task set status = 'cancelled', end_time = now()
        where instance_id = ${instance.id} and status = 'open'`);
    await tx.execute(sql`update bl_wf_instance set status = 'rejected', reason = ${comment}, state = null,
        end_time = now() where id = ${instance.id}`);
    return { instanceStatus: 'rejected' };
  }
  // Only what the task's form declares, and no start value the model does not open to it.
  const form = await deployedForm(tx, instance.definitionId, task.formKey);
  const output = taskWrites({
    values: input.variables ?? {},
    schema: form,
    current: instance.variables,
    locked: lockedNames(locked.meta, instance.variables, task.elementId),
    reserved: reservedNames(locked.meta),
    task: locked.name,
  });
  // The task's form holds for the instance's values with this task's values on top.
  requireFormValues(form, { ...instance.variables, ...output }, language);
  // A signer added before: the task they were added to is theirs no more, it goes on as it was.
  if (task.signMode === 'before') return { instanceStatus: instance.status };
  // A step done again in a branch: the next one, until the task that sent it back is done again.
  const [redo, ...redoRest] = task.redoSteps;
  if (task.signMode === 'redo' && redo && task.parentId) {
    Object.assign(instance.variables, output);
    await tx.execute(sql`update bl_wf_instance set variables = ${JSON.stringify(instance.variables)}::jsonb
        where id = ${instance.id}`);
    await redoRow(tx, instance, await taskById(tx, task.parentId), redo, redoRest);
    return { instanceStatus: instance.status };
  }
  // Signers added after: the next one gets a task; the engine moves on after the last.
  const [next, ...rest] = task.afterSigners;
  if (next) {
    Object.assign(instance.variables, output);
    await tx.execute(sql`update bl_wf_instance set variables = ${JSON.stringify(instance.variables)}::jsonb
        where id = ${instance.id}`);
    const id = nextId();
    await tx.execute(sql`insert into bl_wf_task (id, tenant_id, instance_id, execution_id, element_id, name, assignee,
          form_key, parent_id, sign_mode, after_signers)
        values (${id}, ${instance.tenantId}, ${instance.id}, ${`${task.executionId.split('#')[0]}#${id}`.slice(0, 128)},
                ${task.elementId}, ${task.name}, ${next}, ${task.formKey}, ${task.parentId ?? task.id}, 'after',
                ${JSON.stringify(rest)}::jsonb)`);
    return { instanceStatus: instance.status };
  }
  const root =
    (task.signMode === 'after' || task.signMode === 'redo') && task.parentId
      ? await taskById(tx, task.parentId)
      : task;
  const definition = await definitionById(tx, instance.definitionId);
  if (!definition) throw notFound();
  Object.assign(instance.variables, output, { [`${task.elementId}_approved`]: true });
  await step(tx, runtime, auth, language, instance, definition, {
    kind: 'signal',
    elementId: root.elementId,
    executionId: root.executionId,
    output,
    loop: definition.meta.tasks[root.elementId]?.loop ? await loopCounts(tx, root) : undefined,
  });
  return { instanceStatus: instance.status };
}

/**
 * A timer's or due date's wake-up (a pg-boss job, any process): resumes a running instance so
 * that timers now due fire; a due task still open gets a reminder in the history.
 */
export async function wakeInstance(
  tx: Tx,
  runtime: WorkflowRuntime,
  instanceId: string,
  reason: string,
  language: Language = 'zh',
): Promise<void> {
  const [peek] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from bl_wf_instance where id = ${instanceId}`,
  );
  if (!peek) return;
  const instance = await lockInstance(tx, instanceId);
  if (instance.status !== 'running') return;
  const definition = await definitionById(tx, instance.definitionId);
  if (!definition) return;
  if (reason === 'due') {
    const overdue = await queryRows<{ elementId: string; name: string }>(
      tx,
      sql`select element_id as "elementId", name from bl_wf_task
          where instance_id = ${instanceId} and status = 'open' and due_time <= now()`,
    );
    for (const task of overdue) await history(tx, instance, { ...task, kind: 'overdue' });
    return;
  }
  const auth = await starterAuth(tx, instance);
  await step(tx, runtime, auth, language, instance, definition, { kind: 'resume' });
}

/** The starter as the actor of work nobody is present for (timers). */
async function starterAuth(tx: Tx, instance: InstanceRow): Promise<AuthContext> {
  const [user] = await queryRows<{
    account: string;
    name: string | null;
    roleId: string | null;
    deptId: string | null;
  }>(
    tx,
    sql`select account, real_name as name, role_id as "roleId", dept_id as "deptId" from blade_user where id = ${instance.starter}`,
  );
  return {
    tenantId: instance.tenantId,
    userId: instance.starter,
    sessionId: '',
    clientId: 'workflow',
    account: user?.account ?? instance.starterAccount,
    userName: user?.name ?? instance.starterAccount,
    roleIds: list(user?.roleId),
    roleAliases: [],
    allPowerful: false,
    deptId: list(user?.deptId)[0] ?? '',
  };
}

export { AppError };
