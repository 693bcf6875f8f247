import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../src/db/database.ts';
import { body, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client } from './support/wms.ts';

/**
 * Issue 14, point 4: screens name what a code refers to. `POST {entity}/names` answers the
 * names of a page's references in one query per referenced entity, within the tenant's walls.
 */
describe.each(testDrivers())('reference names on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  let other: string;
  /** Tables read with `select … from`, while counting is on. */
  let reads: string[] | undefined;

  /** The database with each transaction's `select(…).from(table)` noted while `reads` is set. */
  const counted = (database: Database): Database => ({
    ...database,
    withTenant: (tenantId, work) =>
      database.withTenant(tenantId, (tx) => {
        if (!reads) return work(tx);
        const noted = reads;
        const select = ((...args: Parameters<Tx['select']>) => {
          const builder = tx.select(...args);
          const from = builder.from.bind(builder);
          return Object.assign(builder, {
            from: (table: PgTable) => {
              noted.push(getTableName(table));
              return from(table);
            },
          });
        }) as Tx['select'];
        return work(new Proxy(tx, { get: (t, key) => (key === 'select' ? select : Reflect.get(t, key)) }));
      }),
  });

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(counted(test.database));
    admin = (await tokensOf(app, '000000')).accessToken;
    other = (await tokensOf(app, '100000')).accessToken;
    const ours = client(app, () => admin).submit;
    const theirs = client(app, () => other).submit;
    const must = async (answer: Promise<{ success: boolean; msg: string }>) => {
      const done = await answer;
      if (!done.success) throw new Error(done.msg);
    };
    await must(ours('unit', { code: 'PCS', name: '件', rate: '1' }));
    for (let n = 1; n <= 120; n++) {
      const code = `M${String(n).padStart(3, '0')}`;
      await must(ours('material', { code, name: `螺丝 M${n}`, unitCode: 'PCS' }));
    }
    // The other tenant has a material of the same code and one of its own.
    await must(theirs('unit', { code: 'PCS', name: '件', rate: '1' }));
    await must(theirs('material', { code: 'M001', name: '别家的螺丝', unitCode: 'PCS' }));
    await must(theirs('material', { code: 'X900', name: '别家独有', unitCode: 'PCS' }));
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const names = async (token: string, payload: unknown, language = 'en') => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bl-wms/material/names',
      payload: payload as never,
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': language },
    });
    return { status: response.statusCode, answer: body<Record<string, string>>(response) };
  };

  it('names a page of codes in one query of the referenced table', async () => {
    const codes = Array.from({ length: 120 }, (_v, n) => `M${String(n + 1).padStart(3, '0')}`);
    reads = [];
    const { status, answer } = await names(admin, { by: 'code', label: 'name', values: [...codes, 'NONE'] });
    const materialReads = reads.filter((table) => table === 'bl_material').length;
    reads = undefined;
    expect(status).toBe(200);
    expect(answer).toMatchObject({ code: 200, success: true });
    expect(Object.keys(answer.data)).toHaveLength(120);
    expect(answer.data.M001).toBe('螺丝 M1');
    expect(answer.data.M120).toBe('螺丝 M120');
    // A code nobody has is left out: the screen shows the code alone.
    expect(answer.data).not.toHaveProperty('NONE');
    // No N+1: 121 values, one read of the material table.
    expect(materialReads).toBe(1);
  });

  it('never names another tenant’s records', async () => {
    const ours = await names(admin, { by: 'code', label: 'name', values: ['M001', 'X900'] });
    expect(ours.answer.data).toEqual({ M001: '螺丝 M1' });
    const theirs = await names(other, { by: 'code', label: 'name', values: ['M001', 'M002', 'X900'] });
    expect(theirs.answer.data).toEqual({ M001: '别家的螺丝', X900: '别家独有' });
  });

  it('answers only the pairs references declare, with a message in the caller’s language', async () => {
    const secret = await names(admin, { by: 'code', label: 'tenantId', values: ['M001'] }, 'en');
    expect(secret.status).toBe(400);
    expect(secret.answer.msg).toBe('No reference names these records by code with tenantId');
    const zh = await names(admin, { by: 'name', label: 'code', values: ['螺丝 M1'] }, 'zh');
    expect(zh.answer.msg).toBe('没有按 name 以 code 命名此记录的引用');
    const tooMany = await names(admin, {
      by: 'code',
      label: 'name',
      values: Array.from({ length: 501 }, (_v, n) => `C${n}`),
    });
    expect(tooMany.status).toBe(400);
  });
});
