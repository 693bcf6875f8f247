import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { SampleRecords } from './support/sample-records.ts';
import { type Answer, client } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string };

const entity = (name: string): EntityDefinition => {
  const found = entityByName.get(name);
  if (!found) throw new Error(`${name} is not in the catalogue`);
  return found;
};

const bpmn = (id: string, formKey: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://bl/test">
  <process id="${id}" name="${id} process" isExecutable="true">
    <startEvent id="start" flowable:formKey="${formKey}" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/**
 * Issue 28: the fields the server owns are filled by the rule that owns them, whichever
 * endpoint writes the record: a line's bill number, tree ancestors, bind and read times, a
 * withdrawn workflow form, a mail bill's review stamps.
 */
describe.each(testDrivers())('server-filled fields on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: ReturnType<typeof client>;
  let samples: SampleRecords;

  const must = <T = Row>(answer: Answer, what: string): T => {
    if (!answer.success) throw new Error(`${what}: ${answer.msg}`);
    return answer.data as T;
  };
  const submit = (e: EntityDefinition, payload: Record<string, unknown>, language = 'en') =>
    api.call('POST', `${e.path}/submit`, { payload, language });
  const detail = async (e: EntityDefinition, id: string) =>
    must(await api.call('GET', `${e.path}/detail`, { query: { id } }), `${e.name} detail`);
  const act = async (e: EntityDefinition, action: string, id: string) =>
    must(await api.call('POST', `${e.path}/${action}`, { query: { ids: id }, language: 'en' }), action);
  const column = async (table: string, name: string, id: string) => {
    const [row] = await queryRows<{ value: unknown }>(
      test.database.db,
      sql`select ${sql.identifier(name)} as value from ${sql.identifier(table)} where id = ${id}::bigint`,
    );
    return row?.value ?? null;
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    samples = new SampleRecords(async (e, payload) => must(await submit(e, payload), e.name));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it("gives a line its bill's number through the line's own endpoint, on renumbering and on a move", async () => {
    const bills = entity('isinstockbill');
    const lines = entity('isinstockbilldetail');
    const first = (await samples.create(bills)) as Row;
    const second = (await samples.create(bills)) as Row;
    const [line] = (await detail(bills, first.id)).details as Row[];
    expect(line?.billNo).toBe(first.billNo);

    // A line written on its own (the line screen, an import of lines) takes its bill's number.
    const added = must(
      await submit(lines, { ...(await samples.body(lines)), headerId: first.id }),
      'line submit',
    );
    expect(added.billNo).toBe(first.billNo);
    expect(await column(lines.tableName, 'bill_no', added.id)).toBe(first.billNo);

    // The bill renumbered: its lines follow, found by the new number in the line list.
    const renumbered = `${String(first.billNo)}-R`;
    must(await submit(bills, { ...(await detail(bills, first.id)), billNo: renumbered }), 'renumber');
    const listed = must<{ records: Row[] }>(
      await api.call('GET', `${lines.path}/list`, { query: { billNo_equal: renumbered, size: '50' } }),
      'line list',
    );
    expect(listed.records.map((r) => r.id).sort()).toEqual([String(line?.id), added.id].sort());

    // A line moved to another bill takes that bill's number.
    const moved = must(
      await submit(lines, { ...(await detail(lines, added.id)), headerId: second.id }),
      'line move',
    );
    expect(moved.billNo).toBe(second.billNo);
    expect(await column(lines.tableName, 'bill_no', added.id)).toBe(second.billNo);
  });

  it('keeps branch and department ancestors and refuses a parent below the record, in zh, mo and en', async () => {
    for (const [name, parentOf] of [
      ['basicdept', (row: Row) => ({ parentId: row.id })],
      ['dept', (row: Row) => ({ parentCode: row.code })],
    ] as const) {
      const tree = entity(name);
      const make = async (parent?: Row) =>
        must(
          await submit(tree, { ...(await samples.body(tree)), ...(parent ? parentOf(parent) : {}) }),
          name,
        );
      const root = await make();
      const child = await make(root);
      const grandchild = await make(child);
      expect(await column(tree.tableName, 'ancestors', root.id)).toBe('0');
      expect(await column(tree.tableName, 'ancestors', child.id)).toBe(`0,${root.id}`);
      expect(await column(tree.tableName, 'ancestors', grandchild.id)).toBe(`0,${root.id},${child.id}`);

      // A branch under its own grandchild would make a circle: refused, nothing changed.
      const refusals: Record<string, string> = {
        zh: `${tree.label.zh}不能放在它本身或它的下级之下`,
        mo: `${tree.label.mo}不能放在它本身或它的下級之下`,
        en: `A ${tree.label.en} cannot be placed under itself or one of its own sub-entries`,
      };
      const current = await detail(tree, root.id);
      for (const [language, message] of Object.entries(refusals)) {
        const refused = await submit(tree, { ...current, ...parentOf(grandchild) }, language);
        expect(refused.success, name).toBe(false);
        expect(refused.msg).toBe(message);
      }
      expect(await column(tree.tableName, 'ancestors', root.id)).toBe('0');

      // The child moved to the root level: its subtree takes the new prefix.
      const moved = await detail(tree, child.id);
      must(
        await submit(tree, { ...moved, ...(name === 'dept' ? { parentCode: null } : { parentId: null }) }),
        'move',
      );
      expect(await column(tree.tableName, 'ancestors', child.id)).toBe('0');
      expect(await column(tree.tableName, 'ancestors', grandchild.id)).toBe(`0,${child.id}`);
    }
  });

  it('stamps when a WeChat identity is bound to a user and clears it when unbound', async () => {
    const userwc = entity('userwc');
    const bound = must(await submit(userwc, await samples.body(userwc)), 'userwc');
    expect(bound.userId).toBeTruthy();
    const bindTime = await column(userwc.tableName, 'bind_time', bound.id);
    expect(bindTime).not.toBeNull();
    // Saved again for the same user: the first bind time stays.
    must(await submit(userwc, await detail(userwc, bound.id)), 'resave');
    expect(await column(userwc.tableName, 'bind_time', bound.id)).toEqual(bindTime);
    must(await submit(userwc, { ...(await detail(userwc, bound.id)), userId: null }), 'unbind');
    expect(await column(userwc.tableName, 'bind_time', bound.id)).toBeNull();
  });

  it('gives a copy its read time when its recipient reads it, and keeps the first', async () => {
    const wfcopy = entity('wfcopy');
    const [me] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text as id from blade_user where tenant_id = '000000' and account = 'admin'`,
    );
    const copy = must(
      await submit(wfcopy, { ...(await samples.body(wfcopy)), userId: me?.id, isRead: '0' }),
      'wfcopy',
    );
    expect(await column(wfcopy.tableName, 'read_time', copy.id)).toBeNull();
    const read = must<{ read: number }>(
      await api.call('POST', '/api/bl-flowable/copy/read', { query: { ids: copy.id } }),
      'read',
    );
    expect(read.read).toBe(1);
    const readTime = await column(wfcopy.tableName, 'read_time', copy.id);
    expect(readTime).not.toBeNull();
    expect(await column(wfcopy.tableName, 'is_read', copy.id)).toBe('1');
    must(await api.call('POST', '/api/bl-flowable/copy/read', { query: { ids: copy.id } }), 'read again');
    expect(await column(wfcopy.tableName, 'read_time', copy.id)).toEqual(readTime);

    // Another user's copy is not the caller's to read: not found, and neither copy is marked.
    const others = must(await submit(wfcopy, { ...(await samples.body(wfcopy)), isRead: '0' }), 'other copy');
    expect(others.userId).not.toBe(me?.id);
    const refused = await api.call('POST', '/api/bl-flowable/copy/read', {
      query: { ids: `${copy.id},${others.id}` },
    });
    expect(refused.success).toBe(false);
    expect(await column(wfcopy.tableName, 'read_time', others.id)).toBeNull();
  });

  it('withdraws a workflow form (no deployment takes it) and restores it', async () => {
    const wfform = entity('wfform');
    must(
      await api.call('POST', '/api/bl-flowable/form/save', {
        payload: {
          formId: 'filledForm',
          formName: 'Filled',
          schema: {
            columns: 1,
            fields: [{ name: 'n', type: 'number', label: { zh: '数', mo: '數', en: 'N' } }],
          },
        },
      }),
      'form save',
    );
    const [form] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text as id from bl_wfform where form_id = 'filledForm' and is_deleted = 0`,
    );
    const formId = String(form?.id);
    const deployedContent = async (key: string) => {
      const deployed = must<{ id: string }>(
        await api.call('POST', '/api/bl-flowable/definition/deploy', {
          payload: { xml: bpmn(key, 'filledForm') },
        }),
        'deploy',
      );
      const [row] = await queryRows<{ content: string | null }>(
        test.database.db,
        sql`select form_content as content from bl_wfdeployform where deployment_id = ${deployed.id}`,
      );
      return row?.content ?? null;
    };
    await act(wfform, 'withdraw', formId);
    expect(await column(wfform.tableName, 'del_flag', formId)).toBe('2');
    expect(await deployedContent('filledWithdrawn')).toBeNull();
    await act(wfform, 'restore', formId);
    expect(await column(wfform.tableName, 'del_flag', formId)).toBe('0');
    expect(await deployedContent('filledRestored')).toContain('"n"');
  });

  it('stamps who reviewed a mail bill and when, and clears it on un-review', async () => {
    const mailbill = entity('mailbill');
    const bill = (await samples.create(mailbill)) as Row;
    await act(mailbill, 'review', bill.id);
    const reviewed = await detail(mailbill, bill.id);
    expect(reviewed.auditUser).toBeTruthy();
    expect(reviewed.auditTime).toBeTruthy();
    await act(mailbill, 'unreview', bill.id);
    const undone = await detail(mailbill, bill.id);
    expect(undone.auditUser ?? null).toBeNull();
    expect(undone.auditTime ?? null).toBeNull();
  });
});
