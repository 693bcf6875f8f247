import { type Label, label } from './label.ts';

/**
 * The bill-flow declaration (docs/adr/0016-bill-flows.md): how a bill behaves, said once on its
 * header entity, read by the server (routes `POST /api/{service}/{bill}/{action}?ids=`, buttons
 * `{bill}_{action}`, state guards, postings, audit entries, locks) and by the screens (action
 * buttons enabled by the selected bills' states). Pure data: nothing here touches a database.
 */

/** The parts of a stock key, in the ledger's total order (docs/adr/0008-stock-ledger.md). */
export const stockKeyParts = [
  'customerCode',
  'materialCode',
  'batchNo',
  'customerBatchNo',
  'warehousePlaceCode',
  'barcode',
  'packspecCode',
  'stockStatus',
] as const;

/** The amounts a balance holds for its key, as the ledger, the reports and the snapshots read them. */
export const stockAmountParts = ['qty', 'weg', 'qtyWeg', 'board', 'volume'] as const;
export type StockKeyPart = (typeof stockKeyParts)[number];

/** Where a value of a posting comes from: a field of the line, of the header, or a constant. */
export type Source = { line: string } | { header: string } | { value: string };

/** States a bill must be in: every named field holds one of its values. */
export type StateGuard<F extends string = string> = Partial<Record<F, readonly string[]>>;

/** What an action (or a save) writes on the header when it succeeds. */
export type StateSet<F extends string = string> = Partial<Record<F, string>>;

/**
 * How a bill's lines become stock movements when an action posts (`ledger: 'post'`):
 * - `in`: the goods arrive at the key the line names;
 * - `out`: they leave from the owner's stock of the key's status, pinned to the batch, place,
 *   barcode or pack spec the line names (empty parts are free), picked by the material's
 *   pick-down strategy (FEFO by default);
 * - `move`: out as `out`, then into the same key with the parts of `to` changed (a place, an
 *   owner, a status), the goods' dates travelling with them;
 * - `adjust`: the line's quantity is signed (a count difference): a gain arrives at the key, a
 *   loss leaves from exactly that key.
 */
export interface Posting {
  kind: 'in' | 'out' | 'move' | 'adjust';
  /** The body key of the lines that post (default the header's first child). */
  lines?: string;
  /** The line's quantity field (default `qty`). */
  qty?: string;
  /**
   * Lines whose quantity field is empty or zero are skipped instead of refused (a result split
   * over several quantities: passed, failed). Some line of the bill must still post.
   */
  optional?: boolean;
  /**
   * Key parts not read from the same-named line field. Defaults: the owner is the header's
   * `customerCode`, the status the header's `stockType` (else available, 1).
   */
  key?: Partial<Record<StockKeyPart, Source>>;
  /** `move` only: the parts of the destination key that differ from the source. */
  to?: Partial<Record<StockKeyPart, Source>>;
  /**
   * The stream rows' fee flag (instockStatus / outstockStatus, spec 02 §4): 1 counts toward the
   * inbound / outbound fee, 2 is a conversion without fee.
   */
  fee: '1' | '2';
  /**
   * What the movement is to the in/out figures (the cost bill's stock summary, the dashboard,
   * the statement): every posting says it, so a new bill cannot fall into "in" or "out" by its
   * sign. One bill's postings share one class (the figures tell rows apart by bill type).
   */
  movement: MovementClass;
}

/**
 * The classes of stock movement, as the in/out figures read them:
 * - `door`: goods crossing the warehouse's door (a receipt, a shipment): in and out for the
 *   owner and for the warehouse;
 * - `owner`: goods changing owner inside the warehouse (an owner transfer): in and out as each
 *   owner sees it, nothing for the warehouse as a whole;
 * - `adjust`: goods found or lost (a count difference, a loss, material consumed or made by
 *   processing): their own figure, never in or out;
 * - `internal`: goods moving inside the warehouse (places, statuses, allocations, packing):
 *   not in, not out; they net to zero per owner and material.
 */
