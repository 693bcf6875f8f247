import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { type Ageing, ageingBuckets, ageingExportPath, ageingPath, arrearsRefreshPath } from '@bl/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Select, Skeleton, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import type { ScreenProps } from '../crud/screen-props.ts';
import { useDownload } from '../crud/useDownload.ts';
import { formatDecimal } from '../crud/values.ts';

// ECharts comes with the chart, after the screen (ADR 0017).
const AgeingChart = lazy(() => import('./AgeingChart.tsx').then((m) => ({ default: m.AgeingChart })));

const money = (value: unknown) => formatDecimal(value, 2, true);

/**
 * The arrears account (客户欠款台帐, ADR 0039): the receivables ageing as of a chosen day (stacked
 * bars per owner by age bucket, the figures per owner, Excel), above the arrears rows per owner
 * and month, which the server recomputes from bills and payments as the screen opens.
 */
export function ArrearsScreen({ entity, catalogue }: ScreenProps & { catalogue: CatalogueIndex }) {
  const { t } = useTranslation();
  const codes = useButtonCodes().data;
  const may = (code: string) => !!codes && (codes.has('*:*:*') || codes.has(code));
  const [asOf, setAsOf] = useState(() => dayjs());
  const [owner, setOwner] = useState<string>();
  const download = useDownload();
  const day = asOf.format('YYYY-MM-DD');

  // The rows are written by the server: recomputed on opening (and on the button), then listed.
  const refresh = useQuery({
    queryKey: ['receivables', 'refresh'],
    queryFn: async () => {
      const done = await client.request<{ rows: number }>('POST', arrearsRefreshPath);
      // The button's recompute: the rows listed are read again.
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
      return done;
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const ageing = useQuery({
    queryKey: ['receivables', 'ageing', day],
    queryFn: () =>
      client.request<{ asOf: string; rows: Ageing[] }>('GET', ageingPath, { query: { asOf: day } }),
    enabled: !refresh.isLoading,
  });
  const all = ageing.data?.rows ?? [];
  const rows = owner ? all.filter((r) => r.customerCode === owner) : all;

  const columns: ColumnsType<Ageing> = [
    {
      key: 'customerCode',
      title: t('ageing.owner'),
      render: (_, r) => (r.customerName ? `${r.customerCode} ${r.customerName}` : r.customerCode),
    },
    ...(['billed', 'paid', 'deducted', 'closing'] as const).map((name) => ({
      key: name,
      dataIndex: name,
      title: t(`ageing.${name}`),
      align: 'right' as const,
      render: money,
    })),
    ...ageingBuckets.map((bucket) => ({
      key: bucket,
      dataIndex: bucket,
      title: t(`ageing.buckets.${bucket}`),
      align: 'right' as const,
      render: money,
    })),
    { key: 'overdue', dataIndex: 'overdue', title: t('ageing.overdue'), align: 'right', render: money },
    { key: 'dueDate', dataIndex: 'dueDate', title: t('ageing.dueDate') },
    { key: 'overdueDays', dataIndex: 'overdueDays', title: t('ageing.overdueDays'), align: 'right' },
  ];

  return (
    <>
      <Card
        size="small"
        style={{ marginBottom: 8 }}
        title={t('ageing.title')}
        data-testid="ageing-report"
        extra={
          <Space wrap>
            <span>{t('ageing.asOf')}</span>
            <span data-testid="ageing-as-of">
              <DatePicker value={asOf} allowClear={false} onChange={(value) => value && setAsOf(value)} />
            </span>
            <Select
              allowClear
              showSearch
              style={{ minWidth: 180 }}
              placeholder={t('ageing.allOwners')}
              value={owner}
              onChange={setOwner}
              options={all.map((r) => ({
                value: r.customerCode,
                label: r.customerName ? `${r.customerCode} ${r.customerName}` : r.customerCode,
              }))}
              data-testid="ageing-owner"
            />
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void refresh.refetch()}
              loading={refresh.isFetching}
            >
              {t('ageing.recompute')}
            </Button>
            {may(`${entity.name}_export`) && (
              <Button
                icon={<FileExcelOutlined />}
                onClick={() =>
                  void download(
                    ageingExportPath,
                    { asOf: day, ...(owner && { customerCode: owner }) },
                    `ageing-${day}.xlsx`,
                  )
                }
                data-testid="ageing-export"
              >
                {t('ageing.export')}
              </Button>
            )}
          </Space>
        }
      >
        {ageing.isLoading || refresh.isLoading ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <Empty description={t('ageing.empty', { asOf: day })} />
        ) : (
          <>
            <Suspense fallback={<Skeleton active />}>
              <AgeingChart rows={rows} />
            </Suspense>
            <Table<Ageing>
              size="small"
              rowKey="customerCode"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="ageing-table"
            />
          </>
        )}
      </Card>
      {/* Listed once recomputed, so the first page read is never the rows from before. */}
      {refresh.isFetched ? <CrudScreen entity={entity} catalogue={catalogue} /> : <Skeleton active />}
    </>
  );
}
