import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { leaveModel, seedLeaveProcess } from '../src/modules/workflow/leave.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { client, masterData, must, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };
type Client = ReturnType<typeof client>;

const bpmn = (id: string, body: string, processAttrs = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://bl/test">
  <process id="${id}" name="${id} process" isExecutable="true" ${processAttrs}>${body}</process>
</definitions>`;
const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

/** A countersign: one task per signer of `${signers}`, then the starter's last step. */
const countersign = (id: string, loop: string) =>
  bpmn(
    id,
    `<startEvent id="start" />
  ${flow('f1', 'start', 'sign')}
  <userTask id="sign" name="Sign" flowable:assignee="\${signer}">${loop}</userTask>
  ${flow('f2', 'sign', 'last')}
  <userTask id="last" name="Last" flowable:assignee="\${starter}" />
  ${flow('f3', 'last', 'end')}
  <endEvent id="end" />`,
  );
const allSign = countersign(
  'allSign',
  `<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${signers}" flowable:elementVariable="signer" />`,
);
const halfSign = countersign(
  'halfSign',
  `<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${signers}" flowable:elementVariable="signer">
    <completionCondition>\${nrOfCompletedInstances/nrOfInstances &gt;= 0.5}</completionCondition>
  </multiInstanceLoopCharacteristics>`,
);
/** The starter's step, then all of `${signers}` sign. */
const preSign = bpmn(
  'preSign',
  `<startEvent id="start" />
  ${flow('f0', 'start', 'pre')}
  <userTask id="pre" name="Pre" flowable:assignee="\${starter}" />
  ${flow('f1', 'pre', 'sign')}
  <userTask id="sign" name="Sign" flowable:assignee="\${signer}">
    <multiInstanceLoopCharacteristics flowable:collection="\${signers}" flowable:elementVariable="signer" />
  </userTask>
  ${flow('f2', 'sign', 'end')}
  <endEvent id="end" />`,
);

