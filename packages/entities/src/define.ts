import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BillFlowInput } from './flow.ts';
import { type FieldInput, type FieldMeta, isServerOwned, measureOfLabel } from './kinds.ts';
import type { Label } from './label.ts';

/** The services of the SpringBlade layout; an entity's API lives under `/api/{service}/{name}`. */
export type Service = 'bl-system' | 'bl-wms' | 'bl-tms' | 'bl-acct' | 'bl-scm' | 'bl-iot' | 'bl-develop';

/** Side-menu groups entities are listed under (route prefixes of spec 01 §2). */
export type Area =
  | 'basicData'
  | 'warehousingManagement'
  | 'outWarehouseManagement'
  | 'inWarehouseManagement'
  | 'otherBill'
  | 'loadHandle'
  | 'reportManagement'
  | 'secondaryProcessing'
  | 'acct'
  | 'transport'
  | 'supplyChain'
  | 'device'
  | 'develop'
  | 'system';

/** Every column of the table needs a field: leaving one out does not compile. */
export type FieldsOf<T extends PgTable> = { [K in keyof T['$inferSelect']]-?: FieldInput };

export interface ChildInput {
  /** The key of the lines in submit/detail bodies, e.g. `details`. */
  key: string;
  /** The line entity. */
  entity: () => EntityDefinition;
  /** The line column that holds the header's id. */
  parentField: string;
  /** Fewest lines a saved header may have ("The Details Can not be blank!" below it). */
  minLines?: number;
  /** Line fields that may not repeat within one header (a quoted material cannot repeat). */
  distinctBy?: string[];
  /**
   * Line fields copied from the header (line field -> header field), by the engine whichever
   * endpoint writes the line, and kept in step when the header's value changes: a line list or
   * export then names its bill without a join. The line field must be server-owned.
   */
  fromHeader?: Record<string, string>;
}

/**
 * Why a server-owned field may stay empty after the entity's sample flow (the catalogue walk,
 * apps/server/test/server-filled.test.ts): the issue that will fill it, or why it is empty by
 * nature. For developers, not shown on screens.
 */
export type UnfilledReason = `issue ${number}: ${string}` | `by nature: ${string}`;

export interface EntityInput<T extends PgTable> {
  /** The spec's name, e.g. `material`, `isinstockbill`. */
  name: string;
  service: Service;
  area: Area;
  label: Label;
  table: T;
  fields: FieldsOf<T>;
  /** The field that names a record in messages and pickers (default `name`, else `code`). */
  titleField?: keyof T['$inferSelect'] & string;
  /** Detail lines saved with the header (bills). */
  children?: ChildInput[];
  /** Set on line entities: the header entity they belong to. */
  parent?: string;
  defaultSort?: { field: keyof T['$inferSelect'] & string; order: 'asc' | 'desc' };
  /** Sets of fields unique together within the tenant (single unique fields say `unique`). */
  uniqueKeys?: (keyof T['$inferSelect'] & string)[][];
  /**
   * Written only by business postings (stock balances, the stock stream, settlement reports):
   * the generic API lists, shows and exports it, but offers no add, edit, delete or import.
   */
  readOnly?: boolean;
  /**
   * Shared by every tenant (the menu tree): the table has no tenant column, every tenant reads
   * it, and only the operator tenant (000000) may change it.
   */
  global?: boolean;
  /** A global entity only the operator tenant may even read (the tenant registry). */
  operatorOnly?: boolean;
  /**
   * Actions beyond the generic ones (e.g. `print`, `review`): each gets the button code
   * `{entity}_{action}` in the menu tree, which its endpoint checks.
   */
  actions?: string[];
  /**
   * A bill header's flow (flow.ts, docs/adr/0016-bill-flows.md): its states, actions, postings
   * and locks. Its action names join `actions`. Not on line entities.
   */
  flow?: BillFlowInput<keyof T['$inferSelect'] & string>;
  /**
   * Server-owned fields that may stay empty, with why (see `UnfilledReason`). Keyed by the
   * table's columns, so a misspelt field does not compile; a writable field is refused at load.
   */
  unfilled?: Partial<Record<keyof T['$inferSelect'] & string, UnfilledReason>>;
  /**
   * Whose records these are (issue 29 pt 5, ADR 0038): the field naming a record's owner
   * (a customer code). A record of another owner's bill may not name it; `shared`: a record
   * whose owner is blank serves every owner (a material no owner claims), else a blank owner
   * serves none.
   */
  owned?: { field: keyof T['$inferSelect'] & string; shared?: boolean };
  /**
   * The field naming this record's owner, which its references to `owned` entities must
   * belong to. Default `customerCode` when the entity has it; `false` for records of no one
   * owner. A line without one (or with it blank) takes its header's; a ref field may name
   * another (`ref.ownerField`: an owner transfer's target agreement).
   */
  ownerField?: (keyof T['$inferSelect'] & string) | false;
  /**
   * The field a serial sequence fills when a new record leaves it blank (README, "A new bill
   * saved with a blank billNo..."; modules/system/serials.ts): default `billNo` when the entity
   * is a header users write whose `billNo` is required; a bill numbered under another name
   * names it (the cost bill's `costBillNo`); `false` for none.
   */
  numberField?: (keyof T['$inferSelect'] & string) | false;
}

