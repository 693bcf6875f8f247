import { CameraOutlined, ExportOutlined } from '@ant-design/icons';
import type { Page } from '@bl/contract';
import { stockAmountParts, stockKeyParts } from '@bl/entities';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { allButtons, canUse } from '../crud/access.ts';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { RefSelect } from '../crud/inputs.tsx';
import { JobProgress, jobRunning, useJob } from '../crud/JobProgress.tsx';
import { defaultPageSize, firstPage, type Paging, pagerOf } from '../crud/paging.ts';
import { useDownload } from '../crud/useDownload.ts';
import { useWindowWidth } from '../crud/useWindowWidth.ts';
import { formatDateTime } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';
import { type ReportRow, useReportColumns } from '../reports/ReportScreen.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** `stocksnapshot/list` (server: modules/wms/snapshots.ts): a page of a month's closing stock. */
interface SnapshotPage extends Page<ReportRow> {
  /** When the month's last snapshot job ended (UTC ISO), null when none did. */
  takenAt: string | null;
}

/** What the snapshot job answers when it is done. */
interface SnapshotResult {
  period: string;
  owners: number;
  rows: number;
}

/** The columns: the stock key and the amounts, as the list answers them. */
const columnNames = [...stockKeyParts, ...stockAmountParts];

const listPath = '/api/bl-wms/stocksnapshot/list';
const runPath = '/api/bl-wms/stocksnapshot/run';
const exportPath = '/api/bl-wms/stocksnapshot/export';
const queryKey = ['stockSnapshot'] as const;

/** Last month: the latest one that has ended, the one an operator snapshots at a month's start. */
const lastMonth = () => dayjs().subtract(1, 'month').startOf('month');

/**
 * Month-end stock snapshots (/reportManagement/stockSnapshot, issue 20 target 6, ADR 0034):
 * a month's closing stock per key, by owner and material, a page at a time. Taking a month's
 * snapshot starts a job on the server; its progress bar follows it here, then its outcome
 * shows and the list reloads. Months that have not ended cannot be picked (the server refuses
 * them too, in the user's language).
 */
