import { type Language, listCountCap, type Page, ResultCode } from '@bl/contract';
import { type FieldMeta, isId, recordSchema } from '@bl/entities';
import { type ChildInput, type EntityDefinition, entityByName } from '@bl/entities/registry';
import { and, eq, getTableColumns, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { changesOf, writeAudit } from '../audit/audit.ts';
import { LastRead, type Tx } from '../db/database.ts';
import { nextId } from '../db/ids.ts';
import { tableRows } from '../db/rows.ts';
import type { AuthContext } from '../http/context.ts';
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts';
import { scopeCondition } from './data-scope.ts';
import { describeIssues } from './issues.ts';
import type { ListQuery } from './list-query.ts';
import {
  holdFields,
  holdSelect,
  type LineOwner,
  ownerOf,
  refuseHeld,
  refuseLockedHeader,
  refuseLockedLines,
  refuseLockingValues,
} from './locks.ts';
import type { Row } from './row.ts';
import {
  afterWriteRules,
  createHooks,
  lineTotalsRules,
  ownerExceptions,
  readRules,
  removeRules,
  writeRules,
} from './rules.ts';

export type { Row };

const columnsOf = (entity: EntityDefinition) => getTableColumns(entity.table) as Record<string, PgColumn>;
const col = (entity: EntityDefinition, name: string) => columnsOf(entity)[name] as PgColumn;

/** The rows a tenant sees: its own (RLS says so too) and not deleted; every row of a global entity. */
function live(entity: EntityDefinition, tenantId: string): SQL {
  const notDeleted = eq(col(entity, 'isDeleted'), 0);
  return entity.global ? notDeleted : (and(eq(col(entity, 'tenantId'), tenantId), notDeleted) as SQL);
}

/** The rows this caller sees: live rows of the tenant within the data scopes of their roles. */
export function visible(entity: EntityDefinition, auth: AuthContext): SQL {
  if (entity.operatorOnly && auth.tenantId !== operatorTenant)
    throw new AppError(ResultCode.forbidden, 'crud.operatorOnly');
  return entity.global
    ? live(entity, auth.tenantId)
    : (and(live(entity, auth.tenantId), scopeCondition(entity, auth)) as SQL);
}

/** The tenant that runs the platform: the only one that may change what all tenants share. */
export const operatorTenant = '000000';

/** A global entity (the menu tree) is changed only by the operator tenant. */
function refuseSharedWrite(entity: EntityDefinition, auth: AuthContext, language: Language) {
  if (entity.global && auth.tenantId !== operatorTenant)
    throw new AppError(ResultCode.forbidden, 'crud.sharedReadOnly', { entity: entity.label[language] });
}

/** Secret fields (keys, passwords) are written but never sent back. */
function hideSecrets(entity: EntityDefinition, row: Row): Row {
  for (const field of entity.fields) if (field.secret) delete row[field.name];
  return row;
}

/**
 * With a "contains" term the capped count walks the tenant's rows in the list index's order
 * (tenant, creation time, id: db/migrate.ts ensureListIndexes), so it reads at most the tenant's
 * own rows. Unordered, a term the planner thinks common (one Chinese character) got a
 * sequential scan that expects 1,001 matches early but reads every other tenant's rows first
 * when this tenant's lie at the end of the table: 300-480 ms at 1,000,000 rows instead of
 * 2.5 ms. Without such a term the count stays unordered: an equality filter has its own index
 * (an owner's 1,001 entries, index only), which the order would trade for a walk (ADR 0019).
 */
const countOrders = new WeakMap<EntityDefinition, SQL>();
function countOrder(entity: EntityDefinition): SQL {
  let order = countOrders.get(entity);
  if (!order) {
    const columns = columnsOf(entity);
    order = columns.createTime ? sql`order by ${columns.createTime} desc, ${columns.id} desc` : sql``;
    countOrders.set(entity, order);
  }
  return order;
}

/** The page's extra column that carries the capped count (no entity field starts with `__`). */
const totalColumn = '__total';

export function listRows(entity: EntityDefinition, auth: AuthContext, query: ListQuery): LastRead<Page<Row>> {
  const where = and(visible(entity, auth), ...query.where) as SQL;
  const table = entity.table as PgTable;
  // The select list and row mapping built once per table (db/rows.ts): drizzle's select builder
  // and row mapper were 16 % of a list request's CPU (issue 20, target 3).
  const shape = tableRows(table);
  // Counted up to one past the cap: the first page of a million rows costs the page and at most
  // 1,001 index entries, not a scan of every row (ADR 0019). The count rides along with the
  // page as an uncorrelated sub-select (evaluated once): one statement, the transaction's last,
  // which travels with the commit (LastRead). Only a page past the end, which has no row to
  // carry it, counts on its own. (A join of the count and the page that always answers a row
  // cost PostgreSQL more planning than the rare second read does.)
  const cappedCount = sql`(select count(*) from (select 1 from ${table} where ${where} ${query.textSearch ? countOrder(entity) : sql``} limit ${listCountCap + 1}) capped)`;
  const page = (total: number, raws: Row[]): Page<Row> => ({
    records: raws.map((raw) => {
      delete raw[totalColumn];
      return hideSecrets(entity, shape.map(raw));
    }),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
    ...(total > listCountCap ? { totalCapped: true } : {}),
  });
  return new LastRead<Page<Row>>(
    // The holds modules keep on the rows (a pending approval) ride along as sub-selects.
    sql`select ${shape.columns}${holdSelect(entity)}, ${cappedCount} as ${sql.identifier(totalColumn)}
        from ${table} where ${where}
        order by ${sql.join(query.orderBy, sql`, `)}
        limit ${query.size} offset ${(query.current - 1) * query.size}`,
    (raws) => {
      if (raws.length > 0) return page(Number(raws[0]?.[totalColumn]), raws);
      if (query.current === 1) return page(0, []);
      return new LastRead(sql`select ${cappedCount} as n`, ([counted]) => page(Number(counted?.n ?? 0), []));
    },
  );
}

/** One visible record with the holds on it (rules.ts `recordHolds`), locked when asked. */
async function findVisible(tx: Tx, entity: EntityDefinition, auth: AuthContext, id: string, lock = false) {
  const query = tx
    .select({ ...columnsOf(entity), ...holdFields(entity) })
    .from(entity.table as PgTable)
    .where(and(visible(entity, auth), eq(col(entity, 'id'), id)));
  const rows = (lock ? await query.for('update') : await query) as Row[];
  return rows[0];
}

/** A record with its detail lines, or a not-found error naming the entity. */
export async function detailRow(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  id: string,
  language: Language,
) {
  const row = await findVisible(tx, entity, auth, id);
  if (!row || (await readRules[entity.name]?.(tx, row, auth)) === false)
    throw notFound('crud.notFound', { entity: entity.label[language] });
  for (const child of entity.children) {
    const lines = child.entity();
    row[child.key] = await tx
      .select()
      .from(lines.table as PgTable)
      .where(and(live(lines, auth.tenantId), eq(col(lines, child.parentField), id)))
      .orderBy(col(lines, 'id'));
  }
  return hideSecrets(entity, row);
}

/** The unique keys of an entity: each `unique` field alone, then the declared field sets. */
function uniqueKeysOf(entity: EntityDefinition): string[][] {
  return [...entity.fields.filter((f) => f.unique).map((f) => [f.name]), ...entity.uniqueKeys];
}

/**
 * Checks unique keys and references of one record before it is written; `line`: a line written
 * on its own, with the owner of the bill it goes to.
 */
async function checkRecord(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  values: Row,
  selfId: string | undefined,
  language: Language,
  line?: { headerOwner: string | undefined },
) {
  const fieldOf = new Map(entity.fields.map((f) => [f.name, f]));
  for (const key of uniqueKeysOf(entity)) {
    if (key.some((name) => values[name] === undefined || values[name] === null)) continue;
    const clash = await tx
      .select({ id: col(entity, 'id') })
      .from(entity.table as PgTable)
      .where(
        and(
          live(entity, auth.tenantId),
          ...key.map((name) => eq(col(entity, name), values[name])),
          selfId ? ne(col(entity, 'id'), selfId) : undefined,
        ),
      )
      .limit(1);
    if (clash.length > 0) {
      throw badRequest('crud.duplicate', {
        field: key.map((name) => fieldOf.get(name)?.label[language] ?? name).join(' + '),
        value: key.map((name) => String(values[name])).join(' / '),
      });
    }
  }
  const number = line && typeof values.lineNumber === 'number' ? values.lineNumber : undefined;
  await checkReferences(
    tx,
    entity,
    auth,
    [{ values, headerOwner: line?.headerOwner, line: number }],
    language,
  );
}

/** A line written on its own (`parent` set): the owner of the bill it goes to. */
const lineOf = (owner: LineOwner | undefined, parent: { header: Row } | undefined) =>
  owner && parent ? { headerOwner: ownerIn(owner.header, parent.header) } : undefined;

/** A record whose references are checked: its values, its header's owner, its line number. */
interface Referrer {
  values: Row;
  /** The owner of the bill a line belongs to (a line names its owner only when it differs). */
  headerOwner?: string | undefined;
  /** Named in refusals of a bill's lines (the line number, else the place in the list). */
  line?: number | undefined;
}

/** The owner a record names in `field` (blank: none). */
export function ownerIn(entity: EntityDefinition, row: Row, field = entity.ownerField): string | undefined {
  const value = field === undefined ? undefined : row[field];
  return isBlank(value) ? undefined : String(value);
}

/**
 * Every reference of the records exists, and an owned one (EntityDefinition.owned) belongs to
 * the record's owner or, shared, to no one (issue 29 pt 5): one query per reference field for
 * all the records (a bill's lines), the owners' names read only to word a refusal. A reference
 * another owner owns passes when the target's `ownerExceptions` rule lets the owner use it.
 */
async function checkReferences(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  referrers: Referrer[],
  language: Language,
) {
  for (const field of entity.fields) {
    if (field.kind !== 'ref' || !field.ref) continue;
    const target = entityByName.get(field.ref.entity);
    if (!target) continue; // the referenced entity is not in the catalogue yet
    // '' names nothing (old rows and seeds store it for "no department"): there is nothing to find.
    const values = [
      ...new Set(
        referrers
          .map((r) => r.values[field.name])
          .filter((v) => !isBlank(v))
          .map(String),
      ),
    ];
    if (values.length === 0) continue;
    const by = col(target, field.ref.valueField);
    const owned = target.owned;
    const rows = (await tx
      .select({
        value: by,
        label: col(target, field.ref.labelField),
        ...(owned && { owner: col(target, owned.field) }),
      })
      .from(target.table as PgTable)
      .where(and(live(target, auth.tenantId), inArray(by, values)))) as Row[];
    const found = new Map<string, Row[]>();
    for (const row of rows) found.set(String(row.value), [...(found.get(String(row.value)) ?? []), row]);
    const strays: { referrer: Referrer; value: string; owner: string }[] = [];
    for (const referrer of referrers) {
      const raw = referrer.values[field.name];
      if (isBlank(raw)) continue;
      const value = String(raw);
      const matches = found.get(value);
      if (!matches) {
        const params = { field: field.label[language], value };
        throw referrer.line === undefined
          ? badRequest('crud.refMissing', params)
          : badRequest('crud.lineRefMissing', { ...params, line: referrer.line });
      }
      const owner = owned && (ownerIn(entity, referrer.values, field.ref.ownerField) ?? referrer.headerOwner);
      // A record of no owner (a bill not yet given one) has nothing to be checked against.
      if (!owned || owner === undefined) continue;
      const fits = (row: Row) => (isBlank(row.owner) ? owned.shared : String(row.owner) === owner);
      if (!matches.some(fits)) strays.push({ referrer, value, owner });
    }
    if (strays.length === 0) continue;
    const accepted = new Map<string, Set<string>>();
    const exception = ownerExceptions[target.name];
    for (const owner of new Set(strays.map((s) => s.owner))) {
      const asked = strays.filter((s) => s.owner === owner).map((s) => s.value);
      accepted.set(owner, exception ? await exception(tx, auth, owner, [...new Set(asked)]) : new Set());
    }
    const stray = strays.find((s) => !accepted.get(s.owner)?.has(s.value));
    if (!stray) continue;
    const theirs = found.get(stray.value)?.[0] as Row;
    const ownerField = field.ref.ownerField ?? entity.ownerField;
    const names = await ownerNames(tx, entity, auth, ownerField, [stray.owner, String(theirs.owner ?? '')]);
    const params = {
      field: field.label[language],
      value: withName(stray.value, theirs.label),
      other: names(String(theirs.owner ?? '')),
      owner: names(stray.owner),
    };
    throw stray.referrer.line === undefined
      ? badRequest('crud.otherOwner', params)
      : badRequest('crud.lineOtherOwner', { ...params, line: stray.referrer.line });
  }
}

/** "M001 螺丝": a code with its name, when it has one other than the code. */
const withName = (code: string, name: unknown) =>
  isBlank(name) || String(name) === code ? code : `${code} ${String(name)}`;

/**
 * Words an owner by code and name in a refusal (one query, on the failure path only): the owner
 * field is a reference, and its target names the owners. A line's owner field is its header's.
 */
async function ownerNames(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  ownerField: string | undefined,
  codes: string[],
): Promise<(code: string) => string> {
  const header = ownerOf(entity)?.header;
  const meta =
    entity.fields.find((f) => f.name === ownerField) ??
    header?.fields.find((f) => f.name === header.ownerField);
  const target = meta?.ref && entityByName.get(meta.ref.entity);
  const wanted = codes.filter((code) => code !== '');
  if (!meta?.ref || !target || wanted.length === 0) return (code) => code || '-';
  const by = col(target, meta.ref.valueField);
  const rows = (await tx
    .select({ value: by, label: col(target, meta.ref.labelField) })
    .from(target.table as PgTable)
    .where(and(live(target, auth.tenantId), inArray(by, wanted)))) as Row[];
  const named = new Map(rows.map((row) => [String(row.value), row.label]));
  return (code) => (code === '' ? '-' : withName(code, named.get(code)));
}

/** For each entity, the fields of other entities that refer to it (built once). */
let referrers: Map<string, { entity: EntityDefinition; field: FieldMeta }[]> | undefined;
function referrersOf(name: string) {
  if (!referrers) {
    referrers = new Map();
    for (const entity of entityByName.values()) {
      for (const field of entity.fields) {
        if (field.kind !== 'ref' || !field.ref) continue;
        const list = referrers.get(field.ref.entity) ?? [];
        list.push({ entity, field });
        referrers.set(field.ref.entity, list);
      }
    }
  }
  return referrers.get(name) ?? [];
}

/** A record still named by a live record of another (or the same) entity cannot go. */
async function refuseIfReferenced(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  rows: Row[],
  language: Language,
) {
  const ids = rows.map((r) => r.id as string);
  for (const { entity: other, field } of referrersOf(entity.name)) {
    const valueField = field.ref?.valueField ?? 'code';
    const values = [...new Set(rows.map((r) => r[valueField]).filter((v) => v !== null && v !== undefined))];
    if (values.length === 0) continue;
    const [user] = (await tx
      .select()
      .from(other.table as PgTable)
      .where(
        and(
          live(other, auth.tenantId),
          inArray(col(other, field.name), values),
          other === entity ? notInArray(col(other, 'id'), ids) : undefined,
        ),
      )
      .limit(1)) as Row[];
    if (user) {
      throw badRequest('crud.inUse', {
        entity: entity.label[language],
        value: String(user[field.name]),
        other: other.label[language],
        title: String(user[other.titleField] ?? user.id),
      });
    }
  }
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A new record: fields left out or left blank take their default (spec 02 §5: a sorting bill's
 * blank reason means shipment).
 */
function withDefaults(fields: FieldMeta[], input: Row): Row {
  const out = { ...input };
  for (const field of fields) {
    if (field.defaultValue !== undefined && !field.system && isBlank(out[field.name]))
      out[field.name] = field.defaultValue;
  }
  return out;
}

function parseRecord(
  entity: EntityDefinition,
  input: Row,
  language: Language,
  partial: boolean,
  line?: number,
): Row {
  const result = recordSchema(entity.fields, language, { partial }).safeParse(input);
  if (result.success) {
    return Object.fromEntries(Object.entries(result.data).filter(([, v]) => v !== undefined));
  }
  const detail = describeIssues(result.error.issues);
  throw line === undefined
    ? badRequest('error.validation', { detail })
    : badRequest('crud.lineInvalid', { line, detail });
}

function readVersion(raw: unknown): number {
  const version = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof version !== 'number' || !Number.isInteger(version)) throw badRequest('crud.versionMissing');
  return version;
}

const isObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Live headers of the tenant by id, locked (`for update`) in id order: a line write holds its
 * bill this way until it commits, so a review cannot slip between the lock check and the write,
 * and two writers always take bills in the same order. The caller's data scope is not applied:
 * a lock holds whoever writes the lines.
 */
async function lockHeaders(
  tx: Tx,
  header: EntityDefinition,
  auth: AuthContext,
  ids: string[],
): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map();
  const rows = (await tx
    .select({ ...columnsOf(header), ...holdFields(header) })
    .from(header.table as PgTable)
    .where(and(live(header, auth.tenantId), inArray(col(header, 'id'), ids)))
    .orderBy(col(header, 'id'))
    .for('update')) as Row[];
  return new Map(rows.map((row) => [String(row.id), row]));
}

