import type { Language } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string };

/** A tenant's wording of product texts (`language`, issue 33, ADR 0042). */
describe.each(testDrivers())("a tenant's own wording of product texts on %s", (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let operator: Tokens;
  let other: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    operator = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string; language?: Language } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-language': options.language ?? 'zh',
        'blade-auth': `bearer ${options.token ?? operator.accessToken}`,
      },
    });
  const save = async (payload: Record<string, unknown>) => {
    const answer = await call('POST', '/api/bl-develop/language/submit', { payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<Row>(answer).data;
  };
  const texts = async (lang: Language, token = operator.accessToken) =>
    body<Record<string, string>>(
      await call('GET', '/api/bl-develop/language/texts', { query: { lang }, token }),
    ).data;

  it("answers in the tenant's words, its own tenant only, and its product words once removed", async () => {
    const done = await save({ messageKey: 'ok', lang: 'zh', messageValue: '办好了' });
    await save({ messageKey: 'crud.save', lang: 'en', messageValue: 'Keep' });

    // The next answer of any kind reads the tenant's word for "operation success".
    const listed = await call('GET', '/api/bl-develop/language/list');
    expect(body(listed).msg).toBe('办好了');
    // In another language the product's own words stand; so for another tenant.
    expect(body(await call('GET', '/api/bl-develop/language/list', { language: 'en' })).msg).toBe(
      'operation success !',
    );
    expect(body(await call('GET', '/api/bl-develop/language/list', { token: other.accessToken })).msg).toBe(
      '操作成功',
    );

    // The web app's texts come per language, server and web keys alike.
    expect(await texts('zh')).toEqual({ ok: '办好了' });
    expect(await texts('en')).toEqual({ 'crud.save': 'Keep' });
    expect(await texts('mo')).toEqual({});
    expect(await texts('zh', other.accessToken)).toEqual({});

    // Any signed-in user reads them (they are the words of the screens), not only the builder.
    const clerk = await createUserAndSignIn(app, test.database, {
      account: 'textreader',
      roleId: await createRole(test.database, { roleAlias: 'textreader', buttons: ['material_view'] }),
    });
    expect(await texts('zh', clerk)).toEqual({ ok: '办好了' });
    expect(body(await call('GET', '/api/bl-wms/material/list', { token: clerk })).msg).toBe('办好了');

    await call('POST', '/api/bl-develop/language/remove', { query: { ids: done.id } });
    expect(await texts('zh')).toEqual({});
    expect(body(await call('GET', '/api/bl-develop/language/list')).msg).toBe('操作成功');
  });

  it('fills a refusal in the words the tenant chose, with its details', async () => {
    await save({ messageKey: 'language.duplicate', lang: 'en', messageValue: 'Twice: {key} / {lang}' });
    await save({ messageKey: 'crud.notFound', lang: 'en', messageValue: 'No {entity} here' });
    const again = await call('POST', '/api/bl-develop/language/submit', {
      payload: { messageKey: 'crud.notFound', lang: 'en', messageValue: 'Nothing' },
      language: 'en',
    });
    expect(body(again).msg).toBe('Twice: crud.notFound / en');
    const missing = await call('GET', '/api/bl-develop/language/detail', {
      query: { id: '1234567890123' },
      language: 'en',
    });
    expect(body(missing).msg).toBe('No Page texts here');
  });

  it.each([
    ['zh', '文本“ok”含有系统不会填写的占位符 {who}；可用的占位符：无'],
    ['mo', '文字「ok」含有系統不會填寫的佔位符 {who}；可用的佔位符：無'],
    ['en', 'Text "ok" has placeholders the system does not fill: {who}; the ones it fills: none'],
  ] as const)(
    'refuses placeholders the server never fills and keys of no shape (%s)',
    async (language, words) => {
      const refused = await call('POST', '/api/bl-develop/language/submit', {
        payload: { messageKey: 'ok', lang: 'mo', messageValue: '好了 {who}' },
        language,
      });
      expect(body(refused).success).toBe(false);
      expect(body(refused).msg).toBe(words);
      const filled = await call('POST', '/api/bl-develop/language/submit', {
        payload: { messageKey: 'language.badKey', lang: 'mo', messageValue: '鍵 {key} {what}' },
        language,
      });
      expect(body(filled).msg).toContain('{what}');
      expect(body(filled).msg).toContain('{key}');
      const badKey = await call('POST', '/api/bl-develop/language/submit', {
        payload: { messageKey: '1 bad key', lang: 'mo', messageValue: 'x' },
        language,
      });
      expect(body(badKey).success).toBe(false);
      expect(body(badKey).msg).toContain('1 bad key');
      // Nothing of the refused rows was kept.
      const rows = body<{ records: Row[] }>(
        await call('GET', '/api/bl-develop/language/list', { query: { lang_equal: 'mo' } }),
      ).data.records;
      expect(rows).toEqual([]);
    },
  );
});
