import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { client } from '../api/client.ts';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { viewOf } from '../crud/columns.tsx';
import { defaultPageSize, firstPage, type Paging, pageSizes } from '../crud/paging.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';
import {
  type ReportPage,
  type ReportRow,
  totalsRow,
  useReportColumns,
  useReportFields,
} from './ReportScreen.tsx';
import { billViewRoutes } from './reports.ts';

const headerFields = [
  'customerCode',
  'materialCode',
  'batchNo',
  'customerBatchNo',
  'warehouseAreaCode',
  'warehouseAreaName',
  'warehousePlaceCode',
  'barcode',
  'packspecCode',
  'stockStatus',
  'unitCode',
  'qty',
  'weg',
  'qtyWeg',
  'board',
  'volume',
  'instockDate',
  'validityDate',
];
const streamColumns = [
  'streamTime',
  'billType',
  'billNo',
  'lineNumber',
  'direction',
  'streamStatus',
  'qty',
  'weg',
  'qtyWeg',
  'board',
  'volume',
];

/**
 * One balance key (spec 01 §2 stockDetailViewShow?id=): the balance as a header, and below it
 * the key's movements in the order they happened, whose totals equal the balance.
 */
export function StockDetailShow(props: { catalogue: CatalogueIndex }) {
  const { catalogue } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const location = useLocation();
  const id = new URLSearchParams(location.search).get('id')?.trim() ?? '';
  const menuLabel = useMenuLabel();
  const title = menuLabel({ code: 'stockDetailShow', name: t('menu.stockDetailShow') });
  useDocumentTitle(title);
  const [paging, setPaging] = useState<Paging>({ current: firstPage, size: defaultPageSize });
  const shown = useQuery({
    queryKey: ['report', 'stockDetailShow', id, paging],
    queryFn: () =>
      client.request<{ balance: ReportRow; stream: ReportPage }>(
        'GET',
        '/api/bl-wms/report/stockDetail/show',
        {
          query: { id, current: String(paging.current), size: String(paging.size) },
        },
      ),
    enabled: /^\d+$/.test(id),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const stockFieldOf = useReportFields({ source: 'stock' }, catalogue);
  const streamFieldOf = useReportFields({ source: 'stockstream' }, catalogue);
  const columns = useReportColumns(streamColumns, streamFieldOf, catalogue, (name, row, cell) =>
    name === 'billNo' && row.billId && row.billType && billViewRoutes[row.billType] ? (
      <Link to={`${billViewRoutes[row.billType]}?id=${row.billId}`}>{cell}</Link>
    ) : (
      cell
    ),
  );
  const context = { language, catalogue, t };
  const back = (
    <Link to="/reportManagement/stockDetailView">
      <Button icon={<ArrowLeftOutlined />}>{t('menu.stockDetail')}</Button>
    </Link>
  );
  if (!/^\d+$/.test(id))
    return (
      <div className="bl-page bl-report">
        <Card title={title} extra={back}>
          <Empty description={t('reports.chooseBalance')} />
        </Card>
      </div>
    );
  const balance = shown.data?.balance;
  return (
    <div className="bl-page bl-report" data-testid="report-stockDetailShow">
      <Card title={title} extra={back} loading={!balance && shown.isFetching} className="bl-report-header">
        {balance && (
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3, xl: 4 }}>
            {headerFields.map((name) => {
              const field = stockFieldOf(name);
              return (
                <Descriptions.Item key={name} label={field.label[language]}>
                  {viewOf(field, balance, context)}
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        )}
      </Card>
      <Card title={t('reports.movements')} className="bl-report-table">
        <Table<ReportRow>
          rowKey={(row) => String(row.id)}
          size="small"
          bordered
          columns={columns}
          dataSource={shown.data?.stream.records ?? []}
          loading={shown.isFetching}
          scroll={{ x: 'max-content' }}
          summary={() =>
            totalsRow(streamColumns, shown.data?.stream.totals, t('reports.totals'), streamFieldOf)
          }
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: shown.data?.stream.total ?? 0,
            pageSizeOptions: pageSizes.map(String),
            showSizeChanger: true,
            showTotal: (count) => t('crud.total', { total: count }),
            onChange: (current, size) =>
              setPaging({ current: size !== paging.size ? firstPage : current, size }),
          }}
        />
      </Card>
    </div>
  );
}
