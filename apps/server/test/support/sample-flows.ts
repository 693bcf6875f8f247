import { inState } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';

type Row = Record<string, unknown> & { id: string };

/** What an action answered: its refusal, or what it made (a departure's id, the arrivals...). */
export type Acted = { refusal?: string; data?: Record<string, unknown> };

/** What a sample flow may do: read a record, run one action on it (answers the refusal or what it made). */
export interface FlowDriver {
  detail(entity: EntityDefinition, id: string): Promise<Row>;
  act(entity: EntityDefinition, action: string, id: string, input: Record<string, unknown>): Promise<Acted>;
  /** What a GET route of the server answers (a dialog's lines: the delivery's `signLines`). */
  read(url: string, query: Record<string, string>): Promise<Record<string, unknown>>;
  /** The body of a new sample record of an entity (references made as needed). */
  body(entity: EntityDefinition): Promise<Record<string, unknown>>;
  /** The first sample record of an entity (made once and reused as a reference target). */
  first(entity: EntityDefinition): Promise<Row>;
  /** Saves a record (answers it, or throws the refusal). */
  save(entity: EntityDefinition, body: Record<string, unknown>): Promise<Row>;
}

/**
 * What the generic walk cannot guess for one entity: the actions to run, in order (default:
 * every forward action whose state guard holds), and the input an action's dialog would send.
 */
export interface FlowRecipe {
  actions?: string[];
  /** A dialog's input: as given, or read from the record (the lines a delivery signs for). */
  input?: Record<
    string,
    Record<string, unknown> | ((driver: FlowDriver, row: Row) => Promise<Record<string, unknown>>)
  >;
  /** The bill takes goods out of stock: an inbound bill receives its lines first. */
  stock?: boolean;
  /** Entities whose sample flow runs first (the bill names a reviewed one of theirs). */
  after?: string[];
  /**
   * A second record of the entity, made otherwise than the generic sample (answered saved), whose
   * flow is walked too: a receipt against an inbound bill besides the one against a
   * reservation, a wave made from an outbound bill besides the one typed in the form.
   */
  variant?: (driver: FlowDriver) => Promise<Row>;
  /** The recipe the variant is walked with (default: this one). */
  variantWalk?: FlowRecipe;
  /**
   * The records an action makes, walked in turn (their own recipes): the note a consignment
   * order makes, the departure a note is loaded onto, its arrival, the arrival's delivery.
   */
  made?: Record<
    string,
    {
      entity: string;
      ids: (data: Record<string, unknown>) => string[];
      /** The made record's own recipe here (default: its entity's). */
      recipe?: FlowRecipe;
    }
  >;
  /** What a user does on the record before an action (types the counted quantities). */
  before?: Record<string, (driver: FlowDriver, entity: EntityDefinition, row: Row) => Promise<void>>;
}

/** The count sheet filled in: every line counted as its book quantity. */
async function countAsBooked(driver: FlowDriver, entity: EntityDefinition, row: Row) {
  const now = await driver.detail(entity, row.id);
  const lines = (now.details as Record<string, unknown>[] | undefined) ?? [];
  await driver.save(entity, { ...now, details: lines.map((line) => ({ ...line, qty: line.bookQty })) });
}

/**
 * The bill's lines quote its reservation (`applyNo`, confirmed by its own walk before), line
 * for line, as a bill made from it would: posting then counts into the reservation's lines.
 */
async function quoteReservation(driver: FlowDriver, entity: EntityDefinition, row: Row) {
  const now = await driver.detail(entity, row.id);
  const lines = (now.details as Record<string, unknown>[] | undefined) ?? [];
  await driver.save(entity, {
    ...now,
    details: lines.map((line, i) => ({ ...line, applyCode: now.applyNo, applyLineNumber: i + 1 })),
  });
}

const entityNamed = (name: string): EntityDefinition => {
  const entity = entityByName.get(name);
  if (!entity) throw new Error(`${name} is not in the catalogue`);
  return entity;
};

/** A receipt that counts against the (reviewed) sample inbound bill instead of a reservation. */
async function againstInboundBill(driver: FlowDriver): Promise<Row> {
  const receipt = entityNamed('isrecbill');
  const body = await driver.body(receipt);
  delete body.applyNo;
  body.inBillNo = (await driver.first(entityNamed('isinstockbill'))).billNo;
  return driver.save(receipt, body);
}

/**
 * A wave as the outbound list makes it (makeWave): of a new outbound bill waiting for review,
 * its stock received first, so that confirming the picking posts it.
 */
