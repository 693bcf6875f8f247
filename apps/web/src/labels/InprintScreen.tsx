import { PrinterOutlined, RedoOutlined } from '@ant-design/icons';
import type { Page } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Form, Row as GridRow, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import { CodeName } from '../crud/cells.tsx';
import { DecimalInput, RefSelect } from '../crud/inputs.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { formatDate, type Row } from '../crud/values.ts';
import { type LabelLayout, LabelSheet, layoutOf } from './LabelSheet.tsx';

interface PrintableLine {
  id: string;
  lineNumber: number | null;
  materialCode: string;
  batchNo: string | null;
  unitCode: string | null;
  warehousePlaceCode: string | null;
  boardQty: string | null;
  qty: string;
  printed: string;
  remaining: string;
}
interface Printable {
  bill: {
    id: string;
    billNo: string;
    billDate: string | null;
    customerCode: string | null;
    warehouseCode: string | null;
  };
  lines: PrintableLine[];
}
interface Printed {
  labels: Row[];
  quantity: string;
  corrected: boolean;
}

/** A picker field for the bill and template choosers (catalogue metadata for RefSelect). */
const pickerField = (name: string, entity: string, valueField: string, labelField: string): FieldMeta => ({
  name,
  kind: 'ref',
  label: { zh: name, mo: name, en: name },
  ref: { entity, valueField, labelField },
  required: false,
  list: false,
  search: 'none',
  form: 'edit',
  view: false,
  sortable: false,
  unique: false,
  system: false,
});
const billField = pickerField('billId', 'isinstockbill', 'id', 'billNo');
const templateField = pickerField('tagModelCode', 'tagmodel', 'code', 'name');

const positive = (text: string | undefined) => text !== undefined && Number(text) > 0;

/**
 * Label printing of inbound lines (spec 01 §2 /barcode/inprintPrint): choose a bill and a
 * line, the print quantity starts at what remains printable (0 when nothing does, spec 02 §5),
 * print labels of a chosen size and template, and below, the printed labels with reprint.
 */
