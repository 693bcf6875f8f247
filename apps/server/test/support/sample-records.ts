import type { FieldKind, FieldMeta, TextFormat } from '@bl/entities';
import { dicts } from '@bl/entities';
import type { EntityDefinition } from '@bl/entities/registry';
import { entityByName } from '@bl/entities/registry';
import { type SQL, sql } from 'drizzle-orm';

type Row = Record<string, unknown>;

const formatSamples: Record<TextFormat, string> = {
  idCard: '11010519491231002X',
  mobile: '13800138000',
  email: 'store@example.com',
  tenantId: '123456',
};

/**
 * Fields whose value must name something the server already has (not a catalogue reference):
 * a top menu's entries name menus by code (topmenus.ts refuses unknown codes).
 */
const existingValues: Record<string, unknown> = {
  'topmenusetting.menuCode': 'material',
};

/** Makes one more record for a reference field of the entity (a second place, a second owner). */
type Another = (field: string, overrides?: Row) => Promise<unknown>;

/**
 * Per-entity changes to the generic body, for a rule over several fields that no single
 * field's metadata says, so that a sample is not only saved but can also run its flow
 * (server-filled.test.ts):
 * - a freight price line prices one target only: a material, a category or the tenant's
 *   default line (issue 29). The sample keeps its material.
 * - a receipt counts into a reservation or an inbound bill, not both; an outbound bill joins a
 *   wave when the wave is made.
 * - an inspection's passed plus failed quantity is at most the quantity inspected.
 * - a transfer moves goods to another place, and an ownership transfer to another owner.
 * - a lading is still valid and an agreement in force and still running when the walk acts on
 *   them (the sample days are in January 2026).
 */
const sampleAdjustments: Record<string, (body: Row, another: Another) => void | Promise<void>> = {
  // A payment settles one bill (ADR 0039): the sample pays a cost bill.
  paydetail: (body) => {
    delete body.monthBillNo;
  },
  basicgoodsforpay: (body) => {
    delete body.categoryCode;
    body.isDefault = '0';
  },
  // An outbound bill joins a wave by makeWave, not by naming one.
  osoutstockbill: (body) => {
    delete body.waveNo;
  },
  isrecbill: (body) => {
    delete body.inBillNo;
  },
  checkbilldetail: (body) => {
    body.failQty = '0';
  },
  warehousetransferbilldetail: async (body, another) => {
    body.targetWarehousePlaceCode = await another('targetWarehousePlaceCode');
  },
  diversecustomertransferbill: async (body, another) => {
    const owner = await another('targetCustomerCode');
    body.targetCustomerCode = owner;
    body.targetAgreementCode = await another('targetAgreementCode', { customerCode: owner });
  },
  ladingbill: (body) => {
    body.validUntil = '2099-12-31';
  },
  lgagreement: (body) => {
    body.endDate = '2099-12-31';
    body.agreementStatus = '2';
  },
};

/**
 * Fields of every sample line left empty: a line's source bill and line are quoted by the flows
 * that make it (a reservation's lines into an inbound bill); a sample has no such line, and a
 * made-up number would be refused as quoting a bill that does not exist.
 */
const unquotedLineFields = ['applyCode', 'applyLineNumber'];

/**
 * Makes valid records for any catalogue entity from its metadata alone: every writable field
 * gets a value of its kind within its limits; references point at records made first.
 */
export class SampleRecords {
  private counter = 0;
  /** Entities in the order their first record was made (so removal can go backwards). */
  readonly made: { entity: EntityDefinition; row: Row }[] = [];
  private readonly firstOf = new Map<string, Row>();

  constructor(private readonly save: (entity: EntityDefinition, body: Row) => Promise<Row>) {}

  private text(field: FieldMeta): string {
    if (field.format) return formatSamples[field.format];
    // Secrets are passwords and keys: long enough for the password rule.
    if (field.secret) return 'Secret-123456';
    const text = `${field.name.slice(0, 3).toUpperCase()}${++this.counter}`;
    return text.slice(0, Math.max(1, field.maxLength ?? 32));
  }