const headerMissing = (owner: LineOwner, lines: EntityDefinition, language: Language) =>
  badRequest('bill.headerMissing', {
    lines: lines.label[language],
    header: owner.header.label[language],
    key: owner.child.parentField,
  });

/** The header id a line body names (its parent field): a well-formed id, or a clear refusal. */
function parentIdOf(owner: LineOwner, lines: EntityDefinition, body: Row, language: Language) {
  const raw = body[owner.child.parentField];
  const id = raw === undefined || raw === null ? '' : String(raw).trim();
  if (!isId(id)) throw headerMissing(owner, lines, language);
  return id;
}

/**
 * Before a line is written through its own endpoint: the header it goes to (and, when it moves,
 * the one it leaves) is locked and must not be locked by its flow. Answers the header id the
 * line is saved under. A new line needs a header the caller sees; a line keeps its header unless
 * the body names another one.
 */
async function lockLineHeaders(
  tx: Tx,
  owner: LineOwner,
  lines: EntityDefinition,
  auth: AuthContext,
  body: Row,
  lineId: string | undefined,
  language: Language,
): Promise<{ from: string | undefined; to: string; header: Row }> {
  let from: string | undefined;
  if (lineId !== undefined) {
    const [line] = (await tx
      .select({ parent: col(lines, owner.child.parentField) })
      .from(lines.table as PgTable)
      .where(and(visible(lines, auth), eq(col(lines, 'id'), lineId)))) as Row[];
    if (!line) throw notFound('crud.notFound', { entity: lines.label[language] });
    from = String(line.parent);
  }
  const given = body[owner.child.parentField];
  const to =
    from !== undefined && (given === undefined || given === null || given === '')
      ? from
      : parentIdOf(owner, lines, body, language);
  const headers = await lockHeaders(tx, owner.header, auth, [...new Set([from ?? to, to])]);
  if (from !== undefined) {
    const left = headers.get(from);
    if (!left) throw headerMissing(owner, lines, language);
    refuseLockedLines(owner.header, left, language);
    refuseHeld(owner.header, left, language);
  }
  if (to !== from) {
    const target = headers.get(to);
    // The header is locked already; this asks only whether the caller may see it.
    const [seen] = target
      ? await tx
          .select({ id: col(owner.header, 'id') })
          .from(owner.header.table as PgTable)
          .where(and(visible(owner.header, auth), eq(col(owner.header, 'id'), to)))
      : [];
    if (!target || !seen) throw headerMissing(owner, lines, language);
    refuseLockedLines(owner.header, target, language);
    refuseHeld(owner.header, target, language);
  }
  // Both branches above made sure the target header is there.
  return { from, to, header: headers.get(to) as Row };
}

