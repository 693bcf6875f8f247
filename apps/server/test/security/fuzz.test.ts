import type { Area } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from '../support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/databases.ts';
import { SampleRecords } from '../support/sample-records.ts';
import { countWrites, type NamedRoute, namedRoutes, prng } from './catalogue-routes.ts';

type Row = Record<string, unknown>;

/**
 * The fuzz pass of issue 13: ordinary bad input, thrown at every entity of the catalogue (a few
 * hundred requests per menu area) and at every other route the server documents, from a fixed
 * seed. No answer may be a 5xx, and a refused write may leave no trace in any catalogue table.
 */
const seed = 13;
const requestsPerArea = 240;
const requestsPerRoute = 6;

/** Raw query values (already URL-encoded where they must not be re-encoded: `%FF` is not UTF-8). */
const idShapes = [
  '9223372036854775808',
  '9999999999999999999',
  '18446744073709551616',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1F',
  ' 1',
  '1,,2',
  '١٢٣',
  '',
];
const numberShapes = [
  '1e308',
  '-1e308',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e17',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '123456789012345.1234',
  '12345678901234567.5',
  '1.123456789',
  '-0',
  '0.1e1',
  '1_000',
];
const textShapes = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(3000),
  '界'.repeat(600),
  "' or 1=1 --",
  '%_\\',
  '😀'.repeat(40),
  '\u202e\u200b',
  '<script>alert(1)</script>',
];
const dateShapes = [
  '2026-02-30',
  '0000-01-01',
  '99999-01-01',
  '2026-13-01',
  '2026-01-01T25:00:00',
  '2026-01-01 23:59:60',
  '1969-12-31T23:59:59.9999999Z',
  'yesterday',
  '2026-01-01T00:00:00+99:99',
];
const stringShapes = [...idShapes, ...numberShapes, ...textShapes, ...dateShapes];
/** Values only a JSON body can carry: wrong types where text or numbers belong. */
const deep = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};
const jsonShapes: unknown[] = [
  [],
  ['1', '2'],
  {},
  { a: 1 },
  true,
  false,
  1e308,
  -1,
  1.5,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  deep(200),
  '\ud800',
];
const filterSuffixes = [
  '',
  '_equal',
  '_notequal',
  '_like',
  '_notlike',
  '_gt',
  '_lt',
  '_dategt',
  '_datelt',
  '_dateequal',
  '_null',
  '_notnull',
  '_regex',
  '_in',
];
const pagingShapes = ['1e17', '1e308', '-1', '0', '1.5', '9007199254740993', 'Infinity', '501', '1', '20'];

/** Routes the pass leaves out, each for its reason. */
const leftOut: Record<string, string> = {
  'GET /api/bl-auth/logout': 'ends the session the pass runs with',
};

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be UTF-8: send the bytes it would take
  }
}