export const movementClasses = ['door', 'owner', 'adjust', 'internal'] as const;
export type MovementClass = (typeof movementClasses)[number];

/**
 * The one movement class of a bill's postings (the flow's and its actions' own), undefined for
 * a bill that posts nothing; a bill whose postings disagree is a declaration error.
 */
export function movementClassOf(entity: string, flow: BillFlowInput | undefined): MovementClass | undefined {
  const postings = [
    ...(flow?.postings ?? []),
    ...Object.values(flow?.actions ?? {}).flatMap((action) => action.posts ?? []),
  ];
  const classes = new Set(postings.map((posting) => posting.movement));
  if (classes.size > 1) throw new Error(`${entity}: its postings declare movement classes ${[...classes]}`);
  return postings[0]?.movement;
}

/** One action of a bill: a transition between its states, with what it checks and writes. */
export interface FlowAction<F extends string = string> {
  /** The button, in the user's language. */
  label: Label;
  /** The question the screen asks first, about the selected bills. */
  confirm: Label;
  /** Undoes something (un-review, cancel): the screen shows it as dangerous. */
  danger?: boolean;
  /** The states a bill must be in; the whole request is refused otherwise. */
  when?: StateGuard<F>;
  /** Server message key of that refusal (default `flow.wrongState`, naming bill, action and state). */
  refuse?: string;
  /** What the action writes on success. */
  sets?: StateSet<F>;
  /** The reviewer and time (`auditUser`, `auditTime`): stamped, or cleared. */
  audit?: 'stamp' | 'clear';
  /** Posts (its own `posts`, else the flow's `postings`), or reverses every stream row the bill posted. */
  ledger?: 'post' | 'reverse';
  /** What this action posts when a bill posts in steps (ship out, then receive in). */
  posts?: Posting[];
  /** The screen opens the print page of the bills once the action succeeded. */
  print?: boolean;
  /** The action takes a quantity per line (a partial receipt, a loaded count): `LineQuantities`. */
  quantities?: LineQuantities;
  /** The action takes header fields in its dialog (a signer): `ActionForm`. */
  form?: ActionForm;
}

/**
 * Header fields an action asks for (a signer's name, mobile, identity card, time; a vehicle; who
 * scanned and checked): the screen shows them as the bill's form shows them, filled from the
 * (first) bill, and sends them at the top of the body next to `lines`. The flow engine reads each
 * given field as the bill's form reads it (a reference must exist), refuses a required field that
 * neither the body nor a bill holds naming the field and the action, and hands the values to the
 * action's code (`FlowContext.form`).
 */
export interface ActionForm {
  /** Header field names, in the order asked. */
  fields: readonly string[];
  /** Those the screen marks required (the server refuses without them too). */
  required?: readonly string[];
  /**
   * Asked once for all the selected bills, each taking the same values (one vehicle for several
   * outbound bills); without it the screen asks on one bill only, and several bills go with
   * their own values.
   */
  several?: boolean;
  /**
   * Whether the values are written on the bills with the action's state (and logged): the
   * default. `false` for values that belong to what the action makes (the loading bill's
   * vehicle), never to the bills, which a posted state may have locked.
   */
  write?: boolean;
}

/**
 * What an action that takes a quantity per line asks for. On one bill the screen lists the lines
 * of `lines` still open (`from` less `done`) with that as the quantity to change, and sends
 * `{ lines: [{ id, [key]: quantity }] }`; on several bills, or through the API without a body,
 * the action takes everything still open.
 */
