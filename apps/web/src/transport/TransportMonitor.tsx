import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { client } from '../api/client.ts';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { CodeName } from '../crud/cells.tsx';
import { currentLanguage } from '../i18n/index.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** A consignment as the monitor answers it. */
interface Watched {
  id: string;
  billNo: string;
  billType: string;
  state: string;
  shipperCustomer: string;
  consigneeCustomer: string;
  consigneeName: string | null;
  carNo: string | null;
  driverCode: string | null;
  driverName: string | null;
  lineCode: string | null;
  lineName: string | null;
  freight: string | null;
  ageHours: number;
  late: boolean;
}
interface Page {
  records: Watched[];
  total: number;
  lateHours: number;
}
interface Filters {
  billNo?: string;
  carNo?: string;
  state?: string;
  late?: boolean;
}

/** Step colours: open steps blue, arrived and partly delivered gold, closed green / grey / red. */
const stepColours: Record<string, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'default',
  '3': 'processing',
  '4': 'processing',
  '5': 'gold',
  '6': 'gold',
  '7': 'success',
  '8': 'error',
  '9': 'default',
};

/** Where a consignment opens: orders and notes have their own spec routes. */
export const consignmentRoute = (billType: string, id: string) =>
  billType === '1'
    ? `/consignmentOrderbill/consignmentOrderbillView?id=${id}`
    : `/consignmentBill/consignmentBillView?id=${id}`;

/**
 * The transport monitor (/openYsy/index, issue 17): every consignment with its current step,
 * vehicle, driver, route and age, filterable by number, plate and step; open ones older than
 * the server's limit are marked late.
 */
export function TransportMonitor(props: { catalogue: CatalogueIndex }) {
  const { catalogue } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  useDocumentTitle({ key: 'transport.monitor' });
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const steps = catalogue.dict('tmsConsignmentState')?.values ?? [];
  const types = catalogue.dict('tmsConsignmentType')?.values ?? [];
  const stepLabel = (code: string) => steps.find((s) => s.value === code)?.label[language] ?? code;
  const query: Record<string, string> = {
    current: String(paging.current),
    size: String(paging.size),
    ...(filters.billNo && { billNo: filters.billNo }),
    ...(filters.carNo && { carNo: filters.carNo }),
    ...(filters.state && { state: filters.state }),
    ...(filters.late && { late: '1' }),
  };
  const page = useQuery({
    queryKey: ['transport', 'monitor', query],
    queryFn: () => client.request<Page>('GET', '/api/bl-tms/transport/monitor', { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const lateHours = page.data?.lateHours ?? 48;
  return (
    <Card title={t('transport.monitor')} className="bl-transport-monitor" data-testid="transport-monitor">
      <Typography.Paragraph type="secondary">
        {t('transport.monitorIntro', { hours: lateHours })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="billNo" label={t('transport.billNo')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="carNo" label={t('transport.carNo')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="state" label={t('transport.step')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={steps.map((s) => ({ value: s.value, label: s.label[language] }))}
          />
        </Form.Item>
        <Form.Item name="late" valuePropName="checked">
          <Checkbox>{t('transport.lateOnly')}</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('transport.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t('transport.reset')}
          </Button>
        </Space>
      </Form>
      <Table<Watched>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        locale={{ emptyText: t('transport.empty') }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        rowClassName={(r) => (r.late ? 'bl-transport-late' : '')}
        columns={[
          {
            title: t('transport.billNo'),
            dataIndex: 'billNo',
            render: (value: string, r) => <Link to={consignmentRoute(r.billType, r.id)}>{value}</Link>,
          },
          {
            title: t('transport.billType'),
            dataIndex: 'billType',
            render: (v: string) => types.find((x) => x.value === v)?.label[language] ?? v,
          },
          {
            title: t('transport.step'),
            dataIndex: 'state',
            render: (v: string, r) => (
              <Space size={4}>
                <Tag color={stepColours[v] ?? 'default'}>{stepLabel(v)}</Tag>
                {r.late && <Tag color="red">{t('transport.late')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('transport.shipper'),
            dataIndex: 'shipperCustomer',
            render: (v: string) => <CodeName entity="customer" value={v} />,
          },
          {
            title: t('transport.consignee'),
            dataIndex: 'consigneeCustomer',
            render: (v: string, r) => (r.consigneeName ? `${v} ${r.consigneeName}` : v),
          },
          { title: t('transport.carNo'), dataIndex: 'carNo' },
          { title: t('transport.driver'), dataIndex: 'driverName', render: (v, r) => v ?? r.driverCode },
          { title: t('transport.line'), dataIndex: 'lineName', render: (v, r) => v ?? r.lineCode },
          { title: t('transport.freight'), dataIndex: 'freight', align: 'right' },
          {
            title: t('transport.age'),
            dataIndex: 'ageHours',
            align: 'right',
            render: (h: number) => t('transport.ageValue', { days: Math.floor(h / 24), hours: h % 24 }),
          },
        ]}
      />
    </Card>
  );
}
