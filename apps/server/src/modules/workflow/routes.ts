import { ok, readFormSchema } from '@bl/contract';
import { isId } from '@bl/entities';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { parseIds } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { type FlowCode, flowEntities, runAction } from '../flow/index.ts';
import { actionLabel, billSummary, declaresAction, performApproved, recallApproval } from './approval.ts';
import {
  addSigner,
  backOptions,
  backToStep,
  checkServices,
  claimTask,
  completeTask,
  definitionById,
  delegateTask,
  deploy,
  earlierSteps,
  groupsOf,
  lockedNames,
  mayStart,
  readableBy,
  type ServiceAction,
  starterMaySql,
  startInstance,
  startNames,
  taskColumns,
  transferTask,
  visibleRows,
  type WorkflowRuntime,
  wakeInstance,
} from './engine.ts';
import { deployedForm, deployedForms } from './forms.ts';
import { ModelError, type ModelMeta, type Names, readModel } from './model.ts';
import { NameBook, nameIn, xmlInLanguage } from './names.ts';

/**
 * The multi-instance tasks still open, with how many of their items are approved: the rows of
 * one run of the task share its execution (`{execution}_{index}`).
 */
function loops(
  tasks: {
    elementId: string;
    name: string;
    status: string;
    executionId: string;
    parentId: string | null;
    loopTotal: number | null;
    outcome: string | null;
  }[],
) {
  const runs = new Map<
    string,
    { elementId: string; name: string; total: number; approved: number; open: number }
  >();
  for (const task of tasks) {
    if (task.loopTotal === null || task.parentId) continue;
    const key = task.executionId.replace(/_\d+$/, '');
    const run = runs.get(key) ?? {
      elementId: task.elementId,
      name: task.name,
      total: task.loopTotal,
      approved: 0,
      open: 0,
    };
    if (task.status === 'done' && task.outcome === 'approve') run.approved++;
    if (task.status === 'open') run.open++;
    runs.set(key, run);
  }
  return [...runs.values()].filter((run) => run.open > 0);
}

/** The pg-boss queue of instance wake-ups (timers, due dates). */
export const wakeQueue = 'bl-wf-wake';

/**
 * The product actions a service task may call by name (`flowable:expression="${copy}"`):
 * `copy` sends the instance to the users (ids or accounts) of the task's `flowable:copyTo`, else
 * of the variable `copyTo` (wfcopy, "copied to me");
 * `bill:{entity}.{action}` runs a declared bill action on the instance's bill.
 */
function services(): Record<string, ServiceAction> {
  return {
    copy: async ({ tx, auth, instance, variables, params }) => {
      const users = String(params?.copyTo || variables.copyTo || '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      for (const user of users) {
        const [found] = await queryRows<{ id: string; account: string }>(
          tx,
          sql`select id::text as id, account from blade_user where (id::text = ${user} or account = ${user}) and is_deleted = 0`,
        );
        if (!found) continue;
        await tx.execute(sql`insert into bl_wfcopy (id, tenant_id, create_user, create_dept, create_time, update_user,
              update_time, status, is_deleted, version, title, process_instance_id, process_definition_id, business_id,
              user_id, account, is_read, del_flag)
            values (${nextId()}, ${instance.tenantId}, ${auth.userId}, ${auth.deptId || null}, now(), ${auth.userId}, now(),
                    1, 0, 1, ${instance.title}, ${instance.id}, ${instance.definitionId}, ${instance.businessId},
                    ${found.id}, ${found.account}, '0', '0')`);
      }
      return users.length;
    },
  };
}

/** The runtime an app's workflow runs with: its services, its wake-up queue, the bill hook. */
export function workflowRuntime(code: FlowCode, jobs: () => JobQueue): WorkflowRuntime {
  const named = services();
  const runtime: WorkflowRuntime = {
    services: new Proxy(named, {
      get(target, name) {
        // Only the actions named here: never what every object inherits (`constructor`...).
        if (typeof name !== 'string') return undefined;
        if (Object.hasOwn(target, name)) return target[name];
        const bill = /^bill:(\w+)\.(\w+)$/.exec(name);
        if (!bill) return undefined;
        const [, entity, action] = bill as unknown as [string, string, string];
        const declared = flowEntities.find((e) => e.name === entity);
        if (!declaresAction(declared, action)) return undefined;
        // The named action of the instance's own bill, as the user moving the instance on.
        const run: ServiceAction = async (ctx) => {
          if (!declared || !ctx.instance.businessId)
            throw badRequest('workflow.unknownAction', { entity, action });
          return runAction(
            ctx.tx,
            declared,
            action,
            code[entity]?.[action],
            ctx.auth,
            [ctx.instance.businessId],
            ctx.language,
            {},
            undefined,
            // The instance's own step: its hold on the bill lets it through.
            ctx.instance.id,
          );
        };
        return run;
      },
    }),
    wakeAt(tx, tenantId, instanceId, at, reason) {
      jobs().later(tx, wakeQueue, { tenantId, instanceId, reason }, at);
    },
    onEnd: performApproved((entity, action) => code[entity]?.[action]),
  };
  return runtime;
}

