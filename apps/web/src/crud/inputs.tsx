import { PlusOutlined } from '@ant-design/icons';
import type { Language, Page } from '@bl/contract';
import { type FieldKind, type FieldMeta, textKinds } from '@bl/entities';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactElement, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { useButtonCodes } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSeededName } from '../i18n/seeded.ts';
import { canUse } from './access.ts';
import type { CatalogueIndex } from './catalogue.ts';
import { ownerFilters } from './ownerScope.ts';
import { type DayRange, datePresets, presetRange } from './query.ts';
import { RefCreateContext, refEmpty } from './refCreate.ts';
import { cleanDecimalInput, dateFormat, dateTimeFormat, type Row } from './values.ts';

/** What an input needs to know besides its value: the field, the language and the catalogue. */
export interface InputContext {
  field: FieldMeta;
  language: Language;
  catalogue: CatalogueIndex;
  t: TFunction;
  disabled?: boolean;
  /** Dictionary values not offered as choices (set only by the bill's actions). */
  withheld?: readonly string[];
  /** Told the whole record picked in a reference (a line fills its unit from the material). */
  onPick?: (row: Row) => void;
  /** Replaces the "please input" hint, e.g. "(automatic)" on a number the server draws. */
  placeholder?: string;
  /** The form's owner: a reference to an owned entity offers only its records (ownerScope.ts). */
  owner?: string;
}

/**
 * Builds the input of one kind. Form.Item hands the element `value` and `onChange`, so every
 * input below takes them.
 */
type InputRenderer = (context: InputContext) => ReactElement;

interface ValueProps<T> {
  value?: T;
  onChange?: (value: T | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
}

const fullWidth = { width: '100%' } as const;

/**
 * A picker's list is as wide as its longest choice (up to most of the screen), not as narrow
 * as a grid cell: long names are not cut, and each choice names itself in full on hover.
 */
const widePopup = {
  popupMatchSelectWidth: false,
  styles: { popup: { root: { maxWidth: 'min(640px, 90vw)' } } },
};

/** An exact decimal typed as text: never a float, at most `scale` digits after the point. */
export function DecimalInput(props: ValueProps<string> & { scale?: number; allowNegative: boolean }) {
  const { value, onChange, scale, allowNegative, ...rest } = props;
  return (
    <Input
      {...rest}
      className="bl-number-input"
      inputMode="decimal"
      allowClear
      value={value ?? ''}
      onChange={(event) => {
        const text = cleanDecimalInput(event.target.value, scale, allowNegative);
        onChange?.(text === '' ? undefined : text);
      }}
    />
  );
}

/** A date kept as 'yyyy-MM-dd'. */
export function DateInput(props: ValueProps<string>) {
  const { value, onChange, ...rest } = props;
  return (
    <DatePicker
      {...rest}
      style={fullWidth}
      format={dateFormat}
      value={value ? dayjs(value) : null}
      onChange={(date: Dayjs | null) => onChange?.(date ? date.format(dateFormat) : undefined)}
    />
  );
}

/** A date-time kept as local 'yyyy-MM-dd HH:mm:ss' (the wire's ISO instant is made on submit). */
export function DateTimeInput(props: ValueProps<string>) {
  const { value, onChange, ...rest } = props;
  return (
    <DatePicker
      {...rest}
      style={fullWidth}
      showTime
      format={dateTimeFormat}
      value={value ? dayjs(value) : null}
      onChange={(date: Dayjs | null) => onChange?.(date ? date.format(dateTimeFormat) : undefined)}
    />
  );
}

/** A day range with the shortcuts of spec 01 §9; "all" clears it. */
export function DateRangeInput(props: ValueProps<DayRange>) {
  const { value, onChange, disabled } = props;
  const { t } = useTranslation();
  const presets = datePresets.map((preset) => {
    const range = presetRange(preset, dayjs());
    return {
      label: t(`crud.presets.${preset}`),
      value: (range ? [dayjs(range[0]), dayjs(range[1])] : [null, null]) as [Dayjs, Dayjs],
    };
  });
  return (
    <DatePicker.RangePicker
      style={fullWidth}
      disabled={disabled}
      format={dateFormat}
      presets={presets}
      placeholder={[t('crud.rangeStart'), t('crud.rangeEnd')]}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        onChange?.(from && to ? [from.format(dateFormat), to.format(dateFormat)] : undefined);
      }}
    />
  );
}

/**
 * A dictionary's (or a flag's yes/no) values, labelled in the current language. `withheld`
 * values are not offered; a record that holds one still shows it (greyed, not choosable).
 */