export function InprintScreen(props: ScreenProps) {
  const { catalogue } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const codes = useButtonCodes().data;
  const canPrint = !!codes && (codes.has('*:*:*') || codes.has('inprint_print'));
  const [billId, setBillId] = useState<string>();
  const [lineId, setLineId] = useState<string>();
  const [quantity, setQuantity] = useState<string>();
  const [perLabel, setPerLabel] = useState<string>();
  const [templateCode, setTemplateCode] = useState<string>();
  const [sheet, setSheet] = useState<{ labels: Row[]; layout: LabelLayout }>();

  const printable = useQuery({
    queryKey: ['printable', billId],
    queryFn: () =>
      client.request<Printable>('GET', '/api/bl-wms/inprint/printable', { query: { billId: billId ?? '' } }),
    enabled: billId !== undefined,
  });
  const bill = printable.data?.bill;
  const lines = printable.data?.lines ?? [];
  const line = lines.find((l) => l.id === lineId);

  const chooseLine = (chosen: PrintableLine) => {
    setLineId(chosen.id);
    // Spec 02 §5: the print quantity starts at what remains printable, or 0.
    setQuantity(chosen.remaining);
    setPerLabel(positive(chosen.boardQty ?? undefined) ? String(Number(chosen.boardQty)) : undefined);
  };

  const layoutFor = async (code: string | undefined): Promise<LabelLayout> => {
    if (!code) return layoutOf(undefined);
    const page = await client.request<Page<Row>>('GET', '/api/bl-wms/tagmodel/list', {
      query: { size: 1, code_equal: code },
    });
    return layoutOf(page.records[0]);
  };

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['printable'] });
    await queryClient.invalidateQueries({ queryKey: ['list', 'inprint'] });
  };

  const print = useMutation({
    mutationFn: async () => {
      const result = await client.request<Printed>('POST', '/api/bl-wms/inprint/print', {
        body: {
          detailId: lineId,
          quantity: quantity ?? '',
          perLabel: perLabel ?? '',
          tagModelCode: templateCode ?? '',
        },
      });
      return { result, layout: await layoutFor(templateCode) };
    },
    onSuccess: async ({ result, layout }) => {
      if (result.corrected) {
        message.warning(t('labels.corrected', { quantity: result.quantity }));
        setQuantity(result.quantity);
      }
      setSheet({ labels: result.labels, layout });
      await refresh();
    },
  });

  const onPrint = () => {
    if (!line) {
      message.warning(t('labels.chooseLine'));
      return;
    }
    print.mutate();
  };

  const reprint = async (ids: string[]) => {
    const labels = await client.request<Row[]>('POST', '/api/bl-wms/inprint/reprint', {
      query: { ids: ids.join(',') },
    });
    setSheet({ labels, layout: await layoutFor(templateCode) });
    await refresh();
  };

  const columns = [
    { title: t('labels.lineNumber'), dataIndex: 'lineNumber', width: 80 },
    // Names beside the codes (docs/adr/0022): a receiver knows the goods by name.
    {
      title: t('labels.material'),
      dataIndex: 'materialCode',
      render: (code: string) => <CodeName entity="material" value={code} />,
    },
    { title: t('labels.batch'), dataIndex: 'batchNo' },
    {
      title: t('labels.unit'),
      dataIndex: 'unitCode',
      width: 90,
      render: (code: string | null) => <CodeName entity="unit" value={code} nameOnly />,
    },
    {
      title: t('labels.place'),
      dataIndex: 'warehousePlaceCode',
      render: (code: string | null) => <CodeName entity="warehouseplace" value={code} />,
    },
    { title: t('labels.billQty'), dataIndex: 'qty', align: 'right' as const },
    { title: t('labels.printed'), dataIndex: 'printed', align: 'right' as const },
    { title: t('labels.remaining'), dataIndex: 'remaining', align: 'right' as const },
  ];

  return (
    <div className="bl-inprint" data-testid="inprint-screen">
      {canPrint && (
        <Card className="bl-inprint-card" title={t('labels.printTitle')}>
          <Form layout="vertical">
            <GridRow gutter={16}>
              <Col xs={24} md={12} xl={8}>
                <Form.Item label={t('labels.inboundBill')}>
                  <RefSelect
                    field={billField}
                    catalogue={catalogue}
                    value={billId}
                    placeholder={t('labels.chooseBill')}
                    onChange={(value) => {
                      setBillId(value);
                      setLineId(undefined);
                      setQuantity(undefined);
                    }}
                  />
                </Form.Item>
              </Col>
            </GridRow>
            {billId === undefined ? (
              <Empty description={t('labels.chooseBill')} />
            ) : (
              <>
                {bill && (
                  <Descriptions
                    size="small"
                    column={{ xs: 1, md: 3 }}
                    className="bl-inprint-bill"
                    data-testid="printable-bill"
                    items={[
                      {
                        key: 'owner',
                        label: t('labels.owner'),
                        children: <CodeName entity="customer" value={bill.customerCode} />,
                      },
                      {
                        key: 'warehouse',
                        label: t('labels.warehouse'),
                        children: <CodeName entity="warehouse" value={bill.warehouseCode} />,
                      },
                      { key: 'date', label: t('labels.billDate'), children: formatDate(bill.billDate) },
                    ]}
                  />
                )}
                <Table<PrintableLine>
                  size="small"
                  bordered
                  rowKey="id"
                  loading={printable.isFetching}
                  dataSource={lines}
                  columns={columns}
                  pagination={false}
                  data-testid="printable-lines"
                  rowSelection={{
                    type: 'radio',
                    selectedRowKeys: lineId ? [lineId] : [],
                    onChange: (_keys, rows) => rows[0] && chooseLine(rows[0]),
                  }}
                  onRow={(row) => ({ onClick: () => chooseLine(row) })}
                />
              </>
            )}
            <GridRow gutter={16} className="bl-inprint-options">
              <Col xs={24} md={8} xl={6}>
                <Form.Item label={t('labels.printQuantity')} required>
                  <DecimalInput
                    scale={4}
                    allowNegative={false}
                    value={quantity}
                    onChange={setQuantity}
                    placeholder={line ? t('labels.upTo', { remaining: line.remaining }) : undefined}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8} xl={6}>
                <Form.Item label={t('labels.perLabel')} tooltip={t('labels.perLabelHint')}>
                  <DecimalInput scale={4} allowNegative={false} value={perLabel} onChange={setPerLabel} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8} xl={6}>
                <Form.Item label={t('labels.template')}>
                  <RefSelect
                    field={templateField}
                    catalogue={catalogue}
                    value={templateCode}
                    onChange={setTemplateCode}
                    placeholder={t('labels.defaultTemplate')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={24} xl={6} className="bl-inprint-action">
                <Button
                  type="primary"
                  icon={<PrinterOutlined />}
                  loading={print.isPending}
                  onClick={onPrint}
                  data-testid="print-labels"
                >
                  {t('labels.print')}
                </Button>
              </Col>
            </GridRow>
          </Form>
        </Card>
      )}
      <CrudScreen
        {...props}
        toolbarExtra={(withSelection) =>
          canPrint
            ? [
                <Button
                  key="reprint"
                  icon={<RedoOutlined />}
                  onClick={withSelection((ids) => void reprint(ids))}
                  data-testid="toolbar-reprint"
                >
                  {t('labels.reprint')}
                </Button>,
              ]
            : []
        }
      />
      {sheet && (
        <LabelSheet labels={sheet.labels} layout={sheet.layout} onClose={() => setSheet(undefined)} />
      )}
    </div>
  );
}
