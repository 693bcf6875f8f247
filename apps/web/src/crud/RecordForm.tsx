import { EnvironmentOutlined, ImportOutlined } from '@ant-design/icons';
import { DrawerForm, EditableProTable, type ProColumns } from '@ant-design/pro-components';
import { ApiError, type Language, type Page, ResultCode } from '@bl/contract';
import {
  type CatalogueEntity,
  confirmKey,
  type FieldMeta,
  formatMessage,
  writableFields,
} from '@bl/entities';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  ConfigProvider,
  Drawer,
  Form,
  Row as GridRow,
  Input,
  Modal,
  Result,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import type { FormInstance } from 'antd/es/form';
import dayjs from 'dayjs';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import { actionOnlyValues, recordLock, recordLockMessage } from './actions.ts';
import type { CatalogueIndex } from './catalogue.ts';
import { columnWidth, isWide } from './columns.tsx';
import { copyRecord } from './copy.ts';
import { dependentsChanged } from './dependents.ts';
import { changedFrom, useDiscardGuard } from './discard.ts';
import { formInputs, type InputContext } from './inputs.tsx';
import { filledFromPick, lineColumnFields } from './lines.ts';
import { hasNameOf, namesFromPick } from './nameOf.ts';
import { ownerFieldOf, ownerFieldsOf, picksFollowing, picksNotFitting } from './ownerScope.ts';
import { fieldRules, recordIssues } from './rules.ts';
import { useRecord } from './useRecord.ts';
import { dateFormat, defaultValues, type Row, toFormValues, toWireValues } from './values.ts';

export type FormMode = 'add' | 'edit' | 'copy';

/**
 * Which form to open: a new record (with preset values, e.g. a spec route's kind), or an edit
 * or copy of the record with this id.
 */
export type FormRequest = { mode: 'add'; values?: Row } | { mode: 'edit' | 'copy'; id: string };

/**
 * What a bespoke screen shows in its entity's form between the header fields and the lines (the
 * cost bill's preview of the lines saving will make), given the form to watch and whether the
 * record is new.
 */
export type FormExtra = (context: { form: FormInstance<Row>; creating: boolean }) => ReactNode;

/** The add/edit/copy drawers are wide: master data has 20-30 fields, bills a lines grid too. */
export const drawerWidth = 'min(1120px, 96vw)';

/** Fields a form shows: not filled by the server, not hidden (long texts last); read-only ones disabled. */
export const formFields = (entity: CatalogueEntity) =>
  entity.fields
    .filter((field) => !field.system && field.form !== 'hidden')
    .sort((a, b) => Number(isWide(a)) - Number(isWide(b)));

let nextLineKey = 0;
/** Lines carry a key of their own in the grid, so new lines (without ids) can be edited and removed. */
const lineKey = () => `line-${++nextLineKey}`;

const withKeys = (lines: unknown, fields: FieldMeta[]): Row[] =>
  (Array.isArray(lines) ? (lines as Row[]) : []).map((line) => ({
    ...toFormValues(fields, line),
    ...(line.id !== undefined && { id: line.id }),
    _key: lineKey(),
  }));

/** A field a failed save stopped at: its form path and what the summary says of it. */
interface Problem {
  name: (string | number)[];
  text: string;
}

/** A problem's text: the message, led by the field's label unless the message names it. */
const problemText = (label: string, message: string) =>
  message.includes(label) ? message : `${label}: ${message}`;

/** The form values a drawer opens with. */
function initialValues(
  entity: CatalogueEntity,
  catalogue: CatalogueIndex,
  request: FormRequest,
  record: Row | undefined,
): Row {
  const fields = formFields(entity);
  const source =
    request.mode === 'add'
      ? { ...defaultValues(entity.fields), ...request.values }
      : request.mode === 'copy' && record
        ? copyRecord(entity, record, catalogue.entity)
        : (record ?? {});
  const values = request.mode === 'add' ? { ...source } : toFormValues(fields, source);
  // A new bill is dated today unless the user picks another day.
  if (request.mode !== 'edit' && values[dateField] === undefined && fields.some((f) => f.name === dateField))
    values[dateField] = dayjs().format(dateFormat);
  for (const child of entity.children) {
    const lines = catalogue.entity(child.entity);
    if (lines) values[child.key] = withKeys(source[child.key], lines.fields);
  }
  return values;
}

