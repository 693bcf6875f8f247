import { ExportOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Page } from '@bl/contract';
import type { FieldMeta } from '@bl/entities';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Row as GridRow, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { client } from '../api/client.ts';
import { useButtonCodes } from '../api/query.ts';
import { canUse } from '../crud/access.ts';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { alignOf, cellOf } from '../crud/columns.tsx';
import { ChoiceSelect, DateRangeInput, RefSelect } from '../crud/inputs.tsx';
import { defaultPageSize, firstPage, type Paging, pagerOf } from '../crud/paging.ts';
import { useDownload } from '../crud/useDownload.ts';
import { useWindowWidth } from '../crud/useWindowWidth.ts';
import { formatMeasured } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSession } from '../session.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';
import {
  type amountColumns,
  billViewRoutes,
  detailShowRoute,
  isOwnColumn,
  type OwnColumn,
  ownColumnKinds,
  type ReportFilter,
  type ReportSpec,
  reportParams,
} from './reports.ts';

export type ReportRow = Record<string, string | null>;
export interface ReportPage extends Page<ReportRow> {
  /** The ledger's amounts and the report's own sums (in, out, adjusted) over every row matched. */
  totals: Record<(typeof amountColumns)[number], string> & Partial<Record<string, string>>;
}

/** A column of the report's own, with a label of the web app's translations. */
function ownField(name: string, label: string): FieldMeta {
  const kind = ownColumnKinds[name as OwnColumn] ?? 'text';
  return {
    name,
    kind,
    ...(kind === 'decimal' && { scale: 4 }),
    label: { zh: label, mo: label, en: label },
    required: false,
    list: true,
    search: 'none',
    form: 'readonly',
    view: true,
    sortable: true,
    unique: false,
    system: false,
  };
}

/** The storage-area picker: a reference to the area's code. */
export const areaField = (label: string): FieldMeta => ({
  ...ownField('warehouseAreaCode', label),
  kind: 'ref',
  ref: { entity: 'warehousearea', valueField: 'code', labelField: 'name' },
});

/** The fields of a report's columns: the ledger entity's, else the report's own. */
export function useReportFields(spec: Pick<ReportSpec, 'source'>, catalogue: CatalogueIndex) {
  const { t } = useTranslation();
  const entity = catalogue.entity(spec.source);
  return (name: string): FieldMeta => {
    const found = entity?.fields.find((f) => f.name === name);
    if (found && !isOwnColumn(name)) return found;
    return ownField(name, isOwnColumn(name) ? t(`reports.columns.${name}`) : name);
  };
}

