import { ApartmentOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { CodeName } from '../crud/cells.tsx';
import type { FormExtra } from '../crud/RecordForm.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { useDownload } from '../crud/useDownload.ts';
import { formatDecimal, toWireValues } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';

type Row = Record<string, unknown> & { id: string };
interface CostBill extends Row {
  costBillNo: string;
  customerCode: string;
  customerName?: string;
  costDate: string;
  costDateEnd: string;
  amount?: string;
  details: Row[];
}

const money = (value: unknown) => formatDecimal(value, 2, true);
const quantity = (value: unknown) => formatDecimal(value, 4, true);

/** The lots an owner held at the end of one charged day (the storage drill-down's last level). */
function StockDays({ owner, day }: { owner: string; day: string }) {
  const { t } = useTranslation();
  const lots = useQuery({
    queryKey: ['billing', 'stock-days', owner, day],
    queryFn: () =>
      client.request<Row[]>('GET', '/api/bl-acct/billing/stock-days', {
        query: { customerCode: owner, day },
      }),
  });
  const columns: ColumnsType<Row> = [
    { key: 'materialCode', dataIndex: 'materialCode', title: t('costBill.material') },
    { key: 'batchNo', dataIndex: 'batchNo', title: t('costBill.batch') },
    { key: 'instockDate', dataIndex: 'instockDate', title: t('costBill.lotDate') },
    { key: 'dayNo', dataIndex: 'dayNo', title: t('costBill.dayNo'), align: 'right' },
    { key: 'qty', dataIndex: 'qty', title: t('costBill.qty'), align: 'right', render: quantity },
  ];
  return (
    <Table<Row>
      size="small"
      rowKey={(r) => `${r.materialCode}|${r.batchNo}|${r.instockDate}`}
      loading={lots.isLoading}
      dataSource={lots.data ?? []}
      columns={columns}
      pagination={false}
      data-testid={`stock-days-${day}`}
    />
  );
}

/** Quantity, unit price and amount: how a charge reads, on a bill line and on a detail alike. */
function chargeColumns(t: TFunction): ColumnsType<Row> {
  return [
    {
      key: 'realityQty',
      dataIndex: 'realityQty',
      title: t('costBill.qty'),
      align: 'right',
      render: quantity,
    },
    {
      key: 'unitPrice',
      dataIndex: 'unitPrice',
      title: t('costBill.price'),
      align: 'right',
      render: (v) => formatDecimal(v, 4),
    },
    { key: 'amount', dataIndex: 'amount', title: t('costBill.amount'), align: 'right', render: money },
  ];
}

/** The cost-detail rows behind one cost-bill line; storage days open onto their lots. */
function LineSources({ line, owner }: { line: Row; owner: string }) {
  const { t } = useTranslation();
  const sources = useQuery({
    queryKey: ['billing', 'line-sources', line.id],
    queryFn: () =>
      client.request<Row[]>('GET', '/api/bl-acct/billing/line-sources', { query: { lineId: line.id } }),
  });
  const columns: ColumnsType<Row> = [
    { key: 'sourceDate', dataIndex: 'sourceDate', title: t('costBill.dayCharged') },
    {
      key: 'costDate',
      dataIndex: 'costDate',
      title: t('costBill.chargedOn'),
      render: (value, row) =>
        value === row.sourceDate ? (
          value
        ) : (
          <Tag color="orange">{t('costBill.correction', { day: value })}</Tag>
        ),
    },
    {
      key: 'billNo',
      dataIndex: 'billNo',
      title: t('costBill.billLine'),
      render: (value, row) => (value ? `${value}${row.lineNumber ? ` / ${row.lineNumber}` : ''}` : ''),
    },
    ...chargeColumns(t),
  ];
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      loading={sources.isLoading}
      dataSource={sources.data ?? []}
      columns={columns}
      pagination={false}
      expandable={{
        rowExpandable: (row) => row.kind === 'STORAGE',
        expandedRowRender: (row) => <StockDays owner={owner} day={String(row.sourceDate)} />,
      }}
      data-testid={`line-sources-${line.id}`}
    />
  );
}

/** A cost bill's lines, each opening onto the cost details (and, for storage, the lots) behind it. */
function DrillDown({
  entity,
  id,
  onClose,
}: {
  entity: ScreenProps['entity'];
  id: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const bill = useQuery({
    queryKey: ['billing', 'cost-bill', id],
    queryFn: () => client.request<CostBill>('GET', `${entity.path}/detail`, { query: { id } }),
  });
  const label = (name: string) => entity.fields.find((f) => f.name === name)?.label[language] ?? name;
  const columns: ColumnsType<Row> = [
    // Named, not coded (LOAD, STORAGE...): the names route, in the reader's language (issue 29, 14).
    {
      key: 'costType',
      dataIndex: 'costType',
      title: t('costBill.costType'),
      render: (value: unknown) => <CodeName entity="costtype" value={value} />,
    },
    { key: 'billNo', dataIndex: 'billNo', title: t('costBill.billLine') },
    {
      key: 'materialCode',
      dataIndex: 'materialCode',
      title: t('costBill.material'),
      render: (value: unknown) => <CodeName entity="material" value={value} />,
    },
    { key: 'stage', dataIndex: 'stage', title: t('costBill.stage'), align: 'right' },
    { key: 'realityDay', dataIndex: 'realityDay', title: t('costBill.days'), align: 'right' },
    ...chargeColumns(t),
  ];
  const data = bill.data;
  return (
    <Drawer
      open
      width="min(1120px, 96vw)"
      title={t('costBill.drillTitle', { bill: data?.costBillNo ?? '' })}
      onClose={onClose}
      destroyOnHidden
      data-testid="cost-bill-drill"
    >
      {bill.error && <Alert type="error" message={String(bill.error)} />}
      {data && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={label('customerCode')}>
              {data.customerCode} {data.customerName ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('costBill.period')}>
              {data.costDate} ~ {data.costDateEnd}
            </Descriptions.Item>
            <Descriptions.Item label={label('amount')}>{money(data.amount)}</Descriptions.Item>
          </Descriptions>
          <Table<Row>
            size="small"
            rowKey="id"
            dataSource={data.details}
            columns={columns}
            pagination={false}
            expandable={{
              expandedRowRender: (line) => <LineSources line={line} owner={data.customerCode} />,
            }}
            data-testid="cost-bill-lines"
          />
        </>
      )}
    </Drawer>
  );
}