async function waveOfOutbound(driver: FlowDriver): Promise<Row> {
  const outbound = entityNamed('osoutstockbill');
  const body = await driver.body(outbound);
  delete body.applyNo;
  const bill = await driver.save(outbound, body);
  const refusal = await receive(driver, outbound, bill);
  if (refusal) throw new Error(`osoutstockbill (receiving its stock): ${refusal}`);
  const made = await driver.act(outbound, 'makeWave', bill.id, {});
  if (made.refusal) throw new Error(`osoutstockbill.makeWave: ${made.refusal}`);
  return driver.detail(entityNamed('billwaves'), String(made.data?.id));
}

/**
 * A cost bill as the month's is made: over the owner and day of a fee the walk charged (a
 * lading's), so that it gathers the fee into a line and stamps it and its settlement row.
 */
async function billOfCharges(driver: FlowDriver): Promise<Row> {
  const bill = entityNamed('costbill');
  const answer = await driver.read(`${entityNamed('costdetail').path}/list`, { current: '1', size: '1' });
  const [fee] = (answer.records as { customerCode: string; costDate: string }[] | undefined) ?? [];
  if (!fee) throw new Error('costbill: the walk charged no fee to bill');
  const body = await driver.body(bill);
  return driver.save(bill, {
    ...body,
    customerCode: fee.customerCode,
    costDate: fee.costDate,
    costDateEnd: fee.costDate,
  });
}

/** The ids of the records an action answers under `key` (`{ notes: [{ id, billNo }] }`). */
const listed = (key: string) => (data: Record<string, unknown>) =>
  ((data[key] as { id: string }[] | undefined) ?? []).map((made) => String(made.id));

/** A valid resident identity card number (its check digit is X). */
const signerIdCard = '11010519491231002X';

/**
 * The sign-off dialog: the signer, and each line signed for but one unit less than is open,
 * the rest refused with a reason (so the lines carry delivered, refused and why).
 */
async function signOff(driver: FlowDriver, row: Row): Promise<Record<string, unknown>> {
  const delivery = entityNamed('deliverybill');
  const answer = await driver.read(`${delivery.path}/signLines`, { id: row.id });
  const lines = (answer.details as { id: string; qty: string; deliveredQty: string }[] | undefined) ?? [];
  return {
    signName: 'Signer',
    signPhone: '13800138000',
    signIdCard: signerIdCard,
    lines: lines.map((line) => {
      const open = Number(line.qty) - Number(line.deliveredQty);
      return { id: line.id, qty: String(Math.max(open - 1, 0)), reason: 'Damaged in transit' };
    }),
  };
}