/**
 * The names a record keeps of what it references (FieldInput.nameOf: a bill's owner name), written
 * into the values about to be written from each referenced record's title, one query per field
 * for all the records given (a header, or a bill's lines). Only a record whose values carry the
 * reference is named again (an edit leaving the owner out keeps the name); a blank reference, or
 * one to no live record (the reference check refuses that), leaves the name empty.
 */
async function fillNames(tx: Tx, entity: EntityDefinition, auth: AuthContext, records: Row[]) {
  for (const field of entity.fields) {
    const refField = field.nameOf && entity.fields.find((f) => f.name === field.nameOf);
    const ref = refField ? refField.ref : undefined;
    const target = ref && entityByName.get(ref.entity);
    if (!refField || !ref || !target) continue;
    const naming = records.filter((values) => refField.name in values);
    const codes = [
      ...new Set(
        naming
          .map((values) => values[refField.name])
          .filter((v) => !isBlank(v))
          .map(String),
      ),
    ];
    const by = col(target, ref.valueField);
    const rows =
      codes.length === 0
        ? []
        : ((await tx
            .select({ value: by, label: col(target, ref.labelField) })
            .from(target.table as PgTable)
            .where(and(live(target, auth.tenantId), inArray(by, codes)))) as Row[]);
    const names = new Map(rows.map((row) => [String(row.value), row.label ?? null]));
    for (const values of naming) {
      const code = values[refField.name];
      values[field.name] = isBlank(code) ? null : (names.get(String(code)) ?? null);
    }
  }
}

