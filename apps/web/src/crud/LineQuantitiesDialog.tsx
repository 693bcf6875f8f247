import type { CatalogueAction, CatalogueEntity } from '@bl/entities';
import { Input, Modal, Spin, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/index.ts';
import { CodeName } from './cells.tsx';
import { openLines } from './quantities.ts';
import { useRecord } from './useRecord.ts';
import { cleanDecimalInput, formatMeasured, type Row } from './values.ts';

/**
 * Asks for a quantity per open line before an action that takes them (the flow declaration's
 * `quantities`: a partial receipt, a loaded or counted quantity). Each starts at what is still
 * open; the server checks them and answers in the user's language.
 */
export function LineQuantitiesDialog(props: {
  entity: CatalogueEntity;
  action: CatalogueAction;
  id: string;
  onSubmit: (body: { lines: Record<string, string>[] }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { entity, action, id, onSubmit, onClose } = props;
  const spec = action.quantities;
  const { t } = useTranslation();
  const language = currentLanguage();
  const record = useRecord(entity, id);
  const lines = useMemo(() => (spec && record.data ? openLines(record.data, spec) : []), [record.data, spec]);
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues(Object.fromEntries(lines.map((line) => [String(line.id), line.open])));
  }, [lines]);
  const [busy, setBusy] = useState(false);
  if (!spec) return null;

  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit({
        lines: lines.map((line) => ({ id: String(line.id), [spec.key]: values[String(line.id)] || '0' })),
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
      title={action.label[language]}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: lines.length === 0 }}
      width={760}
      className={`bl-quantities bl-confirm-${action.name}`}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{action.confirm[language]}</Typography.Paragraph>
      {record.isLoading ? (
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
          ]}
        />
      )}
    </Modal>
  );
}