interface Preview {
  amount: string;
  provisional: string;
  madeThrough: string;
  details: Row[];
  packs: Row[];
}

/**
 * A new cost bill's lines before it is saved (issue 29, 12): the server makes them on save from
 * the owner's unbilled cost details of the period, so a finance user choosing owner and period
 * sees at once what saving will give, read from the same reckoning (billing/cost-bill-preview).
 * Nothing is written; a refusal (a period overlapping another bill) shows as the server words it.
 */
function CostBillPreview({ entity }: { entity: ScreenProps['entity'] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Row>();
  const wanted = entity.fields.filter((f) => ['customerCode', 'costDate', 'costDateEnd'].includes(f.name));
  const watched = Form.useWatch((values: Row) => JSON.stringify(toWireValues(wanted, values ?? {})), form);
  const query = JSON.parse(watched ?? '{}') as Record<string, string | null>;
  const ready = !!query.customerCode && !!query.costDate && !!query.costDateEnd;
  const preview = useQuery({
    queryKey: ['billing', 'cost-bill-preview', query],
    queryFn: () =>
      client.request<Preview>('GET', '/api/bl-acct/billing/cost-bill-preview', {
        query: query as Record<string, string>,
      }),
    enabled: ready,
    retry: false,
    meta: { quiet: true },
  });
  const columns: ColumnsType<Row> = [
    {
      key: 'costType',
      dataIndex: 'costType',
      title: t('costBill.costType'),
      render: (value: unknown) => <CodeName entity="costtype" value={value} />,
    },
    {
      key: 'materialCode',
      dataIndex: 'materialCode',
      title: t('costBill.material'),
      render: (value: unknown) => <CodeName entity="material" value={value} />,
    },
    { key: 'billNo', dataIndex: 'billNo', title: t('costBill.billLine') },
    { key: 'realityDay', dataIndex: 'realityDay', title: t('costBill.days'), align: 'right' },
    ...chargeColumns(t),
  ];
  const data = preview.data;
  return (
    <div className="bl-cost-bill-preview" data-testid="cost-bill-preview" style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{t('costBillPreview.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('costBillPreview.hint')}</Typography.Paragraph>
      {!ready && <Alert type="info" showIcon message={t('costBillPreview.choose')} />}
      {ready && preview.error && (
        <Alert type="warning" showIcon message={String((preview.error as Error).message)} />
      )}
      {ready && !preview.error && (
        <>
          {data?.provisional === '1' && (
            <Tag color="orange" style={{ marginBottom: 8 }}>
              {t('costBillPreview.provisional', { day: data.madeThrough })}
            </Tag>
          )}
          <Table<Row>
            size="small"
            rowKey={(row) =>
              `${row.costType}|${row.billNo}|${row.materialCode}|${row.unitPrice}|${row.stage}`
            }
            loading={preview.isFetching}
            dataSource={data?.details ?? []}
            columns={columns}
            pagination={false}
            locale={{ emptyText: t('costBillPreview.empty') }}
            data-testid="cost-bill-preview-lines"
          />
          {data && (
            <Typography.Text strong data-testid="cost-bill-preview-total">
              {t('costBillPreview.total', { count: data.details.length, amount: money(data.amount) })}
              {' · '}
              {t('costBillPreview.packs', { count: data.packs.length })}
            </Typography.Text>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Cost bills (ADR 0024): the generic list and forms, plus the drill-down from a bill to its
 * lines, to the cost details behind a line, to the lots held on a storage day, and the
 * owner's statement as Excel. The statement prints through the generic bill print.
 */
export function CostBillScreen({ entity, catalogue, target }: ScreenProps & { catalogue: CatalogueIndex }) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const download = useDownload();
  const [drilling, setDrilling] = useState<string>();
  const can = (code: string) => !!codes && (codes.has('*:*:*') || codes.has(code));
  const formExtra: FormExtra = ({ creating }) => (creating ? <CostBillPreview entity={entity} /> : null);
  return (
    <>
      <CrudScreen
        entity={entity}
        catalogue={catalogue}
        target={target}
        formExtra={formExtra}
        toolbarExtra={(withSelection) => [
          ...(can('costbill_view')
            ? [
                <Button
                  key="drill"
                  icon={<ApartmentOutlined />}
                  onClick={withSelection((ids) => setDrilling(ids[0]))}
                  data-testid="toolbar-costBillDrill"
                >
                  {t('costBill.drill')}
                </Button>,
              ]
            : []),
          ...(can('costbill_export')
            ? [
                <Button
                  key="statement"
                  icon={<FileExcelOutlined />}
                  onClick={withSelection(
                    (ids) =>
                      void download(
                        '/api/bl-acct/billing/statement',
                        { id: ids[0] as string },
                        'statement.xlsx',
                      ),
                  )}
                  data-testid="toolbar-costBillStatement"
                >
                  {t('costBill.statement')}
                </Button>,
              ]
            : []),
        ]}
      />
      {drilling && <DrillDown entity={entity} id={drilling} onClose={() => setDrilling(undefined)} />}
    </>
  );
}