function queryString(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

interface Figures {
  requests: number;
  ok: number;
  clientErrors: number;
  serverErrors: string[];
  tracesLeft: string[];
  /** 400s PostgreSQL gave (error-handler.ts's last line), not the validation before SQL. */
  lastLine: string[];
}

const lastLineAnswers = [
  'a number is out of range',
  'a value is malformed',
  'a text is too long',
  'a date or time is invalid',
].map((detail) => `Invalid request: ${detail}`);

describe.each(testDrivers())('fuzz on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let samples: SampleRecords;
  const figures: Figures = {
    requests: 0,
    ok: 0,
    clientErrors: 0,
    serverErrors: [],
    tracesLeft: [],
    lastLine: [],
  };
  let writes: () => Promise<number>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    writes = await countWrites(test);
    admin = await tokensOf(app);
    samples = new SampleRecords(async (entity, payload) => {
      const answer = body<Row>(await send('POST', `${entity.path}/submit`, '', payload));
      if (!answer.success) throw new Error(`${entity.name}: ${answer.msg}`);
      return answer.data;
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  async function send(method: 'GET' | 'POST', path: string, query: string, payload?: unknown) {
    return app.inject({
      method,
      url: query ? `${path}?${query}` : path,
      headers: {
        'blade-auth': `bearer ${admin.accessToken}`,
        'blade-language': 'en',
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      ...(payload !== undefined && {
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
    });
  }

  /** One fuzzed request: counted, its 5xx kept, and a refused write checked for traces. */
  async function fuzz(method: 'GET' | 'POST', path: string, query: string, payload?: unknown) {
    const before = method === 'POST' ? await writes() : 0;
    const response: LightMyRequestResponse = await send(method, path, query, payload);
    figures.requests += 1;
    const what = `${method} ${path}?${query.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 200) ?? ''}`;
    if (response.statusCode >= 500)
      figures.serverErrors.push(`${response.statusCode} ${what}: ${response.body}`);
    else if (response.statusCode >= 400) {
      figures.clientErrors += 1;
      if (lastLineAnswers.includes(body(response).msg)) figures.lastLine.push(what);
    } else figures.ok += 1;
    if (method === 'POST' && response.statusCode >= 400) {
      const written = (await writes()) - before;
      if (written !== 0) figures.tracesLeft.push(`${what}: ${written} rows written`);
    }
  }

  const random = prng(seed);
  const anyString = () => random.pick(stringShapes);
  const anyValue = (): unknown => (random.next() < 0.7 ? anyString() : random.pick(jsonShapes));

  /** A valid record of the entity (references made as needed) with one or two fields spoilt. */
  async function spoiltRecord(entity: EntityDefinition): Promise<unknown> {
    const record = entity.parent ? {} : await samples.body(entity);
    const writable = entity.fields.filter((f) => !f.system);
    const spoil = random.next() < 0.5 ? 1 : 2;
    for (let i = 0; i < spoil; i += 1) {
      const field = random.pick(writable.length > 0 ? writable : entity.fields);
      record[field.name] = anyValue();
    }
    const child = entity.children[0];
    if (child && random.next() < 0.3) record[child.key] = random.pick([[anyValue()], anyValue(), [{}]]);
    if (random.next() < 0.15) Object.assign(record, { id: anyValue(), version: anyValue() });
    return record;
  }

  async function fuzzEntity(entity: EntityDefinition) {
    const shape = random.int(8);
    const field = random.pick(entity.fields);
    const filter = `${field.name}${random.pick(filterSuffixes)}`;
    switch (shape) {
      case 0:
        return fuzz('GET', `${entity.path}/detail`, queryString([['id', random.pick(idShapes)]]));
      case 1:
        return fuzz(
          'GET',
          `${entity.path}/list`,
          queryString([
            ['current', random.pick(pagingShapes)],
            ['size', random.pick(pagingShapes)],
          ]),
        );
      case 2:
      case 3:
        return fuzz('GET', `${entity.path}/list`, queryString([[filter, anyString()]]));
      case 4:
        return fuzz('GET', `${entity.path}/export`, queryString([[filter, anyString()]]));
      case 5:
        if (entity.readOnly) return fuzz('GET', `${entity.path}/list`, queryString([['ascs', anyString()]]));
        return fuzz(
          'POST',
          `${entity.path}/remove`,
          queryString([['ids', `${random.pick(idShapes)},${random.pick(idShapes)}`]]),
        );
      default:
        if (entity.readOnly) return fuzz('GET', `${entity.path}/list`, queryString([['descs', anyString()]]));
        return fuzz(
          'POST',
          `${entity.path}/submit`,
          '',
          random.next() < 0.1 ? random.pick(jsonShapes) : await spoiltRecord(entity),
        );
    }
  }

  async function fuzzRoute(route: NamedRoute) {
    let path = route.path;
    for (const name of route.params) path = path.replace(`{${name}}`, encode(anyString()));
    const query = queryString(
      route.query.filter(() => random.next() < 0.7).map((name) => [name, anyString()]),
    );
    const payload =
      route.method === 'POST'
        ? random.next() < 0.15
          ? random.pick(jsonShapes)
          : Object.fromEntries(route.body.map((name) => [name, anyValue()]))
        : undefined;
    return fuzz(route.method, path, query, payload);
  }

  it('answers no 5xx and leaves no trace of a refused write', async () => {
    const areas = new Map<Area, EntityDefinition[]>();
    for (const entity of entities) areas.set(entity.area, [...(areas.get(entity.area) ?? []), entity]);
    expect(areas.size).toBeGreaterThan(10);
    for (const members of areas.values()) {
      for (let i = 0; i < requestsPerArea; i += 1) await fuzzEntity(random.pick(members));
    }
    const routes = (await namedRoutes(app)).filter((r) => !(`${r.method} ${r.path}` in leftOut));
    expect(routes.length).toBeGreaterThan(50);
    // Sign-in routes last: their refusals count against the address, which the pass no longer needs.
    const last = (r: NamedRoute) => (r.path.startsWith('/api/bl-auth/') ? 1 : 0);
    for (const route of routes.sort((a, b) => last(a) - last(b))) {
      for (let i = 0; i < requestsPerRoute; i += 1) await fuzzRoute(route);
      // Raw bodies no JSON parser should choke on: broken, and nested beyond reason.
      if (route.method === 'POST') {
        await fuzz('POST', route.path, '', '{"a":');
        await fuzz('POST', route.path, '', `${'['.repeat(5000)}${']'.repeat(5000)}`);
      }
    }
    console.log(
      `fuzz on ${driver}: ${figures.requests} requests, ${figures.ok} 2xx, ${figures.clientErrors} 4xx, ` +
        `${figures.serverErrors.length} 5xx, ${figures.tracesLeft.length} refused writes with traces, ` +
        `${figures.lastLine.length} refused by the database rather than the validation`,
    );
    // The validation before SQL catches all of it; the database's refusals are the last line.
    expect(figures.lastLine.slice(0, 20)).toEqual([]);
    expect(figures.serverErrors.slice(0, 20)).toEqual([]);
    expect(figures.tracesLeft.slice(0, 20)).toEqual([]);
    expect(figures.clientErrors).toBeGreaterThan(figures.requests / 2);
  }, 600_000);
});