/**
 * The line fields its header fills (ChildInput.fromHeader: the bill number), copied into the
 * values about to be written, so the line is complete whichever endpoint writes it.
 */
function copyFromHeader(child: ChildInput, header: Row, values: Row) {
  for (const [lineField, headerField] of Object.entries(child.fromHeader ?? {}))
    values[lineField] = header[headerField] ?? null;
}

/**
 * A header whose copied fields changed (a renumbered bill) passes the new values to its live
 * lines in the same transaction, under the header's row lock, so no line keeps the old number.
 */
async function keepLinesInStep(tx: Tx, header: EntityDefinition, before: Row, after: Row, tenantId: string) {
  for (const child of header.children) {
    const changed: Row = {};
    for (const [lineField, headerField] of Object.entries(child.fromHeader ?? {}))
      if (before[headerField] !== after[headerField]) changed[lineField] = after[headerField] ?? null;
    if (Object.keys(changed).length === 0) continue;
    const lines = child.entity();
    await tx
      .update(lines.table as PgTable)
      .set(changed)
      .where(and(live(lines, tenantId), eq(col(lines, child.parentField), String(after.id))));
  }
}

/**
 * Create (no id) or update (with id and the version it was read at) one record and, for
 * bills, its lines, all in the caller's transaction: any refusal leaves nothing written.
 */
