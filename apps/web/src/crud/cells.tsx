import type { Language } from '@bl/contract';
import { type FieldKind, type FieldMeta, isWebLink } from '@bl/entities';
import { Image, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useCatalogue } from '../api/query.ts';
import { isSeededName, useSeededName } from '../i18n/seeded.ts';
import { type CatalogueIndex, indexCatalogue } from './catalogue.ts';
import { codeAndName, isNamedRef, useRefName } from './refNames.ts';
import { formatDate, formatDateTime, formatDecimal, formatMeasured, readableCode } from './values.ts';

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
  // A provisional bill (made before its period ended) stands out (issue 29, 1).
  billStanding: { '0': 'green', '1': 'orange' },
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

/**
 * A value cut to its column with an ellipsis, whole on hover (its title): a long remark or
 * name no longer pushes every other column off screen (issue 14, 11). styles.css caps the
 * width (`.bl-clip`) in lists, line tables and views.
 */
export function Clipped(props: { text: string; children?: ReactNode }) {
  return (
    <span className="bl-clip" title={props.text}>
      {props.children ?? props.text}
    </span>
  );
}

/** A stored text, a name the server seeded in Chinese read in the reader's language. */
function SeededText(props: { text: string }) {
  const seeded = useSeededName();
  return <Clipped text={seeded(props.text)} />;
}

const text: Render = (value) =>
  isBlank(value) ? null : isSeededName(String(value)) ? (
    <SeededText text={String(value)} />
  ) : (
    <Clipped text={String(value)} />
  );
// A link of another scheme (javascript:, data:, kept before the server refused them) shows as
// plain text: it is never made clickable nor loaded as a picture.
const link: Render = (value) =>
  isBlank(value) ? null : isWebLink(String(value)) ? (
    <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer">
      <Clipped text={String(value)} />
    </Typography.Link>
  ) : (
    <Clipped text={String(value)} />
  );
/**
 * A reference named by the record it points at (issue 14, point 4): "M001 螺丝 M6" for a code,
 * the name alone for an id (an id means nothing to a person). Names come in batches, one call
 * per referenced entity per screen (refNames.ts); until then, or without one, the value shows.
 */
function RefName(props: { value: string; field: RefField; catalogue: CatalogueIndex; nameOnly?: boolean }) {
  const { value, field, catalogue, nameOnly } = props;
  const seeded = useSeededName();
  const found = useRefName(field, value, catalogue);
  const name = typeof found === 'string' ? seeded(found) : found;
  if (field.ref?.valueField === 'id') return name ? <Clipped text={name} /> : name === null ? value : '';
  if (nameOnly) return <Clipped text={name || value} />;
  return <Clipped text={codeAndName(value, name)} />;
}

type RefField = Pick<FieldMeta, 'kind' | 'ref'>;

const ref: Render = (value, context) => {
  if (isBlank(value)) return null;
  if (!isNamedRef(context.field)) return <Clipped text={String(value)} />;
  return <RefName value={String(value)} field={context.field} catalogue={context.catalogue} />;
};

const user: Render = (value, context) => {
  if (isBlank(value)) return null;
  const name = context.userName?.(String(value)) ?? String(value);
  return isSeededName(name) ? <SeededText text={name} /> : <Clipped text={name} />;
};

/** How each kind shows in a list cell, and which side it keeps to. */
export const cellRenderers: Record<FieldKind, { align: 'left' | 'right' | 'center'; render: Render }> = {
  id: { align: 'left', render: text },
  text: { align: 'left', render: text },
  textarea: { align: 'left', render: text },
  integer: { align: 'right', render: text },
  decimal: { align: 'right', render: (value, c) => formatMeasured(value, c.field.measure) },
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

/**
 * A code of an entity's record with its name ("M001 螺丝 M6"), where no field describes it (labels,
 * bespoke screens): a reference by `code`, named by the entity's `name`.
 */
export function CodeName(props: {
  entity: string;
  value: unknown;
  /** The name alone, the code only until it is known or when there is none ("箱" for XIANG). */
  nameOnly?: boolean;
}) {
  const catalogue = useCatalogue();
  const index = useMemo(
    () => (catalogue.data ? indexCatalogue(catalogue.data) : undefined),
    [catalogue.data],
  );
  if (isBlank(props.value)) return null;
  const value = String(props.value);
  if (!index) return <>{value}</>;
  const field = codeField(props.entity);
  return <RefName value={value} field={field} catalogue={index} nameOnly={props.nameOnly} />;
}

const codeFields = new Map<string, RefField>();
/** A plain code reference to an entity, kept so every cell naming it shares one object. */
function codeField(entity: string): RefField {
  let field = codeFields.get(entity);
  if (!field) {
    field = { kind: 'ref', ref: { entity, valueField: 'code', labelField: 'name' } };
    codeFields.set(entity, field);
  }
  return field;
}
