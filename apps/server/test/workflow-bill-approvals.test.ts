import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { client, masterData, must, nextBillNo, todoOf } from './support/wms.ts';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

/** One step, open to the approver (who may read bills) and to `blind` (who may not). */
const billApproval = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://bl/test">
  <process id="billApproval" name="Bill approval" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <userTask id="check" name="Check" flowable:candidateUsers="approver,blind" />
    <sequenceFlow id="f2" sourceRef="check" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/**
 * Bill approvals as their settings and approvers see them (issue 29, 14; ADR 0027): a setting
 * names a deployed process and reads with labels; the approver's task carries the bill's
 * summary and lines (only what they may read); an action's form values go with its approval.
 */
describe.each(testDrivers())('bill approvals on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  let approver: ReturnType<typeof client>;
  let blind: ReturnType<typeof client>;

  const setting = (entity: string, action: string, processKey: string, language = 'zh') =>
    api.call('POST', '/api/bl-flowable/approval/submit', {
      payload: { entity, action, processKey },
      language,
    });
  const taskOf = async (c: ReturnType<typeof client>, instanceId: string) => (await todoOf(c, instanceId))[0];
  const detailOf = async (c: ReturnType<typeof client>, id: string, language = 'zh') =>
    must<{ instance: Row; bill: Row | null }>(
      await c.call('GET', '/api/bl-flowable/process/detail', { query: { id }, language }),
      'detail',
    );
  const bill = async (entity: string, id: string) =>
    must<Row>(await api.call('GET', `/api/bl-wms/${entity}/detail`, { query: { id } }), 'bill');
  const numbered = (lines: Row[]) => lines.map((line, index) => ({ lineNumber: index + 1, ...line }));

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    const reader = await createRole(test.database, {
      roleAlias: 'billreader',
      buttons: ['isinstockbill_view', 'stocksortingbill_view'],
    });
    const approverToken = await createUserAndSignIn(app, test.database, {
      account: 'approver',
      roleId: reader,
    });
    approver = client(app, () => approverToken);
    const none = await createRole(test.database, { roleAlias: 'nobills', buttons: ['material_view'] });
    const blindToken = await createUserAndSignIn(app, test.database, { account: 'blind', roleId: none });
    blind = client(app, () => blindToken);
    must(
      await api.call('POST', '/api/bl-flowable/definition/deploy', { payload: { xml: billApproval } }),
      'deploy',
    );
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('names a deployed process only, refusing an unknown key in zh, mo and en; lists labels', async () => {
    const refused = {
      zh: '没有已部署的流程 billAproval：请先在流程设计器中部署，再选择它作为审批流程',
      mo: '沒有已部署的流程 billAproval：請先在流程設計器中部署，再選擇它作為審批流程',
      en: 'No deployed process has the key billAproval: deploy it in the process designer first, then choose it for the approval',
    };
    for (const [language, text] of Object.entries(refused)) {
      const answer = await setting('isinstockbill', 'review', 'billAproval', language);
      expect(answer.success).toBe(false);
      expect(answer.msg).toBe(text);
    }
    const [count] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int n from bl_wf_approval`),
    );
    expect(count?.n).toBe(0);
    must(await setting('isinstockbill', 'review', 'billApproval'), 'setting');
    const list = (language: string) =>
      api.call('GET', '/api/bl-flowable/approval/list', { language }).then((a) => must<Row[]>(a, 'list'));
    expect((await list('zh'))[0]).toMatchObject({
      entity: 'isinstockbill',
      entityLabel: '入库单',
      action: 'review',
      actionLabel: '审核',
      processKey: 'billApproval',
      processName: 'Bill approval',
    });
    expect((await list('mo'))[0]).toMatchObject({ entityLabel: '入庫單', actionLabel: '審核' });
    expect((await list('en'))[0]).toMatchObject({ entityLabel: 'Inbound bill', actionLabel: 'Review' });
  });

  it("carries the bill's summary and lines to its approver, and nothing to one who may not read it", async () => {
    must(await setting('isinstockbill', 'review', 'billApproval'), 'setting');
    const billNo = nextBillNo('AP');
    const saved = must<Row>(
      await api.submit('isinstockbill', {
        billNo,
        billDate: '2026-11-20',
        customerCode: 'C1',
        warehouseCode: 'W1',
        type: '1',
        isReview: '1',
        remark: 'only the view shows this',
        details: numbered([
          { materialCode: 'M1', warehousePlaceCode: 'P1', unitCode: 'PCS', qty: '4' },
          { materialCode: 'M2', warehousePlaceCode: 'P2', unitCode: 'PCS', qty: '6' },
        ]),
      }),
      'bill',
    );
    const asked = must<{ instances: string[] }>(
      await api.action('isinstockbill', 'review', [String(saved.id)]),
      'review asks',
    );
    const id = String(asked.instances[0]);
    const seen = (await detailOf(approver, id)).bill as Row & { header: Row; lines: { rows: Row[] }[] };
    expect(seen).toMatchObject({
      entity: 'isinstockbill',
      entityLabel: '入库单',
      id: String(saved.id),
      billNo,
      action: 'review',
      actionLabel: '审核',
      readable: true,
      header: {
        billNo,
        billDate: '2026-11-20',
        customerCode: 'C1',
        warehouseCode: 'W1',
        totalQty: '10.0000',
        isReview: '1',
        streamStatus: '0',
      },
    });
    // The list's fields, not the rest of the record.
    expect(seen.header).not.toHaveProperty('remark');
    expect(seen.header).not.toHaveProperty('tenantId');
    expect(seen.lines).toHaveLength(1);
    expect(seen.lines[0]).toMatchObject({ key: 'details', entity: 'isinstockbilldetail' });
    expect(seen.lines[0]?.rows.map((l) => [l.materialCode, l.warehousePlaceCode, l.qty])).toEqual([
      ['M1', 'P1', '4.0000'],
      ['M2', 'P2', '6.0000'],
    ]);
    expect(seen.lines[0]?.rows[0]).not.toHaveProperty('tenantId');
    expect((await detailOf(approver, id, 'en')).bill).toMatchObject({
      entityLabel: 'Inbound bill',
      actionLabel: 'Review',
    });
    // A candidate without the bill's view right handles the task but reads no field of the bill.
    expect(await taskOf(blind, id)).toBeDefined();
    expect(
      (await blind.call('GET', '/api/bl-wms/isinstockbill/detail', { query: { id: String(saved.id) } }))
        .success,
    ).toBe(false);
    expect((await detailOf(blind, id)).bill).toEqual({
      entity: 'isinstockbill',
      entityLabel: '入库单',
      id: String(saved.id),
      billNo,
      action: 'review',
      actionLabel: '审核',
      readable: false,
      header: {},
      lines: [],
      form: [],
    });
    // A process started by hand stands for no bill.
    const leave = must<{ id: string }>(
      await api.call('POST', '/api/bl-flowable/process/start', {
        payload: { key: 'billApproval', variables: {} },
      }),
      'start',
    );
    expect((await detailOf(api, leave.id)).bill).toBeNull();
  });

  it("keeps a sorting review's people with its approval, checked when asked, and sets them when approved", async () => {
    for (const code of ['E1', 'E2'])
      must(await api.submit('employee', { code, name: `员工 ${code}` }), 'employee');
    must(
      await api.submit('isinstockbill', {
        billNo: nextBillNo('IN'),
        billDate: '2026-03-01',
        customerCode: 'C1',
        warehouseCode: 'W1',
        type: '2',
        isReview: '0',
        details: numbered([{ materialCode: 'M3', batchNo: 'S', warehousePlaceCode: 'P3', qty: '5' }]),
      }),
      'stock',
    );
    const out = must<Row>(
      await api.submit('osoutstockbill', {
        billNo: nextBillNo('OUT'),
        billDate: '2026-04-01',
        customerCode: 'C1',
        warehouseCode: 'W1',
        outTransferType: '1',
        isReview: '1',
        details: numbered([{ materialCode: 'M3', batchNo: 'S', qty: '3' }]),
      }),
      'outbound',
    );
    must(await api.action('osoutstockbill', 'review', [String(out.id)]), 'review outbound');
    must(await api.action('osoutstockbill', 'sort', [String(out.id)]), 'sort');
    const sorting = must<Page>(
      await api.call('GET', '/api/bl-wms/stocksortingbill/list', { query: { applyNo: String(out.billNo) } }),
      'sorting',
    ).records[0] as Row;
    const sortingId = String(sorting.id);
    must(await setting('stocksortingbill', 'review', 'billApproval'), 'setting');
    const review = (payload: Row, language = 'en') =>
      api.call('POST', '/api/bl-wms/stocksortingbill/review', {
        query: { ids: sortingId },
        payload,
        language,
      });
    // The form is checked when the approval is asked, as the review itself checks it.
    expect((await review({ scanPerson: 'E1' })).msg).toBe(
      `Bill ${sorting.billNo}: "Review" needs Checked by`,
    );
    expect((await review({ scanPerson: 'E1' }, 'zh')).msg).toBe(`单据 ${sorting.billNo}：审核需要填写复核人`);
    expect((await review({ scanPerson: 'E1', reviewPerson: 'NOPE' })).msg).toBe(
      'Checked by "NOPE" does not exist',
    );
    const running = async () => {
      const [row] = await test.database.withTenant('000000', (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int n from bl_wf_instance where business_id = ${sortingId} and status = 'running'`,
        ),
      );
      return row?.n;
    };
    expect(await running()).toBe(0);
    const asked = must<{ instances: string[] }>(
      await review({ scanPerson: 'E1', reviewPerson: 'E2' }),
      'asked',
    );
    const id = String(asked.instances[0]);
    expect(await bill('stocksortingbill', sortingId)).toMatchObject({
      state: '0',
      scanPerson: null,
      reviewPerson: null,
    });
    // The approver sees what was typed with the request.
    expect((await detailOf(approver, id)).bill).toMatchObject({
      readable: true,
      form: [
        { name: 'scanPerson', value: 'E1' },
        { name: 'reviewPerson', value: 'E2' },
      ],
    });
    const task = await taskOf(approver, id);
    must(
      await approver.call('POST', '/api/bl-flowable/task/complete', {
        payload: { id: String(task?.id), variables: {} },
      }),
      'approve',
    );
    expect(await bill('stocksortingbill', sortingId)).toMatchObject({
      state: '1',
      scanPerson: 'E1',
      reviewPerson: 'E2',
    });
    expect((await detailOf(api, id)).instance.status).toBe('completed');
  });
});