export async function submitRecord(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  body: unknown,
  language: Language,
): Promise<Row> {
  refuseSharedWrite(entity, auth, language);
  if (!isObject(body)) throw badRequest('crud.bodyNotObject');
  const rawId = body.id === undefined || body.id === null || body.id === '' ? undefined : String(body.id);
  if (rawId !== undefined && !isId(rawId)) throw badRequest('crud.badIds', { ids: rawId });
  const now = new Date();
  const stamp = { updateUser: auth.userId, updateTime: now };
  let saved: Row;
  // A line written on its own is checked against its header (issue 13: a posted bill's lines
  // changed through the line endpoint); lines sent inside their header go with its checks.
  const owner = ownerOf(entity);
  const parent = owner && (await lockLineHeaders(tx, owner, entity, auth, body, rawId, language));
  if (rawId === undefined) {
    const input = withDefaults(entity.fields, body);
    for (const hook of Object.values(createHooks)) await hook(tx, entity, input, auth);
    const values = parseRecord(entity, input, language, false);
    // The parent key is no form field (the engine fills it from the header it checked).
    if (owner && parent) {
      values[owner.child.parentField] = parent.to;
      copyFromHeader(owner.child, parent.header, values);
      await numberLine(tx, owner, entity, auth, parent.to, values, undefined);
    }
    await checkRecord(tx, entity, auth, values, undefined, language, lineOf(owner, parent));
    await fillNames(tx, entity, auth, [values]);
    await writeRules[entity.name]?.(tx, values, { auth, language, id: undefined });
    refuseLockingValues(entity, values, language);
    const [inserted] = (await tx
      .insert(entity.table as PgTable)
      .values({
        ...values,
        id: nextId(),
        // A global entity's tenant column (the tenant registry's own code) comes from the form.
        ...(!entity.global && { tenantId: auth.tenantId }),
        createUser: auth.userId,
        createDept: auth.deptId || null,
        createTime: now,
        ...stamp,
        status: 1,
        isDeleted: 0,
        version: 1,
      })
      .returning()) as Row[];
    saved = inserted as Row;
    await writeAudit(tx, auth, {
      action: 'create',
      entity,
      row: saved,
      changes: changesOf(entity, undefined, saved),
    });
  } else {
    const current = await findVisible(tx, entity, auth, rawId, true);
    if (!current) throw notFound('crud.notFound', { entity: entity.label[language] });
    refuseLockedHeader(entity, current, 'edit', language);
    refuseHeld(entity, current, language);
    // The line moved to another header since its header was locked above: read it again.
    if (owner && parent && String(current[owner.child.parentField]) !== parent.from)
      throw conflict('crud.stale', {
        entity: entity.label[language],
        current: String(current.version),
        given: String(body.version ?? '?'),
      });
    const given = readVersion(body.version);
    if (given !== current.version) {
      throw conflict('crud.stale', {
        entity: entity.label[language],
        current: String(current.version),
        given,
      });
    }
    // A secret left blank on an edit keeps its value (the form never had it to show).
    const edited = { ...body };
    for (const field of entity.fields)
      if (field.secret && isBlank(edited[field.name])) delete edited[field.name];
    const values = parseRecord(entity, edited, language, true);
    if (owner && parent) {
      values[owner.child.parentField] = parent.to;
      // A line moved to another bill takes that bill's number.
      copyFromHeader(owner.child, parent.header, values);
      await numberLine(tx, owner, entity, auth, parent.to, values, current);
    }
    await checkRecord(tx, entity, auth, { ...current, ...values }, rawId, language, lineOf(owner, parent));
    await fillNames(tx, entity, auth, [values]);
    await writeRules[entity.name]?.(tx, values, { auth, language, id: rawId });
    refuseLockingValues(entity, { ...current, ...values }, language);
    const [updated] = (await tx
      .update(entity.table as PgTable)
      .set({ ...values, ...stamp, version: sql`${col(entity, 'version')} + 1` })
      .where(and(eq(col(entity, 'id'), rawId), eq(col(entity, 'version'), given)))
      .returning()) as Row[];
    if (!updated) throw conflict('crud.stale', { entity: entity.label[language], current: '?', given });
    saved = updated;
    await keepLinesInStep(tx, entity, current, saved, auth.tenantId);
    await writeAudit(tx, auth, {
      action: 'update',
      entity,
      row: saved,
      changes: changesOf(entity, current, saved),
    });
  }
  for (const child of entity.children) {
    saved[child.key] = await saveLines(
      tx,
      child,
      auth,
      saved,
      body[child.key],
      language,
      rawId === undefined,
    );
    // Checked as written, in this transaction: a refusal leaves nothing. Lines the body left
    // out are checked too, since a header given another owner must still own what they name.
    const written = saved[child.key] as Row[];
    await checkReferences(
      tx,
      child.entity(),
      auth,
      written.map((values, index) => ({
        values,
        headerOwner: ownerIn(entity, saved),
        line: typeof values.lineNumber === 'number' ? values.lineNumber : index + 1,
      })),
      language,
    );
  }
  const context = { auth, language, id: rawId };
  // The header keeps what it sums from its lines before its own rules (a posting on save).
  await lineTotalsRules[entity.name]?.(tx, saved, context);
  await afterWriteRules[entity.name]?.(tx, saved, context);
  // A line written on its own: its header (both, when it moved) as a header save would leave it.
  if (owner && parent)
    await linesWritten(tx, owner.header, auth, [...new Set([parent.from ?? parent.to, parent.to])], language);
  return hideSecrets(entity, saved);
}