/** The wake-up job's work: any process, once per job, in the instance's tenant. */
export function wakeJob(database: Database, runtime: () => WorkflowRuntime) {
  return async (data: Record<string, string>) => {
    const { tenantId, instanceId, reason } = data;
    if (!tenantId || !instanceId) return;
    await database.withTenant(tenantId, (tx) => wakeInstance(tx, runtime(), instanceId, reason ?? 'timer'));
  };
}

const pageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
});
/** An id as every route takes one: digits, at most the largest bigint (validation.ts isId). */
const idText = z.string().refine(isId);
const idQuery = z.object({ id: idText });
const idsQuery = z.object({ ids: z.string().max(20_000).optional() });
const variablesSchema = z.record(z.string().max(64), z.unknown()).default({});
/** Ids (checked digits, parseIds) as a SQL list. */
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function page<T>(
  tx: Tx,
  query: { current: number; size: number },
  from: ReturnType<typeof sql>,
  columns: ReturnType<typeof sql>,
  order: ReturnType<typeof sql>,
) {
  const [count] = await queryRows<{ n: string }>(tx, sql`select count(*)::text as n ${from}`);
  const total = Number(count?.n ?? 0);
  const records = await queryRows<T>(
    tx,
    sql`select ${columns} ${from} order by ${order} limit ${query.size} offset ${(query.current - 1) * query.size}`,
  );
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/**
 * Tasks a user may act on: theirs, or unclaimed where they are a candidate (user or group); but
 * not a task of an instance they started, unless it is theirs to do (`starterMaySql`).
 */
const mine = (auth: AuthContext) => {
  const groups = groupsOf(auth);
  const groupMatch =
    groups.length > 0
      ? sql`or candidate_groups ?| array[${sql.join(
          groups.map((g) => sql`${g}`),
          sql`, `,
        )}]::text[]`
      : sql``;
  return sql`(t.assignee = ${auth.userId} or (t.assignee is null and (t.candidate_users ? ${auth.userId}
    or t.candidate_users ? ${auth.account} ${groupMatch}))) and ${starterMaySql(auth)}`;
};

/** A copy row `c` whose instance the user may read (the copy itself makes it readable). */
const readableCopy = (auth: AuthContext) =>
  sql`exists (select 1 from bl_wf_instance i
    where i.id = (case when c.process_instance_id ~ '^[0-9]{1,18}$' then c.process_instance_id::bigint end)
    and ${readableBy(auth, false)})`;

const taskListColumns =
  sql.raw(`t.id::text as id, t.instance_id::text as "instanceId", t.element_id as "elementId",
  t.name, t.assignee, t.form_key as "formKey", t.status, t.outcome, t.comment, t.due_time as "dueTime",
  t.create_time as "createTime", t.end_time as "endTime", i.title, i.process_key as "processKey",
  i.starter_account as "starterAccount", i.business_entity as "businessEntity", i.business_id as "businessId",
  i.status as "instanceStatus", i.definition_id::text as "definitionId"`);

/**
 * `/api/bl-flowable/...`: deploy and manage process definitions, start instances, the task
 * lists of a user, handle tasks, the instance detail with its diagram and history, and the
 * approval settings of bill actions.
 */
export function registerWorkflowRoutes(app: FastifyInstance, database: Database, runtime: WorkflowRuntime) {
  const base = '/api/bl-flowable';
  const run = <T>(request: { auth: AuthContext | null }, work: (tx: Tx, auth: AuthContext) => Promise<T>) => {
    const auth = requireAuth(request.auth);
    return database.withTenant(auth.tenantId, (tx) => work(tx, auth));
  };
  const manage = (tx: Tx, auth: AuthContext) => requireButton(tx, auth, 'wfdeployform_add');

  // Definitions -----------------------------------------------------------------------------
  app.post(
    `${base}/definition/deploy`,
    {
      schema: {
        tags: ['workflow'],
        body: z.object({ xml: z.string().min(1).max(2_000_000), category: z.string().max(64).nullish() }),
      },
    },
    async (request) => {
      const input = request.body as { xml: string; category?: string | null };
      const data = await run(request, async (tx, auth) => {
        await manage(tx, auth);
        return deploy(tx, auth, input, runtime);
      });
      return ok(data, translate('ok', request.language));
    },
  );
  app.post(
    `${base}/definition/validate`,
    { schema: { tags: ['workflow'], body: z.object({ xml: z.string().min(1).max(2_000_000) }) } },
    async (request) => {
      const { xml } = request.body as { xml: string };
      requireAuth(request.auth);
      try {
        const meta = await readModel(xml);
        checkServices(meta, runtime);
        return ok(
          { key: meta.key, name: meta.name, tasks: Object.keys(meta.tasks).length },
          translate('ok', request.language),
        );
      } catch (error) {
        if (error instanceof ModelError) throw badRequest('workflow.invalidModel', { reason: error.message });
        throw error;
      }
    },
  );
  app.get(
    `${base}/definition/list`,
    { schema: { tags: ['workflow'], querystring: pageQuery.extend({ key: z.string().max(64).optional() }) } },
    async (request) => {
      const query = request.query as z.infer<typeof pageQuery> & { key?: string };
      const data = await run(request, async (tx) => {
        const found = await page<{ name: string; names?: Names | null }>(
          tx,
          query,
          sql`from bl_wf_definition where del_flag = '0' ${query.key ? sql`and process_key = ${query.key}` : sql``}`,
          sql.raw(`id::text as id, process_key as "processKey", name, version, category, suspended,
            del_flag as "delFlag", create_time as "createTime", meta->'names' as names`),
          sql.raw('process_key, version desc'),
        );
        for (const row of found.records) {
          row.name = nameIn(row.name, row.names, request.language);
          delete row.names;
        }
        return found;
      });
      return ok(data, translate('ok', request.language));
    },
  );
  app.get(
    `${base}/definition/detail`,
    { schema: { tags: ['workflow'], querystring: idQuery } },
    async (request) => {
      const { id } = request.query as z.infer<typeof idQuery>;
      const data = await run(request, async (tx) => {
        const definition = await definitionById(tx, id);
        if (!definition) throw notFound();
        return definition;
      });
      return ok(data, translate('ok', request.language));
    },
  );
  for (const [name, set] of [
    ['suspend', sql`suspended = 1`],
    ['activate', sql`suspended = 0`],
  ] as const) {
    app.post(
      `${base}/definition/${name}`,
      { schema: { tags: ['workflow'], querystring: idQuery } },
      async (request) => {
        const { id } = request.query as z.infer<typeof idQuery>;
        await run(request, async (tx, auth) => {
          await manage(tx, auth);
          const changed = await queryRows(
            tx,
            sql`update bl_wf_definition set ${set} where id = ${id} returning id`,
          );
          if (changed.length === 0) throw notFound();
        });
        return ok(null, translate('ok', request.language));
      },
    );
  }
  app.post(
    `${base}/definition/remove`,
    { schema: { tags: ['workflow'], querystring: idsQuery } },
    async (request) => {
      const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
      await run(request, async (tx, auth) => {
        await manage(tx, auth);
        // All or nothing: an id that is not one of the tenant's definitions is "not found", and
        // the transaction leaves the others as they were. Running instances keep their
        // definition; deleted definitions start no more.
        const changed = await queryRows(
          tx,
          sql`update bl_wf_definition set del_flag = '2' where id in (${idList(ids)}) returning id`,
        );
        if (changed.length !== ids.length) throw notFound();
        await tx.execute(
          sql`update bl_wfdeployform set del_flag = '2' where deployment_id in (${idList(ids)})`,
        );
      });
      return ok(null, translate('ok', request.language));
    },
  );

  // Starting ---------------------------------------------------------------------------------
  app.get(`${base}/process/startable`, { schema: { tags: ['workflow'] } }, async (request) => {
    const data = await run(request, async (tx, auth) => {
      const rows = await queryRows<{
        id: string;
        processKey: string;
        name: string;
        version: number;
        category: string | null;
        meta: ModelMeta;
      }>(
        tx,
        sql`select distinct on (process_key) id::text as id, process_key as "processKey", name, version, category, meta
            from bl_wf_definition where suspended = 0 and del_flag = '0' order by process_key, version desc`,
      );
      // One after another: a transaction is one connection, which runs one statement at a time
      // (node-postgres queues concurrent ones, and warns that it will stop doing so).
      const startable = [];
      for (const { meta, ...r } of rows.filter((row) => mayStart(row.meta, auth)))
        startable.push({
          ...r,
          name: nameIn(r.name, meta.names, request.language),
          startFormKey: meta.startFormKey ?? null,
          startForm: (await deployedForm(tx, r.id, meta.startFormKey)) ?? null,
        });
      return startable;
    });
    return ok(data, translate('ok', request.language));
  });
  app.post(
    `${base}/process/start`,
    {
      schema: {
        tags: ['workflow'],
        body: z.object({
          key: z.string().max(64).optional(),
          definitionId: idText.optional(),
          title: z.string().max(255).optional(),
          variables: variablesSchema,
        }),
      },
    },
    async (request) => {
      const input = request.body as {
        key?: string;
        definitionId?: string;
        title?: string;
        variables: Record<string, unknown>;
      };
      const data = await run(request, (tx, auth) =>
        startInstance(tx, runtime, auth, request.language, input),
      );
      return ok(data, translate('ok', request.language));
    },
  );
  app.get(
    `${base}/process/mine`,
    { schema: { tags: ['workflow'], querystring: pageQuery } },
    async (request) => {
      const query = request.query as z.infer<typeof pageQuery>;
      const data = await run(request, async (tx, auth) => {
        const found = await page<{ definitionId: string; title: string }>(
          tx,
          query,
          sql`from bl_wf_instance i where i.starter = ${auth.userId} and ${readableBy(auth, false)}`,
          sql.raw(`i.id::text as id, i.title, i.process_key as "processKey", i.status, i.reason,
          i.business_entity as "businessEntity", i.business_id as "businessId", i.start_time as "startTime",
          i.end_time as "endTime", i.definition_id::text as "definitionId"`),
          sql.raw('i.start_time desc, i.id desc'),
        );
        await new NameBook(tx, request.language).rows(found.records);
        return found;
      });
      return ok(data, translate('ok', request.language));
    },
  );
  app.get(
    `${base}/process/detail`,
    { schema: { tags: ['workflow'], querystring: idQuery } },
    async (request) => {
      const { id } = request.query as z.infer<typeof idQuery>;
      const data = await run(request, async (tx, auth) => {
        // An instance the caller may not read is "not found", as one that does not exist.
        const [instance] = await visibleRows<
          Record<string, unknown> & {
            id: string;
            definitionId: string;
            title: string;
            variables: Record<string, unknown>;
          }
        >(
          tx,
          auth,
          (readable) => sql`select i.id::text as id, i.title, i.process_key as "processKey",
              i.definition_id::text as "definitionId", i.status, i.reason, i.variables, i.starter::text as starter,
              i.starter_account as "starterAccount", i.business_entity as "businessEntity",
              i.business_id as "businessId", i.business_action as "businessAction", i.start_time as "startTime",
              i.end_time as "endTime"
            from bl_wf_instance i where i.id = ${id} and ${readable}`,
        );
        if (!instance) throw notFound();
        const { [startNames]: _started, ...variables } = instance.variables ?? {};
        const definition = await definitionById(tx, instance.definitionId);
        const rows = await queryRows<{ elementId: string; kind: string; name: string; attachIds: string[] }>(
          tx,
          sql`select element_id as "elementId", name, kind, user_id as "userId", account, comment, time,
              attach_ids as "attachIds"
            from bl_wf_history where instance_id = ${id} order by time, id`,
        );
        // Each row's attachments by name, for download links (removed ones are left out).
        const attachIds = [...new Set(rows.flatMap((row) => row.attachIds ?? []))];
        const files =
          attachIds.length === 0
            ? []
            : await queryRows<{ id: string; name: string }>(
                tx,
                sql`select id::text as id, coalesce(nullif(original_name, ''), id::text) as name from bl_attach
                  where tenant_id = ${auth.tenantId} and is_deleted = 0 and id::text in (${sql.join(
                    attachIds.map((i) => sql`${i}`),
                    sql`, `,
                  )})`,
              );
        const fileById = new Map(files.map((file) => [file.id, file]));
        const history = rows.map(({ attachIds: ids, ...row }) => ({
          ...row,
          attachments: (ids ?? []).flatMap((i) => fileById.get(i) ?? []),
        }));
        const tasks = await queryRows<{
          id: string;
          instanceId: string;
          elementId: string;
          status: string;
          name: string;
          executionId: string;
          parentId: string | null;
          loopTotal: number | null;
          outcome: string | null;
          locked?: string[];
        }>(
          tx,
          sql`select ${taskColumns}, outcome, comment, end_user as "endUser", end_time as "endTime", create_time as "createTime"
            from bl_wf_task where instance_id = ${id} order by create_time, id`,
        );
        // An open task's start values it may not change (its page shows them read-only).
        for (const task of tasks)
          if (task.status === 'open' && definition)
            task.locked = [...lockedNames(definition.meta, instance.variables ?? {}, task.elementId)];
        const names = new NameBook(tx, request.language);
        instance.title = await names.process(instance.definitionId, instance.title);
        for (const row of [...history, ...tasks])
          row.name = await names.element(instance.definitionId, row.elementId, row.name);
        const active = [...new Set(tasks.filter((t) => t.status === 'open').map((t) => t.elementId))];
        const finished = [
          ...new Set([
            ...history
              .filter((h) => h.elementId && !['claim', 'delegate', 'overdue'].includes(h.kind))
              .map((h) => h.elementId),
          ]),
        ].filter((e) => !active.includes(e));
        const steps = await earlierSteps(tx, id);
        for (const s of steps) s.name = await names.element(instance.definitionId, s.elementId, s.name);
        // Per open task, the steps it may be sent back to: the send-back's own rule (backOptions).
        const backTargets: Record<string, { elementId: string; name: string }[]> = {};
        if (definition)
          for (const task of tasks.filter((t) => t.status === 'open')) {
            const { options } = await backOptions(tx, definition, task);
            backTargets[task.id] = [];
            for (const option of options.filter((o) => o.route))
              backTargets[task.id]?.push({
                elementId: option.elementId,
                name: await names.element(instance.definitionId, option.elementId, option.name),
              });
          }
        const forms = await deployedForms(tx, instance.definitionId);
        return {
          instance: { ...instance, variables },
          // The bill an approval stands for, as far as the reader may read it (issue 29, 14).
          bill: await billSummary(tx, auth, instance, request.language),
          // Names in the user's language, for the diagram (the designer keeps the model's own).
          xml: xmlInLanguage(definition?.xml ?? '', definition?.meta, request.language),
          history,
          tasks,
          active,
          finished,
          steps,
          backTargets,
          forms,
          loops: loops(tasks),
        };
      });
      return ok(data, translate('ok', request.language));
    },
  );

  // Task lists --------------------------------------------------------------------------------
  /** A page of the signed-in user's rows: `from` names them, newest first by `order`. */
  const userList = (
    path: string,
    from: (auth: AuthContext) => SQL,
    columns: SQL,
    order: string,
    /** Task and copy rows: their step's and process's names in the user's language. */
    named = false,
  ) =>
    app.get(path, { schema: { tags: ['workflow'], querystring: pageQuery } }, async (request) => {
      const query = request.query as z.infer<typeof pageQuery>;
      const data = await run(request, async (tx, auth) => {
        const found = await page<{ definitionId: string }>(tx, query, from(auth), columns, sql.raw(order));
        if (named) await new NameBook(tx, request.language).rows(found.records);
        return found;
      });
      return ok(data, translate('ok', request.language));
    });
  userList(
    `${base}/task/todo`,
    (auth) =>
      sql`from bl_wf_task t join bl_wf_instance i on i.id = t.instance_id where t.status = 'open' and ${mine(auth)}
        and ${readableBy(auth, false)}`,
    taskListColumns,
    't.create_time desc, t.id desc',
    true,
  );
  userList(
    `${base}/task/done`,
    (auth) =>
      sql`from bl_wf_task t join bl_wf_instance i on i.id = t.instance_id where t.status = 'done'
        and t.end_user = ${auth.userId} and ${readableBy(auth, false)}`,
    taskListColumns,
    't.end_time desc, t.id desc',
    true,
  );
  userList(
    `${base}/copy/list`,
    (auth) =>
      sql`from bl_wfcopy c where c.user_id = ${auth.userId} and c.is_deleted = 0 and c.del_flag = '0'
        and ${readableCopy(auth)}`,
    sql.raw(`c.id::text as id, c.title, c.process_instance_id as "processInstanceId", c.business_id as "businessId",
          c.is_read as "isRead", c.create_time as "createTime", c.process_definition_id as "definitionId"`),
    'c.create_time desc, c.id desc',
    true,
  );
  // The copies screen opens a copy: it is read, and when (issue 28: `readTime` stayed empty).
  // Only the caller's own copies; one already read keeps its first time.
  app.post(
    `${base}/copy/read`,
    { schema: { tags: ['workflow'], querystring: idsQuery } },
    async (request) => {
      const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
      const data = await run(request, async (tx, auth) => {
        const read = await queryRows<{ id: string }>(
          tx,
          sql`update bl_wfcopy set is_read = '1', read_time = coalesce(read_time, now()), update_user = ${auth.userId},
              update_time = now(), version = version + 1
            where id in (${idList(ids)}) and user_id = ${auth.userId} and is_deleted = 0 returning id::text as id`,
        );
        // A copy that is not the caller's (another user's, another tenant's) is not found, and
        // nothing is marked: never a success that changed nothing.
        if (read.length !== ids.length) throw notFound();
        return { read: read.length };
      });
      return ok(data, translate('ok', request.language));
    },
  );
  app.get(`${base}/counts`, { schema: { tags: ['workflow'] } }, async (request) => {
    const data = await run(request, async (tx, auth) => {
      // The same rows as the lists: the to-do list's, and the copy list's unread ones.
      const [todo] = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from bl_wf_task t join bl_wf_instance i on i.id = t.instance_id
          where t.status = 'open' and ${mine(auth)} and ${readableBy(auth, false)}`,
      );
      const [copies] = await queryRows<{ n: string }>(
        tx,
        sql`select count(*)::text as n from bl_wfcopy c where c.user_id = ${auth.userId} and c.is_read = '0'
          and c.is_deleted = 0 and c.del_flag = '0' and ${readableCopy(auth)}`,
      );
      return { todo: Number(todo?.n ?? 0), copies: Number(copies?.n ?? 0) };
    });
    return ok(data, translate('ok', request.language));
  });

  /**
   * Users to hand a task to (transfer, delegate, signers, a form's user field): any signed-in user
   * of the tenant may pick one by account or name, without the user screen's rights.
   */
  const usersQuery = z.object({ q: z.string().max(64).default(''), ids: z.string().max(2000).optional() });
  app.get(`${base}/users`, { schema: { tags: ['workflow'], querystring: usersQuery } }, async (request) => {
    const query = request.query as z.infer<typeof usersQuery>;
    const ids = query.ids ? parseIds(query.ids) : [];
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const data = await run(request, (tx) =>
      queryRows<{ id: string; account: string; name: string | null }>(
        tx,
        sql`select id::text as id, account, real_name as name from blade_user where is_deleted = 0 and ${
          ids.length > 0
            ? sql`id::text in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`
            : sql`(account ilike ${like} or real_name ilike ${like})`
        } order by account limit 20`,
      ),
    );
    return ok(data, translate('ok', request.language));
  });

  // Handling a task ---------------------------------------------------------------------------
  /** Attachment records of the caller's tenant (uploaded first); the engine checks them. */
  const attachIds = z.array(idText).max(20).optional();
  const taskBody = z.object({
    id: idText,
    variables: variablesSchema,
    comment: z.string().max(2000).optional(),
    attachIds,
  });
  app.post(
    `${base}/task/claim`,
    { schema: { tags: ['workflow'], querystring: idQuery } },
    async (request) => {
      const { id } = request.query as z.infer<typeof idQuery>;
      await run(request, (tx, auth) => claimTask(tx, auth, request.language, id));
      return ok(null, translate('ok', request.language));
    },
  );
  app.post(`${base}/task/complete`, { schema: { tags: ['workflow'], body: taskBody } }, async (request) => {
    const input = request.body as z.infer<typeof taskBody>;
    const data = await run(request, (tx, auth) =>
      completeTask(tx, runtime, auth, request.language, input.id, {
        variables: input.variables,
        comment: input.comment,
        attachIds: input.attachIds,
      }),
    );
    return ok(data, translate('ok', request.language));
  });
  app.post(`${base}/task/reject`, { schema: { tags: ['workflow'], body: taskBody } }, async (request) => {
    const input = request.body as z.infer<typeof taskBody>;
    const data = await run(request, (tx, auth) =>
      completeTask(tx, runtime, auth, request.language, input.id, {
        comment: input.comment ?? '',
        reject: true,
        attachIds: input.attachIds,
      }),
    );
    return ok(data, translate('ok', request.language));
  });
  const delegateBody = z.object({
    id: idText,
    userId: idText,
    comment: z.string().max(2000).optional(),
    attachIds,
  });
  app.post(
    `${base}/task/delegate`,
    { schema: { tags: ['workflow'], body: delegateBody } },
    async (request) => {
      const input = request.body as z.infer<typeof delegateBody>;
      await run(request, (tx, auth) =>
        delegateTask(tx, auth, request.language, input.id, input.userId, input.comment, input.attachIds),
      );
      return ok(null, translate('ok', request.language));
    },
  );

  app.post(
    `${base}/task/transfer`,
    { schema: { tags: ['workflow'], body: delegateBody } },
    async (request) => {
      const input = request.body as z.infer<typeof delegateBody>;
      await run(request, (tx, auth) =>
        transferTask(tx, auth, request.language, input.id, input.userId, input.comment, input.attachIds),
      );
      return ok(null, translate('ok', request.language));
    },
  );
  const signBody = delegateBody.extend({ mode: z.enum(['before', 'after']) });
  app.post(`${base}/task/sign`, { schema: { tags: ['workflow'], body: signBody } }, async (request) => {
    const input = request.body as z.infer<typeof signBody>;
    await run(request, (tx, auth) => addSigner(tx, auth, request.language, input.id, input));
    return ok(null, translate('ok', request.language));
  });
  const backBody = z.object({
    id: idText,
    elementId: z.string().max(128),
    comment: z.string().max(2000).optional(),
    attachIds,
  });
  app.post(`${base}/task/back`, { schema: { tags: ['workflow'], body: backBody } }, async (request) => {
    const input = request.body as z.infer<typeof backBody>;
    const data = await run(request, (tx, auth) =>
      backToStep(tx, runtime, auth, request.language, input.id, input),
    );
    return ok(data, translate('ok', request.language));
  });

  // Forms of the form designer (/tool/build/index) ---------------------------------------------
  const formKeyText = z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/);
  app.get(`${base}/form/list`, { schema: { tags: ['workflow'] } }, async (request) => {
    const data = await run(request, (tx) =>
      queryRows(
        tx,
        sql`select form_id as "formId", form_name as "formName", update_time as "updateTime"
            from bl_wfform where is_deleted = 0 and del_flag = '0' order by form_id`,
      ),
    );
    return ok(data, translate('ok', request.language));
  });
  app.get(
    `${base}/form/detail`,
    { schema: { tags: ['workflow'], querystring: z.object({ formId: formKeyText }) } },
    async (request) => {
      const { formId } = request.query as { formId: string };
      const data = await run(request, async (tx) => {
        const [row] = await queryRows<{ formId: string; formName: string; content: string | null }>(
          tx,
          sql`select form_id as "formId", form_name as "formName", content from bl_wfform
              where form_id = ${formId} and is_deleted = 0`,
        );
        if (!row) throw notFound();
        const read = row.content ? readFormSchema(row.content) : undefined;
        return {
          formId: row.formId,
          formName: row.formName,
          schema: read && 'schema' in read ? read.schema : null,
        };
      });
      return ok(data, translate('ok', request.language));
    },
  );
  const formBody = z.object({
    formId: formKeyText,
    formName: z.string().trim().min(1).max(128),
    schema: z.unknown(),
  });
  /** Saves a form's schema as its next version (a process deployed later takes this one). */
  app.post(`${base}/form/save`, { schema: { tags: ['workflow'], body: formBody } }, async (request) => {
    const input = request.body as z.infer<typeof formBody>;
    const read = readFormSchema(input.schema);
    if ('error' in read) throw badRequest('workflow.formSchema', { reason: read.error });
    const data = await run(request, async (tx, auth) => {
      await manage(tx, auth);
      const [row] = await queryRows<{ id: string; content: string | null }>(
        tx,
        sql`select id::text as id, content from bl_wfform where form_id = ${input.formId} and is_deleted = 0 for update`,
      );
      const previous = row?.content ? readFormSchema(row.content) : undefined;
      const version = (previous && 'schema' in previous ? previous.schema.version : 0) + 1;
      const content = JSON.stringify({ ...read.schema, version });
      if (row) {
        await tx.execute(sql`update bl_wfform set form_name = ${input.formName}, content = ${content},
            update_user = ${auth.userId}, update_time = now(), version = version + 1 where id = ${row.id}`);
      } else {
        await tx.execute(sql`insert into bl_wfform (id, tenant_id, create_user, create_dept, create_time, update_user,
              update_time, status, is_deleted, version, form_id, form_name, content, form_status, del_flag)
            values (${nextId()}, ${auth.tenantId}, ${auth.userId}, ${auth.deptId || null}, now(), ${auth.userId}, now(),
                    1, 0, 1, ${input.formId}, ${input.formName}, ${content}, '1', '0')`);
      }
      return { formId: input.formId, version };
    });
    return ok(data, translate('ok', request.language));
  });

  // Approval settings of bill actions -------------------------------------------------------
  // Each setting with its bill type, action and process named in the reader's language (issue
  // 29, 14): the action by its declared label, as the operation log names it; the process by
  // its newest deployed version's name (none when it is no longer deployed).
  app.get(`${base}/approval/list`, { schema: { tags: ['workflow'] } }, async (request) => {
    const data = await run(request, async (tx) => {
      const rows = await queryRows<{
        id: string;
        entity: string;
        action: string;
        processKey: string;
        processName: string | null;
        processNames: Names | null;
      }>(
        tx,
        sql`select a.id::text as id, a.entity, a.action, a.process_key as "processKey", d.name as "processName",
              d.meta->'names' as "processNames"
            from bl_wf_approval a
            left join lateral (select name, meta from bl_wf_definition
              where process_key = a.process_key and del_flag = '0' order by version desc limit 1) d on true
            order by a.entity, a.action`,
      );
      return rows.map(({ processNames, ...row }) => {
        const entity = flowEntities.find((e) => e.name === row.entity);
        return {
          ...row,
          entityLabel: entity?.label[request.language] ?? row.entity,
          actionLabel: actionLabel(row.entity, row.action, request.language),
          processName:
            row.processName === null ? null : nameIn(row.processName, processNames, request.language),
        };
      });
    });
    return ok(data, translate('ok', request.language));
  });
  const approvalBody = z.object({
    entity: z.string().max(64),
    action: z.string().max(16),
    processKey: z.string().max(64),
  });
  app.post(
    `${base}/approval/submit`,
    { schema: { tags: ['workflow'], body: approvalBody } },
    async (request) => {
      const input = request.body as z.infer<typeof approvalBody>;
      await run(request, async (tx, auth) => {
        await manage(tx, auth);
        const entity = flowEntities.find((e) => e.name === input.entity);
        if (!declaresAction(entity, input.action))
          throw badRequest('workflow.unknownAction', { entity: input.entity, action: input.action });
        // Only a process the tenant has deployed (and not removed): a typo would hold every
        // such action with "no process that can be started".
        const [deployed] = await queryRows(
          tx,
          sql`select 1 from bl_wf_definition where process_key = ${input.processKey} and del_flag = '0' limit 1`,
        );
        if (!deployed) throw badRequest('workflow.unknownProcess', { key: input.processKey });
        await tx.execute(sql`insert into bl_wf_approval (id, tenant_id, entity, action, process_key, create_user)
          values (${nextId()}, ${auth.tenantId}, ${input.entity}, ${input.action}, ${input.processKey}, ${auth.userId})
          on conflict (tenant_id, entity, action) do update set process_key = excluded.process_key`);
      });
      return ok(null, translate('ok', request.language));
    },
  );
  app.post(
    `${base}/approval/remove`,
    { schema: { tags: ['workflow'], querystring: idsQuery } },
    async (request) => {
      const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
      await run(request, async (tx, auth) => {
        await manage(tx, auth);
        // All or nothing, as definition/remove.
        const removed = await queryRows(
          tx,
          sql`delete from bl_wf_approval where id in (${idList(ids)}) returning id`,
        );
        if (removed.length !== ids.length) throw notFound();
      });
      return ok(null, translate('ok', request.language));
    },
  );
  const businessQuery = z.object({ entity: z.string().max(64), id: idText });
  // The starter of a bill's approval takes it back; the bill is left as it was, free again.
  app.post(
    `${base}/approval/recall`,
    { schema: { tags: ['workflow'], querystring: businessQuery } },
    async (request) => {
      const query = request.query as z.infer<typeof businessQuery>;
      const bill = await run(request, (tx, auth) =>
        recallApproval(tx, auth, query.entity, query.id, request.language),
      );
      return ok(null, translate('workflow.recalled', request.language, { bill }));
    },
  );
  app.get(
    `${base}/approval/business`,
    { schema: { tags: ['workflow'], querystring: businessQuery } },
    async (request) => {
      const query = request.query as z.infer<typeof businessQuery>;
      const data = await run(request, async (tx, auth) => {
        // The newest approval of the bill the caller may read: none is the same answer as none at all.
        const [row] = await visibleRows(
          tx,
          auth,
          (readable) => sql`select i.id::text as id, i.status, i.reason, i.start_time as "startTime",
              i.end_time as "endTime"
            from bl_wf_instance i where i.business_entity = ${query.entity} and i.business_id = ${query.id}
              and ${readable}
            order by i.start_time desc, i.id desc limit 1`,
        );
        return row ?? null;
      });
      return ok(data, translate('ok', request.language));
    },
  );
}
