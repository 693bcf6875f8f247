import { ExportOutlined } from '@ant-design/icons';
import type { Page } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Modal, Select, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import { CodeName } from '../crud/cells.tsx';
import { FieldGrid } from '../crud/FieldGrid.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { defaultValues, formatMeasured, type Row, toWireValues } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';

/** What the order takes besides the outbound bill's lines: the consignee and the terms. */
const orderFields = ['consigneeCustomer', 'chargingType', 'paymentType', 'transportType', 'unloadingAddress'];

/**
 * Consignment orders and notes (issue 17, ADR 0025): the generic list, with "From outbound
 * bill" on the orders' list. It picks a shipped outbound bill, shows the lines the order will
 * quote, and asks the consignee and terms; the server makes the order
 * (`POST consignmentbill/fromOutbound?id=`).
 */
export function ConsignmentScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const [open, setOpen] = useState(false);
  const allowed = !!codes && (codes.has('*:*:*') || codes.has('consignmentbill_add'));
  // Notes are made from dispatched orders, never from an outbound bill.
  const orders = props.target?.filter?.billType !== '2';
  return (
    <>
      <CrudScreen
        {...props}
        toolbarExtra={() =>
          allowed && orders
            ? [
                <Button
                  key="fromOutbound"
                  icon={<ExportOutlined />}
                  onClick={() => setOpen(true)}
                  data-testid="toolbar-fromOutbound"
                >
                  {t('transport.fromOutbound')}
                </Button>,
              ]
            : []
        }
      />
      {open && <FromOutboundDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function FromOutboundDialog(props: ScreenProps & { onClose: () => void }) {
  const { entity, catalogue, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = currentLanguage();
  const [form] = Form.useForm();
  const [outbound, setOutbound] = useState<string>();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const outboundPath = catalogue.entity('osoutstockbill')?.path ?? '/api/bl-wms/osoutstockbill';
  // Shipped (posted) outbound bills only: the server refuses the others.
  const shipped = useQuery({
    queryKey: ['shippedOutbound', typed],
    queryFn: () =>
      client.request<Page<Row>>('GET', `${outboundPath}/list`, {
        query: { streamStatus: '1', size: 50, ...(typed && { billNo: typed }) },
      }),
  });
  const lines = useQuery({
    queryKey: ['record', 'osoutstockbill', outbound],
    queryFn: () => client.request<Row>('GET', `${outboundPath}/detail`, { query: { id: outbound } }),
    enabled: outbound !== undefined,
  });
  const fields = useMemo(
    () =>
      orderFields
        .map((name) => entity.fields.find((f) => f.name === name))
        .filter((f): f is FieldMeta => f !== undefined),
    [entity.fields],
  );

  const submit = async () => {
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await client.request<Row>('POST', `${entity.path}/fromOutbound`, {
        query: { id: outbound },
        body: toWireValues(fields, values),
      });
      message.success(t('crud.success'));
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
      onClose();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('transport.fromOutbound')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: outbound === undefined }}
      width={860}
      className="bl-from-outbound"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('transport.fromOutboundIntro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={defaultValues(fields)}>
        <Form.Item label={t('transport.outboundBill')} required>
          <Select
            showSearch
            filterOption={false}
            onSearch={setTyped}
            value={outbound}
            onChange={setOutbound}
            loading={shipped.isFetching}
            placeholder={t('transport.outboundPick')}
            notFoundContent={t('transport.outboundNone')}
            options={(shipped.data?.records ?? []).map((bill) => ({
              value: String(bill.id),
              label: `${bill.billNo} · ${bill.customerCode ?? ''} · ${String(bill.billDate ?? '').slice(0, 10)}`,
            }))}
            data-testid="outbound-pick"
          />
        </Form.Item>
        {outbound !== undefined && (
          <Table<Row>
            rowKey={(line) => String(line.id)}
            dataSource={(lines.data?.details as Row[] | undefined) ?? []}
            loading={lines.isLoading}
            pagination={false}
            size="small"
            style={{ marginBottom: 16 }}
            columns={[
              { title: t('crud.quantities.line'), dataIndex: 'lineNumber', width: 60 },
              {
                title: t('crud.quantities.material'),
                render: (_v, line) => <CodeName entity="material" value={line.materialCode} />,
              },
              { title: t('crud.quantities.batch'), dataIndex: 'batchNo', width: 120 },
              {
                title: t('transport.pieces'),
                align: 'right',
                width: 100,
                render: (_v, line) => formatMeasured(line.qty),
              },
              {
                title: t('transport.weightKg'),
                align: 'right',
                width: 110,
                render: (_v, line) => formatMeasured(line.qtyWeg),
              },
            ]}
          />
        )}
        <FieldGrid fields={fields} language={language} catalogue={catalogue} minWidth={240} />
      </Form>
    </Modal>
  );
}