export function RecordForm(props: {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  request: FormRequest;
  onClose: () => void;
  /** Told the record as saved (a select that asked for a new record picks it). */
  onSaved?: (saved: Row) => void;
  extra?: FormExtra;
}) {
  const { entity, request, onClose } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const id = request.mode === 'add' ? undefined : request.id;
  const record = useRecord(entity, id);
  const title = t(`crud.${request.mode}Title`, { entity: entity.label[language] });
  const [generation, setGeneration] = useState(0);

  // Edits start from the record as it is now, not as an earlier screen cached it.
  if (id !== undefined && (!record.data || !record.isFetchedAfterMount)) {
    return (
      <Drawer open title={title} width={drawerWidth} onClose={onClose} destroyOnHidden>
        {record.isError ? (
          <Result
            status="warning"
            title={t('crud.loadFailed')}
            extra={<Button onClick={() => void record.refetch()}>{t('crud.retry')}</Button>}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )}
      </Drawer>
    );
  }
  return (
    <FilledForm
      // A refreshed record (after a stale edit) starts the form again from its values.
      key={generation}
      {...props}
      title={title}
      record={record.data}
      language={language}
      onRefresh={() => void record.refetch().then(() => setGeneration((g) => g + 1))}
    />
  );
}

function FilledForm(props: {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  request: FormRequest;
  record: Row | undefined;
  title: string;
  language: Language;
  onClose: () => void;
  onSaved?: (saved: Row) => void;
  onRefresh: () => void;
  extra?: FormExtra;
}) {
  const { catalogue, request, record, title, language, onClose, onRefresh } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const numbered = useNumbered(props.entity, request.mode !== 'edit');
  // The field a serial sequence fills (server: modules/system/serials.ts).
  const numberField = props.entity.numberField;
  // A new bill of an entity with a serial sequence may leave its number blank: the server draws it.
  const entity = useMemo(
    () =>
      numbered
        ? {
            ...props.entity,
            fields: props.entity.fields.map((f) => (f.name === numberField ? { ...f, required: false } : f)),
          }
        : props.entity,
    [props.entity, numbered, numberField],
  );
  const [form] = Form.useForm<Row>();
  const [stale, setStale] = useState(false);
  /** What the last failed save stopped at, summed up at the top of the drawer (issue 14, 6). */
  const [problems, setProblems] = useState<Problem[]>([]);
  /** Per child key: whether the lines show every column or only the primary ones. */
  const [moreColumns, setMoreColumns] = useState<Record<string, boolean>>({});
  // A bill its flow has locked (reviewed, posted...) or one waiting for an approval opens
  // read-only, saying why (issue 14, 10; issue 29, 3): the server would refuse any change.
  const lock = request.mode === 'edit' && record ? recordLock(entity, record) : undefined;
  const lockText = lock && recordLockMessage(entity, catalogue, lock, language, t);
  const initial = useMemo(
    () => initialValues(entity, catalogue, request, record),
    [entity, catalogue, request, record],
  );
  const submit = useMutation({
    mutationFn: (body: Row) => client.request<Row>('POST', `${entity.path}/submit`, { body }),
  });
  // Esc, Cancel or the close button on a form the user typed into asks first (issue 29, 9).
  const guardClose = useDiscardGuard();
  const saved = useRef(false);
  const typedInto = () => !lock && !saved.current && changedFrom(initial, form.getFieldsValue(true));
  const close = () => guardClose(typedInto(), onClose);
  // Leaving the page (reload, another address) with typed input asks the browser's question.
  useEffect(() => {
    const leaving = (event: BeforeUnloadEvent) => {
      if (typedInto()) event.preventDefault();
    };
    window.addEventListener('beforeunload', leaving);
    return () => window.removeEventListener('beforeunload', leaving);
  });

  const context = (field: FieldMeta): InputContext => {
    const withheld = actionOnlyValues(entity, field.name);
    return {
      field,
      language,
      catalogue,
      t,
      // Inputs pass `disabled` on, which outweighs the ConfigProvider below: say it here too.
      disabled: field.form === 'readonly' || lock !== undefined,
      ...(withheld.length > 0 && { withheld }),
      ...(numbered && field.name === numberField && { placeholder: t('crud.automatic') }),
      ...(ownerOf(field) !== undefined && { owner: ownerOf(field) }),
      // The name kept beside a reference (the owner's name) shows as soon as it is picked.
      ...(hasNameOf(entity.fields, field.name) && {
        onPick: (row: Row) => form.setFieldsValue(namesFromPick(entity.fields, field.name, row)),
      }),
    };
  };

  // The owner fields the form's references follow (ownerScope.ts), watched as one string so
  // that only a change of an owner renders the pickers again.
  const ownerFields = useMemo(() => ownerFieldsOf(entity, catalogue), [entity, catalogue]);
  const watchedOwners =
    Form.useWatch((values: Row) => JSON.stringify(ownerFields.map((name) => values?.[name] ?? null)), form) ??
    '[]';
  const owners = useMemo(() => JSON.parse(watchedOwners) as unknown[], [watchedOwners]);
  /** The owner a reference field's records must belong to, when it names an owned entity. */
  const ownerOf = (field: FieldMeta): string | undefined => {
    const name = ownerFieldOf(entity, field, catalogue);
    const value = name === undefined ? undefined : owners[ownerFields.indexOf(name)];
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  /** Another owner chosen: picks of records it may not name are cleared, saying which. */
  const dropStrayPicks = async (ownerField: string, chosen: unknown) => {
    const owner = chosen === undefined || chosen === null || chosen === '' ? undefined : String(chosen);
    const picks = picksFollowing(entity, catalogue, form.getFieldsValue(true) as Row, ownerField);
    const stray = await picksNotFitting(picks, owner, (target, valueField, value) =>
      client
        .request<Page<Row>>('GET', `${target.path}/list`, {
          query: { size: 1, [`${valueField}_equal`]: value },
        })
        .then((page) => page.records[0])
        // Not known to fit: the server still checks it on save.
        .catch(() => undefined),
    );
    // The owner changed again meanwhile: that change decides.
    if (stray.length === 0 || form.getFieldValue(ownerField) !== chosen) return;
    for (const pick of stray) form.setFieldValue(pick.path, undefined);
    const labels = [...new Set(stray.map((pick) => labelAt(pick.path).label))];
    const locale = language === 'en' ? 'en' : language === 'mo' ? 'zh-Hant' : 'zh';
    message.warning(t('crud.ownerChanged', { fields: new Intl.ListFormat(locale).format(labels) }));
  };

  /** The label of the field at a form path: a header field, or a line field under its child key. */
  const labelAt = (name: (string | number)[]): { label: string; line?: { key: string; index: number } } => {
    const [first, at, lineField] = name;
    const child = entity.children.find((c) => c.key === first);
    if (child && at !== undefined && typeof lineField === 'string') {
      const lineEntity = catalogue.entity(child.entity);
      const field = lineEntity?.fields.find((f) => f.name === lineField);
      // The grid names a cell by the line's position, as a number or as text.
      const index = Number(at);
      return { label: field?.label[language] ?? lineField, line: { key: child.key, index } };
    }
    return { label: entity.fields.find((f) => f.name === first)?.label[language] ?? String(first) };
  };
  const describe = (name: (string | number)[], message: string): Problem => {
    const { label, line } = labelAt(name);
    const text = problemText(label, message);
    if (!line) return { name, text };
    const child = entity.children.find((c) => c.key === line.key);
    const lines = (child && catalogue.entity(child.entity)?.label[language]) ?? line.key;
    return { name, text: t('crud.lineProblem', { lines, line: line.index + 1, message: text }) };
  };
  /** Brings a field into view and gives it the focus, showing its line column first if hidden. */
  const goTo = (name: (string | number)[]) => {
    const [key, , lineField] = name;
    const child = entity.children.find((c) => c.key === key);
    const lineEntity = child && catalogue.entity(child.entity);
    if (child && lineEntity && typeof lineField === 'string' && !moreColumns[child.key]) {
      const { shown } = lineColumnFields(formFields(lineEntity), false);
      if (!shown.some((f) => f.name === lineField)) setMoreColumns((m) => ({ ...m, [child.key]: true }));
    }
    // After the column (if it was hidden) has rendered.
    setTimeout(() => {
      form.scrollToField(name, { block: 'center', focus: true });
      // Inputs that keep their ref to themselves (selects, pickers) are focused by their id.
      const input = document.querySelector<HTMLElement>(`.bl-record-drawer #${CSS.escape(name.join('_'))}`);
      if (input && document.activeElement !== input) input.focus();
    }, 50);
  };
  /** Marks the fields, sums them up at the top and takes the user to the first. */
  const stopAt = (found: Problem[]) => {
    setProblems(found);
    const first = found[0];
    if (first) goTo(first.name);
  };

  const editing = request.mode === 'edit';
  const onFinish = async (values: Row): Promise<boolean> => {
    setProblems([]);
    const body: Row = toWireValues(writableFields(entity.fields), values);
    for (const field of entity.fields) {
      if (!field.secret) continue;
      // An edit never shows a secret: left blank, it keeps its value on the server.
      if (editing && isBlankSecret(body[field.name])) delete body[field.name];
      else if (field.confirm) body[confirmKey(field.name)] = values[confirmKey(field.name)] ?? '';
    }
    const checked = editing ? entity.fields.filter((f) => !(f.secret && !(f.name in body))) : entity.fields;
    // What the field rules could not see (a line column behind "more", a whole-record rule):
    // the shared record schema, on the header and every line, all found at once.
    const found: { name: (string | number)[]; message: string }[] = recordIssues(checked, body, language).map(
      (issue) => ({ name: [issue.field], message: issue.message }),
    );
    for (const child of entity.children) {
      const lineEntity = catalogue.entity(child.entity);
      if (!lineEntity) continue;
      const lines = (Array.isArray(values[child.key]) ? values[child.key] : []) as Row[];
      const bodies: Row[] = [];
      for (const [index, line] of lines.entries()) {
        const lineBody = toWireValues(writableFields(lineEntity.fields), line);
        for (const issue of recordIssues(lineEntity.fields, lineBody, language))
          found.push({ name: [child.key, index, issue.field], message: issue.message });
        bodies.push(line.id === undefined ? lineBody : { id: line.id, ...lineBody });
      }
      body[child.key] = bodies;
    }
    if (found.length > 0) {
      form.setFields(found.map((issue) => ({ name: issue.name, errors: [issue.message] })));
      stopAt(found.map((issue) => describe(issue.name, issue.message)));
      return false;
    }
    if (request.mode === 'edit' && record) {
      body.id = record.id;
      body.version = record.version;
    }
    let answer: Row;
    try {
      answer = await submit.mutateAsync(body);
    } catch (error) {
      // The toast with the server's words is already up; a stale edit also offers a refresh.
      if (error instanceof ApiError && error.code === ResultCode.conflict) setStale(true);
      return false;
    }
    saved.current = true;
    message.success(t('crud.success'));
    await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
    await queryClient.invalidateQueries({ queryKey: ['record', entity.name] });
    // The home page's set-up checklist counts records of the first entities.
    void queryClient.invalidateQueries({ queryKey: ['setupProgress'] });
    // Pickers of the entity offer the new record next time they open.
    void queryClient.invalidateQueries({ queryKey: ['refOptions', entity.name] });
    dependentsChanged(entity.name);
    props.onSaved?.(answer);
    onClose();
    return true;
  };

  return (
    <DrawerForm<Row>
      open
      title={title}
      width={drawerWidth}
      form={form}
      layout="vertical"
      initialValues={initial}
      onOpenChange={(open) => open || close()}
      drawerProps={{ destroyOnHidden: true, maskClosable: false, className: 'bl-record-drawer' }}
      submitter={
        lock ? false : { searchConfig: { submitText: t('crud.save'), resetText: t('common.cancel') } }
      }
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) =>
        stopAt(
          errorFields
            .filter((error) => error.errors.length > 0)
            .map((error) => describe(error.name as (string | number)[], error.errors[0] ?? '')),
        )
      }
      onFieldsChange={() => {
        // A field put right leaves the summary.
        if (problems.length > 0)
          setProblems((current) => current.filter((p) => form.getFieldError(p.name).length > 0));
      }}
      onValuesChange={(changed: Row) => {
        for (const name of ownerFields) if (name in changed) void dropStrayPicks(name, changed[name]);
        // A cleared reference leaves no name of what it named.
        for (const [name, value] of Object.entries(changed))
          if ((value === undefined || value === null || value === '') && hasNameOf(entity.fields, name))
            form.setFieldsValue(namesFromPick(entity.fields, name, undefined));
      }}
    >
      {lockText && (
        <Alert
          className="bl-form-alert"
          type="warning"
          showIcon
          message={lockText}
          data-testid="form-locked"
        />
      )}
      {problems.length > 0 && (
        <Alert
          className="bl-form-alert bl-form-problems"
          type="error"
          showIcon
          data-testid="form-problems"
          message={t('crud.saveProblems', { count: problems.length })}
          description={
            <ul className="bl-problem-list">
              {problems.map((problem) => (
                <li key={problem.name.join('.')}>
                  <Typography.Link onClick={() => goTo(problem.name)}>{problem.text}</Typography.Link>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {stale && (
        <Alert
          className="bl-form-alert"
          type="warning"
          showIcon
          message={t('crud.staleHint')}
          action={
            <Button size="small" onClick={onRefresh}>
              {t('crud.reload')}
            </Button>
          }
        />
      )}
      {/* A locked bill: every input of the form and its lines shown, none usable. */}
      <ConfigProvider componentDisabled={lock !== undefined}>
        <GridRow gutter={16}>
          {formFields(entity).map((field) =>
            field.secret ? (
              <SecretItems key={field.name} field={field} language={language} editing={editing} />
            ) : (
              <Col key={field.name} xs={24} md={isWide(field) ? 24 : 12} xl={isWide(field) ? 24 : 8}>
                <Form.Item
                  name={field.name}
                  label={field.label[language]}
                  rules={field.form === 'readonly' ? [] : fieldRules(field, language)}
                  required={field.required && field.form !== 'readonly' && !lock}
                  {...(numbered && field.name === numberField && { extra: t('crud.numberDrawn') })}
                >
                  {formInputs[field.kind](context(field))}
                </Form.Item>
              </Col>
            ),
          )}
        </GridRow>
        {props.extra?.({ form, creating: request.mode !== 'edit' })}
        {entity.children.map((child) => {
          const lineEntity = catalogue.entity(child.entity);
          if (!lineEntity) return null;
          return (
            <LinesEditor
              key={child.key}
              name={child.key}
              entity={lineEntity}
              catalogue={catalogue}
              readOnly={lock !== undefined}
              more={moreColumns[child.key] ?? false}
              onMore={(more) => setMoreColumns((m) => ({ ...m, [child.key]: more }))}
              initialKeys={((initial[child.key] ?? []) as Row[]).map((line) => line._key as Key)}
              context={context}
              language={language}
              quotePath={quoting.has(entity.name) ? entity.path : undefined}
              proposePlaces={entity.name === putawayBill}
            />
          );
        })}
      </ConfigProvider>
    </DrawerForm>
  );
}

/** A bill's date, today for a new one. */
const dateField = 'billDate';

/** Whether a new record of this entity gets its number from a serial sequence when left blank. */
function useNumbered(entity: CatalogueEntity, creating: boolean): boolean {
  const enabled = creating && entity.numberField !== undefined;
  const has = useQuery({
    queryKey: ['serialFor', entity.name],
    queryFn: () =>
      client.request<boolean>('GET', '/api/bl-system/syscode/has', { query: { seqCode: entity.name } }),
    enabled,
    staleTime: 60_000,
    meta: { quiet: true },
  });
  return enabled && has.data === true;
}

const isBlankSecret = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value === '');

/**
 * A secret (a password) and, for `confirm` fields, the same typed again. The server never
 * sends a secret back, so an edit starts blank and a blank one keeps the stored value.
 */
function SecretItems(props: { field: FieldMeta; language: Language; editing: boolean }) {
  const { field, language, editing } = props;
  const { t } = useTranslation();
  const label = field.label[language];
  const rules = fieldRules({ ...field, required: field.required && !editing }, language);
  const placeholder = editing ? t('crud.secretKeep') : undefined;
  return (
    <>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name={field.name} label={label} rules={rules} required={field.required && !editing}>
          <Input.Password autoComplete="new-password" placeholder={placeholder} />
        </Form.Item>
      </Col>
      {field.confirm && (
        <Col xs={24} md={12} xl={8}>
          <Form.Item
            name={confirmKey(field.name)}
            label={t('crud.confirmSecret', { field: label })}
            dependencies={[field.name]}
            required={field.required && !editing}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: unknown) => {
                  const first: unknown = getFieldValue(field.name);
                  if (isBlankSecret(first) && isBlankSecret(value)) return;
                  if (value !== first) throw new Error(formatMessage('confirmMismatch', language, {}));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder={placeholder} />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

/** The bill whose lines may have their locations proposed (`isinstockbill/putaway`, ADR 0008). */
const putawayBill = 'isinstockbill';
const putawayPath = '/api/bl-wms/isinstockbill/putaway';

interface Proposal {
  lineNumber: number;
  warehousePlaceCode: string | null;
}

/** A line's amount as the server reads it: a plain decimal, or left out. */
const amountOf = (value: unknown) =>
  value === null || value === undefined || value === '' ? undefined : String(value);

/** Pickers in a line (material, location) are wide enough to read a code and a name. */
const lineColumnWidth = (field: FieldMeta, language: Language) =>
  Math.max(columnWidth(field, language) + 24, field.kind === 'ref' ? 200 : field.kind === 'date' ? 140 : 0);

/** Bills whose lines quote a confirmed reservation's lines (`{bill path}/quotable?applyNo=`). */
const quoting = new Set(['isinstockbill', 'osoutstockbill']);

/** The editable grid of a bill's lines, bound to the form under the child key. */
function LinesEditor(props: {
  name: string;
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  /** A locked bill's lines: shown, not changed (no new line, no delete). */
  readOnly: boolean;
  /** Whether every column shows, or only those a clerk fills (lines.ts). */
  more: boolean;
  onMore: (more: boolean) => void;
  initialKeys: Key[];
  context: (field: FieldMeta) => InputContext;
  language: Language;
  /** The bill's API path when its lines may quote a reservation. */
  quotePath?: string;
  /** Whether the lines' locations may be proposed by the put-away strategy. */
  proposePlaces?: boolean;
}) {
  const { name, entity, catalogue, readOnly, more, onMore, initialKeys, context, language } = props;
  const { quotePath, proposePlaces } = props;
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const [editableKeys, setEditableKeys] = useState<Key[]>(initialKeys);
  const [quoteOpen, setQuoteOpen] = useState(false);
  /** Quoted lines join the grid; a reservation line already quoted is not added twice. */
  const addQuoted = (quoted: QuotedLines) => {
    const current = (form.getFieldValue(name) ?? []) as Row[];
    const taken = new Set(current.map((line) => `${line.applyCode}|${line.applyLineNumber}`));
    const fresh = quoted.lines.filter((line) => !taken.has(`${line.applyCode}|${line.applyLineNumber}`));
    if (fresh.length < quoted.lines.length) message.warning(t('crud.quoteRepeat'));
    const added = fresh.map((line) => ({
      ...defaultValues(entity.fields),
      ...toFormValues(formFields(entity), line),
      _key: lineKey(),
    }));
    form.setFieldValue(name, [...current, ...added]);
    setEditableKeys((keys) => [...keys, ...added.map((line) => line._key)]);
    // The header follows the reservation where the user has not chosen yet.
    for (const field of ['applyNo', 'customerCode', 'warehouseCode'] as const) {
      const value = field === 'applyNo' ? quoted.applyNo : quoted.header[field];
      if (!form.getFieldValue(field) && value) form.setFieldValue(field, value);
    }
    setQuoteOpen(false);
  };
  const [proposing, setProposing] = useState(false);
  /** Fills the lines without a location with the put-away strategy's proposals. */
  const propose = async () => {
    const customerCode = form.getFieldValue('customerCode');
    if (!customerCode) {
      message.warning(t('crud.putawayOwnerFirst'));
      return;
    }
    const current = (form.getFieldValue(name) ?? []) as Row[];
    const details = current
      .map((line, index) => ({ line, lineNumber: index + 1 }))
      .filter(({ line }) => !!line.materialCode)
      .map(({ line, lineNumber }) => ({
        lineNumber,
        materialCode: String(line.materialCode),
        volume: amountOf(line.volume),
        qtyWeg: amountOf(line.qtyWeg),
        board: amountOf(line.board),
        warehousePlaceCode: line.warehousePlaceCode ? String(line.warehousePlaceCode) : undefined,
      }));
    if (details.length === 0) {
      message.warning(t('crud.putawayNoLines'));
      return;
    }
    setProposing(true);
    try {
      const answer = await client.request<Proposal[]>('POST', putawayPath, {
        body: { customerCode, warehouseCode: form.getFieldValue('warehouseCode') ?? '', details },
      });
      const byLine = new Map(answer.map((p) => [p.lineNumber, p.warehousePlaceCode]));
      form.setFieldValue(
        name,
        current.map((line, index) =>
          line.warehousePlaceCode
            ? line
            : { ...line, warehousePlaceCode: byLine.get(index + 1) ?? line.warehousePlaceCode },
        ),
      );
      const missing = answer.filter((p) => p.warehousePlaceCode === null).map((p) => p.lineNumber);
      if (missing.length > 0) message.warning(t('crud.putawayNoRoom', { lines: missing.join(', ') }));
      else message.success(t('crud.putawayDone'));
    } catch (error) {
      reportError(error);
    } finally {
      setProposing(false);
    }
  };
  /** A record picked in a line's reference fills what it knows of the same line (lines.ts). */
  const picked = (field: FieldMeta, index: number) => (row: Row) => {
    const line = (form.getFieldValue([name, index]) ?? {}) as Row;
    const target = field.ref ? catalogue.entity(field.ref.entity) : undefined;
    const filled = filledFromPick(entity.fields, { entity: target, row }, line, field.name);
    for (const [key, value] of Object.entries(filled)) form.setFieldValue([name, index, key], value);
  };
  const { shown, hidden } = lineColumnFields(formFields(entity), more);
  const columns: ProColumns<Row>[] = [
    {
      title: t('crud.lineNumber'),
      dataIndex: '_index',
      width: 64,
      align: 'center',
      editable: false,
      render: (_dom, _row, index) => index + 1,
    },
    ...shown.map(
      (field): ProColumns<Row> => ({
        key: field.name,
        dataIndex: field.name,
        // A set width: a long value (a material's name) is cut in its cell, not widening it.
        width: lineColumnWidth(field, language),
        title: field.required ? (
          <span className="bl-required">{field.label[language]}</span>
        ) : (
          field.label[language]
        ),
        editable: field.form !== 'readonly' ? undefined : false,
        formItemProps: { rules: fieldRules(field, language) },
        renderFormItem: (schema) =>
          formInputs[field.kind]({
            ...context(field),
            ...(field.kind === 'ref' &&
              typeof schema.index === 'number' && { onPick: picked(field, schema.index) }),
          }),
      }),
    ),
    {
      title: t('crud.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 90,
      render: () => null,
    },
  ];
  return (
    <div className="bl-lines" data-testid={`lines-${name}`}>
      <Typography.Title level={5}>
        {entity.label[language]}
        {quotePath && !readOnly && (
          <Button
            size="small"
            icon={<ImportOutlined />}
            style={{ marginInlineStart: 12 }}
            onClick={() => setQuoteOpen(true)}
            data-testid="lines-quote"
          >
            {t('crud.quote')}
          </Button>
        )}
        {hidden > 0 && (
          <Button
            size="small"
            type="link"
            style={{ marginInlineStart: 12 }}
            onClick={() => onMore(!more)}
            data-testid="lines-more"
            disabled={false}
          >
            {more ? t('crud.fewerColumns') : t('crud.moreColumns', { count: hidden })}
          </Button>
        )}
        {proposePlaces && !readOnly && (
          <Button
            size="small"
            icon={<EnvironmentOutlined />}
            style={{ marginInlineStart: 12 }}
            loading={proposing}
            onClick={() => void propose()}
            data-testid="lines-putaway"
          >
            {t('crud.putaway')}
          </Button>
        )}
      </Typography.Title>
      {quotePath && (
        <QuoteDialog
          open={quoteOpen}
          path={quotePath}
          initialApplyNo={String(form.getFieldValue('applyNo') ?? '')}
          onClose={() => setQuoteOpen(false)}
          onQuote={addQuoted}
        />
      )}
      <EditableProTable<Row>
        name={name}
        rowKey="_key"
        size="small"
        bordered
        columns={columns}
        scroll={{ x: 'max-content' }}
        tableLayout="fixed"
        recordCreatorProps={
          readOnly
            ? false
            : {
                newRecordType: 'dataSource',
                position: 'bottom',
                creatorButtonText: t('crud.addLine'),
                record: () => ({ ...defaultValues(entity.fields), _key: lineKey() }),
              }
        }
        editable={{
          type: 'multiple',
          editableKeys,
          onChange: setEditableKeys,
          actionRender: (_row, _config, doms) => (readOnly ? [] : [doms.delete]),
        }}
      />
    </div>
  );
}

interface QuotedLines {
  applyNo: string;
  header: Row;
  lines: Row[];
}

/**
 * Quote a reservation: type its number, look up its open lines (what is left to receive or
 * ship), tick the lines to take; they join the bill's lines naming the reservation line.
 */
function QuoteDialog(props: {
  open: boolean;
  path: string;
  initialApplyNo: string;
  onClose: () => void;
  onQuote: (quoted: QuotedLines) => void;
}) {
  const { open, path, initialApplyNo, onClose, onQuote } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [applyNo, setApplyNo] = useState('');
  const [picked, setPicked] = useState<Key[]>([]);
  const lookup = useMutation({
    mutationFn: (no: string) =>
      client.request<{ header: Row; lines: Row[] }>('GET', `${path}/quotable`, { query: { applyNo: no } }),
    onSuccess: (data) => setPicked(data.lines.map((line) => String(line.applyLineNumber))),
  });
  const lines = lookup.data?.lines ?? [];
  const columns = [
    { title: t('crud.lineNumber'), dataIndex: 'applyLineNumber', width: 64 },
    { title: t('crud.quoteMaterial'), dataIndex: 'materialCode' },
    { title: t('crud.quoteBatch'), dataIndex: 'batchNo' },
    { title: t('crud.quoteOrdered'), dataIndex: 'orderedQty', align: 'right' as const },
    { title: t('crud.quoteLeft'), dataIndex: 'qty', align: 'right' as const },
  ];
  return (
    <Modal
      open={open}
      title={t('crud.quoteTitle')}
      width="min(760px, 96vw)"
      okText={t('crud.quoteAdd')}
      cancelText={t('common.cancel')}
      afterOpenChange={(visible) => {
        if (visible && !applyNo && initialApplyNo) setApplyNo(initialApplyNo);
      }}
      onCancel={onClose}
      onOk={() => {
        const chosen = lines.filter((line) => picked.includes(String(line.applyLineNumber)));
        if (!lookup.data || chosen.length === 0) {
          message.warning(t('crud.quoteNone'));
          return;
        }
        onQuote({ applyNo: applyNo.trim(), header: lookup.data.header, lines: chosen });
      }}
      className="bl-quote"
      destroyOnHidden
    >
      <Input.Search
        value={applyNo}
        onChange={(event) => setApplyNo(event.target.value)}
        placeholder={t('crud.quoteApplyNo')}
        enterButton={t('crud.quoteLoad')}
        loading={lookup.isPending}
        onSearch={(value) => value.trim() && lookup.mutate(value.trim())}
        data-testid="quote-apply-no"
        style={{ marginBottom: 12 }}
      />
      <Table<Row>
        size="small"
        rowKey={(line) => String(line.applyLineNumber)}
        columns={columns}
        dataSource={lines}
        pagination={false}
        rowSelection={{ selectedRowKeys: picked, onChange: setPicked }}
      />
    </Modal>
  );
}
