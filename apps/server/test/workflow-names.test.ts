import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { xmlInLanguage } from '../src/modules/workflow/names.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { client, must } from './support/wms.ts';

type Row = Record<string, unknown>;
type Client = ReturnType<typeof client>;
type Step = { elementId: string; name: string };
type Detail = {
  xml: string;
  tasks: { id: string; elementId: string; status: string; name: string }[];
  steps: Step[];
  backTargets: Record<string, Step[]>;
};

const languages = ['zh', 'mo', 'en'] as const;
type Language = (typeof languages)[number];

/** An element's names: `name` is the Chinese one (no nameZh), Traditional and English beside it. */
const named = (zh: string, mo: string, en: string) =>
  `name="${zh}" flowable:nameMo="${mo}" flowable:nameEn="${en}"`;
const n = {
  process: { zh: '并行审批', mo: '並行審批', en: 'Parallel approval' },
  first: { zh: '主管审批', mo: '主管審批', en: 'Manager approval' },
  a1: { zh: '甲线审核', mo: '甲線審核', en: 'Line A review' },
  a2: { zh: '甲线复核', mo: '甲線複核', en: 'Line A check' },
  b1: { zh: '乙线审核', mo: '乙線審核', en: 'Line B review' },
  only: { zh: '专用流程', mo: '專用流程', en: 'Restricted process' },
} satisfies Record<string, Record<Language, string>>;
const attrs = (key: keyof typeof n) => named(n[key].zh, n[key].mo, n[key].en);

const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;
/**
 * A first approval, then two parallel branches: A (two steps) and B (one step), joined. With a
 * diagram, so that bpmn-js shows it (the diagram keeps its shapes, the names change).
 */
const parallel = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://bl/test">
  <process id="nmParallel" ${attrs('process')} isExecutable="true">
  <!-- <userTask id="first" name="注释里的" /> -->
  <startEvent id="start" />
  ${flow('f1', 'start', 'first')}
  <userTask id="first" ${attrs('first')} flowable:candidateGroups="\${group}" flowable:note="days > 3" />
  ${flow('f2', 'first', 'fork')}
  <parallelGateway id="fork" />
  ${flow('f3', 'fork', 'a1')}
  ${flow('f4', 'fork', 'b1')}
  <userTask id="a1" ${attrs('a1')} flowable:candidateGroups="\${group}" />
  ${flow('f5', 'a1', 'a2')}
  <userTask id="a2" ${attrs('a2')} flowable:candidateGroups="\${group}" />
  ${flow('f6', 'a2', 'join')}
  <userTask id="b1" ${attrs('b1')} flowable:candidateGroups="\${group}" />
  ${flow('f7', 'b1', 'join')}
  <parallelGateway id="join" />
  ${flow('f8', 'join', 'end')}
  <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="d1"><bpmndi:BPMNPlane id="p1" bpmnElement="nmParallel">
    <bpmndi:BPMNShape id="s_first" bpmnElement="first"><dc:Bounds x="100" y="100" width="100" height="80" /></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

/** A process only `admin` may start. */
const restricted = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://bl/test">
  <process id="nmOnly" ${attrs('only')} isExecutable="true" flowable:candidateStarterUsers="admin">
  <startEvent id="start" />
  ${flow('f1', 'start', 'end')}
  <endEvent id="end" />
  </process>