/**
 * After lines were written other than through their header's submit (a line's own submit or
 * remove, a line import): each live header named is left as its submit would leave it, in the
 * caller's transaction: its version moves on (a form still holding the old lines is refused as
 * stale rather than dropping the new one), its update stamp is the writer's, and its
 * `lineTotalsRules` recompute what it keeps from its lines. The caller holds the headers'
 * row locks (lockHeaders, lockFlowBills); a header that is gone (orphan lines) is skipped.
 */
export async function linesWritten(
  tx: Tx,
  header: EntityDefinition,
  auth: AuthContext,
  ids: string[],
  language: Language,
): Promise<void> {
  const ordered = [...new Set(ids)].sort((a, b) =>
    BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0,
  );
  for (const id of ordered) {
    const [row] = (await tx
      .update(header.table as PgTable)
      .set({ updateUser: auth.userId, updateTime: new Date(), version: sql`${col(header, 'version')} + 1` })
      .where(and(live(header, auth.tenantId), eq(col(header, 'id'), id)))
      .returning()) as Row[];
    if (row) await lineTotalsRules[header.name]?.(tx, row, { auth, language, id });
  }
}

/**
 * A line written on its own without a line number (a new one, or one whose number was blanked
 * or never given) takes the next number after the highest of its bill's live lines, as it
 * would in its header's submit (numberLines). The header is locked: two writers of one bill
 * cannot draw the same number.
 */
