import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { body, multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { client, must } from './support/wms.ts';

type Row = Record<string, unknown>;

/** Three steps in a row, all the starter's. */
const threeStep = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://bl/test">
  <process id="attachSteps" name="attachSteps process" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <userTask id="first" name="First" flowable:assignee="\${starter}" />
    <sequenceFlow id="f2" sourceRef="first" targetRef="second" />
    <userTask id="second" name="Second" flowable:assignee="\${starter}" />
    <sequenceFlow id="f3" sourceRef="second" targetRef="third" />
    <userTask id="third" name="Third" flowable:assignee="\${starter}" />
    <sequenceFlow id="f4" sourceRef="third" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** Attachments on workflow task actions (issue 18, docs/adr/0027-workflow-engine.md addendum 3). */
describe.each(testDrivers())('workflow task attachments on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  let api: ReturnType<typeof client>;
  let filesDir: string;

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-wf-files-'));
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { FILES_DIR: filesDir, UPLOAD_EXTENSIONS: 'txt,pdf' });
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
    api = client(app, () => admin.accessToken);
    const deployed = await api.call('POST', '/api/bl-flowable/definition/deploy', {
      payload: { xml: threeStep },
    });
    expect(deployed.success, deployed.msg).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const upload = async (fileName: string, token = admin.accessToken) => {
    const form = multipart(fileName, Buffer.from(`content of ${fileName}\n`));
    const answer = await app.inject({
      method: 'POST',
      url: '/api/bl-resource/oss/endpoint/put-file',
      payload: form.payload,
      headers: { 'blade-auth': `bearer ${token}`, 'content-type': form.contentType },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<{ attachId: string }>(answer).data.attachId;
  };
  const detail = async (id: string) =>
    must<{ history: Row[]; tasks: Row[] }>(
      await api.call('GET', '/api/bl-flowable/process/detail', { query: { id } }),
      'detail',
    );
  const openTask = async (id: string) => {
    const tasks = (await detail(id)).tasks.filter((t) => t.status === 'open');
    expect(tasks).toHaveLength(1);
    return tasks[0] as { id: string; elementId: string };
  };
  const act = (name: string, payload: Row, language = 'en') =>
    api.call('POST', `/api/bl-flowable/task/${name}`, { payload, language });
  const start = async () =>
    must<{ id: string }>(
      await api.call('POST', '/api/bl-flowable/process/start', {
        payload: { key: 'attachSteps', variables: {} },
      }),
      'start',
    ).id;

  it('keeps the files an approval and a send-back carry on their history rows', async () => {
    const scan = await upload('扫描件 1.txt');
    const invoice = await upload('invoice.pdf');
    const id = await start();
    const first = await openTask(id);
    // The same file twice counts once.
    must(
      await act('complete', { id: first.id, comment: 'see files', attachIds: [scan, invoice, scan] }),
      'approve',
    );
    const second = await openTask(id);
    expect(second.elementId).toBe('second');
    must(
      await act('back', { id: second.id, elementId: 'first', comment: 'redo', attachIds: [invoice] }),
      'back',
    );
    const again = await openTask(id);
    must(await act('complete', { id: again.id, comment: 'plain' }), 'approve without files');

    const { history } = await detail(id);
    const rows = history.filter((h) => ['complete', 'back'].includes(String(h.kind)));
    expect(rows.map((h) => [h.kind, h.comment, h.attachments])).toEqual([
      [
        'complete',
        'see files',
        [
          { id: scan, name: '扫描件 1.txt' },
          { id: invoice, name: 'invoice.pdf' },
        ],
      ],
      ['back', 'redo', [{ id: invoice, name: 'invoice.pdf' }]],
      ['complete', 'plain', []],
    ]);
    // The link the history shows downloads the file.
    const file = await app.inject({
      method: 'GET',
      url: '/api/bl-resource/attach/download',
      query: { id: scan },
      headers: { 'blade-auth': `bearer ${admin.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('content of 扫描件 1.txt\n');

    // A file an instance carries is read as the instance is: someone of the same tenant who
    // holds the attachment buttons but has no part in the instance finds neither the file nor
    // its record; a file no instance holds stays theirs to read.
    const roleId = await createRole(test.database, { roleAlias: 'filereader', buttons: ['attach_view'] });
    const stranger = await createUserAndSignIn(app, test.database, { account: 'file-stranger', roleId });
    const read = (url: string, id: string) =>
      app.inject({ method: 'GET', url, query: { id }, headers: { 'blade-auth': `bearer ${stranger}` } });
    expect((await read('/api/bl-resource/attach/download', scan)).statusCode).toBe(404);
    expect((await read('/api/bl-resource/attach/detail', invoice)).statusCode).toBe(404);
    const loose = await upload('loose.txt');
    expect((await read('/api/bl-resource/attach/download', loose)).statusCode).toBe(200);
  });

  it("refuses another tenant's or an unknown attachment in the user's language, and writes nothing", async () => {
    const theirs = await upload('theirs.txt', other.accessToken);
    const mine = await upload('mine.txt');
    const id = await start();
    const task = await openTask(id);
    const before = await detail(id);
    const refusedEn = await act('complete', { id: task.id, comment: 'x', attachIds: [mine, theirs] });
    expect(refusedEn.success).toBe(false);
    expect(refusedEn.msg).toBe(`Attachment ${theirs} does not exist or is not one of your tenant's`);
    const refusedZh = await act('reject', { id: task.id, comment: 'x', attachIds: [theirs] }, 'zh');
    expect(refusedZh.msg).toBe(`附件 ${theirs} 不存在或不属于本租户`);
    const refusedMo = await act(
      'transfer',
      { id: task.id, userId: '1', comment: 'x', attachIds: ['123'] },
      'mo',
    );
    expect(refusedMo.msg).toBe('附件 123 不存在或不屬於本租戶');
    const delegated = await act('delegate', { id: task.id, userId: '1', attachIds: [theirs] });
    expect(delegated.success).toBe(false);
    // A removed attachment of one's own is refused too.
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`update bl_attach set is_deleted = 1 where id::text = ${mine}`),
    );
    expect((await act('complete', { id: task.id, attachIds: [mine] })).msg).toBe(
      `Attachment ${mine} does not exist or is not one of your tenant's`,
    );
    const after = await detail(id);
    expect(after.history).toEqual(before.history);
    expect(after.tasks).toEqual(before.tasks);
    const [stored] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from bl_wf_history where instance_id::text = ${id}
            and jsonb_array_length(attach_ids) > 0`,
      ),
    );
    expect(stored?.count).toBe(0);
    // The task is still open and goes on with the caller's own file.
    const fresh = await upload('fresh.txt');
    must(await act('complete', { id: task.id, attachIds: [fresh] }), 'approve with own file');
    const done = (await detail(id)).history.find((h) => h.kind === 'complete');
    expect(done?.attachments).toEqual([{ id: fresh, name: 'fresh.txt' }]);
  });
});
