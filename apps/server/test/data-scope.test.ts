import type { Page } from '@bl/contract';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/db/schema/index.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

/** Data scopes (spec 02 §3.11) with users in a department tree A > A1 > A11, and B. */
describe.each(testDrivers())('data scope on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  const token: Record<string, string> = {};
  const materialOf: Record<string, Row> = {};
  const people = { ua: 'A', ua1: 'A1', ua11: 'A11', ub: 'B' } as const;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    as: string,
    options: { query?: Record<string, string>; payload?: unknown } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-auth': `bearer ${as}` },
    });
  const codesSeenBy = async (who: keyof typeof people) => {
    const page = body<Page<Row>>(
      await call('GET', '/api/bl-wms/material/list', token[who] as string, {
        query: { code: 'DS-', ascs: 'code' },
      }),
    );
    expect(page.success, page.msg).toBe(true);
    return page.data.records.map((r) => r.code);
  };
  let scopeRow: Row | undefined;
  const setScope = async (scopeType: string, scopeValue = '') => {
    const payload = {
      scopeName: 'keeper material',
      resourceCode: 'material',
      roleAlias: 'keeper',
      scopeType,
      scopeValue,
    };
    const answer = body<Row>(
      await call('POST', '/api/bl-system/datascope/submit', admin.accessToken, {
        payload: scopeRow ? { ...payload, id: scopeRow.id, version: scopeRow.version } : payload,
      }),
    );
    expect(answer.success, answer.msg).toBe(true);
    scopeRow = answer.data;
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    const deptId: Record<string, string> = {};
    for (const [code, parentCode] of [
      ['A', ''],
      ['A1', 'A'],
      ['A11', 'A1'],
      ['B', ''],
    ]) {
      const dept = await call('POST', '/api/bl-system/dept/submit', admin.accessToken, {
        payload: {
          code,
          parentCode,
          deptName: `部门${code}`,
          fullName: `部门${code}`,
          deptCategory: '2',
          sort: 1,
        },
      });
      expect(body(dept).success, body(dept).msg).toBe(true);
      deptId[code as string] = body<Row>(dept).data.id;
    }
    await call('POST', '/api/bl-wms/unit/submit', admin.accessToken, {
      payload: { code: 'PCS', name: '件' },
    });
    const roleId = await createRole(test.database, {
      roleAlias: 'keeper',
      buttons: ['material_view', 'material_add', 'material_delete', 'material_export'],
    });
    for (const [account, dept] of Object.entries(people)) {
      token[account] = await createUserAndSignIn(app, test.database, {
        account,
        roleId,
        deptId: deptId[dept],
      });
      const made = await call('POST', '/api/bl-wms/material/submit', token[account] as string, {
        payload: { code: `DS-${dept}`, name: `物料${dept}`, unitCode: 'PCS' },
      });
      expect(body(made).success, body(made).msg).toBe(true);
      materialOf[account] = body<Row>(made).data;
      expect(materialOf[account]?.createDept).toBe(deptId[dept]);
    }
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('without a scope a role sees every row', async () => {
    expect(await codesSeenBy('ua')).toEqual(['DS-A', 'DS-A1', 'DS-A11', 'DS-B']);
  });

  it('2 own data: each user sees what they made', async () => {
    await setScope('2');
    expect(await codesSeenBy('ua')).toEqual(['DS-A']);
    expect(await codesSeenBy('ub')).toEqual(['DS-B']);
  });

  it('3 own department', async () => {
    await setScope('3');
    expect(await codesSeenBy('ua1')).toEqual(['DS-A1']);
  });

  it('4 own department and its sub-departments', async () => {
    await setScope('4');
    expect(await codesSeenBy('ua')).toEqual(['DS-A', 'DS-A1', 'DS-A11']);
    expect(await codesSeenBy('ua1')).toEqual(['DS-A1', 'DS-A11']);
    expect(await codesSeenBy('ub')).toEqual(['DS-B']);
  });

  it('5 custom departments', async () => {
    await setScope('5', 'B,A11');
    expect(await codesSeenBy('ua')).toEqual(['DS-A11', 'DS-B']);
  });

  it('applies to detail, delete and export too, and never to administrators', async () => {
    await setScope('2');
    const theirs = materialOf.ub as Row;
    expect(
      (await call('GET', '/api/bl-wms/material/detail', token.ua as string, { query: { id: theirs.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/bl-wms/material/remove', token.ua as string, { query: { ids: theirs.id } }))
        .statusCode,
    ).toBe(404);
    const exported = await call('GET', '/api/bl-wms/material/export', token.ua as string, {
      query: { code: 'DS-' },
    });
    expect(exported.statusCode).toBe(200);
    const book = XLSX.read(exported.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(
      book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet,
      {
        header: 1,
      },
    );
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]).toContain('DS-A');
    const adminCodes = body<Page<Row>>(
      await call('GET', '/api/bl-wms/material/list', admin.accessToken, { query: { code: 'DS-' } }),
    ).data.total;
    expect(adminCodes).toBe(4);
    await setScope('1');
    expect(await codesSeenBy('ua')).toEqual(['DS-A', 'DS-A1', 'DS-A11', 'DS-B']);
    const stillThere = await test.database.withTenant('000000', (tx) =>
      tx.select().from(user).where(eq(user.account, 'ub')),
    );
    expect(stillThere).toHaveLength(1);
  });
});
