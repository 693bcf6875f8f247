import { type EntityDefinition, entities } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/database.ts';
import type { TestDatabase } from '../support/databases.ts';

/**
 * What the security suites walk, derived from the running application so that an entity or a
 * route added later is covered without anyone touching the suites: the entities of the
 * catalogue, and every other route the server documents (its OpenAPI document lists each one
 * with its query parameters and body properties).
 */

/**
 * The generic endpoints the engine gives every entity (engine/routes.ts). `printed` only logs
 * a print of records the caller may read (audit-log.test.ts), so it is no write behind a button.
 */
export const genericActions = [
  'list',
  'detail',
  'submit',
  'remove',
  'export',
  'import',
  'import-template',
  'printed',
];

export interface NamedRoute {
  method: 'GET' | 'POST';
  /** With `{name}` placeholders for path parameters. */
  path: string;
  query: string[];
  params: string[];
  body: string[];
  /** A well-formed request by the route's schemas: its query and body (undefined for GET). */
  wellFormed: { query: Record<string, string>; body: unknown };
  /** The entity whose path the route extends (`/api/bl-wms/isinstockbill/review`), if any. */
  entity?: EntityDefinition;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * The plainest value a schema accepts: ids and codes are '1', lists hold what they must. A
 * route's permission check comes after its schema, so a permission test sends this.
 */
export function wellFormedValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return '1';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return wellFormedValue(variant.find((v) => v.type !== 'null') ?? variant[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, wellFormedValue(schema.properties?.[name])]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => wellFormedValue(schema.items));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    default:
      return '1';
  }
}

/** Every route that is not one of the generic endpoints of an entity. */
export async function namedRoutes(app: FastifyInstance): Promise<NamedRoute[]> {
  await app.ready();
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const generic = new Set(entities.flatMap((e) => genericActions.map((action) => `${e.path}/${action}`)));
  const byPath = [...entities].sort((a, b) => b.path.length - a.path.length);
  const routes: NamedRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (generic.has(path)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const json = bodySchema?.properties ?? {};
      // Required parameters, and ids wherever the route takes them (ids=1 names a record).
      const idLike = (name: string) => /^ids?$|Ids?$/.test(name);
      const required = parameters.filter((p) => p.in === 'query' && (p.required || idLike(p.name)));
      const entity = byPath.find((e) => path.startsWith(`${e.path}/`));
      routes.push({
        method: upper,
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body: Object.keys(json),
        wellFormed: {
          query: Object.fromEntries(required.map((p) => [p.name, String(wellFormedValue(p.schema))])),
          body: upper === 'POST' ? (bodySchema ? wellFormedValue(bodySchema) : {}) : undefined,
        },
        ...(entity && { entity }),
      });
    }
  }
  return routes;
}

/** A small seeded PRNG (mulberry32): the same seed walks the same requests on every run. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/**
 * Tables a refused request writes by design: failed sign-ins count against the account and the
 * address (auth/address-limit.ts), outside the request's transaction.
 */
const writtenOnRefusal = ['auth_login_failure', 'auth_address_failure'];

/**
 * Counts every row written to any table of the schema, from now on: a row trigger adds one to
 * a counter in the writing transaction, so a write rolled back takes its count with it. Reading
 * the counter before and after a refused request tells whether it left a trace, in a
 * millisecond (a fingerprint of 170 tables costs PGlite a sixth of a second).
 */
export async function countWrites(test: TestDatabase): Promise<() => Promise<number>> {
  const { db } = test.database;
  await db.execute(sql`create table if not exists test_write_count (n bigint not null)`);
  await db.execute(sql`insert into test_write_count values (0)`);
  // Security definer: requests run as the application role, which may not touch this table.
  await db.execute(
    sql.raw(`create or replace function test_count_write() returns trigger language plpgsql
      security definer set search_path = public as $$
      begin update test_write_count set n = n + 1; return null; end $$`),
  );
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'
        and tablename <> 'test_write_count' and tablename not like '\_\_%'`,
  );
  for (const { name } of tables) {
    if (writtenOnRefusal.includes(name)) continue;
    await db.execute(
      sql.raw(`create trigger test_count_write after insert or update or delete on ${name}
        for each row execute function test_count_write()`),
    );
  }
  return async () => {
    const [row] = await queryRows<{ n: string }>(db, sql`select n::text as n from test_write_count`);
    return Number(row?.n);
  };
}

/**
 * Workflow routes (`/api/bl-flowable/...`) whose `id` or `ids` name a workflow record: a
 * definition, an instance, a task, an approval setting. An id the caller may not reach (another
 * tenant's, an instance the caller may not read) answers "not found" on each of them, as an id
 * that does not exist (docs/adr/0027-workflow-engine.md, amendment 4). Left out: `users?ids=`
 * (user ids, for pickers) and `approval/business` (a bill's id; "none" is its empty answer).
 */
export function workflowIdRoutes(routes: NamedRoute[]) {
  const notWorkflowIds = new Set(['/api/bl-flowable/users', '/api/bl-flowable/approval/business']);
  return routes.flatMap((route) => {
    if (!route.path.startsWith('/api/bl-flowable/') || notWorkflowIds.has(route.path)) return [];
    const name = ['id', 'ids'].find((n) => route.query.includes(n) || route.body.includes(n));
    if (!name) return [];
    const inBody = route.body.includes(name);
    // A task action that records why carries a reason, so that only the id can be refused.
    const reason = route.body.includes('comment') ? { comment: 'why' } : {};
    /** The route's well-formed request naming `id` (the body's other required fields as they are). */
    const naming = (id: string) => ({
      query: inBody ? route.wellFormed.query : { ...route.wellFormed.query, [name]: id },
      payload:
        route.method === 'POST'
          ? inBody
            ? { ...(route.wellFormed.body as object), ...reason, [name]: id }
            : (route.wellFormed.body ?? {})
          : undefined,
    });
    // An instance's reads and its tasks' actions: what a user of the same tenant may or may not reach.
    const ofInstance = /^\/api\/bl-flowable\/(process|task)\//.test(route.path);
    return [{ route, naming, ofInstance }];
  });
}