export interface EntityDefinition<T extends PgTable = PgTable> {
  name: string;
  service: Service;
  area: Area;
  label: Label;
  table: T;
  tableName: string;
  /** API base, e.g. `/api/bl-wms/material`. */
  path: string;
  fields: FieldMeta[];
  titleField: string;
  children: ChildInput[];
  parent?: string;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  uniqueKeys: string[][];
  readOnly: boolean;
  global: boolean;
  operatorOnly: boolean;
  actions: string[];
  flow?: BillFlowInput;
  /** Entity- and field-level `unfilled` reasons merged: field name -> reason. */
  unfilled: Record<string, UnfilledReason>;
  /** Whose records these are (EntityInput.owned). */
  owned?: { field: string; shared: boolean };
  /** The field naming the record's owner for its owned references (EntityInput.ownerField). */
  ownerField?: string;
  /** The number a serial sequence draws when left blank (EntityInput.numberField). */
  numberField?: string;
}

/** What a column can hold, as drizzle describes it (only the properties read below). */
interface ColumnShape {
  columnType: string;
  length?: number;
  precision?: number;
  scale?: number;
}

/** The range of PostgreSQL's integer types: a value outside is refused before it reaches SQL. */
const integerRanges: Record<string, [number, number]> = {
  PgSmallInt: [-32768, 32767],
  PgInteger: [-2147483648, 2147483647],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * The limits a column puts on its field, so validation and table cannot drift apart: the
 * length of a varchar, the digits of a numeric, the range of an integer. A tighter limit the
 * author gives (a product rule) stays; a looser one gives way to the column.
 */
function columnLimits(input: FieldInput, column: ColumnShape): Partial<FieldInput> {
  const limits: Partial<FieldInput> = {};
  if (column.columnType === 'PgVarchar' && column.length !== undefined)
    limits.maxLength = Math.min(input.maxLength ?? column.length, column.length);
  if (column.columnType === 'PgNumeric') {
    if (column.scale !== undefined) limits.scale = column.scale;
    if (column.precision !== undefined) limits.precision = column.precision;
  }
  const range = integerRanges[column.columnType];
  if (range && input.kind === 'integer') {
    limits.min = Math.max(input.min ?? range[0], range[0]);
    limits.max = Math.min(input.max ?? range[1], range[1]);
  }
  return limits;
}

function toMeta(name: string, authored: FieldInput, column: ColumnShape): FieldMeta {
  const input = { ...authored, ...columnLimits(authored, column) };
  const system = input.system ?? false;
  const heavy = input.kind === 'textarea' || input.kind === 'image' || input.kind === 'file';
  const measure = input.kind === 'decimal' ? (input.measure ?? measureOfLabel(input.label.en)) : undefined;
  return {
    name,
    kind: input.kind,
    label: input.label,
    required: input.required ?? false,
    ...(input.maxLength !== undefined && { maxLength: input.maxLength }),
    ...(input.format !== undefined && { format: input.format }),
    ...(input.min !== undefined && { min: input.min }),
    ...(input.max !== undefined && { max: input.max }),
    ...(input.positive && { positive: true as const }),
    ...(input.scale !== undefined && { scale: input.scale }),
    ...(measure !== undefined && { measure }),
    ...(input.precision !== undefined && { precision: input.precision }),
    ...(input.dict !== undefined && { dict: input.dict }),
    ...(input.ref !== undefined && { ref: input.ref }),
    list: input.list ?? (!system && !heavy),
    search: input.search ?? 'none',
    form: input.form ?? (system ? 'hidden' : 'edit'),
    view: input.view ?? !system,
    sortable: input.sortable ?? (!heavy && input.kind !== 'ref'),
    unique: input.unique ?? false,
    ...(input.defaultValue !== undefined && { defaultValue: input.defaultValue }),
    system,
    ...(input.secret && { secret: true as const }),
    ...(input.confirm && { confirm: true as const }),
    ...(input.line !== undefined && { line: input.line }),
    ...(input.nameOf !== undefined && { nameOf: input.nameOf }),
  };
}

/**
 * A flow declaration names fields and lines of its own entity: a name that is not there fails
 * when the catalogue loads, not when a user presses the button.
 */
function checkFlow(entity: string, flow: BillFlowInput, fields: FieldMeta[], children: ChildInput[]) {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const need = (name: string, what: string) => {
    if (!byName.has(name)) throw new Error(`${entity}: ${what} names the unknown field ${name}`);
  };
  for (const lock of flow.locks) {
    if (!byName.get(lock.field)?.dict)
      throw new Error(`${entity}: lock field ${lock.field} is not a dictionary field`);
  }
  if (flow.status !== undefined) need(flow.status, 'flow.status');
  for (const [name, action] of Object.entries(flow.actions ?? {})) {
    for (const field of Object.keys(action.when ?? {})) need(field, `action ${name}`);
    for (const field of Object.keys(action.sets ?? {})) need(field, `action ${name}`);
    if (action.audit) need('auditUser', `action ${name}`);
    // Lines from a source route are another bill's: only the bill's own must be a child.
    if (
      action.quantities &&
      action.quantities.source === undefined &&
      !children.some((child) => child.key === action.quantities?.lines)
    )
      throw new Error(
        `${entity}: action ${name} takes quantities of unknown lines ${action.quantities.lines}`,
      );
    for (const field of action.form?.fields ?? []) need(field, `action ${name} form`);
    for (const field of action.form?.required ?? [])
      if (!action.form?.fields.includes(field))
        throw new Error(`${entity}: action ${name} requires ${field}, which its form does not ask`);
    if (action.ledger === 'post' && !action.posts?.length && !flow.postings?.length)
      throw new Error(`${entity}: action ${name} posts, but the flow declares no postings`);
  }
  const postings = [
    ...(flow.postings ?? []),
    ...Object.values(flow.actions ?? {}).flatMap((a) => a.posts ?? []),
  ];
  for (const posting of postings) {
    if (posting.lines !== undefined && !children.some((child) => child.key === posting.lines))
      throw new Error(`${entity}: a posting reads the unknown lines ${posting.lines}`);
    for (const source of [...Object.values(posting.key ?? {}), ...Object.values(posting.to ?? {})])
      if (source && 'header' in source) need(source.header, 'a posting');
  }
}

/** One definition per entity: the table plus a sidecar that covers each of its columns. */
export function defineEntity<T extends PgTable>(input: EntityInput<T>): EntityDefinition<T> {
  const columns = getTableColumns(input.table);
  const fieldInputs = input.fields as Record<string, FieldInput>;
  const fields = Object.entries(columns).map(([name, column]) => {
    const field = fieldInputs[name];
    if (!field) throw new Error(`${input.name}.${name} has no field definition`);
    return toMeta(name, field, column as unknown as ColumnShape);
  });
  const names = new Set(fields.map((field) => field.name));
  if (input.flow) checkFlow(input.name, input.flow, fields, input.children ?? []);
  if (input.flow && input.parent !== undefined)
    throw new Error(`${input.name}: a line is locked by its header; declare the flow there`);
  const unfilled = unfilledOf(input.name, fields, fieldInputs, input.unfilled ?? {});
  const titleField = input.titleField ?? (names.has('name') ? 'name' : names.has('code') ? 'code' : 'id');
  const { owned, ownerField } = ownerScopeOf(input, names);
  checkNamesOf(input.name, fields);
  const numberField = numberFieldOf(input, fields);
  return {
    name: input.name,
    service: input.service,
    area: input.area,
    label: input.label,
    table: input.table,
    tableName: getTableName(input.table),
    path: `/api/${input.service}/${input.name}`,
    fields,
    titleField,
    children: input.children ?? [],
    ...(input.parent !== undefined && { parent: input.parent }),
    defaultSort: input.defaultSort ?? { field: 'createTime', order: 'desc' },
    uniqueKeys: input.uniqueKeys ?? [],
    readOnly: input.readOnly ?? false,
    global: input.global ?? input.operatorOnly ?? false,
    operatorOnly: input.operatorOnly ?? false,
    actions: [...new Set([...(input.actions ?? []), ...Object.keys(input.flow?.actions ?? {})])],
    ...(input.flow !== undefined && { flow: input.flow }),
    unfilled,
    ...(owned !== undefined && { owned }),
    ...(ownerField !== undefined && { ownerField }),
    ...(numberField !== undefined && { numberField }),
  };
}

/**
 * The field a serial sequence fills: a header users write, numbered by a required text field
 * (`billNo` unless the entity names another). A declared field that cannot be numbered fails
 * when the catalogue loads.
 */
function numberFieldOf<T extends PgTable>(input: EntityInput<T>, fields: FieldMeta[]): string | undefined {
  if (input.numberField === false) return undefined;
  const name = input.numberField ?? 'billNo';
  const field = fields.find((f) => f.name === name);
  const numbered =
    input.parent === undefined &&
    !input.readOnly &&
    field?.kind === 'text' &&
    field.required &&
    !field.system;
  if (input.numberField !== undefined && !numbered)
    throw new Error(`${input.name}: numberField ${name} is not a required text field of a header`);
  return numbered ? name : undefined;
}

/** A `nameOf` field is server-owned text naming a reference field of its own record. */
function checkNamesOf(entity: string, fields: FieldMeta[]) {
  for (const field of fields) {
    if (field.nameOf === undefined) continue;
    const ref = fields.find((f) => f.name === field.nameOf);
    if (ref?.kind !== 'ref' || !ref.ref)
      throw new Error(`${entity}.${field.name}: nameOf names ${field.nameOf}, not a reference field`);
    if (field.kind !== 'text' || !isServerOwned(field))
      throw new Error(`${entity}.${field.name}: a nameOf field is server-owned text`);
  }
}

/**
 * The owner declarations of an entity, with their defaults, checked against its fields: a
 * misspelt owner field fails when the catalogue loads, not as a reference no one checks.
 */
function ownerScopeOf<T extends PgTable>(input: EntityInput<T>, names: Set<string>) {
  const fieldInputs = input.fields as Record<string, FieldInput>;
  const need = (name: string, what: string) => {
    if (!names.has(name)) throw new Error(`${input.name}: ${what} names the unknown field ${name}`);
  };
  if (input.owned) need(input.owned.field, 'owned');
  if (input.ownerField) need(input.ownerField, 'ownerField');
  for (const [name, field] of Object.entries(fieldInputs))
    if (field.ref?.ownerField !== undefined) need(field.ref.ownerField, `${name}.ref.ownerField`);
  const ownerField =
    input.ownerField === false
      ? undefined
      : (input.ownerField ?? (names.has('customerCode') ? 'customerCode' : undefined));
  const owned = input.owned && { field: input.owned.field as string, shared: input.owned.shared ?? false };
  return { owned, ownerField };
}
/**
 * The field-level reasons (shared blocks such as hidden totals) with the entity's own on top. A
 * reason on a field a client writes means nothing, so it fails at load rather than hide a gap.
 */
function unfilledOf(
  entity: string,
  fields: FieldMeta[],
  inputs: Record<string, FieldInput>,
  own: Record<string, UnfilledReason | undefined>,
): Record<string, UnfilledReason> {
  const out: Record<string, UnfilledReason> = {};
  for (const field of fields) {
    const reason = own[field.name] ?? inputs[field.name]?.unfilled;
    if (reason === undefined) continue;
    if (!isServerOwned(field))
      throw new Error(`${entity}.${field.name}: a reason to stay empty on a writable field`);
    out[field.name] = reason;
  }
  return out;
}

/**
 * Checked once every entity is defined (a child's entity is read lazily): a `fromHeader` pair
 * names a server-owned line field and an existing header field.
 */
export function checkChildren(entities: EntityDefinition[]) {
  for (const header of entities) {
    for (const child of header.children) {
      const lines = child.entity();
      for (const [lineField, headerField] of Object.entries(child.fromHeader ?? {})) {
        const field = lines.fields.find((f) => f.name === lineField);
        if (!field || !isServerOwned(field))
          throw new Error(`${lines.name}.${lineField}: fromHeader needs a server-owned line field`);
        if (!header.fields.some((f) => f.name === headerField))
          throw new Error(`${header.name}: fromHeader names the unknown field ${headerField}`);
      }
    }
  }
}
