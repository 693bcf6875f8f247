import type { Language, Page } from '@bl/contract';
import { type FieldKind, type FieldMeta, isWebLink } from '@bl/entities';
import { useQuery } from '@tanstack/react-query';
import { Image, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { client } from '../api/client.ts';
import type { CatalogueIndex } from './catalogue.ts';
import { formatDate, formatDateTime, formatDecimal, readableCode } from './values.ts';

/** What a cell needs besides its value. */
export interface CellContext {
  field: FieldMeta;
  language: Language;
  catalogue: CatalogueIndex;
  /** Names of users by id, where known (the signed-in user). */
  userName?: (id: string) => string | undefined;
}

type Render = (value: unknown, context: CellContext) => ReactNode;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Tag colours of dictionaries whose values mean good or bad; others take the palette by position. */
const meaningfulColours: Record<string, Record<string, string>> = {
  yesNo: { '0': 'default', '1': 'green' },
  enabled: { '0': 'default', '1': 'green' },
  invalid: { '0': 'green', '1': 'red' },
};
const palette = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'red'];

/** Dictionaries that name things rather than states: their labels read as plain text. */
const namingDicts = new Set(['entityName']);

/** A dictionary value as a coloured tag with its label; an unknown value as readable words. */
function choiceTag(value: unknown, context: CellContext): ReactNode {
  if (isBlank(value)) return null;
  const code = String(value);
  const dict = context.catalogue.dict(context.field.dict);
  const index = dict?.values.findIndex((entry) => entry.value === code) ?? -1;
  const entry = index >= 0 ? dict?.values[index] : undefined;
  if (!dict || !entry) return readableCode(code);
  if (namingDicts.has(dict.code)) return entry.label[context.language];
  const colour = meaningfulColours[dict.code]?.[code] ?? palette[index % palette.length];
  return (
    <Tag color={colour} className="bl-tag">
      {entry.label[context.language]}
    </Tag>
  );
}

const text: Render = (value) => (isBlank(value) ? null : String(value));
// A link of another scheme (javascript:, data:, kept before the server refused them) shows as
// plain text: it is never made clickable nor loaded as a picture.
const link: Render = (value) =>
  isBlank(value) ? null : isWebLink(String(value)) ? (
    <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer">
      {String(value)}
    </Typography.Link>
  ) : (
    String(value)
  );
/**
 * A reference by id (a user's role, a menu's parent) named by the record it points at: an id
 * means nothing to a person. One cached lookup per record, shared by every cell naming it.
 */
function RefName(props: { value: string; field: FieldMeta; catalogue: CatalogueIndex }) {
  const { value, field, catalogue } = props;
  const target = field.ref ? catalogue.entity(field.ref.entity) : undefined;
  const name = useQuery({
    queryKey: ['refName', target?.name, value],
    queryFn: async () => {
      const page = await client.request<Page<Record<string, unknown>>>('GET', `${target?.path}/list`, {
        query: { size: 1, id_equal: value },
      });
      const row = page.records[0];
      return row ? String(row[field.ref?.labelField ?? 'name'] ?? value) : value;
    },
    enabled: target !== undefined,
    staleTime: 60_000,
    meta: { quiet: true },
  });
  return <>{name.data ?? ''}</>;
}

const ref: Render = (value, context) => {
  if (isBlank(value)) return null;
  if (context.field.ref?.valueField !== 'id') return String(value);
  return <RefName value={String(value)} field={context.field} catalogue={context.catalogue} />;
};

const user: Render = (value, context) =>
  isBlank(value) ? null : (context.userName?.(String(value)) ?? String(value));

/** How each kind shows in a list cell, and which side it keeps to. */
export const cellRenderers: Record<FieldKind, { align: 'left' | 'right' | 'center'; render: Render }> = {
  id: { align: 'left', render: text },
  text: { align: 'left', render: text },
  textarea: { align: 'left', render: text },
  integer: { align: 'right', render: text },
  decimal: { align: 'right', render: (value, c) => formatDecimal(value, c.field.scale) },
  money: { align: 'right', render: (value, c) => formatDecimal(value, c.field.scale, true) },
  date: { align: 'center', render: (value) => formatDate(value) },
  datetime: { align: 'center', render: (value) => formatDateTime(value) },
  flag: { align: 'center', render: choiceTag },
  dict: { align: 'center', render: choiceTag },
  ref: { align: 'left', render: ref },
  image: { align: 'left', render: link },
  file: { align: 'left', render: link },
};

/** How each kind shows in the view (and the printed record). */
export const viewRenderers: Record<FieldKind, Render> = {
  // Ids on a view are the creating and changing users.
  id: user,
  text,
  textarea: (value) => (isBlank(value) ? null : <span className="bl-multiline">{String(value)}</span>),
  integer: text,
  decimal: cellRenderers.decimal.render,
  money: cellRenderers.money.render,
  date: cellRenderers.date.render,
  datetime: cellRenderers.datetime.render,
  flag: choiceTag,
  dict: choiceTag,
  ref,
  image: (value) =>
    isBlank(value) ? null : isWebLink(String(value)) ? (
      <Image width={96} src={String(value)} />
    ) : (
      String(value)
    ),
  file: link,
};