/** Sequential, over a candidate list (accounts): each candidate in turn. */
const inTurn = bpmn(
  'inTurn',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'sign')}
  <userTask id="sign" name="Sign in turn" flowable:candidateUsers="s3,s1,s2">
    <multiInstanceLoopCharacteristics isSequential="true" />
  </userTask>
  ${flow('f2', 'sign', 'end')}
  <endEvent id="end" />`,
);

/** A step, then two branches (a1 → a2, and b) joined, then a last step: all the starter's. */
const branches = bpmn(
  'branches',
  `<startEvent id="start" />
  ${flow('f0', 'start', 'pre')}
  <userTask id="pre" name="Pre" flowable:assignee="\${starter}" />
  ${flow('f1', 'pre', 'fork')}
  <parallelGateway id="fork" />
  ${flow('fa', 'fork', 'a1')}
  ${flow('fb', 'fork', 'b')}
  <userTask id="a1" name="A1" flowable:assignee="\${starter}" />
  ${flow('fa2', 'a1', 'a2')}
  <userTask id="a2" name="A2" flowable:assignee="\${starter}" />
  ${flow('fa3', 'a2', 'join')}
  <userTask id="b" name="B" flowable:assignee="\${starter}" />
  ${flow('fb2', 'b', 'join')}
  <parallelGateway id="join" />
  ${flow('fj', 'join', 'after')}
  <userTask id="after" name="After" flowable:assignee="\${starter}" />
  ${flow('fe', 'after', 'end')}
  <endEvent id="end" />`,
);

/** A user task inside a sub-process, then one after it. */
const nested = bpmn(
  'nested',
  `<startEvent id="start" />
  ${flow('f0', 'start', 'sub')}
  <subProcess id="sub" name="Sub">
    <startEvent id="subStart" />
    ${flow('s1', 'subStart', 'inner')}
    <userTask id="inner" name="Inner" flowable:assignee="\${starter}" />
    ${flow('s2', 'inner', 'subEnd')}
    <endEvent id="subEnd" />
  </subProcess>
  ${flow('f1', 'sub', 'outer')}
  <userTask id="outer" name="Outer" flowable:assignee="\${starter}" />
  ${flow('f2', 'outer', 'end')}
  <endEvent id="end" />`,
);

/** Two steps by the approver account: the approval of a bill action. */
const twoStep = bpmn(
  'purchaseApproval',
  `<startEvent id="start" />
  ${flow('f1', 'start', 'first')}
  <userTask id="first" name="First approval" flowable:candidateUsers="s1" />
  ${flow('f2', 'first', 'final')}
  <userTask id="final" name="Final approval" flowable:candidateUsers="s2" />
  ${flow('f3', 'final', 'end')}
  <endEvent id="end" />`,
);

/** The rest of the workflow engine (issue 18, docs/adr/0027-workflow-engine.md addendum 2). */
describe.each(testDrivers())('workflow, more, on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: Client;
  const signers: Client[] = [];
  const ids: Record<string, string> = {};

  const deploy = async (xml: string) =>
    must(await api.call('POST', '/api/bl-flowable/definition/deploy', { payload: { xml } }), 'deploy');
  const start = async (key: string, variables: Row = {}) =>
    must<{ id: string }>(
      await api.call('POST', '/api/bl-flowable/process/start', { payload: { key, variables } }),
      `start ${key}`,
    ).id;
  const openTasks = async (c: Client, instanceId: string, language = 'zh') =>
    must<Page>(
      await c.call('GET', '/api/bl-flowable/task/todo', { query: { size: '100' }, language }),
      'todo',
    ).records.filter((t) => t.instanceId === instanceId);
  const complete = (c: Client, id: unknown, variables: Row = {}) =>
    c.call('POST', '/api/bl-flowable/task/complete', { payload: { id: String(id), variables } });
  const reject = (c: Client, id: unknown, comment: string) =>
    c.call('POST', '/api/bl-flowable/task/reject', { payload: { id: String(id), comment } });
  const detail = async (id: string, language = 'zh') =>
    must<{ instance: Row; tasks: Row[]; history: Row[]; active: string[]; loops: Row[] }>(
      await api.call('GET', '/api/bl-flowable/process/detail', { query: { id }, language }),
      'detail',
    );
  /** Completes the signer's one open task of the instance. */
  const approve = async (signer: number, instanceId: string) => {
    const mine = await openTasks(signers[signer] as Client, instanceId);
    expect(mine).toHaveLength(1);
    must(await complete(signers[signer] as Client, mine[0]?.id), `s${signer + 1} approves`);
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    const role = await createRole(test.database, { roleAlias: 'wfsigner', buttons: ['isinstockbill_view'] });
    for (const account of ['s1', 's2', 's3']) {
      const token = await createUserAndSignIn(app, test.database, { account, roleId: role });
      signers.push(client(app, () => token));
    }
    const rows = await test.database.withTenant('000000', (tx) =>
      queryRows<{ id: string; account: string }>(
        tx,
        sql`select id::text as id, account from blade_user where account in ('s1', 's2', 's3', 'admin')`,
      ),
    );
    for (const row of rows) ids[row.account] = row.id;
    for (const xml of [allSign, halfSign, inTurn, twoStep, branches, nested, preSign]) await deploy(xml);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('parallel multi-instance: one task per signer, all must approve before the process moves on', async () => {
    const id = await start('allSign', { signers: [ids.s1, ids.s2, ids.s3] });
    for (const signer of signers) expect(await openTasks(signer, id)).toHaveLength(1);
    expect((await detail(id)).tasks.filter((t) => t.status === 'open')).toHaveLength(3);
    await approve(0, id);
    await approve(2, id);
    const waiting = await detail(id);
    expect(waiting.active).toEqual(['sign']);
    // The detail's progress: 2 of 3 approved.
    expect(waiting.loops).toEqual([{ elementId: 'sign', name: 'Sign', total: 3, approved: 2, open: 1 }]);
    expect(waiting.tasks.filter((t) => t.status === 'open').map((t) => t.assignee)).toEqual([ids.s2]);
    expect(await openTasks(api, id)).toHaveLength(0);
    await approve(1, id);
    const [last] = await openTasks(api, id);
    expect(last?.elementId).toBe('last');
    must(await complete(api, last?.id), 'last');
    expect((await detail(id)).instance.status).toBe('completed');
  });

  it('parallel multi-instance with a completion condition: half is enough, the rest is cancelled', async () => {
    const id = await start('halfSign', { signers: `${ids.s1},${ids.s2},${ids.s3}` });
    await approve(1, id);
    // 1 of 3 is not half: all still wait.
    expect((await detail(id)).tasks.filter((t) => t.status === 'open')).toHaveLength(2);
    await approve(0, id);
    // 2 of 3 is: the third signer's task is gone, the process is at the last step.
    expect(await openTasks(signers[2] as Client, id)).toHaveLength(0);
    const after = await detail(id);
    expect(after.active).toEqual(['last']);
    const signs = after.tasks.filter((t) => t.elementId === 'sign');
    expect(signs.map((t) => t.status).sort()).toEqual(['cancelled', 'done', 'done']);
    expect(signs.find((t) => t.status === 'cancelled')?.assignee).toBe(ids.s3);
    // The cancelled task cannot be handled any more.
    const late = await complete(signers[2] as Client, signs.find((t) => t.status === 'cancelled')?.id);
    expect(late.success).toBe(false);
  });

  it('sequential multi-instance over a candidate list: each in the listed order', async () => {
    const id = await start('inTurn');
    const order: number[] = [];
    for (const next of [2, 0, 1]) {
      const open = await Promise.all(signers.map((signer) => openTasks(signer, id)));
      expect(open.map((o) => o.length)).toEqual([0, 1, 2].map((s) => (s === next ? 1 : 0)));
      expect((await detail(id)).loops).toMatchObject([{ total: 3, approved: order.length, open: 1 }]);
      await approve(next, id);
      order.push(next);
    }
    expect(order).toEqual([2, 0, 1]);
    expect((await detail(id)).loops).toEqual([]);
    const done = await detail(id);
    expect(done.instance.status).toBe('completed');
    expect(done.tasks.map((t) => t.assignee)).toEqual([ids.s3, ids.s1, ids.s2]);
  });

  it('one signer rejecting rejects the whole instance (a veto): the other tasks are cancelled', async () => {
    const id = await start('halfSign', { signers: [ids.s1, ids.s2, ids.s3] });
    const [mine] = await openTasks(signers[1] as Client, id);
    must(await reject(signers[1] as Client, mine?.id, 'no budget'), 'reject');
    const after = await detail(id);
    expect(after.instance).toMatchObject({ status: 'rejected', reason: 'no budget' });
    expect(after.tasks.filter((t) => t.status === 'open')).toHaveLength(0);
    for (const signer of signers) expect(await openTasks(signer, id)).toHaveLength(0);
  });

  it('two signers approving at the same moment both count', async () => {
    const id = await start('allSign', { signers: [ids.s1, ids.s2, ids.s3] });
    const [one] = await openTasks(signers[0] as Client, id);
    const [two] = await openTasks(signers[1] as Client, id);
    const answers = await Promise.all([
      complete(signers[0] as Client, one?.id),
      complete(signers[1] as Client, two?.id),
    ]);
    expect(answers.map((a) => a.success)).toEqual([true, true]);
    expect((await detail(id)).loops).toMatchObject([{ total: 3, approved: 2, open: 1 }]);
    await approve(2, id);
    expect((await detail(id)).active).toEqual(['last']);
  });

  it('an item sent back drops the whole multi-instance task; it starts anew with all its items', async () => {
    const id = await start('preSign', { signers: [ids.s1, ids.s2, ids.s3] });
    const [pre] = await openTasks(api, id);
    must(await complete(api, pre?.id), 'pre');
    await approve(0, id);
    const [mine] = await openTasks(signers[1] as Client, id);
    must(
      await (signers[1] as Client).call('POST', '/api/bl-flowable/task/back', {
        payload: { id: String(mine?.id), elementId: 'pre', comment: 'redo' },
      }),
      'back',
    );
    const after = await detail(id);
    expect(after.tasks.filter((t) => t.status === 'open').map((t) => t.elementId)).toEqual(['pre']);
    expect(
      after.tasks
        .filter((t) => t.elementId === 'sign')
        .map((t) => t.status)
        .sort(),
    ).toEqual(['cancelled', 'done', 'done']);
    const [again] = await openTasks(api, id);
    must(await complete(api, again?.id), 'pre again');
    expect((await detail(id)).loops).toMatchObject([{ total: 3, approved: 0, open: 3 }]);
    for (const signer of [0, 1, 2]) await approve(signer, id);
    expect((await detail(id)).instance.status).toBe('completed');
  });

  it('a user task inside a sub-process is a task like any other (open rows are kept while waited for)', async () => {
    const id = await start('nested');
    const [inner] = await openTasks(api, id);
    expect(inner?.elementId).toBe('inner');
    must(await complete(api, inner?.id), 'inner');
    const [outer] = await openTasks(api, id);
    expect(outer?.elementId).toBe('outer');
    must(await complete(api, outer?.id), 'outer');
    expect((await detail(id)).instance.status).toBe('completed');
  });

  it('a multi-instance model without items is refused when deployed, in the language asked', async () => {
    const bad = await api.call('POST', '/api/bl-flowable/definition/deploy', {
      payload: {
        xml: bpmn(
          'noItems',
          `<startEvent id="s" />${flow('f1', 's', 't')}<userTask id="t"><multiInstanceLoopCharacteristics /></userTask>${flow('f2', 't', 'e')}<endEvent id="e" />`,
        ),
      },
      language: 'en',
    });
    expect(bad.success).toBe(false);
    expect(bad.msg).toContain('The process model is not valid');
    expect(bad.msg).toContain('names its items');
  });

  it("the seeded leave process's name and steps show in the user's language", async () => {
    const startable = async (language: string) =>
      must<Row[]>(
        await api.call('GET', '/api/bl-flowable/process/startable', { language }),
        'startable',
      ).find((d) => d.processKey === 'leave');
    expect((await startable('zh'))?.name).toBe('请假流程');
    expect((await startable('mo'))?.name).toBe('請假流程');
    expect((await startable('en'))?.name).toBe('Leave request');
    // An employee asks, the administrator approves (never the starter: amendment 4 of ADR 0027).
    const employee = signers[0] as Client;
    const id = must<{ id: string }>(
      await employee.call('POST', '/api/bl-flowable/process/start', {
        payload: { key: 'leave', variables: { days: 1, leaveType: '年假', reason: '探亲' } },
      }),
      'start leave',
    ).id;
    const seen = async (language: string) => {
      const [task] = await openTasks(api, id, language);
      return [task?.name, task?.title];
    };
    expect(await seen('zh')).toEqual(['主管审批', '请假流程']);
    expect(await seen('mo')).toEqual(['主管審批', '請假流程']);
    expect(await seen('en')).toEqual(['Manager approval', 'Leave request']);
    const english = await detail(id, 'en');
    expect(english.instance.title).toBe('Leave request');
    expect(english.history.map((h) => h.name)).toEqual(['Leave request', 'Submit leave']);
    expect(english.tasks.map((t) => t.name)).toEqual(['Manager approval']);
    const mine = must<Page>(
      await employee.call('GET', '/api/bl-flowable/process/mine', { language: 'mo' }),
      'mine',
    );
    expect(mine.records.find((r) => r.id === id)?.title).toBe('請假流程');
    const [task] = await openTasks(api, id);
    must(await complete(api, task?.id), 'manager approves');
    const done = must<Page>(await api.call('GET', '/api/bl-flowable/task/done', { language: 'en' }), 'done');
    expect(done.records.find((r) => r.instanceId === id)?.name).toBe('Manager approval');
    expect((await detail(id, 'en')).history.map((h) => h.name)).toEqual(
      expect.arrayContaining(['Leave request', 'Submit leave', 'Days', 'Copy to HR', 'End']),
    );
    const copies = must<Page>(
      await api.call('GET', '/api/bl-flowable/copy/list', { language: 'en' }),
      'copies',
    );
    expect(copies.records.find((r) => r.processInstanceId === id)?.title).toBe('Leave request');
    const list = must<Page>(
      await api.call('GET', '/api/bl-flowable/definition/list', { query: { key: 'leave' }, language: 'en' }),
      'definitions',
    );
    expect(list.records[0]?.name).toBe('Leave request');
  });

  it('a tenant still on the first, Chinese-only leave process gets the named version; an edited one is kept', async () => {
    const versions = async () =>
      test.database.withTenant('000000', (tx) =>
        queryRows<{ version: number; xml: string }>(
          tx,
          sql`select version, xml from bl_wf_definition where process_key = 'leave' order by version desc`,
        ),
      );
    const [role] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select id::text as id from blade_role where is_administrator and is_deleted = 0 order by id limit 1`,
      ),
    );
    await deploy(leaveModel(String(role?.id), ids.admin as string, ids.admin as string, false));
    const before = (await versions())[0]?.version ?? 0;
    await seedLeaveProcess(test.database, '000000');
    const after = await versions();
    expect(after[0]?.version).toBe(before + 1);
    expect(after[0]?.xml).toContain('flowable:nameEn="Leave request"');
    await seedLeaveProcess(test.database, '000000');
    expect((await versions())[0]?.version).toBe(before + 1);
    // One changed in the designer (a due date of two days) stays the newest.
    const edited = leaveModel(String(role?.id), ids.admin as string, ids.admin as string, false);
    await deploy(edited.replace('"P1D"', '"P2D"'));
    await seedLeaveProcess(test.database, '000000');
    expect((await versions())[0]?.version).toBe(before + 2);
  });

  describe('sending back inside parallel branches', () => {
    const open = async (id: string) =>
      (await detail(id)).tasks
        .filter((t) => t.status === 'open')
        .map((t) => String(t.elementId))
        .sort();
    const openTask = async (id: string, elementId: string) =>
      (await openTasks(api, id)).find((t) => t.elementId === elementId);
    const done = async (id: string, elementId: string) =>
      must(await complete(api, (await openTask(id, elementId))?.id), elementId);
    const back = (taskId: unknown, elementId: string, language = 'zh') =>
      api.call('POST', '/api/bl-flowable/task/back', {
        payload: { id: String(taskId), elementId, comment: 'again' },
        language,
      });
    /** Started, `pre` and `a1` done: `a2` and `b` open. */
    const inBranches = async () => {
      const id = await start('branches');
      await done(id, 'pre');
      await done(id, 'a1');
      expect(await open(id)).toEqual(['a2', 'b']);
      return id;
    };

    it('to a step of the same branch: the branch is done again, the sibling is untouched, the join waits for both', async () => {
      const id = await inBranches();
      const b = await openTask(id, 'b');
      must(await back((await openTask(id, 'a2'))?.id, 'a1'), 'back to a1');
      expect(await open(id)).toEqual(['a1', 'b']);
      expect((await openTask(id, 'b'))?.id).toBe(b?.id);
      await done(id, 'b');
      // The join still waits for the branch sent back.
      expect(await open(id)).toEqual(['a1']);
      await done(id, 'a1');
      expect(await open(id)).toEqual(['a2']);
      await done(id, 'a2');
      expect(await open(id)).toEqual(['after']);
      await done(id, 'after');
      const finished = await detail(id);
      expect(finished.instance.status).toBe('completed');
      expect(finished.history.filter((h) => h.kind === 'back')).toHaveLength(1);
    });

    it('the sibling finishing last works too', async () => {
      const id = await inBranches();
      must(await back((await openTask(id, 'a2'))?.id, 'a1'), 'back to a1');
      await done(id, 'a1');
      await done(id, 'a2');
      expect(await open(id)).toEqual(['b']);
      await done(id, 'b');
      expect(await open(id)).toEqual(['after']);
    });

    it('to a step before the fork: the sibling branches are cancelled and start anew', async () => {
      const id = await inBranches();
      must(await back((await openTask(id, 'a2'))?.id, 'pre'), 'back to pre');
      expect(await open(id)).toEqual(['pre']);
      const tasks = (await detail(id)).tasks;
      expect(tasks.find((t) => t.elementId === 'b')?.status).toBe('cancelled');
      await done(id, 'pre');
      expect(await open(id)).toEqual(['a1', 'b']);
      await done(id, 'a1');
      await done(id, 'b');
      await done(id, 'a2');
      expect(await open(id)).toEqual(['after']);
      await done(id, 'after');
      expect((await detail(id)).instance.status).toBe('completed');
    });

    it('to a step of another branch, or into a branch from after the join: refused, nothing changes', async () => {
      const id = await inBranches();
      const across = await back((await openTask(id, 'b'))?.id, 'a1', 'en');
      expect(across.success).toBe(false);
      expect(across.msg).toContain('another parallel branch');
      expect(await open(id)).toEqual(['a2', 'b']);
      await done(id, 'a2');
      await done(id, 'b');
      const into = await back((await openTask(id, 'after'))?.id, 'a2', 'en');
      expect(into.success).toBe(false);
      expect(await open(id)).toEqual(['after']);
      // Back to before the whole parallel part is an ordinary send-back.
      must(await back((await openTask(id, 'after'))?.id, 'pre'), 'back to pre');
      expect(await open(id)).toEqual(['pre']);
    });
  });

  describe('purchase applications', () => {
    const path = '/api/bl-wms/ispurchaseapplybill';
    const newApplication = async () => {
      const billNo = nextBillNo('PA');
      const saved = must<Row>(
        await api.submit('ispurchaseapplybill', {
          billNo,
          billDate: '2026-11-20',
          customerCode: 'C1',
          purpose: 'restock',
          details: [{ materialCode: 'M1', unitCode: 'PCS', qty: '10', price: '2.5' }],
        }),
        'application',
      );
      return String(saved.id);
    };
    const state = async (id: string) =>
      must<Row>(await api.call('GET', `${path}/detail`, { query: { id } }), 'detail');

    it('are reviewed and un-reviewed through their declared flow', async () => {
      const id = await newApplication();
      must(await api.action('ispurchaseapplybill', 'review', [id]), 'review');
      const reviewed = await state(id);
      expect(reviewed.isReview).toBe('2');
      expect(reviewed.auditUser).toBeTruthy();
      const edit = await api.submit('ispurchaseapplybill', { id, purpose: 'changed' }, 'en');
      expect(edit.success).toBe(false);
      const twice = await api.action('ispurchaseapplybill', 'review', [id], 'en');
      expect(twice.success).toBe(false);
      must(await api.action('ispurchaseapplybill', 'unreview', [id]), 'unreview');
      expect(await state(id)).toMatchObject({ isReview: '1', auditUser: null });
    });

    it('with an approval required: review starts it, the final approval reviews as the approver, a rejection keeps the reason', async () => {
      must(
        await api.call('POST', '/api/bl-flowable/approval/submit', {
          payload: { entity: 'ispurchaseapplybill', action: 'review', processKey: 'purchaseApproval' },
        }),
        'require approval',
      );
      const id = await newApplication();
      const asked = must<{ approval: number; instances: string[] }>(
        await api.action('ispurchaseapplybill', 'review', [id]),
        'review asks',
      );
      expect(asked.approval).toBe(1);
      expect((await state(id)).isReview).toBe('1');
      const instance = String(asked.instances[0]);
      await approve(0, instance);
      expect((await state(id)).isReview).toBe('1');
      await approve(1, instance);
      expect(await state(id)).toMatchObject({ isReview: '2', auditUser: 's2' });
      expect((await detail(instance)).instance.status).toBe('completed');

      const refused = await newApplication();
      const asked2 = must<{ instances: string[] }>(
        await api.action('ispurchaseapplybill', 'review', [refused]),
        'review asks',
      );
      const [task] = await openTasks(signers[0] as Client, String(asked2.instances[0]));
      must(await reject(signers[0] as Client, task?.id, 'supplier not approved'), 'reject');
      expect((await state(refused)).isReview).toBe('1');
      const status = must<Row>(
        await api.call('GET', '/api/bl-flowable/approval/business', {
          query: { entity: 'ispurchaseapplybill', id: refused },
        }),
        'approval state',
      );
      expect(status).toMatchObject({ status: 'rejected', reason: 'supplier not approved' });
      // It may be asked again, and then approved.
      const again = must<{ instances: string[] }>(
        await api.action('ispurchaseapplybill', 'review', [refused]),
        'review again',
      );
      await approve(0, String(again.instances[0]));
      await approve(1, String(again.instances[0]));
      expect((await state(refused)).isReview).toBe('2');
    });
  });
});
