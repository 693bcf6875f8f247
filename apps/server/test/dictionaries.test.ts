import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string };
interface Entry {
  dictKey: string;
  dictValue: string;
  children: Entry[];
}

describe.each(testDrivers())('dictionaries served to dropdowns on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${options.token ?? admin.accessToken}` },
    });
  const save = async (payload: Record<string, unknown>) => {
    const answer = await call('POST', '/api/bl-system/dict/submit', { payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<Row>(answer).data;
  };

  it('lists a dictionary’s live entries in order, flat and as a tree, to any signed-in user', async () => {
    const root = await save({ code: 'damageReason', dictKey: '-1', dictValue: '破损原因', sort: 0 });
    const box = await save({
      code: 'damageReason',
      dictKey: 'box',
      dictValue: '外箱破损',
      sort: 2,
      parentId: root.id,
    });
    await save({ code: 'damageReason', dictKey: 'wet', dictValue: '受潮', sort: 1, parentId: root.id });
    await save({
      code: 'damageReason',
      dictKey: 'boxCorner',
      dictValue: '箱角压扁',
      sort: 1,
      parentId: box.id,
    });
    const gone = await save({
      code: 'damageReason',
      dictKey: 'old',
      dictValue: '旧原因',
      sort: 3,
      parentId: root.id,
    });
    await call('POST', '/api/bl-system/dict/remove', { query: { ids: gone.id } });

    const clerk = await createUserAndSignIn(app, test.database, {
      account: 'dictreader',
      roleId: await createRole(test.database, { roleAlias: 'dictreader', buttons: ['material_view'] }),
    });
    const flat = body<Entry[]>(
      await call('GET', '/api/bl-system/dict/dictionary', { query: { code: 'damageReason' }, token: clerk }),
    ).data;
    expect(flat.map((e) => e.dictKey)).toEqual(['boxCorner', 'wet', 'box']);
    const tree = body<Entry[]>(
      await call('GET', '/api/bl-system/dict/dictionary-tree', {
        query: { code: 'damageReason' },
        token: clerk,
      }),
    ).data;
    expect(tree.map((e) => [e.dictKey, e.children.map((c) => c.dictKey)])).toEqual([
      ['wet', []],
      ['box', ['boxCorner']],
    ]);
    // Another tenant has its own dictionaries.
    const other = await tokensOf(app, '100000');
    const theirs = body<Entry[]>(
      await call('GET', '/api/bl-system/dict/dictionary', {
        query: { code: 'damageReason' },
        token: other.accessToken,
      }),
    ).data;
    expect(theirs).toEqual([]);
  });
});