export const recipes: Record<string, FlowRecipe> = {
  isinstockbill: { before: { review: quoteReservation } },
  isrecbill: { variant: againstInboundBill },
  billwaves: { variant: waveOfOutbound },
  // The variant bills today's fee: a bill whose period has not ended is provisional and cannot
  // be confirmed yet (issue 29, 1), so it is only made.
  costbill: { after: ['ladingbill'], variant: billOfCharges, variantWalk: { actions: [] } },
  // The transport chain, each document walked as it is made (ADR 0025): order, note, departure,
  // arrival, delivery signed off in part. Only the chain's delivery is signed: the sample
  // arrival and delivery share the goods of the sample departure with its own chain.
  consignmentbill: {
    made: {
      makeNote: { entity: 'consignmentbill', ids: listed('notes') },
      load: {
        entity: 'loadingbill',
        ids: (data) => [String(data.id)],
        recipe: {
          made: {
            arrive: {
              entity: 'arrivalbill',
              ids: listed('arrivals'),
              recipe: {
                made: {
                  deliver: {
                    entity: 'deliverybill',
                    ids: listed('deliveries'),
                    recipe: { input: { sign: signOff } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  // Loading takes a reviewed sorting bill, walked on its own.
  osoutstockbill: { stock: true, before: { review: quoteReservation }, actions: ['review', 'sort'] },
  osnoticedeliverybill: { stock: true },
  checkbill: { stock: true },
  wmstockcheckbill: { before: { review: countAsBooked } },
  inventorylossbill: { stock: true },
  wmallocatebill: { stock: true },
  warehousetransferbill: { stock: true },
  diversecustomertransferbill: { stock: true },
  secondaryprocess: { stock: true },
  // Temporary packaging draws on a reviewed package-warehouse bill of the same owner.
  packagetemporarybill: { after: ['packagewarehousebill'], stock: true },
  temporarypackagebill: { after: ['packagewarehousebill'], stock: true },
};

/** The header entities in the order their sample flows run: an entity after those it needs. */
export function walkOrder(headers: EntityDefinition[]): EntityDefinition[] {
  const byName = new Map(headers.map((e) => [e.name, e]));
  const out: EntityDefinition[] = [];
  const visit = (entity: EntityDefinition) => {
    if (out.includes(entity)) return;
    for (const name of recipes[entity.name]?.after ?? []) {
      const first = byName.get(name);
      if (first) visit(first);
    }
    out.push(entity);
  };
  for (const entity of headers) visit(entity);
  return out;
}

/**
 * Receives into stock what the bill's lines take: one reviewed inbound bill of the bill's
 * owner and warehouse, a line per line with the same goods, place and quantity.
 */
async function receive(driver: FlowDriver, entity: EntityDefinition, row: Row): Promise<string | undefined> {
  const inbound = entityByName.get('isinstockbill');
  const child = entity.children[0];
  if (!inbound || !child) return `${entity.name}: no lines to receive`;
  const now = await driver.detail(entity, row.id);
  const base = await driver.body(inbound);
  const [template = {}] = (base.details as Record<string, unknown>[] | undefined) ?? [];
  const lines = ((now[child.key] as Record<string, unknown>[] | undefined) ?? []).map((line) => ({
    ...template,
    // What both lines have (material, batch, place, owner's batch, barcode...): the stock key.
    ...Object.fromEntries(
      Object.keys(template)
        .filter((k) => line[k] != null)
        .map((k) => [k, line[k]]),
    ),
    // Goods past their validity date are not taken out; the sample days are in January 2026.
    validityDate: '2099-12-31',
  }));
  delete base.applyNo;
  // A bill that takes goods of one status (an inspection: held for inspection) names it.
  if (typeof now.stockType === 'string' && now.stockType !== '') base.stockType = now.stockType;
  const bill = await driver.save(inbound, {
    ...base,
    customerCode: now.customerCode,
    warehouseCode: now.warehouseCode,
    warehouseAreaCode: now.warehouseAreaCode,
    details: lines,
  });
  return (await driver.act(inbound, 'review', bill.id, {})).refusal;
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Runs a sample record's flow forward: the next declared action not run yet that is no undo
 * (`danger`), takes no quantities from another bill and whose dialog's required fields the record holds
 * (or the recipe gives), whose state
 * guard holds on the record as it is now. Answers the refusals, `entity.action: message`.
 */
export async function walkFlow(driver: FlowDriver, entity: EntityDefinition, row: Row): Promise<string[]> {
  const refused = await walkOne(driver, entity, row);
  const recipe = recipes[entity.name];
  if (!recipe?.variant) return refused;
  return [
    ...refused,
    ...(await walkOne(driver, entity, await recipe.variant(driver), recipe.variantWalk ?? recipe)),
  ];
}

async function walkOne(
  driver: FlowDriver,
  entity: EntityDefinition,
  row: Row,
  recipe: FlowRecipe | undefined = recipes[entity.name],
): Promise<string[]> {
  const actions = entity.flow?.actions ?? {};
  const refused: string[] = [];
  const tried = new Set<string>();
  if (recipe?.stock) {
    const refusal = await receive(driver, entity, row);
    if (refusal) refused.push(`${entity.name} (receiving its stock): ${refusal}`);
  }
  for (let step = 0; step < Object.keys(actions).length; step++) {
    const now = await driver.detail(entity, row.id);
    const next = Object.entries(actions).find(
      ([name, action]) =>
        !tried.has(name) &&
        (recipe?.actions ? recipe.actions.includes(name) : true) &&
        !action.danger &&
        // A dialog whose lines the server lists (signLines) needs the recipe to read them.
        (recipe?.input?.[name] !== undefined ||
          (!action.quantities?.source && (action.form?.required ?? []).every((f) => !blank(now[f])))) &&
        inState(action.when, now),
    );
    if (!next) break;
    const [name, action] = next;
    tried.add(name);
    // A dialog opens with what the bill already holds (who scanned, who checked).
    const given = recipe?.input?.[name];
    const input =
      typeof given === 'function'
        ? await given(driver, now)
        : (given ??
          Object.fromEntries(
            (action.form?.fields ?? []).filter((f) => !blank(now[f])).map((f) => [f, now[f]]),
          ));
    await recipe?.before?.[name]?.(driver, entity, row);
    const { refusal, data } = await driver.act(entity, name, row.id, input);
    if (refusal) refused.push(`${entity.name}.${name}: ${refusal}`);
    const made = recipe?.made?.[name];
    if (made && data) {
      const next = entityNamed(made.entity);
      for (const id of made.ids(data))
        refused.push(
          ...(await walkOne(driver, next, await driver.detail(next, id), made.recipe ?? recipes[next.name])),
        );
    }
  }
  return refused;
}
