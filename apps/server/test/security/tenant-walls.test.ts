import type { Page } from '@bl/contract';
import { entities } from '@bl/entities/registry';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedHeaders } from '../../../../scripts/device-simulator.mjs';
import { queryRows } from '../../src/db/database.ts';
import { body, type Tokens, testApp, tokensOf } from '../support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/databases.ts';
import { prepareSample, SampleRecords } from '../support/sample-records.ts';
import { createRole, createUserAndSignIn } from '../support/users.ts';
import { type NamedRoute, namedRoutes, workflowIdRoutes } from './catalogue-routes.ts';

type Row = Record<string, unknown> & { id: string };

const first = '000000';
const other = '100000';
/** Entities every tenant shares by design (the menu tree) or only the operator reads. */
const ownedByTenants = entities.filter((e) => !e.global);

/** Every row of a tenant, in every table with a tenant column, as one digest per table. */
async function tenantSnapshot(test: TestDatabase, tenantId: string): Promise<Record<string, string>> {
  const { db } = test.database;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as t, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as d
       from ${name} x where tenant_id = '${tenantId}'`,
  );
  const rows = await queryRows<{ t: string; d: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((row) => [row.t, row.d]));
}

/**
 * Issue 13: for every entity of the catalogue, the other tenant's list, detail, submit, remove
 * and export, and every named action, reach nothing of the first tenant's. The first tenant gets
 * a record of every entity (and its lines); the other tenant then asks for each by id.
 */
describe.each(testDrivers())('tenant walls on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let owner: Tokens;
  let intruder: Tokens;
  /** Ids of the first tenant's live records, per entity. */
  const ownIds = new Map<string, string[]>();
  /** The first tenant's workflow records (not entities): definitions, an instance, its task, an approval setting. */
  const workflowIds: { kind: string; id: string }[] = [];

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    owner = await tokensOf(app, first);
    intruder = await tokensOf(app, other);
    const samples = new SampleRecords(async (entity, payload) => {
      await prepareSample(test.database.db, entity.name, payload);
      const answer = body<Row>(await call(owner, 'POST', `${entity.path}/submit`, { payload }));
      if (!answer.success) throw new Error(`${entity.name}: ${answer.msg}`);
      return answer.data;
    });
    for (const entity of ownedByTenants.filter((e) => !e.parent && !e.readOnly)) await samples.first(entity);
    // Every live record of the first tenant, lines and ledgers included (made or seeded).
    for (const entity of ownedByTenants) {
      const rows = await queryRows<{ id: string }>(
        test.database.db,
        sql.raw(
          `select id::text as id from ${entity.tableName} where tenant_id = '${first}' and is_deleted = 0 limit 3`,
        ),
      );
      ownIds.set(
        entity.name,
        rows.map((r) => r.id),
      );
    }
    // A running instance of the seeded leave process, with its open task, and an approval setting.
    const started = body<{ id: string }>(
      await call(owner, 'POST', '/api/bl-flowable/process/start', {
        payload: { key: 'leave', variables: { days: 5, leaveType: 'annual', reason: 'walls' } },
      }),
    );
    if (!started.success) throw new Error(`leave: ${started.msg}`);
    const approval = body(
      await call(owner, 'POST', '/api/bl-flowable/approval/submit', {
        payload: { entity: 'costbill', action: 'confirm', processKey: 'leave' },
      }),
    );
    if (!approval.success) throw new Error(`approval: ${approval.msg}`);
    workflowIds.push(
      ...(await queryRows<{ kind: string; id: string }>(
        test.database.db,
        sql.raw(`select 'definition' as kind, id::text as id from bl_wf_definition where tenant_id = '${first}'
          union all select 'instance', id::text from bl_wf_instance where tenant_id = '${first}'
          union all select 'task', id::text from bl_wf_task where tenant_id = '${first}'
          union all select 'approval', id::text from bl_wf_approval where tenant_id = '${first}'`),
      )),
    );
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  function call(
    who: Tokens,
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown } = {},
  ) {
    return app.inject({
      method,
      url,
      headers: { 'blade-auth': `bearer ${who.accessToken}`, 'blade-language': 'en' },
      ...(options.query && { query: options.query }),
      ...(options.payload !== undefined && { payload: options.payload as never }),
    });
  }

  /** The rows of an exported workbook, its heading row left out. */
  function exportedRows(content: Buffer): unknown[][] {
    const book = XLSX.read(content, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 }).slice(1);
  }

  it('leaves every entity of the first tenant out of reach of the other tenant', async () => {
    const before = await tenantSnapshot(test, first);
    const allOwnIds = new Set([...ownIds.values()].flat());
    expect(ownIds.size).toBeGreaterThan(100);
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    let reached = 0;
    for (const entity of ownedByTenants) {
      const ids = ownIds.get(entity.name) ?? [];
      if (ids.length > 0) reached += 1;
      const page = body<Page<Row>>(
        await call(intruder, 'GET', `${entity.path}/list`, { query: { size: '500' } }),
      );
      check(page.success === true, `${entity.name} list: ${page.msg}`);
      const leaked = (page.data?.records ?? []).filter((r) => allOwnIds.has(r.id) || r.tenantId === first);
      check(leaked.length === 0, `${entity.name} list shows ${leaked.length} records of the first tenant`);
      for (const id of ids) {
        const filtered = body<Page<Row>>(
          await call(intruder, 'GET', `${entity.path}/list`, { query: { id_equal: id } }),
        );
        check(filtered.data?.total === 0, `${entity.name} list id_equal=${id}: ${filtered.data?.total}`);
        const detail = await call(intruder, 'GET', `${entity.path}/detail`, { query: { id } });
        check(detail.statusCode === 404, `${entity.name} detail ${id}: ${detail.statusCode}`);
        const exported = await call(intruder, 'GET', `${entity.path}/export`, { query: { id_equal: id } });
        check(
          exported.statusCode === 200 && exportedRows(exported.rawPayload).length === 0,
          `${entity.name} export id_equal=${id}: ${exported.statusCode}`,
        );
        if (entity.readOnly) continue;
        const submitted = await call(intruder, 'POST', `${entity.path}/submit`, {
          payload: { id, version: 1, remark: 'moved' },
        });
        check(submitted.statusCode === 404, `${entity.name} submit ${id}: ${submitted.statusCode}`);
        const removed = await call(intruder, 'POST', `${entity.path}/remove`, { query: { ids: id } });
        check(removed.statusCode === 404, `${entity.name} remove ${id}: ${removed.statusCode}`);
      }
    }
    // The walk reached records of nearly every entity (a few are only made by postings).
    expect(reached).toBeGreaterThan(ownedByTenants.length * 0.8);

    // Every named action, with the first tenant's ids wherever it takes ids.
    const idOf = (route: NamedRoute, name: string): string | undefined => {
      const target =
        name === 'id' || name === 'ids' || name === 'billId' || name === 'detailId'
          ? route.entity
          : entities.find(
              (e) => `${e.name}id` === name.toLowerCase() || `${e.name}ids` === name.toLowerCase(),
            );
      return target ? ownIds.get(target.name)?.[0] : undefined;
    };
    for (const route of await namedRoutes(app)) {
      if (route.path === '/api/bl-auth/logout') continue;
      const query: Record<string, string> = {};
      for (const name of route.query) {
        const id = idOf(route, name);
        if (id) query[name] = id;
      }
      const payload: Record<string, unknown> = {};
      for (const name of route.body) {
        const id = idOf(route, name);
        if (id) payload[name] = name.endsWith('s') ? [id] : id;
      }
      const response = await call(intruder, route.method, route.path, {
        query,
        ...(route.method === 'POST' && { payload }),
      });
      const text = response.body;
      const shown = [...allOwnIds].find((id) => text.includes(id));
      check(shown === undefined, `${route.method} ${route.path} answers the first tenant's id ${shown}`);
      check(response.statusCode < 500, `${route.method} ${route.path}: ${response.statusCode} ${text}`);
      // Named by the first tenant's ids in an otherwise well-formed request, the records are
      // not the caller's: not found, never a success that changed nothing (issue 27, defect 8).
      // Workflow routes have their own walk below; a file upload (import-count) is read before
      // the bill it names.
      const named = Object.keys(query).length + Object.keys(payload).length;
      if (named > 0 && !route.path.startsWith('/api/bl-flowable/') && !route.path.endsWith('/import-count')) {
        const wellFormed = await call(intruder, route.method, route.path, {
          query: { ...route.wellFormed.query, ...query },
          ...(route.method === 'POST' && { payload: { ...(route.wellFormed.body as object), ...payload } }),
        });
        check(
          wellFormed.statusCode === 404,
          `${route.method} ${route.path} with the first tenant's ids: ${wellFormed.statusCode} ${wellFormed.body.slice(0, 160)}`,
        );
      }
    }

    // Every workflow route taking an id, with each of the first tenant's workflow records.
    expect(new Set(workflowIds.map((w) => w.kind))).toEqual(
      new Set(['definition', 'instance', 'task', 'approval']),
    );
    const workflowRoutes = workflowIdRoutes(await namedRoutes(app));
    expect(workflowRoutes.length).toBeGreaterThan(10);
    for (const { route, naming } of workflowRoutes) {
      for (const { kind, id } of workflowIds) {
        const request = naming(id);
        const response = await call(intruder, route.method, route.path, request);
        check(
          response.statusCode === 404,
          `${route.path} with the first tenant's ${kind} ${id}: ${response.statusCode}`,
        );
      }
    }
    expect(problems).toEqual([]);
    const after = await tenantSnapshot(test, first);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    // Signing in as the other tenant writes nothing of the first; nor does anything above.
    expect(changed).toEqual([]);
  }, 600_000);

  it("the public device feed: a device is reached only with its own secret, never another tenant's", async () => {
    // The same device code in both tenants, each with its own secret.
    const secretOf = async (who: Tokens) => {
      const made = body(
        await call(who, 'POST', '/api/bl-iot/deviceinfo/submit', {
          payload: { deviceCode: 'WALL1', deviceName: 'WALL1', deviceStatus: '1', reportInterval: 60 },
        }),
      );
      expect(made.success, made.msg).toBe(true);
      const answer = body<{ secret: string }>(
        await call(who, 'POST', '/api/bl-iot/deviceinfo/secret', { payload: { deviceCode: 'WALL1' } }),
      );
      expect(answer.success, answer.msg).toBe(true);
      return answer.data.secret;
    };
    const own = await secretOf(owner);
    const theirs = await secretOf(intruder);
    const routes = (await namedRoutes(app)).filter((r) => r.path.startsWith('/api/bl-iot/feed/'));
    expect(routes.map((r) => r.path.split('/').at(-1)).sort()).toEqual(['readings', 'state']);
    const send = (path: string, text: string, headers: Record<string, string>, from: string) =>
      app.inject({
        method: 'POST',
        url: path.replace('{tenantId}', first).replace('{deviceCode}', 'WALL1'),
        remoteAddress: from,
        headers: { 'content-type': 'application/json', 'blade-language': 'en', ...headers },
        payload: text,
      });
    const before = await tenantSnapshot(test, first);
    const problems: string[] = [];
    let n = 0;
    for (const route of routes) {
      const message = (id: string) =>
        JSON.stringify(
          route.path.endsWith('/state') ? { messageId: id, beep: '0' } : { messageId: id, temperature: 5 },
        );
      // Each attempt from an address of its own: the failed-attempt limits are not what is walked.
      const attempts: [string, Record<string, string>][] = [
        ['no credential', {}],
        ["the other tenant's secret", feedHeaders(theirs, message('w1'))],
        ["signed with the other tenant's secret", feedHeaders(theirs, message('w2'), true)],
        ['a wrong secret', feedHeaders(`${own}x`, message('w3'))],
      ];
      for (const [what, headers] of attempts) {
        const text = what.startsWith('signed') ? message('w2') : message(`w${n}`);
        const answer = await send(route.path, text, headers, `198.51.100.${++n}`);
        if (answer.statusCode !== 401) problems.push(`${route.path} with ${what}: ${answer.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await tenantSnapshot(test, first)).toEqual(before);
    // The walk is not vacuous: the device's own secret is taken on every route.
    for (const route of routes) {
      const text = JSON.stringify(
        route.path.endsWith('/state')
          ? { messageId: 'ok-s', beep: '0' }
          : { messageId: 'ok-r', temperature: 5 },
      );
      const answer = await send(route.path, text, feedHeaders(own, text, true), '198.51.100.200');
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });

  it('every instance read and task action, as an unrelated user of the same tenant, answers not found', async () => {
    const roleId = await createRole(test.database, { roleAlias: 'wallsreader', buttons: ['material_view'] });
    const stranger = {
      accessToken: await createUserAndSignIn(app, test.database, { account: 'walls-stranger', roleId }),
    } as Tokens;
    const before = await tenantSnapshot(test, first);
    const reached = workflowIds.filter((w) => w.kind === 'instance' || w.kind === 'task');
    expect(reached.length).toBeGreaterThanOrEqual(2);
    const routes = workflowIdRoutes(await namedRoutes(app)).filter((r) => r.ofInstance);
    expect(routes.map((r) => r.route.path)).toEqual(
      expect.arrayContaining(['/api/bl-flowable/process/detail', '/api/bl-flowable/task/complete']),
    );
    const problems: string[] = [];
    for (const { route, naming } of routes) {
      for (const { kind, id } of reached) {
        const response = await call(stranger, route.method, route.path, naming(id));
        if (response.statusCode !== 404)
          problems.push(
            `${route.path} with ${kind} ${id}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(problems).toEqual([]);
    expect(await tenantSnapshot(test, first)).toEqual(before);
  }, 120_000);
});