export interface LineQuantities {
  /** The bill's line collection (a child key). */
  lines: string;
  /** The body's name of a line's quantity. */
  key: string;
  /** The line field with the whole quantity. */
  from: string;
  /** The line field with what earlier actions already took. */
  done?: string;
  /**
   * Where the lines come from when they are not the bill's own (a delivery signs for the lines
   * of a departure): `GET {bill path}/{source}?id=` answering `{ [lines]: rows }`.
   */
  source?: string;
  /**
   * The body's name of a per-line text the screen asks when a line takes less than is open
   * (a refusal reason): with one, the rest of the line is closed for that reason.
   */
  reason?: string;
}

/**
 * One state of a bill header that locks it: while `field` holds one of `values`, the header
 * cannot be edited or deleted and its lines cannot be added, edited, moved or deleted through
 * any generic write (docs/adr/0014-bill-locks.md). Only the bill's actions change it then.
 */
export interface BillLock<F extends string = string> {
  /** The header's state field: a dictionary field, whose label names the state in messages. */
  field: F;
  /** The values of that field that lock. */
  values: readonly string[];
  /**
   * Server message keys (apps/server/src/i18n/messages.ts) of a refused header edit and
   * delete, when the bill keeps its own wording; the default (`bill.locked`) names the bill
   * and its state. Lines always get `bill.linesLocked`.
   */
  editMessage?: string;
  removeMessage?: string;
}

/** What a bill header declares of its flow. Not on line entities: their header locks them. */
export interface BillFlowInput<F extends string = string> {
  /** The field that says where the bill is in its flow, shown first on its screens. */
  status?: F;
  /** Checked in order: the first that holds gives the message. */
  locks: BillLock<F>[];
  /** Its actions, by name (the route and button suffix). */
  actions?: Record<string, FlowAction<F>>;
  /** The movements `ledger: 'post'` writes, in order, in one posting. */
  postings?: Posting[];
  /** A bill saved in these states posts at once and takes `sets` (no review needed). */
  postOnSave?: { when: StateGuard<F>; sets: StateSet<F> };
}

/** An action as the catalogue serves it to the screens. */
export interface CatalogueAction {
  name: string;
  label: Label;
  confirm: Label;
  danger: boolean;
  print: boolean;
  when?: Record<string, readonly string[]>;
  quantities?: LineQuantities;
  form?: ActionForm;
}

/** Whether a bill row is in the states a guard asks for. */
export const inState = (when: StateGuard | undefined, row: Record<string, unknown>): boolean =>
  Object.entries(when ?? {}).every(([field, values]) =>
    (values ?? []).includes(row[field] === null || row[field] === undefined ? '' : String(row[field]).trim()),
  );

/**
 * Labels of the actions most bills share, so a bill declares `review: { ...verbs.review, ... }`
 * and every bill's Review button reads the same.
 */
export const verbs = {
  review: {
    label: label('审核', '審核', 'Review'),
    confirm: label(
      '确定审核选择的单据？审核后库存将过账。',
      '確定審核選擇的單據？審核後庫存將過賬。',
      'Review the selected bills? Their stock will be posted.',
    ),
  },
  unreview: {
    label: label('反审核', '反審核', 'Un-review'),
    confirm: label(
      '确定反审核选择的单据？已过账的库存将被冲销。',
      '確定反審核選擇的單據？已過賬的庫存將被沖銷。',
      'Un-review the selected bills? Their posted stock will be reversed.',
    ),
    danger: true,
  },
  confirmOrder: {
    label: label('确认', '確認', 'Confirm'),
    confirm: label(
      '确定确认选择的预约单？确认后可被引用。',
      '確定確認選擇的預約單？確認後可被引用。',
      'Confirm the selected reservations? Bills can then quote them.',
    ),
  },
  unconfirmOrder: {
    label: label('取消确认', '取消確認', 'Unconfirm'),
    confirm: label(
      '确定取消确认选择的预约单？',
      '確定取消確認選擇的預約單？',
      'Take the confirmation of the selected reservations back?',
    ),
    danger: true,
  },
} satisfies Record<string, Pick<FlowAction, 'label' | 'confirm' | 'danger'>>;