</definitions>`;

/**
 * Issue 28, points 1, 3 and 4 (docs/adr/0027-workflow-engine.md, amendment 5): messages name
 * steps and processes in the user's language; the send-back list offers exactly what the
 * send-back accepts; the diagram's XML carries the user's names.
 */
describe.each(testDrivers())('workflow names on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: Client;
  const users: Record<string, Client> = {};
  let groupRole: string;

  const user = (account: string) => users[account] as Client;
  const act = (account: string, path: string, payload: Row, language: Language = 'zh') =>
    user(account).call('POST', `/api/bl-flowable/task/${path}`, { payload, language });
  const claim = (account: string, id: string, language: Language = 'zh') =>
    user(account).call('POST', '/api/bl-flowable/task/claim', { query: { id }, language });
  const detail = async (id: string, language: Language = 'zh', account = 'member1') =>
    must<Detail>(
      await user(account).call('GET', '/api/bl-flowable/process/detail', { query: { id }, language }),
      'detail',
    );
  const open = async (instance: string, elementId: string) => {
    const rows = await test.database.withTenant('000000', (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select id::text as id from bl_wf_task
            where instance_id = ${instance} and element_id = ${elementId} and status = 'open'`,
      ),
    );
    return String(rows[0]?.id ?? '');
  };
  const complete = async (account: string, instance: string, elementId: string) => {
    const id = await open(instance, elementId);
    expect(id, `${elementId} open`).toBeTruthy();
    must(await act(account, 'complete', { id, comment: 'ok' }), `complete ${elementId}`);
    return id;
  };
  /** Started by `requester`; first, a1 (member1) and b1 (member2) done: a2 waits, B at the join. */
  const toA2 = async () => {
    const instance = must<{ id: string }>(
      await user('requester').call('POST', '/api/bl-flowable/process/start', {
        payload: { key: 'nmParallel', variables: { group: groupRole, days: 1 } },
      }),
      'start',
    ).id;
    const first = await complete('member1', instance, 'first');
    await complete('member1', instance, 'a1');
    await complete('member2', instance, 'b1');
    return { instance, first, a2: await open(instance, 'a2') };
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    groupRole = await createRole(test.database, { roleAlias: 'nmgroup', buttons: ['material_view'] });
    const plainRole = await createRole(test.database, { roleAlias: 'nmplain', buttons: ['material_view'] });
    const adminRole = await createRole(test.database, {
      roleAlias: 'nmprocadmin',
      buttons: ['wfdeployform_add'],
    });
    for (const [account, roleId] of [
      ['requester', plainRole],
      ['member1', groupRole],
      ['member2', groupRole],
      ['procadmin', adminRole],
    ] as const) {
      const signed = await createUserAndSignIn(app, test.database, { account, roleId });
      users[account] = client(app, () => signed);
    }
    for (const xml of [parallel, restricted])
      must(await api.call('POST', '/api/bl-flowable/definition/deploy', { payload: { xml } }), 'deploy');
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  describe('refusals name the step in the user language (point 1)', () => {
    let instance: string;
    let firstTask: string;
    beforeAll(async () => {
      instance = must<{ id: string }>(
        await user('requester').call('POST', '/api/bl-flowable/process/start', {
          payload: { key: 'nmParallel', variables: { group: groupRole, days: 1 } },
        }),
        'start',
      ).id;
      firstTask = await open(instance, 'first');
    });

    it('the messages are the catalogue’s, with the name of each language', async () => {
      const expected = {
        zh: `您不是任务“${n.first.zh}”的办理人`,
        mo: `您不是任務「${n.first.mo}」的辦理人`,
        en: `You are not a candidate for the task "${n.first.en}"`,
      };
      for (const language of languages)
        expect((await act('procadmin', 'complete', { id: firstTask }, language)).msg).toBe(
          expected[language],
        );

      must(await claim('member1', firstTask), 'claim');
      const claimed = {
        zh: `任务“${n.first.zh}”已被他人签收`,
        mo: `任務「${n.first.mo}」已被他人簽收`,
        en: `The task "${n.first.en}" has been claimed by someone else`,
      };
      for (const language of languages) {
        const answer = await act('member2', 'complete', { id: firstTask }, language);
        expect(answer.success).toBe(false);
        expect(answer.msg).toBe(claimed[language]);
      }

      must(await act('member1', 'complete', { id: firstTask, comment: 'ok' }), 'complete');
      const handled = {
        zh: `任务“${n.first.zh}”已被处理`,
        mo: `任務「${n.first.mo}」已被處理`,
        en: `The task "${n.first.en}" has already been handled`,
      };
      for (const language of languages) {
        const again = await act('member1', 'complete', { id: firstTask }, language);
        expect(again.success).toBe(false);
        expect(again.msg).toBe(handled[language]);
        const claimAgain = await claim('member1', firstTask, language);
        expect(claimAgain.msg).toBe(handled[language]);
      }
    });

    it('the process a user may not start is named in their language', async () => {
      const expected = {
        zh: `您不能发起流程“${n.only.zh}”`,
        mo: `您不能發起流程「${n.only.mo}」`,
        en: `You may not start the process "${n.only.en}"`,
      };
      for (const language of languages) {
        const answer = await user('requester').call('POST', '/api/bl-flowable/process/start', {
          payload: { key: 'nmOnly', variables: {} },
          language,
        });
        expect(answer.success).toBe(false);
        expect(answer.msg).toBe(expected[language]);
      }
    });

    it('a step that is not an earlier one is named, when the model has it', async () => {
      const a1 = await open(instance, 'a1');
      const expected = {
        zh: `“${n.b1.zh}”不是本流程已完成的步骤，不能驳回到该步骤`,
        mo: `「${n.b1.mo}」不是本流程已完成的步驟，不能駁回到該步驟`,
        en: `"${n.b1.en}" is not a step this instance has completed: it cannot be sent back there`,
      };
      for (const language of languages) {
        const answer = await act('member1', 'back', { id: a1, elementId: 'b1', comment: 'why' }, language);
        expect(answer.success).toBe(false);
        expect(answer.msg).toBe(expected[language]);
      }
    });
  });

  describe('the send-back list is what the send-back accepts (point 3)', () => {
    it.each(languages)('a2 may go back to the first step and a1, never to b1 (%s)', async (language) => {
      const { instance, a2 } = await toA2();
      const shown = await detail(instance, language);
      // b1 is done (an earlier step of the instance) but on the other branch.
      expect(shown.steps.map((s) => s.elementId).sort()).toEqual(['a1', 'b1', 'first']);
      expect(shown.steps.find((s) => s.elementId === 'b1')?.name).toBe(n.b1[language]);
      const targets = shown.backTargets[a2] ?? [];
      expect(targets.map((s) => s.elementId).sort()).toEqual(['a1', 'first']);
      expect(Object.fromEntries(targets.map((s) => [s.elementId, s.name]))).toEqual({
        a1: n.a1[language],
        first: n.first[language],
      });
      // Only open tasks have a list.
      expect(Object.keys(shown.backTargets)).toEqual([a2]);

      const across = await act('member1', 'back', { id: a2, elementId: 'b1', comment: 'why' }, language);
      expect(across.success).toBe(false);
      expect(across.msg).toBe(
        {
          zh: `不能从“${n.a2.zh}”驳回到“${n.b1.zh}”：它在另一条并行分支上，或在汇合之前而本任务不在该分支中`,
          mo: `不能從「${n.a2.mo}」駁回到「${n.b1.mo}」：它在另一條並行分支上，或在匯合之前而本任務不在該分支中`,
          en: `"${n.a2.en}" cannot be sent back to "${n.b1.en}": that step is on another parallel branch, or inside a branch this task is not on`,
        }[language],
      );
    });

    it('every step the list offers is accepted', async () => {
      for (const target of ['a1', 'first']) {
        const { instance, a2 } = await toA2();
        const offered = (await detail(instance)).backTargets[a2]?.map((s) => s.elementId);
        expect(offered).toContain(target);
        must(
          await act('member1', 'back', { id: a2, elementId: target, comment: 'again' }),
          `back to ${target}`,
        );
        const after = await detail(instance);
        const openSteps = after.tasks.filter((t) => t.status === 'open').map((t) => t.elementId);
        expect(openSteps).toContain(target);
        // The task now open lists its own targets, never its own step.
        for (const task of after.tasks.filter((t) => t.status === 'open'))
          expect(after.backTargets[task.id]?.map((s) => s.elementId)).not.toContain(task.elementId);
      }
    });
  });

  describe('the diagram names elements in the user language (point 4)', () => {
    it.each(languages)('the served XML carries the %s names, the model is unchanged', async (language) => {
      const { instance } = await toA2();
      const { xml } = await detail(instance, language);
      for (const key of ['first', 'a1', 'a2', 'b1'] as const) {
        expect(xml).toContain(`id="${key}" name="${n[key][language]}"`);
        if (language !== 'zh') expect(xml).not.toContain(`name="${n[key].zh}"`);
      }
      expect(xml).toContain(`name="${n.process[language]}"`);
      // What the model does not name per language, and comments, stay as written.
      expect(xml).toContain('<endEvent id="end" name="结束" />');
      expect(xml).toContain('<!-- <userTask id="first" name="注释里的" /> -->');
      expect(xml).toContain(`flowable:nameEn="${n.first.en}"`);
      expect(xml).toContain('<bpmndi:BPMNShape id="s_first" bpmnElement="first">');
      // The designer still gets the model as written.
      const definitions = must<{ records: Row[] }>(
        await api.call('GET', '/api/bl-flowable/definition/list', { query: { size: '100' }, language }),
        'list',
      );
      const id = String(definitions.records.find((r) => r.processKey === 'nmParallel')?.id);
      const stored = must<{ xml: string }>(
        await api.call('GET', '/api/bl-flowable/definition/detail', { query: { id }, language }),
        'definition',
      );
      expect(stored.xml).toBe(parallel);
    });
  });
});

describe('xmlInLanguage', () => {
  const meta = {
    key: 'p',
    name: '流程',
    names: { en: 'Process' },
    elements: {
      t: { name: '审批', type: 'bpmn:UserTask', names: { en: 'A "quoted" & <approval>' } },
      u: { name: '无名', type: 'bpmn:UserTask', names: { en: 'Named' } },
    },
  };
  it('rewrites or adds the name of named elements only, with > inside attribute values', () => {
    const xml =
      `<process id="p" name="流程"><userTask flowable:x="\${a > 1}" id="t" name='审批' flowable:nameEn="x"/>` +
      `<userTask id="u"></userTask><![CDATA[<userTask id="t" name="审批"/>]]></process>`;
    expect(xmlInLanguage(xml, meta, 'en')).toBe(
      `<process id="p" name="Process"><userTask flowable:x="\${a > 1}" id="t" name="A &quot;quoted&quot; &amp; &lt;approval>" flowable:nameEn="x"/>` +
        `<userTask id="u" name="Named"></userTask><![CDATA[<userTask id="t" name="审批"/>]]></process>`,
    );
    expect(xmlInLanguage(xml, meta, 'zh')).toBe(xml);
  });
});