export function StockSnapshotScreen({ catalogue }: { catalogue: CatalogueIndex }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const download = useDownload();
  useDocumentTitle({ key: 'menu.stockSnapshot' });
  const language = currentLanguage();
  const width = useWindowWidth();
  const codes = useButtonCodes().data;
  const mayTake = !!codes && (codes.has(allButtons) || codes.has('stockSnapshot_take'));
  const mayExport = canUse(codes, { name: 'stockSnapshot' }, 'export');
  const [month, setMonth] = useState(lastMonth);
  const [owner, setOwner] = useState<string>();
  const [material, setMaterial] = useState<string>();
  const [paging, setPaging] = useState<Paging>({ current: firstPage, size: defaultPageSize });
  const [jobId, setJobId] = useState<string>();
  const [starting, setStarting] = useState(false);
  const job = useJob<SnapshotResult>(jobId, () => void queryClient.invalidateQueries({ queryKey }));
  const running = starting || jobRunning(jobId, job);

  const stock = catalogue.entity('stock');
  const fieldOf = (name: string) => {
    const field = stock?.fields.find((f) => f.name === name);
    // The stock ledger is always in the catalogue: a missing field is a build out of step.
    if (!field) throw new Error(`stock.${name} is not in the catalogue`);
    return field;
  };
  const columns = useReportColumns(columnNames, fieldOf, catalogue);
  const period = month.format('YYYY-MM');
  const filter = { period, customerCode: owner ?? '', materialCode: material ?? '' };
  const page = useQuery({
    queryKey: [...queryKey, filter, paging],
    queryFn: () =>
      client.request<SnapshotPage>('GET', listPath, {
        query: { ...filter, current: paging.current, size: paging.size },
      }),
    placeholderData: keepPreviousData,
  });

  const take = async () => {
    setStarting(true);
    try {
      const answer = await client.request<{ jobId: string }>('POST', runPath, { body: { period } });
      setJobId(answer.jobId);
      message.info(t('stockSnapshot.started', { month: period }));
    } catch (error) {
      reportError(error);
    } finally {
      setStarting(false);
    }
  };
  const takeButton = (testId: string) =>
    mayTake ? (
      <Button
        type="primary"
        icon={<CameraOutlined />}
        loading={running}
        onClick={() => void take()}
        data-testid={testId}
      >
        {t('buttons.take')}
      </Button>
    ) : null;
  const confirmExport = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.exportConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => download(exportPath, filter, `stock-snapshot-${period}.xlsx`),
    });
  const filtered = !!owner || !!material;
  const data = page.data;
  const total = data?.total ?? 0;
  const firstPicked = (set: (value: string | undefined) => void) => (value: string | undefined) => {
    set(value || undefined);
    setPaging((was) => ({ ...was, current: firstPage }));
  };
  /** The owner or material filter: a reference picker that takes the list back to page 1. */
  const refFilter = (
    name: 'customerCode' | 'materialCode',
    value: string | undefined,
    set: (value: string | undefined) => void,
    testId: string,
  ) => (
    <div style={{ width: 200 }} data-testid={testId}>
      <RefSelect
        field={fieldOf(name)}
        catalogue={catalogue}
        value={value}
        onChange={firstPicked(set)}
        placeholder={t('crud.selectPlaceholder', { field: fieldOf(name).label[language] })}
      />
    </div>
  );
  // An empty month says whether a snapshot was taken: nothing in stock then, or never taken.
  // Narrowed by owner or material, or still loading, the table's own empty text does.
  const emptyMonth = (answer: SnapshotPage) =>
    answer.takenAt ? (
      t('stockSnapshot.emptyTaken', { month: period, time: formatDateTime(answer.takenAt) })
    ) : (
      <Space direction="vertical" data-testid="snapshot-none">
        <Typography.Text strong>{t('stockSnapshot.none', { month: period })}</Typography.Text>
        <Typography.Text type="secondary">{t('stockSnapshot.noneHint')}</Typography.Text>
        {takeButton('snapshot-take-empty')}
      </Space>
    );
  const empty = data && !filtered && !page.isPlaceholderData ? emptyMonth(data) : undefined;

  return (
    <div className="bl-page" data-testid="stock-snapshots">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap align="center">
          <Typography.Title level={4} style={{ margin: 0, marginRight: 16 }} data-testid="snapshot-title">
            {t('menu.stockSnapshot')}
          </Typography.Title>
          <span data-testid="snapshot-month">
            <DatePicker
              picker="month"
              format="YYYY-MM"
              allowClear={false}
              value={month}
              // A month that has not ended has no closing stock yet.
              disabledDate={(day) => !day.isBefore(dayjs().startOf('month'))}
              onChange={(value) => {
                if (!value) return;
                setMonth(value.startOf('month'));
                setPaging((was) => ({ ...was, current: firstPage }));
              }}
              aria-label={t('stockSnapshot.month')}
            />
          </span>
          {refFilter('customerCode', owner, setOwner, 'snapshot-owner')}
          {refFilter('materialCode', material, setMaterial, 'snapshot-material')}
          {takeButton('snapshot-take')}
          {mayExport && (
            <Button
              icon={<ExportOutlined />}
              disabled={total === 0}
              onClick={confirmExport}
              data-testid="snapshot-export"
            >
              {t('crud.export')}
            </Button>
          )}
        </Space>
        {job && (
          <div style={{ marginTop: 12 }}>
            <JobProgress job={job} testId="snapshot-job" />
          </div>
        )}
      </Card>
      <Card size="small">
        {data?.takenAt && total > 0 && !page.isPlaceholderData && (
          <Typography.Paragraph type="secondary" data-testid="snapshot-taken">
            {t('stockSnapshot.taken', { month: period, time: formatDateTime(data.takenAt) })}
          </Typography.Paragraph>
        )}
        <Table<ReportRow>
          rowKey={(row) =>
            columnNames
              .slice(0, 8)
              .map((name) => row[name])
              .join('\u0000')
          }
          size="small"
          bordered
          columns={columns}
          dataSource={data?.records ?? []}
          loading={page.isFetching}
          scroll={{ x: 'max-content' }}
          locale={
            empty
              ? { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }
              : undefined
          }
          pagination={pagerOf({
            paging,
            setPaging,
            total,
            windowWidth: width,
            showTotal: (count) => t('crud.total', { total: count }),
          })}
        />
      </Card>
    </div>
  );
}
