import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { client, masterData, must, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

const bpmn = (id: string, body: string, processAttrs = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  targetNamespace="http://bl/test">
  <process id="${id}" name="${id} process" isExecutable="true" ${processAttrs}>${body}</process>
</definitions>`;
const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

/** Leave: the manager group approves; more than 3 days also goes to the approver; HR is copied. */
const leave = bpmn(
  'leaveTest',
  `<startEvent id="start" flowable:formKey="leaveForm" />
  ${flow('f1', 'start', 'manager')}
  <userTask id="manager" name="Manager approval" flowable:candidateGroups="\${managerGroup}" flowable:formKey="leaveForm" />
  ${flow('f2', 'manager', 'days')}
  <exclusiveGateway id="days" default="short" />
  ${flow('long', 'days', 'second', '$' + '{days > 3}')}
  ${flow('short', 'days', 'copy')}
  <userTask id="second" name="Second approval" camunda:assignee="\${secondUser}" flowable:dueDate="PT1H" />
  ${flow('f3', 'second', 'copy')}
  <serviceTask id="copy" name="Copy to HR" flowable:expression="\${copy}" />
  ${flow('f4', 'copy', 'end')}
  <endEvent id="end" />`,
);

const parallel = bpmn(
  'parallelTest',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'fork')}
  <parallelGateway id="fork" />
  ${flow('f2', 'fork', 'a')}
  ${flow('f3', 'fork', 'b')}
  <userTask id="a" name="A" flowable:assignee="\${starter}" />
  <userTask id="b" name="B" flowable:assignee="\${starter}" />
  ${flow('f4', 'a', 'join')}
  ${flow('f5', 'b', 'join')}
  <parallelGateway id="join" />
  ${flow('f6', 'join', 'end')}
  <endEvent id="end" />`,
);

const timer = bpmn(
  'timerTest',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'wait')}
  <intermediateCatchEvent id="wait" name="Wait"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>
  ${flow('f2', 'wait', 'after')}
  <userTask id="after" name="After the timer" flowable:assignee="\${starter}" />
  ${flow('f3', 'after', 'end')}
  <endEvent id="end" />`,
);

/** A service task that fails when it runs: a bill action, but the instance has no bill. */
const broken = bpmn(
  'brokenTest',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'svc')}
  <serviceTask id="svc" flowable:expression="\${bill:costbill.confirm}" />
  ${flow('f2', 'svc', 'end')}
  <endEvent id="end" />`,
);
/** A service task naming no action the product has: refused when deployed (amendment 4). */
const unknownService = bpmn(
  'unknownServiceTest',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'svc')}
  <serviceTask id="svc" flowable:expression="\${noSuchAction}" />
  ${flow('f2', 'svc', 'end')}
  <endEvent id="end" />`,
);

/** Two steps, both by the approver account (a candidate user by account). */
const twoStep = bpmn(
  'inboundApproval',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'first')}
  <userTask id="first" name="First approval" flowable:candidateUsers="approver" />
  ${flow('f2', 'first', 'final')}
  <userTask id="final" name="Final approval" flowable:candidateUsers="approver" />
  ${flow('f3', 'final', 'end')}
  <endEvent id="end" />`,
);

/**
 * Three steps in a row, all the starter's: for going back, transferring and added signers. The
 * second step's form declares `checked` (a completion writes only what its form declares).
 */