async function numberLine(
  tx: Tx,
  owner: LineOwner,
  lines: EntityDefinition,
  auth: AuthContext,
  headerId: string,
  values: Row,
  current: Row | undefined,
) {
  if (!lines.fields.some((field) => field.name === 'lineNumber')) return;
  const number = 'lineNumber' in values ? values.lineNumber : current?.lineNumber;
  if (number !== null && number !== undefined) return;
  const [top] = (await tx
    .select({ top: sql<string>`coalesce(max(${col(lines, 'lineNumber')}), 0)` })
    .from(lines.table as PgTable)
    .where(
      and(
        live(lines, auth.tenantId),
        eq(col(lines, owner.child.parentField), headerId),
        current ? ne(col(lines, 'id'), current.id as string) : undefined,
      ),
    )) as Row[];
  values.lineNumber = Number(top?.top ?? 0) + 1;
}

/**
 * Lines left without a line number (the form's grid numbers its rows but leaves the field to
 * the user) get the next numbers after the highest one given, in their order: labels, postings
 * and the bills made from a bill name a line by its number, so two lines must not share a blank.
 */
function numberLines(lines: EntityDefinition, rows: Row[]) {
  if (!lines.fields.some((field) => field.name === 'lineNumber')) return;
  const given = rows.map((row) => (typeof row.lineNumber === 'number' ? row.lineNumber : 0));
  let next = Math.max(0, ...given) + 1;
  for (const row of rows) {
    if (row.lineNumber === null || row.lineNumber === undefined) row.lineNumber = next++;
  }
}

async function saveLines(
  tx: Tx,
  child: EntityDefinition['children'][number],
  auth: AuthContext,
  header: Row,
  raw: unknown,
  language: Language,
  creating: boolean,
): Promise<Row[]> {
  const headerId = String(header.id);
  const lines = child.entity();
  if (raw === undefined && !creating) {
    // An edit of the header alone leaves its lines as they are.
    return (await tx
      .select()
      .from(lines.table as PgTable)
      .where(and(live(lines, auth.tenantId), eq(col(lines, child.parentField), headerId)))) as Row[];
  }
  if (raw !== undefined && !Array.isArray(raw)) throw badRequest('crud.detailsNotList', { key: child.key });
  const input = (raw ?? []) as unknown[];
  if ((child.minLines ?? 0) > input.length) throw badRequest('crud.detailsBlank');
  const existing = (await tx
    .select()
    .from(lines.table as PgTable)
    .where(and(live(lines, auth.tenantId), eq(col(lines, child.parentField), headerId)))
    .for('update')) as Row[];
  const existingById = new Map(existing.map((row) => [row.id as string, row]));
  const seen = new Set<string>();
  const kept = new Set<string>();
  const out: Row[] = [];
  const now = new Date();
  const parsed = input.map((line, index) => {
    const number = index + 1;
    if (!isObject(line)) throw badRequest('crud.lineInvalid', { line: number, detail: typeof line });
    return { line, values: parseRecord(lines, withDefaults(lines.fields, line), language, false, number) };
  });
  numberLines(
    lines,
    parsed.map((p) => p.values),
  );
  await fillNames(
    tx,
    lines,
    auth,
    parsed.map((p) => p.values),
  );
  for (const { line, values } of parsed) {
    values[child.parentField] = headerId;
    copyFromHeader(child, header, values);
    if (child.distinctBy) {
      const key = child.distinctBy.map((f) => String(values[f] ?? '')).join('|');
      if (seen.has(key)) {
        const names = child.distinctBy.map(
          (f) => lines.fields.find((m) => m.name === f)?.label[language] ?? f,
        );
        throw badRequest('crud.quotedTwice', { field: names.join('/'), value: key });
      }
      seen.add(key);
    }
    const lineId = line.id === undefined || line.id === null || line.id === '' ? undefined : String(line.id);
    if (lineId && existingById.has(lineId)) {
      kept.add(lineId);
      const [updated] = (await tx
        .update(lines.table as PgTable)
        .set({
          ...values,
          updateUser: auth.userId,
          updateTime: now,
          version: sql`${col(lines, 'version')} + 1`,
        })
        .where(eq(col(lines, 'id'), lineId))
        .returning()) as Row[];
      out.push(updated as Row);
    } else {
      const [inserted] = (await tx
        .insert(lines.table as PgTable)
        .values({
          ...values,
          id: nextId(),
          tenantId: auth.tenantId,
          createUser: auth.userId,
          createDept: auth.deptId || null,
          createTime: now,
          updateUser: auth.userId,
          updateTime: now,
          status: 1,
          isDeleted: 0,
          version: 1,
        })
        .returning()) as Row[];
      out.push(inserted as Row);
    }
  }
  const dropped = existing.map((row) => row.id as string).filter((id) => !kept.has(id));
  if (dropped.length > 0) {
    await tx
      .update(lines.table as PgTable)
      .set({ isDeleted: 1, updateUser: auth.userId, updateTime: now })
      .where(inArray(col(lines, 'id'), dropped));
  }
  return out;
}