export function ChoiceSelect(
  props: ValueProps<string> & { field: FieldMeta; catalogue: CatalogueIndex; withheld?: readonly string[] },
) {
  const { field, catalogue, value, onChange, withheld = [], ...rest } = props;
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const options = (catalogue.dict(field.dict)?.values ?? [])
    .filter((entry) => !withheld.includes(entry.value) || entry.value === value)
    .map((entry) => {
      const label = entry.label[language] ?? entry.value;
      return { value: entry.value, label, title: label, disabled: withheld.includes(entry.value) };
    });
  return (
    <Select
      {...rest}
      {...widePopup}
      style={fullWidth}
      allowClear
      // A long list (every entity of the catalogue) is found by typing part of a label.
      showSearch={options.length > 10}
      optionFilterProp="label"
      options={options}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? undefined)}
    />
  );
}

/** Text typed into a picker, settled for `delay` ms before it is searched. */
function useSettled(text: string, delay = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

const pickerSize = 50;

/**
 * A searchable picker of a referenced entity's records, shown as `code - name`; typing
 * searches the code and the name (`{refPath}/list?size=50&name=…` and `&code=…`). An owned
 * entity's records are those of `owner` (and of no owner, when shared) only.
 */
export function RefSelect(
  props: ValueProps<string> & {
    field: FieldMeta;
    catalogue: CatalogueIndex;
    onPick?: (row: Row) => void;
    owner?: string;
  },
) {
  const { field, catalogue, value, onChange, onPick, owner, ...rest } = props;
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // Options load when the picker opens: a search form full of pickers costs no calls.
  const [open, setOpen] = useState(false);
  const typed = useSettled(text.trim());
  const ref = field.ref;
  const target = ref ? catalogue.entity(ref.entity) : undefined;
  const valueField = ref?.valueField ?? 'code';
  const labelField = ref?.labelField ?? 'name';

  const list = (query: Record<string, string | number>) =>
    client
      .request<Page<Row>>('GET', `${target?.path}/list`, { query: { size: pickerSize, ...query } })
      .then((page) => page.records);
  // Only text fields take a contains-filter; an id or number would be refused.
  const searchable = (target?.fields ?? [])
    .filter((f) => (f.name === labelField || f.name === valueField) && textKinds.has(f.kind))
    .map((f) => f.name);

  const scopes = ownerFilters(target, owner);
  const options = useQuery({
    queryKey: ['refOptions', target?.name, typed, scopes],
    queryFn: async () => {
      const searches =
        !typed || searchable.length === 0 ? [{}] : searchable.map((name) => ({ [name]: typed }));
      const pages = await Promise.all(
        scopes.flatMap((scope) => searches.map((search) => list({ ...scope, ...search }))),
      );
      const seen = new Set<unknown>();
      return pages.flat().filter((row) => !seen.has(row.id) && seen.add(row.id));
    },
    enabled: target !== undefined && open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { quiet: true },
  });
  const missing =
    value !== undefined && value !== '' && !options.data?.some((row) => String(row[valueField]) === value);
  const current = useQuery({
    queryKey: ['refOption', target?.name, valueField, value],
    queryFn: () => list({ size: 1, [`${valueField}_equal`]: value ?? '' }),
    enabled: target !== undefined && missing && !options.isFetching,
    staleTime: 30_000,
    meta: { quiet: true },
  });

  const seeded = useSeededName();
  const choices = useMemo(() => {
    const rows = [...(current.data ?? []), ...(options.data ?? [])];
    const seen = new Set<string>();
    const out: { value: string; label: string; title: string; row?: Row }[] = [];
    for (const row of rows) {
      const code = String(row[valueField] ?? '');
      if (!code || seen.has(code)) continue;
      seen.add(code);
      // A name the server seeded in Chinese reads in the user's language, as in the lists.
      const name = labelField === valueField ? '' : seeded(String(row[labelField] ?? ''));
      // A reference by id shows the name alone: ids mean nothing to a person.
      const label = valueField === 'id' ? name || code : name ? `${code} - ${name}` : code;
      out.push({ value: code, label, title: label, row });
    }
    if (value && !seen.has(value)) out.unshift({ value, label: value, title: value });
    return out;
  }, [current.data, options.data, value, valueField, labelField, seeded]);

  // An empty list says so, and offers to create the first record to whoever may (issue 29, 8).
  const create = useContext(RefCreateContext);
  const codes = useButtonCodes().data;
  const empty = refEmpty({
    fetching: options.isFetching,
    typed,
    count: choices.length,
    canAdd: create !== undefined && target !== undefined && canUse(codes, target, 'add'),
  });
  const entityName = target?.label[currentLanguage()] ?? '';
  const startCreate = () => {
    if (!target || !create) return;
    setOpen(false);
    create({
      entity: target,
      catalogue,
      onSaved: (row) => {
        const saved = row[valueField];
        if (saved === undefined || saved === null || saved === '') return;
        onChange?.(String(saved));
        onPick?.(row);
      },
    });
  };

  if (!target) return <Input {...rest} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
  return (
    <Select
      {...rest}
      {...widePopup}
      style={fullWidth}
      showSearch
      allowClear
      filterOption={false}
      loading={options.isFetching}
      options={choices}
      value={value ?? undefined}
      onSearch={setText}
      open={open}
      onOpenChange={(opened) => {
        setOpen(opened);
        if (!opened) setText('');
      }}
      onChange={(next?: string) => {
        onChange?.(next ?? undefined);
        const row = choices.find((choice) => choice.value === next)?.row;
        if (row) onPick?.(row);
      }}
      notFoundContent={
        empty === undefined || empty.kind === 'loading' ? undefined : (
          <div className="bl-ref-empty" data-testid="ref-empty">
            <Typography.Text type="secondary">
              {t(empty.kind === 'noMatch' ? 'crud.refNoMatch' : 'crud.refNone', { entity: entityName })}
            </Typography.Text>
            {empty.kind === 'none' && empty.create && (
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                // Pressed inside the list: the select keeps its focus until the form opens.
                onMouseDown={(event) => event.preventDefault()}
                onClick={startCreate}
                data-testid="ref-create"
              >
                {t('crud.refCreate', { entity: entityName })}
              </Button>
            )}
          </div>
        )
      }
      title={t('crud.refPlaceholder')}
    />
  );
}

function placeholderOf(context: InputContext, choice: boolean): string {
  if (context.placeholder !== undefined) return context.placeholder;
  // A field the system fills (a total, a state) asks nothing of the user.
  if (context.disabled && context.field.form === 'readonly') return '';
  const field = context.field.label[context.language];
  return choice
    ? context.t('crud.selectPlaceholder', { field })
    : context.t('crud.inputPlaceholder', { field });
}

// No `maxLength` on text inputs: the browser would cut a longer paste in silence. The field's
// rule refuses it with the shared "at most n characters" message instead (issue 14, 11).
const textInput: InputRenderer = (c) => (
  <Input allowClear disabled={c.disabled} placeholder={placeholderOf(c, false)} />
);
const urlInput: InputRenderer = (c) => (
  <Input allowClear type="url" disabled={c.disabled} placeholder={placeholderOf(c, false)} />
);
// A number keeps the sign typed: '-5' in a field that takes no negatives stays '-5' and its
// rule refuses it with the shared message, rather than silently becoming 5 (issue 14, 7).
const decimalInput: InputRenderer = (c) => (
  <DecimalInput
    scale={c.field.scale}
    allowNegative
    disabled={c.disabled}
    placeholder={placeholderOf(c, false)}
  />
);
const choiceInput: InputRenderer = (c) => (
  <ChoiceSelect
    field={c.field}
    catalogue={c.catalogue}
    {...(c.withheld && { withheld: c.withheld })}
    disabled={c.disabled}
    placeholder={placeholderOf(c, true)}
  />
);
const refInput: InputRenderer = (c) => (
  <RefSelect
    field={c.field}
    catalogue={c.catalogue}
    {...(c.onPick && { onPick: c.onPick })}
    {...(c.owner && { owner: c.owner })}
    disabled={c.disabled}
    placeholder={placeholderOf(c, true)}
  />
);

/** The form input of each kind (add, edit, copy and detail lines). */
export const formInputs: Record<FieldKind, InputRenderer> = {
  id: (c) => <Input disabled placeholder={placeholderOf(c, false)} />,
  text: textInput,
  textarea: (c) => (
    <Input.TextArea
      autoSize={{ minRows: 2, maxRows: 6 }}
      // Counted, not cut: the count turns red past the limit and the rule says why.
      {...(c.field.maxLength !== undefined && { count: { show: true, max: c.field.maxLength } })}
      disabled={c.disabled}
      placeholder={placeholderOf(c, false)}
    />
  ),
  integer: (c) => (
    <InputNumber
      style={fullWidth}
      precision={0}
      // No min/max here: the input would clamp a number out of range in silence; the field's
      // rule refuses it with the shared message instead.
      disabled={c.disabled}
      placeholder={placeholderOf(c, false)}
    />
  ),
  decimal: decimalInput,
  money: decimalInput,
  date: (c) => <DateInput disabled={c.disabled} placeholder={placeholderOf(c, true)} />,
  datetime: (c) => <DateTimeInput disabled={c.disabled} placeholder={placeholderOf(c, true)} />,
  flag: choiceInput,
  dict: choiceInput,
  ref: refInput,
  image: urlInput,
  file: urlInput,
};

const searchText: InputRenderer = (c) => <Input allowClear placeholder={placeholderOf(c, false)} />;
const searchDay: InputRenderer = (c) =>
  c.field.search === 'range' ? <DateRangeInput /> : <DateInput placeholder={placeholderOf(c, true)} />;

/** The search-form input of each kind; the field's search mode decides the query suffix. */
export const searchInputs: Record<FieldKind, InputRenderer> = {
  id: searchText,
  text: searchText,
  textarea: searchText,
  image: searchText,
  file: searchText,
  integer: searchText,
  decimal: searchText,
  money: searchText,
  date: searchDay,
  datetime: searchDay,
  flag: choiceInput,
  dict: choiceInput,
  ref: refInput,
};