const threeStep = bpmn(
  'threeStep',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'first')}
  <userTask id="first" name="First" flowable:assignee="\${starter}" />
  ${flow('f2', 'first', 'second')}
  <userTask id="second" name="Second" flowable:assignee="\${starter}" flowable:formKey="checkForm" />
  ${flow('f3', 'second', 'third')}
  <userTask id="third" name="Third" flowable:assignee="\${starter}" />
  ${flow('f4', 'third', 'end')}
  <endEvent id="end" />`,
);

/**
 * A start form and a task bound to the same form (issue 18, ADR 0029); the task may change the
 * amount given at the start (the model says so), not the rest.
 */
const expense = bpmn(
  'expenseTest',
  `<startEvent id="start" flowable:formKey="expenseForm" />
  ${flow('f1', 'start', 'check')}
  <userTask id="check" name="Check" flowable:assignee="\${starter}" flowable:formKey="expenseForm" flowable:writableVariables="amount" />
  ${flow('f2', 'check', 'end')}
  <endEvent id="end" />`,
);
const expenseForm = {
  columns: 2,
  fields: [
    {
      name: 'amount',
      type: 'number',
      label: { zh: '金额', mo: '金額', en: 'Amount' },
      required: true,
      min: 1,
      max: 5000,
    },
    {
      name: 'kind',
      type: 'select',
      label: { zh: '类别', mo: '類別', en: 'Kind' },
      required: true,
      options: [
        { value: 'travel', label: { zh: '差旅', mo: '差旅', en: 'Travel' } },
        { value: 'meal', label: { zh: '餐费', mo: '餐費', en: 'Meal' } },
      ],
    },
    { name: 'code', type: 'text', label: { zh: '编码', mo: '編碼', en: 'Code' }, pattern: '[A-Z]{2}\\d{3}' },
    { name: 'day', type: 'date', label: { zh: '日期', mo: '日期', en: 'Day' } },
  ],
};

/** The BPMN workflow engine (issue 18, docs/adr/0027-workflow-engine.md). */
describe.each(testDrivers())('workflow on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: ReturnType<typeof client>;
  let approver: ReturnType<typeof client>;
  let outsider: ReturnType<typeof client>;
  let approverRole: string;
  const apps: FastifyInstance[] = [];

  const wf = (c: ReturnType<typeof client>) => ({
    deploy: (xml: string) => c.call('POST', '/api/bl-flowable/definition/deploy', { payload: { xml } }),
    start: (key: string, variables: Row = {}) =>
      c.call('POST', '/api/bl-flowable/process/start', { payload: { key, variables } }),
    todo: async () =>
      must<Page>(await c.call('GET', '/api/bl-flowable/task/todo', { query: { size: '100' } }), 'todo'),
    complete: (id: string, variables: Row = {}, comment?: string) =>
      c.call('POST', '/api/bl-flowable/task/complete', { payload: { id, variables, comment } }),
    reject: (id: string, comment: string) =>
      c.call('POST', '/api/bl-flowable/task/reject', { payload: { id, comment }, language: 'en' }),
    claim: (id: string) => c.call('POST', '/api/bl-flowable/task/claim', { query: { id }, language: 'en' }),
    detail: async (id: string) =>
      must<{
        instance: Row;
        history: Row[];
        tasks: Row[];
        active: string[];
        finished: string[];
        xml: string;
      }>(await c.call('GET', '/api/bl-flowable/process/detail', { query: { id } }), 'detail'),
  });
  const tasksOf = async (c: ReturnType<typeof client>, instanceId: string) =>
    (await wf(c).todo()).records.filter((t) => t.instanceId === instanceId);

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    apps.push(app);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    approverRole = await createRole(test.database, {
      roleAlias: 'wfapprover',
      buttons: ['isinstockbill_view'],
    });
    const approverToken = await createUserAndSignIn(app, test.database, {
      account: 'approver',
      roleId: approverRole,
    });
    approver = client(app, () => approverToken);
    const otherRole = await createRole(test.database, {
      roleAlias: 'wfother',
      buttons: ['isinstockbill_view'],
    });
    const outsiderToken = await createUserAndSignIn(app, test.database, {
      account: 'outsider',
      roleId: otherRole,
    });
    outsider = client(app, () => outsiderToken);
    must(
      await api.call('POST', '/api/bl-flowable/form/save', {
        payload: {
          formId: 'checkForm',
          formName: 'Check',
          schema: {
            columns: 1,
            fields: [{ name: 'checked', type: 'number', label: { zh: '已查', mo: '已查', en: 'Checked' } }],
          },
        },
      }),
      'check form',
    );
    for (const xml of [leave, parallel, timer, broken, twoStep, threeStep])
      must(await wf(api).deploy(xml), 'deploy');
  }, 120_000);
  afterAll(async () => {
    for (const one of apps) await one.close();
    await test.dispose();
  });

  const approverId = async () => {
    const [row] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ id: string }>(tx, sql`select id::text as id from blade_user where account = 'approver'`),
    );
    return String(row?.id);
  };

  it('deploys versions, reads flowable:/camunda: attributes, refuses a broken model in the language asked', async () => {
    const again = must<{ version: number; key: string }>(await wf(api).deploy(leave), 'redeploy');
    expect(again).toMatchObject({ key: 'leaveTest', version: 2 });
    const bad = await api.call('POST', '/api/bl-flowable/definition/deploy', {
      payload: {
        xml: bpmn('bad', `<startEvent id="s" />${flow('f', 's', 'e', '${days >')}<endEvent id="e" />`),
      },
      language: 'en',
    });
    expect(bad.success).toBe(false);
    expect(bad.msg).toContain('The process model is not valid');
    const startable = must<Row[]>(await api.call('GET', '/api/bl-flowable/process/startable'), 'startable');
    expect(startable.find((d) => d.processKey === 'leaveTest')).toMatchObject({
      version: 2,
      startFormKey: 'leaveForm',
    });
    const forms = must<Page>(
      await api.call('GET', '/api/bl-system/wfdeployform/list', {
        query: { formKey: 'leaveForm', size: '10' },
      }),
      'deployed forms',
    );
    expect(forms.total).toBeGreaterThanOrEqual(2);
  });

  it('runs user tasks, an exclusive gateway on a variable, a service task and the end; copies HR', async () => {
    const second = await approverId();
    const long = must<{ id: string }>(
      await wf(api).start('leaveTest', {
        days: 5,
        managerGroup: approverRole,
        secondUser: second,
        copyTo: 'outsider',
      }),
      'start long leave',
    );
    // The manager's task goes to the approver's role, not to the starter.
    expect(await tasksOf(api, long.id)).toHaveLength(0);
    const [manager] = await tasksOf(approver, long.id);
    expect(manager).toMatchObject({ elementId: 'manager', name: 'Manager approval', formKey: 'leaveForm' });
    must(await wf(approver).complete(String(manager?.id), {}, 'ok'), 'manager approves');
    const [secondTask] = await tasksOf(approver, long.id);
    expect(secondTask).toMatchObject({ elementId: 'second', assignee: second });
    expect(secondTask?.dueTime).toBeTruthy();
    must(await wf(approver).complete(String(secondTask?.id)), 'second approves');
    const done = await wf(api).detail(long.id);
    expect(done.instance.status).toBe('completed');
    expect(done.active).toEqual([]);
    expect(done.finished).toEqual(expect.arrayContaining(['manager', 'days', 'second', 'copy', 'end']));
    const copies = must<Page>(await outsider.call('GET', '/api/bl-flowable/copy/list'), 'copies');
    expect(copies.records.some((c) => c.processInstanceId === long.id)).toBe(true);

    const short = must<{ id: string }>(
      await wf(api).start('leaveTest', { days: 1, managerGroup: approverRole, secondUser: second }),
      'start short leave',
    );
    const [first] = await tasksOf(approver, short.id);
    must(await wf(approver).complete(String(first?.id)), 'manager approves');
    const shortDone = await wf(api).detail(short.id);
    expect(shortDone.instance.status).toBe('completed');
    expect(shortDone.finished).not.toContain('second');
    const doneList = must<Page>(await approver.call('GET', '/api/bl-flowable/task/done'), 'done');
    expect(doneList.records.map((r) => r.instanceId)).toEqual(expect.arrayContaining([long.id, short.id]));
    const mine = must<Page>(await api.call('GET', '/api/bl-flowable/process/mine'), 'mine');
    expect(mine.records.map((r) => r.id)).toEqual(expect.arrayContaining([long.id, short.id]));
  });

  it('the seeded leave process runs: manager, a second approval past 3 days, HR copied', async () => {
    const leaveDef = must<Row[]>(
      await outsider.call('GET', '/api/bl-flowable/process/startable'),
      'startable',
    ).find((d) => d.processKey === 'leave');
    expect(leaveDef).toMatchObject({ startFormKey: 'leaveForm' });
    // An employee asks; the administrator approves (a starter never approves their own request).
    const started = must<{ id: string }>(
      await outsider.call('POST', '/api/bl-flowable/process/start', {
        payload: { definitionId: leaveDef?.id, variables: { days: 5, leaveType: '年假', reason: '探亲' } },
      }),
      'start leave',
    );
    const [manager] = await tasksOf(api, started.id);
    expect(manager?.elementId).toBe('manager');
    must(await wf(api).complete(String(manager?.id), {}, '同意'), 'manager');
    const [second] = await tasksOf(api, started.id);
    expect(second?.elementId).toBe('second');
    must(await wf(api).complete(String(second?.id)), 'second');
    expect((await wf(api).detail(started.id)).instance.status).toBe('completed');
    const copies = must<Page>(await api.call('GET', '/api/bl-flowable/copy/list'), 'copies');
    expect(copies.records.some((c) => c.processInstanceId === started.id)).toBe(true);
  });

  it('runs parallel branches and joins them', async () => {
    const started = must<{ id: string }>(await wf(api).start('parallelTest'), 'start');
    const open = await tasksOf(api, started.id);
    expect(open.map((t) => t.elementId).sort()).toEqual(['a', 'b']);
    must(await wf(api).complete(String(open[0]?.id)), 'one branch');
    expect((await wf(api).detail(started.id)).instance.status).toBe('running');
    must(await wf(api).complete(String(open[1]?.id)), 'other branch');
    expect((await wf(api).detail(started.id)).instance.status).toBe('completed');
  });

  it('a service task that fails leaves no instance behind; one naming no action is refused when deployed', async () => {
    const unknown = await api.call('POST', '/api/bl-flowable/definition/deploy', {
      payload: { xml: unknownService },
      language: 'en',
    });
    expect(unknown.success).toBe(false);
    expect(unknown.msg).toContain('unknown service: noSuchAction');
    const before = must<Page>(await api.call('GET', '/api/bl-flowable/process/mine'), 'mine').total;
    const refused = await api.call('POST', '/api/bl-flowable/process/start', {
      payload: { key: 'brokenTest', variables: {} },
      language: 'en',
    });
    expect(refused.success).toBe(false);
    expect(refused.msg).toContain('costbill has no action confirm');
    expect(must<Page>(await api.call('GET', '/api/bl-flowable/process/mine'), 'mine').total).toBe(before);
  });

  it('only candidates claim; the claimer alone then handles it; a rejection needs a reason', async () => {
    const started = must<{ id: string }>(
      await wf(api).start('leaveTest', { days: 1, managerGroup: approverRole }),
      'start',
    );
    const [task] = await tasksOf(approver, started.id);
    expect(await tasksOf(outsider, started.id)).toHaveLength(0);
    // A user who may not read the instance is told the task does not exist.
    const unseen = await wf(outsider).claim(String(task?.id));
    expect(unseen.code).toBe(404);
    // The starter reads it, and is no candidate.
    const refused = await wf(api).claim(String(task?.id));
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain('not a candidate');
    must(await wf(approver).claim(String(task?.id)), 'claim');
    expect((await wf(outsider).complete(String(task?.id))).success).toBe(false);
    const noReason = await wf(approver).reject(String(task?.id), ' ');
    expect(noReason.msg).toContain('needs a reason');
    must(await wf(approver).reject(String(task?.id), 'too busy'), 'reject');
    const detail = await wf(api).detail(started.id);
    expect(detail.instance).toMatchObject({ status: 'rejected', reason: 'too busy' });
    expect(detail.history.some((h) => h.kind === 'reject' && h.comment === 'too busy')).toBe(true);
  });

  const act = (c: ReturnType<typeof client>, path: string, payload: Row) =>
    c.call('POST', `/api/bl-flowable/task/${path}`, { payload, language: 'en' });
  const only = async (c: ReturnType<typeof client>, instanceId: string) => {
    const tasks = await tasksOf(c, instanceId);
    expect(tasks).toHaveLength(1);
    return tasks[0] as Row;
  };

  it('sends a task back to a chosen earlier step, with who and why in the history', async () => {
    const { id } = must<{ id: string }>(await wf(api).start('threeStep'), 'start');
    must(await wf(api).complete(String((await only(api, id)).id)), 'first');
    must(await wf(api).complete(String((await only(api, id)).id)), 'second');
    const third = await only(api, id);
    expect(third.elementId).toBe('third');
    expect((await wf(api).detail(id)) as Row).toMatchObject({
      steps: expect.arrayContaining([expect.objectContaining({ elementId: 'first' })]),
    });
    expect((await act(api, 'back', { id: third.id, elementId: 'first' })).msg).toBe('Please give a reason');
    const notEarlier = await act(api, 'back', { id: third.id, elementId: 'third', comment: 'x' });
    expect(notEarlier.msg).toContain('is not a step this instance has completed');
    expect((await act(api, 'back', { id: third.id, elementId: 'end', comment: 'x' })).success).toBe(false);
    must(await act(api, 'back', { id: third.id, elementId: 'first', comment: 'wrong figures' }), 'back');
    const again = await only(api, id);
    expect(again).toMatchObject({ elementId: 'first' });
    expect(again.id).not.toBe(third.id);
    const detail = await wf(api).detail(id);
    expect(detail.instance.status).toBe('running');
    expect(detail.active).toEqual(['first']);
    expect(detail.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'back',
          account: 'admin',
          comment: 'wrong figures',
          name: 'Third → First',
        }),
      ]),
    );
    for (const step of ['first', 'second', 'third']) {
      const task = await only(api, id);
      expect(task.elementId).toBe(step);
      must(await wf(api).complete(String(task.id)), step);
    }
    expect((await wf(api).detail(id)).instance.status).toBe('completed');
  });

  it('transfers a task to another user; adds signers before and after; each in the history', async () => {
    const approverUser = await approverId();
    const { id } = must<{ id: string }>(await wf(api).start('threeStep'), 'start');
    const first = await only(api, id);
    expect((await act(api, 'sign', { id: first.id, userId: approverUser, mode: 'before' })).msg).toBe(
      'Please give a reason',
    );
    must(
      await act(api, 'sign', { id: first.id, userId: approverUser, mode: 'before', comment: 'check stock' }),
      'sign before',
    );
    const refused = await wf(api).complete(String(first.id));
    expect(refused.success).toBe(false);
    const signTask = await only(approver, id);
    expect(signTask).toMatchObject({ elementId: 'first', assignee: approverUser });
    // The signer cannot pass the task on to the process: they approve their part only.
    must(await wf(approver).complete(String(signTask.id), {}, 'stock ok'), 'signer approves');
    expect(await tasksOf(approver, id)).toHaveLength(0);
    expect((await wf(api).detail(id)).active).toEqual(['first']);
    must(await wf(api).complete(String(first.id)), 'first');

    const second = await only(api, id);
    must(
      await act(api, 'sign', {
        id: second.id,
        userId: approverUser,
        mode: 'after',
        comment: 'needs a second look',
      }),
      'sign after',
    );
    must(await wf(api).complete(String(second.id), { checked: 1 }), 'second');
    expect(await tasksOf(api, id)).toHaveLength(0);
    expect((await wf(api).detail(id)).active).toEqual(['second']);
    const after = await only(approver, id);
    must(await wf(approver).complete(String(after.id)), 'after signer');
    const third = await only(api, id);
    expect(third.elementId).toBe('third');

    expect((await act(api, 'transfer', { id: third.id, userId: approverUser })).msg).toBe(
      'Please give a reason',
    );
    const self = await act(api, 'transfer', {
      id: third.id,
      userId: (await wf(api).detail(id)).instance.starter,
      comment: 'x',
    });
    expect(self.success).toBe(false);
    must(await act(api, 'transfer', { id: third.id, userId: approverUser, comment: 'on leave' }), 'transfer');
    expect(await tasksOf(api, id)).toHaveLength(0);
    must(await wf(approver).complete(String((await only(approver, id)).id)), 'third');
    const detail = await wf(api).detail(id);
    expect(detail.instance).toMatchObject({
      status: 'completed',
      variables: expect.objectContaining({ checked: 1 }),
    });
    const kinds = detail.history.map((h) => `${h.kind}:${h.account}:${h.comment ?? ''}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'signBefore:admin:check stock',
        'complete:approver:stock ok',
        'signAfter:admin:needs a second look',
        'transfer:admin:on leave',
        'complete:approver:',
      ]),
    );
    expect(
      (await act(outsider, 'transfer', { id: third.id, userId: approverUser, comment: 'x' })).success,
    ).toBe(false);
  });

  it('saves versioned form schemas; a bound start and task are checked on the server, values kept as variables', async () => {
    const save = (schema: unknown, language = 'en') =>
      api.call('POST', '/api/bl-flowable/form/save', {
        payload: { formId: 'expenseForm', formName: 'Expense', schema },
        language,
      });
    const bad = await save({
      columns: 2,
      fields: [{ name: 'starter', type: 'text', label: { zh: 'x', mo: '', en: '' } }],
    });
    expect(bad.msg).toBe('The form design is not valid: name starter');
    expect((await save({ ...expenseForm, columns: 9 })).success).toBe(false);
    expect(must<{ version: number }>(await save(expenseForm), 'save').version).toBe(1);
    expect(must<{ version: number }>(await save(expenseForm), 'save again').version).toBe(2);
    const outsiderSave = await outsider.call('POST', '/api/bl-flowable/form/save', {
      payload: { formId: 'x1', formName: 'x', schema: expenseForm },
    });
    expect(outsiderSave.success).toBe(false);
    must(await wf(api).deploy(expense), 'deploy expense');
    const startable = must<Row[]>(await api.call('GET', '/api/bl-flowable/process/startable'), 'startable');
    expect(startable.find((d) => d.processKey === 'expenseTest')?.startForm).toMatchObject({
      version: 2,
      columns: 2,
    });

    const start = (variables: Row, language = 'en') =>
      api.call('POST', '/api/bl-flowable/process/start', {
        payload: { key: 'expenseTest', variables },
        language,
      });
    expect((await start({ kind: 'meal' })).msg).toBe('Please fill in "Amount"');
    expect((await start({ kind: 'meal' }, 'zh')).msg).toBe('请填写“金额”');
    expect((await start({ amount: 9000, kind: 'meal' })).msg).toContain(
      '"Amount" does not meet its rule (max 5000)',
    );
    expect((await start({ amount: 10, kind: 'boat' })).success).toBe(false);
    expect((await start({ amount: 10, kind: 'meal', code: 'ab1' })).success).toBe(false);
    expect((await start({ amount: '10', kind: 'meal' })).success).toBe(false);
    const { id } = must<{ id: string }>(
      await start({ amount: 120, kind: 'travel', code: 'AB123', day: '2026-11-25' }),
      'start',
    );
    const task = (await tasksOf(api, id))[0] as Row;
    expect(task.formKey).toBe('expenseForm');
    // The handler may change the amount (the model says so): the merged values obey the form too.
    expect((await wf(api).complete(String(task.id), { amount: 0 })).success).toBe(false);
    // Not the kind given at the start, nor a value the form does not declare.
    const kind = await api.call('POST', '/api/bl-flowable/task/complete', {
      payload: { id: task.id, variables: { kind: 'meal' } },
      language: 'en',
    });
    expect(kind.msg).toBe('"kind" was given when the process started: the task "Check" cannot change it');
    const extra = await api.call('POST', '/api/bl-flowable/task/complete', {
      payload: { id: task.id, variables: { approvedBy: 'me' } },
      language: 'en',
    });
    expect(extra.msg).toBe('The form of "Check" has no field "approvedBy": that value cannot be submitted');
    // The whole form sent back, the start values unchanged, is no change.
    must(
      await wf(api).complete(String(task.id), {
        amount: 150,
        kind: 'travel',
        code: 'AB123',
        day: '2026-11-25',
      }),
      'complete',
    );
    const detail = (await wf(api).detail(id)) as unknown as { instance: Row; forms: Record<string, Row> };
    expect(detail.instance).toMatchObject({
      status: 'completed',
      variables: expect.objectContaining({ amount: 150, kind: 'travel', code: 'AB123', day: '2026-11-25' }),
    });
    expect(detail.forms.expenseForm).toMatchObject({ version: 2 });
  });

  it('cost-bill confirmation needs an approval by configuration alone (the generic bill-action hook)', async () => {
    const path = entityByName.get('costbill')?.path as string;
    must(
      await api.call('POST', '/api/bl-flowable/approval/submit', {
        payload: { entity: 'costbill', action: 'confirm', processKey: 'inboundApproval' },
      }),
      'require approval',
    );
    const bill = must<Row>(
      await api.call('POST', `${path}/submit`, {
        payload: {
          costBillNo: 'CB-WF-1',
          customerCode: 'C2',
          costDate: '2026-01-01',
          costDateEnd: '2026-01-31',
        },
      }),
      'cost bill',
    );
    const confirmed = async () =>
      ((await api.call('GET', `${path}/detail`, { query: { id: String(bill.id) } })).data as Row).costStatus;
    const before = await confirmed();
    const asked = must<{ instances: string[] }>(
      await api.call('POST', `${path}/confirm`, { query: { ids: String(bill.id) } }),
      'confirm asks',
    );
    expect(asked.instances).toHaveLength(1);
    expect(await confirmed()).toBe(before);
    const id = String(asked.instances[0]);
    for (const step of ['first', 'final']) {
      const [task] = await tasksOf(approver, id);
      expect(task?.elementId).toBe(step);
      must(await wf(approver).complete(String(task?.id)), step);
    }
    expect(before).toBe('1');
    expect(await confirmed()).toBe('2');
    expect((await wf(api).detail(id)).instance.status).toBe('completed');
  });

  it('another tenant sees no instance, task or definition (row-level security)', async () => {
    const counts = await test.database.withTenant('999999', (tx) =>
      queryRows<{ d: number; i: number; t: number; h: number }>(
        tx,
        sql`select (select count(*)::int from bl_wf_definition) d, (select count(*)::int from bl_wf_instance) i,
                   (select count(*)::int from bl_wf_task) t, (select count(*)::int from bl_wf_history) h`,
      ),
    );
    expect(counts[0]).toEqual({ d: 0, i: 0, t: 0, h: 0 });
    const own = await test.database.withTenant('000000', (tx) =>
      queryRows<{ i: number }>(tx, sql`select count(*)::int i from bl_wf_instance`),
    );
    expect(own[0]?.i).toBeGreaterThan(0);
  });

  it('a new app on the same database continues an instance (restart mid-instance)', async () => {
    const started = must<{ id: string }>(await wf(api).start('parallelTest'), 'start');
    const second = await testApp(test.database);
    apps.push(second);
    const token = (await tokensOf(second)).accessToken;
    const there = client(second, () => token);
    const open = await tasksOf(there, started.id);
    expect(open).toHaveLength(2);
    for (const task of open) must(await wf(there).complete(String(task.id)), 'complete on the new app');
    expect((await wf(api).detail(started.id)).instance.status).toBe('completed');
  });

  it('two apps completing the same task: exactly one wins', async () => {
    const other = await testApp(test.database);
    apps.push(other);
    const otherToken = (await tokensOf(other)).accessToken;
    const there = client(other, () => otherToken);
    for (let round = 0; round < 3; round++) {
      const started = must<{ id: string }>(await wf(api).start('parallelTest'), 'start');
      const [task] = await tasksOf(api, started.id);
      const answers = await Promise.all([
        wf(api).complete(String(task?.id)),
        wf(there).complete(String(task?.id)),
      ]);
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect(answers.find((a) => !a.success)?.msg).toContain('已被处理');
      const detail = await wf(api).detail(started.id);
      expect(detail.tasks.filter((t) => t.status === 'done')).toHaveLength(1);
      expect(detail.history.filter((h) => h.kind === 'complete')).toHaveLength(1);
    }
  });

  it('a timer set before a restart fires after it, through the job queue', async () => {
    // A web-only app starts the instance: it queues the wake-up but runs no jobs.
    const webOnly = await testApp(test.database, { JOB_WORKERS: '0' });
    const token = (await tokensOf(webOnly)).accessToken;
    const started = must<{ id: string }>(await wf(client(webOnly, () => token)).start('timerTest'), 'start');
    await webOnly.close();
    expect((await wf(api).detail(started.id)).active).toEqual([]);
    const worker = await testApp(test.database, { JOB_WORKERS: '1' });
    apps.push(worker);
    let tasks: Row[] = [];
    for (let i = 0; i < 120 && tasks.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      tasks = await tasksOf(api, started.id);
    }
    expect(tasks.map((t) => t.elementId)).toEqual(['after']);
    expect((await wf(api).detail(started.id)).finished).toContain('wait');
  }, 90_000);

  it('inbound review through approval: stock posted on the final approval, a rejection leaves no trace', async () => {
    must(
      await api.call('POST', '/api/bl-flowable/approval/submit', {
        payload: { entity: 'isinstockbill', action: 'review', processKey: 'inboundApproval' },
      }),
      'require approval',
    );
    const stockOf = async (billNo: string) => {
      const [row] = await test.database.withTenant('000000', (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int n from bl_stockstream where bill_no = ${billNo}`,
        ),
      );
      return row?.n ?? 0;
    };
    const newBill = async () => {
      const billNo = nextBillNo('WF');
      const saved = must<Row>(
        await api.submit('isinstockbill', {
          billNo,
          billDate: '2026-11-20',
          customerCode: 'C1',
          warehouseCode: 'W1',
          type: '1',
          isReview: '1',
          details: [{ materialCode: 'M1', warehousePlaceCode: 'P1', unitCode: 'PCS', qty: '4' }],
        }),
        'bill',
      );
      return { id: String(saved.id), billNo };
    };
    const billState = async (id: string) =>
      must<Row>(await api.call('GET', '/api/bl-wms/isinstockbill/detail', { query: { id } }), 'detail');
    const linesPath = entityByName.get('isinstockbilldetail')?.path as string;
    const recall = (c: ReturnType<typeof client>, id: string, language = 'zh') =>
      c.call('POST', '/api/bl-flowable/approval/recall', {
        query: { entity: 'isinstockbill', id },
        language,
      });
    const refusal = {
      zh: (billNo: string) =>
        `单据 ${billNo} 正在审批中（inboundApproval process，待 approver 处理），不能修改、删除或执行其他操作；可由提交人 管理员 撤回审批`,
      mo: (billNo: string) =>
        `單據 ${billNo} 正在審批中（inboundApproval process，待 approver 處理），不能修改、刪除或執行其他操作；可由提交人 管理员 撤回審批`,
      en: (billNo: string) =>
        `Bill ${billNo} is already awaiting approval (inboundApproval process, with approver): it cannot be changed, deleted or acted on; its submitter 管理员 may recall the approval`,
    };
    /**
     * While its approval runs the bill carries it (list and detail, holders named) and is locked:
     * an edit, a removal, a line write and any other action are refused with the same message.
     */
    const heldWhilePending = async (bill: { id: string; billNo: string }, instanceId: string) => {
      const detail = await billState(bill.id);
      expect(detail.pendingApproval).toMatchObject({
        instanceId,
        action: 'review',
        process: 'inboundApproval process',
        holders: ['approver'],
      });
      const page = must<Page>(
        await api.call('GET', '/api/bl-wms/isinstockbill/list', { query: { billNo: bill.billNo } }),
        'list',
      );
      expect(page.records.find((r) => r.id === bill.id)?.pendingApproval).toMatchObject({
        instanceId,
        holders: ['approver'],
      });
      const line = (detail.details as Row[])[0] as Row;
      for (const language of ['zh', 'mo', 'en'] as const) {
        const edit = await api.submit(
          'isinstockbill',
          { ...detail, pendingApproval: undefined, remark: 'changed' },
          language,
        );
        expect(edit.msg).toBe(refusal[language](bill.billNo));
      }
      const starter = String((detail.pendingApproval as Row).starterName);
      expect(starter).toBeTruthy();
      const refused = [
        await api.call('POST', '/api/bl-wms/isinstockbill/remove', {
          query: { ids: bill.id },
          language: 'en',
        }),
        await api.call('POST', `${linesPath}/submit`, {
          payload: { id: line.id, version: line.version, qty: '5' },
          language: 'en',
        }),
        await api.call('POST', `${linesPath}/submit`, {
          payload: { headerId: bill.id, materialCode: 'M2', warehousePlaceCode: 'P1', qty: '1' },
          language: 'en',
        }),
        await api.call('POST', `${linesPath}/remove`, { query: { ids: String(line.id) }, language: 'en' }),
        await api.action('isinstockbill', 'unreview', [bill.id], 'en'),
      ];
      for (const answer of refused) expect(answer.msg).toBe(refusal.en(bill.billNo));
      expect((await billState(bill.id)).version).toBe(detail.version);
    };

    const bill = await newBill();
    const review = await api.action('isinstockbill', 'review', [bill.id]);
    const asked = must<{ approval: number; instances: string[]; notices: string[] }>(review, 'review');
    expect(asked.approval).toBe(1);
    // The answer says what happened instead of "done": the bill, the process, who holds it.
    expect(review.msg).toBe(`入库单 ${bill.billNo} 已提交审批（inboundApproval process），待 approver 处理`);
    expect(asked.notices).toEqual([review.msg]);
    expect((await billState(bill.id)).isReview).toBe('1');
    expect(await stockOf(bill.billNo)).toBe(0);
    // A second review while it waits is refused.
    const twice = await api.action('isinstockbill', 'review', [bill.id], 'en');
    expect(twice.msg).toContain('already awaiting approval');
    const instance = String(asked.instances[0]);
    await heldWhilePending(bill, instance);
    const [first] = await tasksOf(approver, instance);
    must(await wf(approver).complete(String(first?.id)), 'first approval');
    expect(await stockOf(bill.billNo)).toBe(0);
    const [final] = await tasksOf(approver, instance);
    expect(final?.elementId).toBe('final');
    must(await wf(approver).complete(String(final?.id)), 'final approval');
    const reviewed = await billState(bill.id);
    expect(reviewed.isReview).toBe('2');
    expect(reviewed.auditUser).toBe('approver');
    expect(await stockOf(bill.billNo)).toBeGreaterThan(0);

    const rejected = await newBill();
    const asked2 = must<{ instances: string[] }>(
      await api.action('isinstockbill', 'review', [rejected.id]),
      'review',
    );
    const [task] = await tasksOf(approver, String(asked2.instances[0]));
    must(await wf(approver).reject(String(task?.id), 'wrong quantity'), 'reject');
    expect((await billState(rejected.id)).isReview).toBe('1');
    expect(await stockOf(rejected.billNo)).toBe(0);
    const status = must<Row>(
      await api.call('GET', '/api/bl-flowable/approval/business', {
        query: { entity: 'isinstockbill', id: rejected.id },
      }),
      'approval state',
    );
    expect(status).toMatchObject({ status: 'rejected', reason: 'wrong quantity' });

    // Recalled by its maker: the instance and its tasks are cancelled, the bill is free again.
    const recalled = await newBill();
    const asked4 = must<{ instances: string[] }>(
      await api.action('isinstockbill', 'review', [recalled.id]),
      'review',
    );
    const instance4 = String(asked4.instances[0]);
    for (const [c, language] of [
      [approver, 'zh'],
      [outsider, 'en'],
    ] as const) {
      const notMine = await recall(c, recalled.id, language);
      expect(notMine.success).toBe(false);
      expect(notMine.msg).toBe(
        language === 'zh'
          ? `只有提交人 管理员 可以撤回单据 ${recalled.billNo} 的审批`
          : `Only its submitter 管理员 may recall the approval of bill ${recalled.billNo}`,
      );
    }
    expect((await wf(api).detail(instance4)).instance.status).toBe('running');
    const back = await recall(api, recalled.id, 'mo');
    expect(back.success, back.msg).toBe(true);
    expect(back.msg).toBe(`已撤回單據 ${recalled.billNo} 的審批`);
    const after = await wf(api).detail(instance4);
    expect(after.instance.status).toBe('cancelled');
    expect(after.tasks.every((t) => t.status !== 'open')).toBe(true);
    expect(after.history.map((h) => h.kind)).toContain('recall');
    expect(await tasksOf(approver, instance4)).toEqual([]);
    const free = await billState(recalled.id);
    expect(free.pendingApproval).toBeNull();
    expect(free.isReview).toBe('1');
    const again = await recall(api, recalled.id, 'en');
    expect(again.msg).toBe(`Bill ${recalled.billNo} has no approval in progress`);
    const edited = await api.submit('isinstockbill', {
      ...free,
      pendingApproval: undefined,
      remark: 'after recall',
    });
    expect(edited.success, edited.msg).toBe(true);

    // A final approval whose review is refused (the bill was reviewed meanwhile) changes nothing.
    const raced = await newBill();
    const asked3 = must<{ instances: string[] }>(
      await api.action('isinstockbill', 'review', [raced.id]),
      'review',
    );
    const instance3 = String(asked3.instances[0]);
    const [r1] = await tasksOf(approver, instance3);
    must(await wf(approver).complete(String(r1?.id)), 'first');
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`update bl_isinstockbill set is_review = '2' where id = ${raced.id}`),
    );
    const [r2] = await tasksOf(approver, instance3);
    const refused = await wf(approver).complete(String(r2?.id));
    expect(refused.success).toBe(false);
    expect((await wf(api).detail(instance3)).instance.status).toBe('running');
    expect((await tasksOf(approver, instance3)).map((t) => t.id)).toEqual([r2?.id]);
    // Removing approval settings: all or nothing, an id that is not one is "not found".
    const settings = must<Row[]>(await api.call('GET', '/api/bl-flowable/approval/list'), 'approvals');
    const setting = String(settings.find((a) => a.entity === 'isinstockbill')?.id);
    const missing = await api.call('POST', '/api/bl-flowable/approval/remove', {
      query: { ids: `${setting},0` },
    });
    expect(missing.code).toBe(404);
    expect(
      must<Row[]>(await api.call('GET', '/api/bl-flowable/approval/list'), 'approvals').some(
        (a) => a.id === setting,
      ),
    ).toBe(true);
    must(await api.call('POST', '/api/bl-flowable/approval/remove', { query: { ids: setting } }), 'remove');
  });
});
