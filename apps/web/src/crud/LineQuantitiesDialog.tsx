import type { CatalogueAction, CatalogueEntity, FieldMeta } from '@bl/entities';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Spin, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { currentLanguage } from '../i18n/index.ts';
import type { CatalogueIndex } from './catalogue.ts';
import { CodeName } from './cells.tsx';
import { changedFrom, useDiscardGuard } from './discard.ts';
import { FieldGrid } from './FieldGrid.tsx';
import { openLines, subtractDecimals } from './quantities.ts';
import { useRecord } from './useRecord.ts';
import { cleanDecimalInput, formatMeasured, type Row, toFormValues, toWireValues } from './values.ts';

/**
 * The dialog of an action that takes input (the flow declaration's `form` and `quantities`):
 * the header fields it asks for, filled from the (first) bill and checked as the bill's form
 * checks them, then, on one bill, a quantity per open line (a partial receipt, a loaded or
 * counted quantity, what is signed for), each starting at what is still open, with a reason for
 * what a line leaves when the declaration asks one. A form asked once for several bills
 * (`several`) names how many it is for. The server checks it all and answers in the user's
 * language.
 */
export function LineQuantitiesDialog(props: {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  action: CatalogueAction;
  ids: string[];
  onSubmit: (body: Row) => Promise<unknown>;
  onClose: () => void;
}) {
  const { entity, catalogue, action, ids, onSubmit, onClose } = props;
  const id = ids[0] as string;
  // Quantities are per line of one bill; several bills take what is open.
  const spec = ids.length === 1 ? action.quantities : undefined;
  const { t } = useTranslation();
  const language = currentLanguage();
  const record = useRecord(entity, id);
  // Lines of another bill (a delivery signs for its departure's lines) come from their route.
  const sourced = useQuery({
    queryKey: ['actionLines', entity.name, action.name, id],
    queryFn: () => client.request<Row>('GET', `${entity.path}/${spec?.source}`, { query: { id } }),
    enabled: spec?.source !== undefined,
    staleTime: 0,
  });
  const source = spec?.source === undefined ? record.data : sourced.data;
  const lines = useMemo(() => (spec && source ? openLines(source, spec) : []), [source, spec]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues(Object.fromEntries(lines.map((line) => [String(line.id), line.open])));
  }, [lines]);
  const fields = useMemo(
    () =>
      (action.form?.fields ?? [])
        .map((name) => entity.fields.find((field) => field.name === name))
        .filter((field): field is FieldMeta => field !== undefined)
        .map((field) => (action.form?.required?.includes(field.name) ? { ...field, required: true } : field)),
    [action.form, entity.fields],
  );
  const [form] = Form.useForm();
  useEffect(() => {
    if (record.data) form.setFieldsValue(toFormValues(fields, record.data));
  }, [record.data, fields, form]);
  const [busy, setBusy] = useState(false);
  // Cancel or Esc after typing asks first (issue 29, 9): what was typed differs from what opened.
  const guardClose = useDiscardGuard();
  const typedInto = () =>
    form.isFieldsTouched() ||
    changedFrom(Object.fromEntries(lines.map((line) => [String(line.id), line.open])), values) ||
    Object.values(reasons).some((reason) => reason.trim() !== '');
  if (!spec && fields.length === 0) return null;
  const loading = record.isLoading || (spec?.source !== undefined && sourced.isLoading);
  /** What a line leaves of what is open, when it takes less ('' when it takes all). */
  const short = (line: Row & { open: string }) => {
    const rest = subtractDecimals(line.open, values[String(line.id)] || '0');
    return rest.startsWith('-') || rest === '0' ? '' : rest;
  };

  const submit = async () => {
    let header: Row;
    try {
      header = toWireValues(fields, await form.validateFields());
    } catch {
      return; // The form shows what is wrong.
    }
    setBusy(true);
    try {
      await onSubmit({
        ...header,
        ...(spec && {
          lines: lines.map((line) => {
            const reason = spec.reason && short(line) ? reasons[String(line.id)]?.trim() : '';
            return {
              id: String(line.id),
              [spec.key]: values[String(line.id)] || '0',
              ...(spec.reason && reason && { [spec.reason]: reason }),
            };
          }),
        }),
      });
      onClose();
    } catch {
      // The failure is already shown; the dialog stays open for a correction.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={
        ids.length > 1
          ? t('crud.actionOnBills', { action: action.label[language], count: ids.length })
          : action.label[language]
      }
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={() => guardClose(typedInto(), onClose)}
      confirmLoading={busy}
      okButtonProps={{ disabled: spec !== undefined && lines.length === 0 }}
      width={spec?.reason ? 920 : 760}
      className={`bl-quantities bl-confirm-${action.name}`}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{action.confirm[language]}</Typography.Paragraph>
      {fields.length > 0 && (
        <Form form={form} layout="vertical" className="bl-action-form">
          <FieldGrid fields={fields} language={language} catalogue={catalogue} minWidth={200} />
        </Form>
      )}
      {!spec ? null : loading ? (
        <Spin />
      ) : (
        <Table<Row & { open: string }>
          rowKey={(line) => String(line.id)}
          dataSource={lines}
          pagination={false}
          size="small"
          locale={{ emptyText: t('crud.quantities.nothingOpen') }}
          columns={[
            { title: t('crud.quantities.line'), dataIndex: 'lineNumber', width: 60 },
            {
              title: t('crud.quantities.material'),
              render: (_v, line) => <CodeName entity="material" value={line.materialCode} />,
            },
            { title: t('crud.quantities.batch'), dataIndex: 'batchNo', width: 120 },
            {
              title: t('crud.quantities.open'),
              align: 'right',
              width: 110,
              render: (_v, line) => formatMeasured(line.open),
            },
            {
              title: t('crud.quantities.now'),
              width: 140,
              render: (_v, line) => (
                <Input
                  inputMode="decimal"
                  value={values[String(line.id)] ?? ''}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      [String(line.id)]: cleanDecimalInput(event.target.value, 4, false),
                    }))
                  }
                  data-testid={`quantity-${line.lineNumber}`}
                />
              ),
            },
            ...(spec.reason
              ? [
                  {
                    title: t('crud.quantities.reason'),
                    width: 220,
                    render: (_v: unknown, line: Row & { open: string }) => (
                      <Input
                        value={reasons[String(line.id)] ?? ''}
                        maxLength={255}
                        disabled={!short(line)}
                        placeholder={short(line) ? t('crud.quantities.reasonHint') : ''}
                        onChange={(event) =>
                          setReasons((current) => ({ ...current, [String(line.id)]: event.target.value }))
                        }
                        data-testid={`reason-${line.lineNumber}`}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
