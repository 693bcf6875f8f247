import type { Language } from '@bl/contract';
import { dicts } from '@bl/entities';
import { type EntityDefinition, entities, entityByName } from '@bl/entities/registry';
import * as XLSX from '@e965/xlsx';
import { and, count, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessageKey, translate } from '../src/i18n/messages.ts';
import { multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { SampleRecords } from './support/sample-records.ts';
import { type Answer, client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown>;
type Lock = NonNullable<EntityDefinition['flow']>['locks'][number];

/**
 * Every header that declares a lock and takes generic writes: the suite grows with the catalogue.
 * A read-only ledger (stock vouchers) has no generic write to refuse; its actions check its state.
 */
const lockedBills = entities.filter((e) => !e.readOnly && (e.flow?.locks.length ?? 0) > 0);
const lineEntities = entities.filter((e) => e.parent !== undefined && !e.readOnly);

/** The dictionaries of states that say a bill was reviewed, confirmed, posted or handled. */
const stateDicts = new Set(['isReview', 'streamStatus', 'billState', 'dnState', 'wavesStatus']);

const column = (entity: EntityDefinition, field: string) =>
  (getTableColumns(entity.table) as Record<string, PgColumn>)[field] as PgColumn;

/** A bill and its state as the messages name them. */
function lockParams(entity: EntityDefinition, lock: Lock, row: Row, language: Language) {
  const field = entity.fields.find((f) => f.name === lock.field);
  const value = String(row[lock.field]);
  const state = dicts[field?.dict as keyof typeof dicts].values.find((v) => v.value === value);
  return {
    bill: String(row[entity.titleField]),
    field: field?.label[language] ?? '',
    state: state?.label[language] ?? value,
  };
}

/** Lock tests derived from the catalogue: every declared lock, every generic write path. */
describe.each(testDrivers())('bill locks on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: ReturnType<typeof client>;
  let samples: SampleRecords;

  const call = (
    entity: EntityDefinition,
    action: 'submit' | 'remove',
    payload: Row | undefined,
    ids?: string,
  ): Promise<Answer> =>
    api.call('POST', `${entity.path}/${action}`, {
      payload,
      ...(ids !== undefined && { query: { ids } }),
      language: 'en',
    });

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    samples = new SampleRecords(async (entity, payload) => {
      const answer = await api.call('POST', `${entity.path}/submit`, { payload, language: 'en' });
      if (!answer.success) throw new Error(`${entity.name}: ${answer.msg}`);
      return answer.data as Row;
    });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  let masters: Promise<void> | undefined;
  const withMasterData = () => {
    masters ??= masterData(api.submit);
    return masters;
  };

  const detail = async (entity: EntityDefinition, id: string) => {
    const answer = await api.call('GET', `${entity.path}/detail`, { query: { id } });
    expect(answer.success, `${entity.name}: ${answer.msg}`).toBe(true);
    return answer.data as Row;
  };

  /** The stored rows of a header and of all its lines (deleted ones too), to see that nothing moved. */
  const stored = async (entity: EntityDefinition, id: string) => {
    const header = await test.database.db
      .select()
      .from(entity.table as PgTable)
      .where(eq(column(entity, 'id'), id));
    const lines: Row[][] = [];
    for (const child of entity.children) {
      const table = child.entity();
      lines.push(
        await test.database.db
          .select()
          .from(table.table as PgTable)
          .where(eq(column(table, child.parentField), id))
          .orderBy(column(table, 'id')),
      );
    }
    return { header, lines };
  };

  const setState = (entity: EntityDefinition, id: string, field: string, value: unknown) =>
    test.database.db
      .update(entity.table as PgTable)
      .set({ [field]: value })
      .where(eq(column(entity, 'id'), id));

  const sheet = (row: Row) => {
    const names = Object.keys(row);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([names, names.map((n) => row[n] as string | number)]),
      'Sheet1',
    );
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };

  it('every bill with a review, confirmation or posting state declares what locks it', () => {
    const stated = entities.filter(
      (e) => !e.parent && !e.readOnly && e.fields.some((f) => f.dict && stateDicts.has(f.dict)),
    );
    expect(stated.length).toBeGreaterThan(25);
    for (const entity of stated) {
      const lockedFields = new Set(entity.flow?.locks.map((l) => l.field));
      for (const field of entity.fields.filter((f) => f.dict && stateDicts.has(f.dict)))
        expect(lockedFields.has(field.name), `${entity.name}.${field.name} locks nothing`).toBe(true);
    }
    for (const entity of lockedBills) {
      for (const lock of entity.flow?.locks ?? []) {
        const field = entity.fields.find((f) => f.name === lock.field);
        const values = dicts[field?.dict as keyof typeof dicts].values.map((v) => v.value);
        // Every locking value is a state of the dictionary, and a new bill is never locked.
        expect(values, `${entity.name}.${lock.field}`).toEqual(expect.arrayContaining([...lock.values]));
        expect(lock.values, `${entity.name}.${lock.field}`).not.toContain(field?.defaultValue ?? '0');
        for (const key of [lock.editMessage, lock.removeMessage])
          if (key !== undefined) expect(translate(key as MessageKey, 'en'), entity.name).not.toBe(key);
      }
    }
  });

  it('the catalogue serves the locks of every bill, so screens offer no edit or delete the server refuses', async () => {
    const served = await api.call('GET', '/api/bl-system/catalogue');
    const byName = new Map(
      (served.data as { entities: { name: string; locks?: unknown }[] }).entities.map((e) => [
        e.name,
        e.locks,
      ]),
    );
    for (const entity of lockedBills)
      expect(byName.get(entity.name), entity.name).toEqual(
        entity.flow?.locks.map(({ field, values }) => ({ field, values })),
      );
    expect(byName.get('material')).toBeUndefined();
  });

  for (const entity of lockedBills) {
    it(`${entity.name}: locked, the header and its lines refuse every generic write; unlocked, they take them`, async () => {
      const made = await samples.create(entity);
      const id = String(made.id);
      const other = String((await samples.create(entity)).id);
      const original = await detail(entity, id);
      const otherDetail = await detail(entity, other);
      const refusals: [string, Answer, string][] = [];

      for (const lock of entity.flow?.locks ?? []) {
        const value = lock.values[0] as string;
        await setState(entity, id, lock.field, value);
        const bill = await detail(entity, id);
        const before = await stored(entity, id);
        const otherBefore = await stored(entity, other);
        const params = lockParams(entity, lock, bill, 'en');
        const headerMessage = (key: string | undefined) =>
          translate((key ?? 'bill.locked') as MessageKey, 'en', params);
        const linesMessage = translate('bill.linesLocked', 'en', params);
        const what = `${entity.name} ${lock.field}=${value}`;
        const expectRefused = (path: string, answer: Answer, message: string) => {
          expect(answer, `${what}: ${path}`).toMatchObject({ code: 400, success: false, msg: message });
          refusals.push([path, answer, message]);
        };

        expectRefused(
          'header submit',
          await call(entity, 'submit', { id, version: bill.version }),
          headerMessage(lock.editMessage),
        );
        expectRefused(
          'header submit with its lines',
          await call(entity, 'submit', {
            id,
            version: bill.version,
            ...Object.fromEntries(entity.children.map((c) => [c.key, bill[c.key]])),
          }),
          headerMessage(lock.editMessage),
        );
        expectRefused(
          'header remove',
          await call(entity, 'remove', undefined, id),
          headerMessage(lock.removeMessage),
        );

        for (const child of entity.children) {
          const lines = child.entity();
          const line = (bill[child.key] as Row[])[0] as Row;
          const otherLine = (otherDetail[child.key] as Row[])[0] as Row;
          const newLine = { ...(await samples.body(lines)), [child.parentField]: id };
          expectRefused(`${lines.name} create`, await call(lines, 'submit', newLine), linesMessage);
          expectRefused(
            `${lines.name} update`,
            await call(lines, 'submit', { id: line.id, version: line.version }),
            linesMessage,
          );
          expectRefused(
            `${lines.name} moved out`,
            await call(lines, 'submit', { id: line.id, version: line.version, [child.parentField]: other }),
            linesMessage,
          );
          expectRefused(
            `${lines.name} moved in`,
            await call(lines, 'submit', {
              id: otherLine.id,
              version: otherLine.version,
              [child.parentField]: id,
            }),
            linesMessage,
          );
          expectRefused(
            `${lines.name} remove`,
            await call(lines, 'remove', undefined, String(line.id)),
            linesMessage,
          );
          // Several lines at once, one of them under the locked bill: all or nothing.
          expectRefused(
            `${lines.name} remove with another bill's line`,
            await call(lines, 'remove', undefined, `${otherLine.id},${line.id}`),
            linesMessage,
          );
        }
        expect(await stored(entity, id), `${what}: stored rows`).toEqual(before);
        expect(await stored(entity, other), `${what}: the other bill`).toEqual(otherBefore);
        await setState(entity, id, lock.field, original[lock.field]);
      }
      expect(refusals.length).toBeGreaterThan(0);

      // An import cannot make a bill in a locking state: the state is no column of the sheet,
      // or (a review status chosen on the form) a locking value is refused.
      const lockedCount = async () => {
        const conditions = (entity.flow?.locks ?? []).map((lock) =>
          inArray(column(entity, lock.field), [...lock.values]),
        );
        const [row] = await test.database.db
          .select({ n: count() })
          .from(entity.table as PgTable)
          .where(and(eq(column(entity, 'isDeleted'), 0), or(...conditions)));
        return row?.n;
      };
      const lockedBefore = await lockedCount();
      const header = await samples.body(entity);
      const scalar = Object.fromEntries(
        Object.entries(header).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
      );
      for (const lock of entity.flow?.locks ?? []) {
        const form = multipart(
          'bills.xlsx',
          sheet({ ...scalar, billNo: nextBillNo('IMP'), [lock.field]: lock.values[0] }),
        );
        const answer = await app.inject({
          method: 'POST',
          url: `${entity.path}/import`,
          headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'content-type': form.contentType },
          payload: form.payload,
        });
        expect(answer.statusCode, `${entity.name} import`).toBeLessThan(500);
      }
      expect(await lockedCount(), `${entity.name}: locked bills after imports`).toBe(lockedBefore);

      // Unlocked again, every path takes its write.
      const accepted = async (path: string, answer: Answer) =>
        expect(answer, `${entity.name} unlocked: ${path}`).toMatchObject({ success: true });
      let bill = await detail(entity, id);
      await accepted('header submit', await call(entity, 'submit', { id, version: bill.version }));
      bill = await detail(entity, id);
      await accepted(
        'header submit with its lines',
        await call(entity, 'submit', {
          id,
          version: bill.version,
          ...Object.fromEntries(entity.children.map((c) => [c.key, bill[c.key]])),
        }),
      );
      bill = await detail(entity, id);
      for (const child of entity.children) {
        const lines = child.entity();
        const line = (bill[child.key] as Row[])[0] as Row;
        const newLine = { ...(await samples.body(lines)), [child.parentField]: id };
        const created = await call(lines, 'submit', newLine);
        await accepted(`${lines.name} create`, created);
        expect((created.data as Row)[child.parentField], entity.name).toBe(id);
        await accepted(
          `${lines.name} update`,
          await call(lines, 'submit', { id: line.id, version: line.version }),
        );
        const moved = await call(lines, 'submit', {
          id: line.id,
          version: Number(line.version) + 1,
          [child.parentField]: other,
        });
        await accepted(`${lines.name} moved`, moved);
        expect((moved.data as Row)[child.parentField], entity.name).toBe(other);
        await accepted(
          `${lines.name} remove`,
          await call(lines, 'remove', undefined, String((created.data as Row).id)),
        );
      }
      await accepted('header remove', await call(entity, 'remove', undefined, `${id},${other}`));
    }, 120_000);
  }

  it('a line written without its header, or with one it cannot see, is a 400 naming the header', async () => {
    const otherTenant = await tokensOf(app, '100000');
    const foreign = client(app, () => otherTenant.accessToken);
    for (const lines of lineEntities) {
      const owner = entityByName.get(lines.parent as string) as EntityDefinition;
      const child = owner.children.find((c) => c.entity() === lines);
      const parentField = child?.parentField as string;
      const line = await samples.body(lines);
      const message = translate('bill.headerMissing', 'en', {
        lines: lines.label.en,
        header: owner.label.en,
        key: parentField,
      });
      const header = await samples.first(owner);
      for (const parent of [undefined, '', 'abc', '123456789012', { id: 1 }]) {
        const answer = await call(lines, 'submit', { ...line, [parentField]: parent });
        expect(answer, `${lines.name} ${JSON.stringify(parent)}`).toMatchObject({ code: 400, msg: message });
      }
      // The other tenant's header is no header at all for this one.
      // Lines have no import of their own (an import only creates): they come in with their bill.
      const form = multipart('lines.xlsx', sheet({ [parentField]: String(header.id), materialCode: 'M1' }));
      const imported = await app.inject({
        method: 'POST',
        url: `${lines.path}/import`,
        headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(imported.statusCode, `${lines.name} import`).toBe(404);
      const theirs = await foreign.call('POST', `${lines.path}/submit`, {
        payload: { ...line, [parentField]: header.id },
        language: 'en',
      });
      expect(theirs, `${lines.name} across tenants`).toMatchObject({ code: 400, msg: message });
    }
  }, 120_000);

  it('a posted inbound bill: its lines refuse submit and remove, and the bill can still be un-reviewed', async () => {
    await withMasterData();
    const inbound = entityByName.get('isinstockbill') as EntityDefinition;
    const lines = entityByName.get('isinstockbilldetail') as EntityDefinition;
    const created = await api.submit(
      'isinstockbill',
      {
        billNo: nextBillNo('IN'),
        billDate: '2026-03-01',
        customerCode: 'C1',
        type: '2',
        details: [{ materialCode: 'M1', warehousePlaceCode: 'P1', qty: '4' }],
      },
      'en',
    );
    expect(created.success, created.msg).toBe(true);
    const bill = created.data as Row & { details: Row[] };
    expect((await api.action('isinstockbill', 'review', [String(bill.id)])).success).toBe(true);
    const line = bill.details[0] as Row;
    const before = await stored(inbound, String(bill.id));
    const linesMessage = (language: Language) =>
      translate('bill.linesLocked', language, {
        bill: String(bill.billNo),
        field: inbound.fields.find((f) => f.name === 'streamStatus')?.label[language] ?? '',
        state: dicts.streamStatus.values.find((v) => v.value === '1')?.label[language] ?? '',
      });
    const edit = await api.call('POST', `${lines.path}/submit`, {
      payload: { id: line.id, version: line.version, qty: '400' },
      language: 'en',
    });
    expect(edit).toMatchObject({ code: 400, msg: linesMessage('en') });
    expect(edit.msg).toBe(
      `The lines of bill ${bill.billNo} cannot be added, changed or deleted: its Posting is "Posted"`,
    );
    const add = await api.call('POST', `${lines.path}/submit`, {
      payload: { headerId: bill.id, materialCode: 'M2', qty: '1' },
      language: 'zh',
    });
    expect(add).toMatchObject({ code: 400, msg: linesMessage('zh') });
    const remove = await api.call('POST', `${lines.path}/remove`, {
      query: { ids: String(line.id) },
      language: 'mo',
    });
    expect(remove).toMatchObject({ code: 400, msg: linesMessage('mo') });
    expect(await stored(inbound, String(bill.id))).toEqual(before);
    const unreviewed = await api.action('isinstockbill', 'unreview', [String(bill.id)], 'en');
    expect(unreviewed.msg).toBe('operation success !');
    // Un-reviewed, the line may change again.
    const again = await api.call('POST', `${lines.path}/submit`, {
      payload: { id: line.id, version: line.version, qty: '5' },
      language: 'en',
    });
    expect(again.success, again.msg).toBe(true);
  });
  it('a line edit racing the review of its bill: either the edit lands before the posting or it is refused', async () => {
    await withMasterData();
    const linesPath = entityByName.get('isinstockbilldetail')?.path as string;
    for (let round = 0; round < 6; round += 1) {
      const created = await api.submit('isinstockbill', {
        billNo: nextBillNo('RACE'),
        billDate: '2026-03-02',
        customerCode: 'C1',
        type: '2',
        details: [{ materialCode: 'M2', warehousePlaceCode: 'P2', qty: '4' }],
      });
      const bill = created.data as Row & { details: Row[] };
      const line = bill.details[0] as Row;
      const [edit, review] = await Promise.all([
        api.call('POST', `${linesPath}/submit`, {
          payload: { id: line.id, version: line.version, qty: '5' },
          language: 'en',
        }),
        api.action('isinstockbill', 'review', [String(bill.id)], 'en'),
      ]);
      expect(review.msg).toBe('operation success !');
      const stream = await api.call('GET', '/api/bl-wms/stockstream/list', {
        query: { billNo: String(bill.billNo) },
      });
      const posted = (stream.data as { records: Row[] }).records.map((r) => Number(r.qty));
      const stored = (await api.call('GET', `${linesPath}/detail`, { query: { id: String(line.id) } }))
        .data as Row;
      // The posting is what the line says, whichever came first.
      expect(posted, `round ${round}: ${edit.msg}`).toEqual([Number(stored.qty)]);
      expect(Number(stored.qty)).toBe(edit.success ? 5 : 4);
      if (!edit.success) expect(edit.msg).toContain(`The lines of bill ${bill.billNo} cannot be`);
    }
  });
});
