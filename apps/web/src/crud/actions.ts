import type { Language } from '@bl/contract';
import type { CatalogueEntity } from '@bl/entities';
import type { TFunction } from 'i18next';
import type { Messages } from '../i18n/zh.ts';
import { allButtons } from './access.ts';
import type { CatalogueIndex } from './catalogue.ts';

type Crud = Messages['crud'];
/** The flat (string) keys of the crud messages. */
type CrudKey = `crud.${{ [K in keyof Crud]: Crud[K] extends string ? K & string : never }[keyof Crud]}`;

/**
 * Actions some entities add to their list toolbar beyond the generic ones, by entity name:
 * each posts `{entity path}/{code}?ids=` for the selected rows after a confirmation, behind the
 * button code `{entity}_{code}` the server checks too (docs/adr/0008-stock-ledger.md): bills
 * review (post stock) and un-review (reverse it), reservations are confirmed, outbound bills
 * make their sorting and loading bills, sorting bills print, loading bills are loaded,
 * delivery notices are received (or received in advance).
 */
export interface ScreenAction {
  code: 'review' | 'unreview' | 'sort' | 'load' | 'printSort' | 'printBoard' | 'receive' | 'receiveAdvance';
  /** i18n keys of the button and its confirmation. */
  label: CrudKey;
  confirm: CrudKey;
  danger: boolean;
  /** Opens the print page of the selected records once the server has marked them printed. */
  print?: boolean;
}

const billReview: ScreenAction[] = [
  { code: 'review', label: 'crud.review', confirm: 'crud.reviewConfirm', danger: false },
  { code: 'unreview', label: 'crud.unreview', confirm: 'crud.unreviewConfirm', danger: true },
];

const orderConfirm: ScreenAction[] = [
  { code: 'review', label: 'crud.confirmOrder', confirm: 'crud.confirmOrderConfirm', danger: false },
  { code: 'unreview', label: 'crud.unconfirmOrder', confirm: 'crud.unconfirmOrderConfirm', danger: true },
];

export const screenActions: Partial<Record<string, ScreenAction[]>> = {
  isinstockbill: billReview,
  osoutstockbill: [
    ...billReview,
    { code: 'sort', label: 'crud.sort', confirm: 'crud.sortConfirm', danger: false },
    { code: 'load', label: 'crud.load', confirm: 'crud.loadConfirm', danger: false },
  ],
  orderisinstockbill: orderConfirm,
  orderosoutstockbill: orderConfirm,
  stocksortingbill: [
    { code: 'review', label: 'crud.review', confirm: 'crud.sortReviewConfirm', danger: false },
    { code: 'unreview', label: 'crud.unreview', confirm: 'crud.sortUnreviewConfirm', danger: true },
    {
      code: 'printSort',
      label: 'crud.printSort',
      confirm: 'crud.printSortConfirm',
      danger: false,
      print: true,
    },
    {
      code: 'printBoard',
      label: 'crud.printBoard',
      confirm: 'crud.printBoardConfirm',
      danger: false,
      print: true,
    },
  ],
  loadbill: [
    { code: 'review', label: 'crud.loaded', confirm: 'crud.loadedConfirm', danger: false },
    { code: 'unreview', label: 'crud.unloaded', confirm: 'crud.unloadedConfirm', danger: true },
  ],
  osnoticedeliverybill: [
    { code: 'receive', label: 'crud.receive', confirm: 'crud.receiveConfirm', danger: false },
    {
      code: 'receiveAdvance',
      label: 'crud.receiveAdvance',
      confirm: 'crud.receiveAdvanceConfirm',
      danger: false,
    },
  ],
};

/** The extra actions of an entity this user may use (none while the codes are unknown). */
export function usableActions(
  codes: ReadonlySet<string> | undefined,
  entity: { name: string; readOnly?: boolean },
): ScreenAction[] {
  if (!codes || entity.readOnly) return [];
  return (screenActions[entity.name] ?? []).filter(
    (action) => codes.has(allButtons) || codes.has(`${entity.name}_${action.code}`),
  );
}

/**
 * A bill its flow has locked (posted to stock, reviewed, confirmed, received...: the entity's
 * declared locks, served with the catalogue) can be neither edited nor deleted (the server
 * refuses both, naming the bill and its state); its list row hides those links so the way on
 * is un-review.
 */
export function rowAllows(
  entity: Pick<CatalogueEntity, 'locks'>,
  row: Record<string, unknown>,
  action: string,
): boolean {
  if (action !== 'edit' && action !== 'delete') return true;
  return holdingLock(entity, row) === undefined;
}

/** The first of the entity's declared locks that holds for this record: its field and value. */
export function holdingLock(
  entity: Pick<CatalogueEntity, 'locks'>,
  row: Record<string, unknown>,
): { field: string; value: string } | undefined {
  for (const lock of entity.locks ?? []) {
    const value = String(row[lock.field] ?? '');
    if (lock.values.includes(value)) return { field: lock.field, value };
  }
  return undefined;
}

/**
 * The values of a field that only the bill's actions set (a lock holds on them: reviewed,
 * posted, confirmed...): a form never offers them as choices, since the server refuses a
 * generic write that puts a bill into a locking state (`bill.lockedByAction`).
 */
export function actionOnlyValues(entity: Pick<CatalogueEntity, 'locks'>, field: string): string[] {
  return (entity.locks ?? []).filter((lock) => lock.field === field).flatMap((lock) => lock.values);
}

/** Why a locked bill is shown read-only: its state field and state, in the user's words. */
export function lockMessage(
  entity: CatalogueEntity,
  catalogue: CatalogueIndex,
  lock: { field: string; value: string },
  language: Language,
  t: TFunction,
): string {
  const field = entity.fields.find((f) => f.name === lock.field);
  const state = catalogue.dict(field?.dict)?.values.find((entry) => entry.value === lock.value);
  return t('crud.lockedForm', {
    field: field?.label[language] ?? lock.field,
    state: state?.label[language] ?? lock.value,
  });
}
