import { CarOutlined, SaveOutlined } from '@ant-design/icons';
import type { Page } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { client } from '../api/client.ts';
import { queryClient } from '../api/query.ts';
import { type ColumnContext, cellOf } from '../crud/columns.tsx';
import type { ScreenProps } from '../crud/screen-props.ts';
import { dateTimeFormat, formatDecimal, type Row } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSession } from '../session.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/**
 * The dock's loading screens (spec 01 /loadHandle): the loading task display
 * (loadbillFormShow, read-only: what to load, per outbound bill and line) and the loading
 * time upkeep (loadbillTimeEdit: planned and actual start and end). Both pick a loading bill
 * (kept in `?id=` so the page can be shared and reloaded).
 */
function useLoadingBill(path: string) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const bills = useQuery({
    queryKey: ['list', 'loadbill', 'picker'],
    queryFn: () =>
      client.request<Page<Row>>('GET', `${path}/list`, {
        query: { current: 1, size: 100, descs: 'bill_date' },
      }),
  });
  const record = useQuery({
    queryKey: ['record', 'loadbill', id],
    queryFn: () => client.request<Row>('GET', `${path}/detail`, { query: { id } }),
    enabled: id !== undefined,
  });
  const choose = (next: string) => setParams({ id: next });
  return { id, bills, record, choose };
}

function BillPicker(props: {
  id: string | undefined;
  bills: Row[];
  loading: boolean;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Typography.Text>{t('loading.pick')}</Typography.Text>
      <Select
        style={{ minWidth: 280 }}
        showSearch
        optionFilterProp="label"
        loading={props.loading}
        value={props.id}
        placeholder={t('loading.pickPlaceholder')}
        onChange={props.onChange}
        data-testid="loading-pick"
        options={props.bills.map((bill) => ({
          value: String(bill.id),
          label: `${bill.billNo} · ${bill.carNo ?? ''}`,
        }))}
      />
    </Space>
  );
}

export function LoadingTaskScreen({ entity, catalogue }: ScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession((s) => s.session);
  const { id, bills, record, choose } = useLoadingBill(entity.path);
  useDocumentTitle({ key: 'loading.task' });
  const lineEntity = catalogue.entity(entity.children[0]?.entity ?? '');
  const context: ColumnContext = {
    language,
    catalogue,
    t,
    userName: (user) => (user === session?.userId ? session.userName : undefined),
  };
  const field = (name: string) => entity.fields.find((f) => f.name === name) as FieldMeta;
  const lineField = (name: string) => lineEntity?.fields.find((f) => f.name === name) as FieldMeta;
  const bill = record.data;
  const lines = ((bill?.details ?? []) as Row[]).filter((line) => line.invalid !== '1');
  const groups = [...new Set(lines.map((line) => String(line.applyCode ?? '')))];
  const lineColumns = [
    'lineNumber',
    'materialCode',
    'batchNo',
    'warehousePlaceCode',
    'qty',
    'unitCode',
    'board',
  ]
    .map(lineField)
    .filter(Boolean)
    .map((f) => ({
      key: f.name,
      title: f.label[language],
      render: (_v: unknown, row: Row) => cellOf(f, row, context),
    }));
  return (
    <Card
      className="bl-loading-task"
      title={
        <Space>
          <CarOutlined />
          {t('loading.task')}
        </Space>
      }
      extra={
        <BillPicker id={id} bills={bills.data?.records ?? []} loading={bills.isPending} onChange={choose} />
      }
    >
      {!id && <Empty description={t('loading.none')} />}
      {bill && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="loading-header">
            {[
              'billNo',
              'carNo',
              'driverName',
              'driverPhone',
              'dockCode',
              'sealNo',
              'planStartTime',
              'planEndTime',
              'state',
            ]
              .map(field)
              .filter(Boolean)
              .map((f) => (
                <Descriptions.Item key={f.name} label={f.label[language]}>
                  {cellOf(f, bill, context)}
                </Descriptions.Item>
              ))}
          </Descriptions>
          {lines.length === 0 && <Empty description={t('loading.empty')} />}
          {groups.map((applyCode) => {
            const own = lines.filter((line) => String(line.applyCode ?? '') === applyCode);
            const total = own.reduce((sum, line) => sum + Number(line.qty ?? 0), 0);
            return (
              <div key={applyCode} className="bl-lines" data-testid="loading-group">
                <Typography.Title level={5}>
                  {t('loading.outbound')} <Tag color="blue">{applyCode}</Tag>
                  <Typography.Text type="secondary">
                    {t('loading.lines', {
                      count: own.length,
                      qty: formatDecimal(String(total), undefined, true),
                    })}
                  </Typography.Text>
                </Typography.Title>
                <Table<Row>
                  size="small"
                  bordered
                  pagination={false}
                  rowKey={(line) => String(line.id)}
                  columns={lineColumns}
                  dataSource={own}
                />
              </div>
            );
          })}
        </>
      )}
    </Card>
  );
}

const timeFields = ['planStartTime', 'planEndTime', 'actualStartTime', 'actualEndTime'] as const;

export function LoadingTimesScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { message } = App.useApp();
  const { id, bills, record, choose } = useLoadingBill(entity.path);
  const [form] = Form.useForm<Record<(typeof timeFields)[number], Dayjs | null>>();
  useDocumentTitle({ key: 'loading.times' });
  const bill = record.data;
  useEffect(() => {
    if (!bill) return;
    form.setFieldsValue(
      Object.fromEntries(timeFields.map((f) => [f, bill[f] ? dayjs(String(bill[f])) : null])) as never,
    );
  }, [bill, form]);
  const save = useMutation({
    mutationFn: (values: Record<string, Dayjs | null>) =>
      client.request('POST', `${entity.path}/times`, {
        body: {
          id,
          ...Object.fromEntries(
            timeFields.map((f) => [f, values[f] ? values[f].format(dateTimeFormat) : null]),
          ),
        },
      }),
    onSuccess: async () => {
      message.success(t('loading.saved'));
      await queryClient.invalidateQueries({ queryKey: ['record', 'loadbill'] });
      await queryClient.invalidateQueries({ queryKey: ['list', 'loadbill'] });
    },
  });
  const label = (name: string) => entity.fields.find((f) => f.name === name)?.label[language] ?? name;
  return (
    <Card
      className="bl-loading-times"
      title={t('loading.times')}
      extra={
        <BillPicker id={id} bills={bills.data?.records ?? []} loading={bills.isPending} onChange={choose} />
      }
    >
      {!id && <Empty description={t('loading.none')} />}
      {bill && (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          onFinish={(values) => save.mutate(values)}
        >
          <Typography.Paragraph>
            {label('billNo')}: <Typography.Text strong>{String(bill.billNo)}</Typography.Text> ·{' '}
            {label('carNo')}: <Typography.Text strong>{String(bill.carNo ?? '')}</Typography.Text>
          </Typography.Paragraph>
          {timeFields.map((name) => (
            <Form.Item key={name} name={name} label={label(name)}>
              <DatePicker
                showTime
                format={dateTimeFormat}
                style={{ width: '100%' }}
                data-testid={`time-${name}`}
              />
            </Form.Item>
          ))}
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            data-testid="times-save"
          >
            {t('loading.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
