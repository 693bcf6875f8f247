import { entities } from '@bl/entities/registry';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { type Answer, client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown>;

/** Every declared action of every bill: the suite grows with the declarations. */
const declared = entities.flatMap((entity) =>
  Object.keys(entity.flow?.actions ?? {}).map((action) => ({ entity, action })),
);

/** The flow engine (docs/adr/0016-bill-flows.md), checked from the declarations. */
describe.each(testDrivers())('bill flows on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: ReturnType<typeof client>;
  let clerk: ReturnType<typeof client>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    // A clerk who may add and view inbound bills, but holds none of their action buttons.
    const roleId = await createRole(test.database, {
      roleAlias: 'flowclerk',
      buttons: ['isinstockbill_add', 'isinstockbill_view'],
    });
    const token = await createUserAndSignIn(app, test.database, { account: 'flowclerk', roleId });
    clerk = client(app, () => token);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('every declared action has its route behind its own button, and names a missing bill', async () => {
    expect(declared.length).toBeGreaterThan(10);
    for (const { entity, action } of declared) {
      const url = `${entity.path}/${action}`;
      const forbidden = await clerk.call('POST', url, { query: { ids: '1' }, language: 'en' });
      expect(forbidden.code, `${url} without its button`).toBe(403);
      const missing = await api.call('POST', url, { query: { ids: '1' }, language: 'en' });
      expect(missing.code, `${url} of a bill that is not there`).toBe(404);
      expect(missing.msg).toContain(entity.label.en);
    }
  });

  it('an action writes its declared state and one operation-log entry per bill, naming the action', async () => {
    const saved = await api.submit('isinstockbill', {
      billNo: nextBillNo('FLOW'),
      billDate: '2026-11-20',
      customerCode: 'C1',
      warehouseCode: 'W1',
      type: '1',
      isReview: '1',
      details: [{ materialCode: 'M1', warehousePlaceCode: 'P1', unitCode: 'PCS', qty: '3' }],
    });
    expect(saved.success, saved.msg).toBe(true);
    const bill = saved.data as Row;
    const reviewed = await api.action('isinstockbill', 'review', [String(bill.id)], 'en');
    expect(reviewed).toMatchObject({ success: true, data: { reviewed: 1 } });
    const detail = (
      await api.call('GET', '/api/bl-wms/isinstockbill/detail', { query: { id: String(bill.id) } })
    ).data as Row;
    expect(detail).toMatchObject({ isReview: '2', streamStatus: '1' });
    expect(detail.auditUser).toBeTruthy();

    const log = (await api.call('GET', '/api/bl-system/auditlog/list', {
      query: { entityName: 'isinstockbill', recordId: String(bill.id), size: '20' },
    })) as Answer & { data: { records: Row[] } };
    const entry = log.data.records.find((r) => r.action === 'review');
    expect(entry, 'the review is in the operation log').toBeDefined();
    expect(entry?.title).toBe(bill.billNo);
    expect(JSON.parse(String(entry?.changes))).toMatchObject({
      isReview: ['1', '2'],
      streamStatus: ['0', '1'],
    });

    // The same action again is refused in the bill's own wording, and nothing is logged twice.
    const again = await api.action('isinstockbill', 'review', [String(bill.id)], 'en');
    expect(again.success).toBe(false);
    expect(again.msg).toContain(String(bill.billNo));
    const after = (await api.call('GET', '/api/bl-system/auditlog/list', {
      query: { entityName: 'isinstockbill', recordId: String(bill.id), size: '20' },
    })) as Answer & { data: { records: Row[] } };
    expect(after.data.records.filter((r) => r.action === 'review')).toHaveLength(1);

    const unreviewed = await api.action('isinstockbill', 'unreview', [String(bill.id)], 'en');
    expect(unreviewed).toMatchObject({ success: true, data: { unreviewed: 1 } });
  });

  it('a state the declaration does not accept is refused naming the bill', async () => {
    const saved = await api.submit('loadbill', {
      billNo: nextBillNo('LOAD'),
      carNo: '粤B12345',
      billDate: '2026-11-20',
      customerCode: 'C1',
      warehouseCode: 'W1',
      details: [{ materialCode: 'M1', unitCode: 'PCS', qty: '1' }],
    });
    expect(saved.success, saved.msg).toBe(true);
    const id = String((saved.data as Row).id);
    // Un-review of a bill never loaded: the loading bill keeps its own wording.
    const refused = await api.action('loadbill', 'unreview', [id], 'en');
    expect(refused.success).toBe(false);
    expect(refused.msg).toContain((saved.data as Row).billNo as string);
  });

  it('serves each bill its actions, labels and accepted states with the catalogue', async () => {
    const catalogue = (await api.call('GET', '/api/bl-system/catalogue')).data as {
      entities: { name: string; flowActions?: { name: string; when?: Row; label: Row }[]; status?: string }[];
    };
    const inbound = catalogue.entities.find((e) => e.name === 'isinstockbill');
    expect(inbound?.status).toBe('isReview');
    expect(inbound?.flowActions?.map((a) => a.name)).toEqual(['review', 'unreview']);
    expect(inbound?.flowActions?.[1]).toMatchObject({
      when: { streamStatus: ['1'] },
      label: { en: 'Un-review' },
    });
    // An action's form, asked once for several bills and kept off them (issue 29, 7 and 8).
    const form = (entity: string, action: string) =>
      (
        catalogue.entities.find((e) => e.name === entity)?.flowActions as
          | { name: string; form?: Row }[]
          | undefined
      )?.find((a) => a.name === action)?.form;
    expect(form('osoutstockbill', 'load')).toEqual({
      fields: ['carNo', 'driverName', 'driverPhone'],
      required: ['carNo'],
      several: true,
      write: false,
    });
    expect(form('stocksortingbill', 'review')).toEqual({
      fields: ['scanPerson', 'reviewPerson'],
      required: ['scanPerson', 'reviewPerson'],
      several: true,
    });
  });
});
