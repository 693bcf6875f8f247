import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from '../support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/databases.ts';

/**
 * Issue 13, defect 4: each bad input the attack run turned into a 500 is a 400 whose message,
 * in the caller's language, names what is wrong.
 */
describe.each(testDrivers())('bad input on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    // A route that hands PostgreSQL what it refuses, as a route missing its validation would.
    app.get('/api/test/unvalidated', async (request) => {
      const { value } = request.query as { value: string };
      return test.database.withTenant('000000', (tx) => tx.execute(sql`select ${value}::bigint as n`));
    });
    admin = await tokensOf(app);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, language = 'en') =>
    app.inject({
      method,
      url,
      headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'blade-language': language },
      ...(payload !== undefined && { payload: payload as never }),
    });
  const expect400 = async (answer: ReturnType<typeof call>, message: string | RegExp) => {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(400);
    expect(body(response).msg).toMatch(message);
  };

  it('refuses ids between 2^63 and 19 nines, on generic and bespoke routes alike', async () => {
    for (const id of ['9223372036854775808', '9999999999999999999']) {
      await expect400(call('GET', `/api/bl-wms/material/detail?id=${id}`), /^Invalid request: id: /);
      await expect400(call('POST', `/api/bl-wms/material/remove?ids=1,${id}`), `Malformed ids: ${id}`);
      await expect400(
        call('POST', '/api/bl-wms/material/submit', { id, version: 1 }),
        `Malformed ids: ${id}`,
      );
      await expect400(call('POST', `/api/bl-wms/isinstockbill/review?ids=${id}`), `Malformed ids: ${id}`);
      await expect400(call('GET', `/api/bl-system/role/granted?roleId=${id}`), /roleId/);
      await expect400(
        call('GET', `/api/bl-wms/material/list?id_equal=${id}`),
        'Invalid filter: ID is not a valid id',
      );
    }
    // The largest id is an id: not found, not refused.
    expect((await call('GET', '/api/bl-wms/material/detail?id=9223372036854775807')).statusCode).toBe(404);
  });

  it('refuses pages whose offset would overflow or be Infinity', async () => {
    const paging = 'Invalid paging: current is 1 to 1000000, size is 1 to 500';
    await expect400(call('GET', '/api/bl-wms/material/list?current=1e17&size=500'), paging);
    await expect400(call('GET', '/api/bl-wms/material/list?current=1e308'), paging);
    await expect400(call('GET', '/api/bl-wms/material/list?current=Infinity'), paging);
    await expect400(call('GET', '/api/bl-wms/report/stockDetail/list?current=1e17&size=500'), paging);
    expect((await call('GET', '/api/bl-wms/material/list?current=1000000&size=500')).statusCode).toBe(200);
  });

  it('refuses NUL characters in text fields, filters and any other parameter, naming it', async () => {
    await expect400(
      call('POST', '/api/bl-wms/unit/submit', { code: 'U\u0000', name: 'x' }),
      'Invalid request: code contains a character that is not allowed (NUL)',
    );
    await expect400(
      call('GET', '/api/bl-wms/material/list?name_like=a%00b', undefined, 'zh'),
      '参数错误：name_like含有不允许的字符（NUL）',
    );
    await expect400(
      call('POST', '/api/bl-system/user/update-info', { name: 'x', realName: 'a\u0000' }, 'mo'),
      '參數錯誤：realName含有不允許的字元（NUL）',
    );
    await expect400(
      call('POST', '/api/bl-wms/isinstockbill/submit', { details: [{ remark: '\u0000' }] }),
      'details.0.remark contains a character',
    );
  });

  it('allows a decimal the integer digits its column holds, not more', async () => {
    const unit = await call('POST', '/api/bl-wms/unit/submit', { code: 'KG', name: 'kg' });
    expect(unit.statusCode, unit.body).toBe(200);
    const material = { code: 'M1', name: 'm', unitCode: 'KG' };
    await expect400(
      call('POST', '/api/bl-wms/material/submit', { ...material, price: '123456789012345' }),
      'Unit price allows at most 14 digits before the point',
    );
    await expect400(
      call('POST', '/api/bl-wms/material/submit', { ...material, shelfLife: 2 ** 40 }),
      'Shelf life (days) must be at most 36500',
    );
    await expect400(
      call('POST', '/api/bl-wms/material/submit', { ...material, unitCode: 'K'.repeat(33) }),
      'Base unit must be at most 32 characters',
    );
    const saved = await call('POST', '/api/bl-wms/material/submit', {
      ...material,
      price: '12345678901234.5678',
    });
    expect(body<{ price: string }>(saved).data.price).toBe('12345678901234.5678');
  });

  it('answers what PostgreSQL still refuses as a 400 in the caller’s language, as the last line', async () => {
    await expect400(
      call('GET', '/api/test/unvalidated?value=9223372036854775808'),
      'Invalid request: a number is out of range',
    );
    await expect400(call('GET', '/api/test/unvalidated?value=abc', undefined, 'zh'), '参数错误：格式不正确');
  });
});