  private readonly byKind: Record<FieldKind, (field: FieldMeta) => unknown> = {
    id: () => undefined,
    text: (f) => this.text(f),
    textarea: (f) => this.text(f),
    image: () => '/files/sample.png',
    file: () => '/files/sample.pdf',
    ref: () => undefined,
    integer: (f) => Math.min(Math.max(f.min ?? 1, 1), f.max ?? 1),
    decimal: (f) =>
      f.max !== undefined && f.max < 1 ? String(f.max) : '1.5'.slice(0, (f.scale ?? 1) > 0 ? 3 : 1),
    money: () => '12.34',
    // Replaced in body(): each record has a day of its own.
    date: () => undefined,
    datetime: () => undefined,
    flag: (f) => dicts[f.dict ?? 'yesNo'].values[0]?.value,
    // A dictionary field takes its default where it has one: a bill's isReview 0 would post
    // stock when saved, and an outbound bill of a fresh database has none to take.
    dict: (f) => f.defaultValue ?? (f.dict ? dicts[f.dict].values[0]?.value : undefined),
  };

  private records = 0;

  /**
   * The body of a new valid record of `entity` (its references made as needed). Each header has
   * a day of its own for all its dates (from 2026-01-02 on): records of one owner over one period
   * may be refused as overlapping (cost bills, agreements), as a user's would be.
   */
  async body(entity: EntityDefinition, visiting = new Set<string>(), day = this.nextDay()): Promise<Row> {
    const body: Row = {};
    for (const field of entity.fields) {
      if (field.system || field.form !== 'edit') continue;
      if (field.kind === 'ref' && field.ref) {
        const target = entityByName.get(field.ref.entity);
        if (!target || visiting.has(target.name) || target === entity) continue;
        const row = await this.first(target, new Set([...visiting, entity.name]));
        body[field.name] = row[field.ref.valueField];
        continue;
      }
      const key = `${entity.name}.${field.name}`;
      body[field.name] =
        key in existingValues
          ? existingValues[key]
          : field.kind === 'date'
            ? day
            : field.kind === 'datetime'
              ? `${day}T03:04:05.000Z`
              : this.byKind[field.kind](field);
    }
    for (const child of entity.children) {
      body[child.key] = [await this.body(child.entity(), new Set([...visiting, entity.name]), day)];
    }
    if (entity.parent !== undefined) for (const name of unquotedLineFields) delete body[name];
    await sampleAdjustments[entity.name]?.(body, (name, overrides = {}) =>
      this.another(entity, name, overrides, new Set([...visiting, entity.name])),
    );
    return body;
  }

  /** A new record of what `field` of `entity` names (with `overrides`), answering its value. */
  private async another(entity: EntityDefinition, name: string, overrides: Row, visiting: Set<string>) {
    const field = entity.fields.find((f) => f.name === name);
    const target = field?.ref && entityByName.get(field.ref.entity);
    if (!field?.ref || !target) throw new Error(`${entity.name}.${name}: not a reference`);
    const row = await this.save(target, { ...(await this.body(target, visiting)), ...overrides });
    this.made.push({ entity: target, row });
    return row[field.ref.valueField];
  }

  private nextDay(): string {
    this.records += 1;
    return new Date(Date.UTC(2026, 0, 1 + this.records)).toISOString().slice(0, 10);
  }

  /** One saved record of `entity`, made once and reused as a reference target. */
  async first(entity: EntityDefinition, visiting = new Set<string>()): Promise<Row> {
    const known = this.firstOf.get(entity.name);
    if (known) return known;
    const row = await this.create(entity, visiting);
    this.firstOf.set(entity.name, row);
    return row;
  }

  async create(entity: EntityDefinition, visiting = new Set<string>()): Promise<Row> {
    const row = await this.save(entity, await this.body(entity, visiting));
    this.made.push({ entity, row });
    return row;
  }
}

/**
 * Puts what a sample record refers to in a state no sample field reaches, before the record is
 * saved: a payment takes a confirmed cost bill with something due (settlement.ts, ADR 0031).
 * `undoSample` puts it back before removal (a confirmed bill cannot be removed).
 */
export async function prepareSample(
  db: { execute: (query: SQL) => Promise<unknown> },
  entity: string,
  payload: Row,
) {
  if (entity === 'paydetail')
    await db.execute(
      sql`update bl_costbill set cost_status = '2', amount = 100
          where cost_bill_no = ${String(payload.costBillNo)} and is_deleted = 0`,
    );
}

export async function undoSample(
  db: { execute: (query: SQL) => Promise<unknown> },
  entity: string,
  row: Row,
) {
  if (entity === 'costbill')
    await db.execute(sql`update bl_costbill set cost_status = '1' where id = ${String(row.id)}`);
}