/** Reads `ids=1,2,3`: each a 64-bit id, at least one. */
export function parseIds(raw: unknown): string[] {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) throw badRequest('crud.idsMissing');
  const ids = [...new Set(text.split(',').map((s) => s.trim()))];
  const bad = ids.filter((id) => !isId(id));
  if (bad.length > 0) throw badRequest('crud.badIds', { ids: bad.slice(0, 5).join(',') });
  return ids;
}

/**
 * Logical delete of every named record, all or nothing: an id that is missing, deleted, of
 * another tenant, or refused by a rule of its entity leaves every record as it was.
 */
export async function removeRecords(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  ids: string[],
  language: Language,
): Promise<number> {
  refuseSharedWrite(entity, auth, language);
  const owner = ownerOf(entity);
  let checkedParents = new Set<string>();
  let headers = new Map<string, Row>();
  if (owner) {
    // Lines go only from bills that are not locked; their headers are locked first (the
    // order every bill write takes: header, then lines). A line whose header is gone may go.
    const parents = (await tx
      .select({ parent: col(entity, owner.child.parentField) })
      .from(entity.table as PgTable)
      .where(and(visible(entity, auth), inArray(col(entity, 'id'), ids)))) as Row[];
    checkedParents = new Set(parents.map((p) => String(p.parent)));
    headers = await lockHeaders(tx, owner.header, auth, [...checkedParents]);
    for (const header of headers.values()) {
      refuseLockedLines(owner.header, header, language);
      refuseHeld(owner.header, header, language);
    }
  }
  const rows = (await tx
    .select({ ...columnsOf(entity), ...holdFields(entity) })
    .from(entity.table as PgTable)
    .where(and(visible(entity, auth), inArray(col(entity, 'id'), ids)))
    .for('update')) as Row[];
  if (rows.length !== ids.length) throw notFound('crud.notFound', { entity: entity.label[language] });
  // A line moved to another bill between the check and its lock: that bill was not checked.
  const moved = owner && rows.find((row) => !checkedParents.has(String(row[owner.child.parentField])));
  if (moved)
    throw conflict('crud.stale', {
      entity: entity.label[language],
      current: String(moved.version),
      given: '?',
    });
  for (const row of rows) {
    refuseLockedHeader(entity, row, 'remove', language);
    refuseHeld(entity, row, language);
  }
  await removeRules[entity.name]?.(tx, rows, language, auth);
  await refuseIfReferenced(tx, entity, auth, rows, language);
  const now = new Date();
  await tx
    .update(entity.table as PgTable)
    .set({
      isDeleted: 1,
      updateUser: auth.userId,
      updateTime: now,
      version: sql`${col(entity, 'version')} + 1`,
    })
    .where(inArray(col(entity, 'id'), ids));
  for (const row of rows) await writeAudit(tx, auth, { action: 'delete', entity, row });
  for (const child of entity.children) {
    const lines = child.entity();
    await tx
      .update(lines.table as PgTable)
      .set({ isDeleted: 1, updateUser: auth.userId, updateTime: now })
      .where(and(live(lines, auth.tenantId), inArray(col(lines, child.parentField), ids)));
  }
  // Lines removed on their own: their bills as a header save without them would leave them.
  if (owner) await linesWritten(tx, owner.header, auth, [...headers.keys()], language);
  return rows.length;
}