/** The search form's input of one filter. */
function FilterInput(props: {
  filter: ReportFilter;
  field: FieldMeta;
  catalogue: CatalogueIndex;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { filter, field, catalogue, value, onChange } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const placeholder = t('crud.selectPlaceholder', { field: field.label[language] });
  if (filter.kind === 'dateRange')
    return <DateRangeInput value={value as [string, string] | undefined} onChange={onChange} />;
  if (filter.kind === 'dict')
    return (
      <ChoiceSelect
        field={field}
        catalogue={catalogue}
        value={value as string | undefined}
        onChange={onChange}
        placeholder={placeholder}
      />
    );
  if (filter.kind === 'ref' || filter.kind === 'area')
    return (
      <RefSelect
        field={field}
        catalogue={catalogue}
        value={value as string | undefined}
        onChange={onChange}
        placeholder={placeholder}
      />
    );
  return (
    <Input
      allowClear
      value={(value as string | undefined) ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder={t('crud.inputPlaceholder', { field: field.label[language] })}
    />
  );
}

/** The search form of a report: a field per filter, search and empty. */
export function ReportFilters(props: {
  filters: ReportFilter[];
  fieldOf: (name: string) => FieldMeta;
  catalogue: CatalogueIndex;
  onSearch: (values: Record<string, unknown>) => void;
}) {
  const { filters, fieldOf, catalogue, onSearch } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm();
  return (
    <Card className="bl-report-filters" size="small">
      <Form form={form} layout="vertical" onFinish={onSearch} data-testid="report-filters">
        <GridRow gutter={16}>
          {filters.map((filter) => {
            const field =
              filter.kind === 'area'
                ? areaField(t('reports.columns.warehouseAreaCode'))
                : fieldOf(filter.name);
            return (
              <Col key={filter.name} xs={24} sm={12} md={8} xl={filter.kind === 'dateRange' ? 8 : 6}>
                <Form.Item
                  name={filter.name}
                  label={field.label[language]}
                  className={`bl-filter-${filter.name}`}
                >
                  <FilterInput filter={filter} field={field} catalogue={catalogue} />
                </Form.Item>
              </Col>
            );
          })}
          <Col xs={24} sm={12} md={8} xl={6} className="bl-report-filter-actions">
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-search">
                {t('crud.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                }}
                data-testid="report-reset"
              >
                {t('crud.empty')}
              </Button>
            </Space>
          </Col>
        </GridRow>
      </Form>
    </Card>
  );
}

/** Table columns of report fields, with their cells as the generic lists render them. */
export function useReportColumns(
  names: string[],
  fieldOf: (name: string) => FieldMeta,
  catalogue: CatalogueIndex,
  link: (name: string, row: ReportRow, cell: ReactNode) => ReactNode = (_n, _r, cell) => cell,
): ColumnsType<ReportRow> {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession((s) => s.session);
  const context = {
    language,
    catalogue,
    t,
    userName: (id: string) => (id === session?.userId ? session.userName : undefined),
  };
  return names.map((name) => {
    const field = fieldOf(name);
    return {
      key: name,
      dataIndex: name,
      title: field.label[language],
      align: alignOf(field),
      ellipsis: false,
      render: (_value: unknown, row: ReportRow) =>
        link(
          name,
          row,
          // A movement's bill type is the entity that posted it: shown by its name.
          name === 'billType' && row.billType
            ? (catalogue.entity(row.billType)?.label[language] ?? row.billType)
            : cellOf(field, row, context),
        ),
    };
  });
}

/** The totals row under a report's table: "Total" in the first column, each sum under its column. */
export function totalsRow(
  names: string[],
  totals: ReportPage['totals'] | undefined,
  label: string,
  fieldOf: (name: string) => FieldMeta,
  leading = 0,
) {
  if (!totals) return null;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="bl-report-totals" data-testid="report-totals">
        {leading > 0 && <Table.Summary.Cell index={0} colSpan={leading} />}
        {names.map((name, index) => {
          const amount = Object.hasOwn(totals, name) ? totals[name] : undefined;
          return (
            <Table.Summary.Cell
              key={name}
              index={index + leading}
              align={amount === undefined ? 'left' : 'right'}
              className={amount === undefined ? undefined : `bl-total-${name}`}
            >
              {amount !== undefined ? (
                <Typography.Text strong>{formatMeasured(amount, fieldOf(name).measure)}</Typography.Text>
              ) : index === 0 ? (
                <Typography.Text strong>{label}</Typography.Text>
              ) : null}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/**
 * A stock report (spec 01 §2 /reportManagement): search form, the report's rows paged on the
 * server with a totals row of everything matched, export of all of it to .xlsx, and links to
 * a key's history or to the bill that moved the stock.
 */
export function ReportScreen(props: { spec: ReportSpec; catalogue: CatalogueIndex }) {
  const { spec, catalogue } = props;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const menuLabel = useMenuLabel();
  const title = menuLabel({ code: spec.code, name: t(`menu.${spec.code}`) });
  useDocumentTitle(title);
  const codes = useButtonCodes().data;
  const width = useWindowWidth();
  const download = useDownload();
  const fieldOf = useReportFields(spec, catalogue);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState<Paging>({ current: firstPage, size: defaultPageSize });
  const filters = useMemo(() => reportParams(spec.filters, values), [spec.filters, values]);
  const query = { ...filters, current: String(paging.current), size: String(paging.size) };
  const page = useQuery({
    queryKey: ['report', spec.code, query],
    queryFn: () => client.request<ReportPage>('GET', `/api/bl-wms/report/${spec.code}/list`, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const total = page.data?.total ?? 0;

  const link = (name: string, row: ReportRow, cell: ReactNode): ReactNode => {
    if (spec.linksBills && name === 'billNo' && row.billId && row.billType && billViewRoutes[row.billType])
      return (
        <Link to={`${billViewRoutes[row.billType]}?id=${row.billId}`} data-testid="bill-link">
          {cell}
        </Link>
      );
    return cell;
  };
  const columns = useReportColumns(spec.columns, fieldOf, catalogue, link);
  const withActions: ColumnsType<ReportRow> = spec.opensDetail
    ? [
        ...columns,
        {
          key: 'actions',
          title: t('crud.actions'),
          fixed: 'right',
          align: 'center',
          render: (_v, row) => (
            <Link to={`${detailShowRoute}?id=${row.id}`} data-testid="row-history">
              {t('reports.history')}
            </Link>
          ),
        },
      ]
    : columns;

  const confirmExport = () =>
    modal.confirm({
      title: t('crud.tip'),
      content: t('crud.exportConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'bl-confirm-export',
      onOk: () => download(`/api/bl-wms/report/${spec.code}/export`, filters, `${spec.code}.xlsx`),
    });

  return (
    <div className="bl-page bl-report" data-testid={`report-${spec.code}`}>
      <ReportFilters
        filters={spec.filters}
        fieldOf={fieldOf}
        catalogue={catalogue}
        onSearch={(next) => {
          setValues(next);
          setPaging((current) => ({ ...current, current: firstPage }));
        }}
      />
      <Card
        className="bl-report-table"
        title={title}
        extra={
          <Space>
            {canUse(codes, { name: spec.code }, 'export') && (
              <Button icon={<ExportOutlined />} onClick={confirmExport} data-testid="toolbar-export">
                {t('crud.export')}
              </Button>
            )}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void page.refetch()}
              data-testid="toolbar-reload"
            >
              {t('reports.refresh')}
            </Button>
          </Space>
        }
      >
        <Table<ReportRow>
          rowKey={(row) =>
            row.id ??
            spec.columns
              .slice(0, 3)
              .map((name) => row[name])
              .join('\u0000')
          }
          size="small"
          bordered
          columns={withActions}
          dataSource={page.data?.records ?? []}
          loading={page.isFetching}
          scroll={{ x: 'max-content' }}
          summary={() => totalsRow(spec.columns, page.data?.totals, t('reports.totals'), fieldOf)}
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
