import type { ProColumns } from '@ant-design/pro-components';
import type { Language } from '@bl/contract';
import type { CatalogueEntity, FieldKind, FieldMeta } from '@bl/entities';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { pendingApprovalOf, pendingHolders } from './actions.ts';
import type { CatalogueIndex } from './catalogue.ts';
import { type CellContext, cellRenderers, viewRenderers } from './cells.tsx';
import { searchInputs } from './inputs.tsx';
import type { Sort } from './query.ts';
import type { Row } from './values.ts';

export interface ColumnContext {
  language: Language;
  catalogue: CatalogueIndex;
  t: TFunction;
  userName?: (id: string) => string | undefined;
}

const empty = '-';
const orEmpty = (node: ReactNode): ReactNode =>
  node === null || node === undefined || node === '' ? empty : node;

/** The narrowest a column of each kind should be, so a wide table scrolls instead of squeezing. */
const kindWidths: Record<FieldKind, number> = {
  id: 160,
  text: 120,
  textarea: 200,
  integer: 72,
  decimal: 100,
  money: 110,
  date: 110,
  datetime: 170,
  flag: 72,
  dict: 96,
  ref: 160,
  image: 160,
  file: 160,
};

/** Roughly how wide a header label renders: Han characters are twice as wide as Latin ones. */
const labelWidth = (text: string) =>
  [...text].reduce((width, char) => width + (/[\u2e80-\uffff]/.test(char) ? 14 : 7.5), 0);

/** A column's width: its kind's narrowest, or its label's, whichever is wider. */
export const columnWidth = (field: FieldMeta, language: Language) =>
  Math.max(kindWidths[field.kind], Math.ceil(labelWidth(field.label[language]) + (field.sortable ? 56 : 36)));

/** The entity's own fields first, then the common ones (creation time). */
const ownFirst = (fields: FieldMeta[]) => [
  ...fields.filter((field) => !field.system),
  ...fields.filter((field) => field.system),
];

/** The fields shown as columns of a plain (printed) table of an entity's rows. */
export const tableFields = (entity: CatalogueEntity) => ownFirst(entity.fields).filter((field) => field.list);

/** Which side a column of this field keeps to. */
export const alignOf = (field: FieldMeta) => cellRenderers[field.kind].align;

/** A cell's content for a field of a row. */
export function cellOf(field: FieldMeta, row: Row, context: ColumnContext): ReactNode {
  const cell: CellContext = { field, ...context };
  return orEmpty(cellRenderers[field.kind].render(row[field.name], cell));
}

/**
 * Cells one entity words its own way. The operation log's `detail` holds a summary such as
 * `rows=12` (server: audit/audit.ts), read here in the reader's language.
 */
const entityCells: Record<string, (row: Row, context: ColumnContext) => ReactNode> = {
  'auditlog.detail': (row, context) => {
    const detail = row.detail;
    if (typeof detail !== 'string' || detail === '') return empty;
    const rows = /^rows=(\d+)$/.exec(detail);
    return rows ? context.t('log.rows', { count: Number(rows[1]) }) : detail;
  },
};

/**
 * The tag of a bill waiting for an approval, naming who holds it: beside the bill's state in
 * lists and on its view, since the state itself does not change until the approval ends.
 */
export function ApprovalTag(props: { row: Row; context: Pick<ColumnContext, 'language' | 't'> }) {
  const pending = pendingApprovalOf(props.row);
  if (!pending) return null;
  const { language, t } = props.context;
  return (
    <Tag color="processing" data-testid="pending-approval" style={{ marginInlineStart: 4 }}>
      {t('crud.inApproval', { holders: pendingHolders(pending, language) })}
    </Tag>
  );
}

/** A list cell, with the approval tag beside the bill's state (the entity's `status` field). */
function listCell(entity: CatalogueEntity, field: FieldMeta, row: Row, context: ColumnContext): ReactNode {
  const cell = entityCells[`${entity.name}.${field.name}`]?.(row, context) ?? cellOf(field, row, context);
  if (field.name !== entity.status || !pendingApprovalOf(row)) return cell;
  return (
    <>
      {cell}
      <ApprovalTag row={row} context={context} />
    </>
  );
}

/** A view's content for a field of a record. */
export function viewOf(field: FieldMeta, row: Row, context: ColumnContext): ReactNode {
  const cell: CellContext = { field, ...context };
  return orEmpty(viewRenderers[field.kind](row[field.name], cell));
}

/**
 * The list columns of an entity: fields with `list` are columns, fields with a search mode
 * are in the search form (their input by kind), `sortable` ones sort on the server.
 */
export function listColumns(
  entity: CatalogueEntity,
  context: ColumnContext,
  sort: Sort | undefined,
): ProColumns<Row>[] {
  return ownFirst(entity.fields)
    .filter((field) => field.list || field.search !== 'none')
    .map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label[context.language],
      align: cellRenderers[field.kind].align,
      width: columnWidth(field, context.language),
      ellipsis: field.kind === 'text' || field.kind === 'textarea' || field.kind === 'ref',
      hideInTable: !field.list,
      hideInSearch: field.search === 'none',
      sorter: field.list && field.sortable,
      sortOrder: sort?.field === field.name ? sort.order : null,
      render: (_dom, row) => listCell(entity, field, row, context),
      renderFormItem: () =>
        searchInputs[field.kind]({
          field,
          language: context.language,
          catalogue: context.catalogue,
          t: context.t,
        }),
    }));
}

const wideKinds: ReadonlySet<FieldKind> = new Set(['textarea', 'image', 'file']);
/** Long texts, images and files take a whole row in forms and views. */
export const isWide = (field: FieldMeta) => wideKinds.has(field.kind);

/**
 * Fields a view shows: the entity's own (long texts last), then who made and changed it, and
 * when.
 */
export function viewFields(entity: CatalogueEntity): FieldMeta[] {
  const own = entity.fields.filter((field) => field.view && !field.system);
  own.sort((a, b) => Number(isWide(a)) - Number(isWide(b)));
  const audit = ['createUser', 'createTime', 'updateUser', 'updateTime']
    .map((name) => entity.fields.find((field) => field.name === name))
    .filter((field): field is FieldMeta => field !== undefined);
  return [...own, ...audit];
}
