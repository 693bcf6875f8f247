import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import type { CatalogueEntity } from '@bl/entities';
import { useQueries } from '@tanstack/react-query';
import { Button, Result, Segmented, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { client } from '../api/client.ts';
import { useCatalogue } from '../api/query.ts';
import { currentLanguage } from '../i18n/index.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { useSession } from '../session.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { DepartureSheets } from '../transport/DepartureSheet.tsx';
import { linkedEntities } from '../transport/TransportLinks.tsx';
import { BillPrint, type PrintedChild } from './BillPrint.tsx';
import { type CatalogueIndex, indexCatalogue } from './catalogue.ts';
import { alignOf, type ColumnContext, cellOf, tableFields } from './columns.tsx';
import { type Orientation, orientationFor, pageCounterContent } from './printLayout.ts';
import { RecordDescriptions } from './RecordView.tsx';
import { useRefNamesPending } from './refNames.ts';
import { usePrintLog } from './usePrintLog.ts';
import { dateTimeFormat, type Row } from './values.ts';

/** What a blind count's sheet leaves out (docs/adr/0021): counters count what they see. */
const blindColumns = new Set(['bookQty', 'diffQty']);
const sheetLines = (lines: CatalogueEntity, record: Row): CatalogueEntity =>
  record.isBlind === '1'
    ? { ...lines, fields: lines.fields.filter((f) => !blindColumns.has(f.name)) }
    : lines;

/**
 * `/print/{entity}?ids=…`: a clean page of the chosen records outside the shell, printed at
 * once. One record prints as descriptions with its lines; several as a table.
 */
export function PrintPage() {
  const signedIn = useSession((s) => s.session !== null);
  if (!signedIn) return <Navigate to="/login" replace />;
  return <Printable />;
}

function Printable() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession((s) => s.session);
  const { entity: name = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // Transport documents print on A4 or on a 76 mm receipt roll (issue 17); a departure also as
  // the driver's sheet.
  const receipt = params.get('paper') === 'receipt';
  const driverSheet = params.get('paper') === 'driver' && name === 'loadingbill';
  const [sheetReady, setSheetReady] = useState(false);
  const onSheetReady = useCallback(() => setSheetReady(true), []);
  const ids = useMemo(
    () => [...new Set((params.get('ids') ?? '').split(','))].filter((id) => /^\d{1,19}$/.test(id)),
    [params],
  );
  const catalogue = useCatalogue();
  const index = useMemo(
    () => (catalogue.data ? indexCatalogue(catalogue.data) : undefined),
    [catalogue.data],
  );
  const entity = index?.entity(name);
  const records = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['record', name, id],
      queryFn: () => client.request<Row>('GET', `${entity?.path}/detail`, { query: { id } }),
      enabled: entity !== undefined,
    })),
  });
  const ready = ids.length > 0 && records.every((record) => record.data !== undefined);
  const failed = records.some((record) => record.isError);
  const printedAt = useMemo(() => dayjs().format(dateTimeFormat), []);
  useDocumentTitle(entity?.label[language]);

  // Names of the codes (material, owner, place) come in batches after the rows: the print
  // waits for them, then lets the tables lay out before the dialog takes its picture.
  const namesPending = useRefNamesPending();
  usePrintLog(entity?.path, ids, ready);
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || namesPending > 0 || printed.current || (driverSheet && !sheetReady)) return;
    const timer = setTimeout(() => {
      printed.current = true;
      document.body.dataset.printReady = 'true';
      window.print();
    }, 400);
    return () => clearTimeout(timer);
  }, [ready, namesPending, driverSheet, sheetReady]);

  if (catalogue.isPending) return <Skeleton active className="bl-print" />;
  if (!index || !entity || entity.parent || ids.length === 0) return <NotFound />;

  const context: ColumnContext = {
    language,
    catalogue: index,
    t,
    userName: (id) => (id === session?.userId ? session.userName : undefined),
  };
  const rows = records.map((record) => record.data).filter((row): row is Row => row !== undefined);
  const fields = tableFields(entity);

  return (
    <div className="bl-print" data-testid="print-page">
      <div className="bl-print-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('crud.print')}
        </Button>
        <Button icon={<CloseOutlined />} onClick={() => window.close()}>
          {t('crud.close')}
        </Button>
        {linkedEntities.has(entity.name) && (
          <Segmented
            data-testid="print-paper"
            value={driverSheet ? 'driver' : receipt ? 'receipt' : 'a4'}
            options={[
              { value: 'a4', label: t('transport.paperA4') },
              { value: 'receipt', label: t('transport.paperReceipt') },
              ...(entity.name === 'loadingbill'
                ? [{ value: 'driver', label: t('transport.paperDriver') }]
                : []),
            ]}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value === 'a4') next.delete('paper');
              else next.set('paper', value);
              setParams(next, { replace: true });
            }}
          />
        )}
      </div>
      {entity.children.length === 0 && !linkedEntities.has(entity.name) && (
        <header className="bl-print-head">
          <Typography.Title level={3}>{entity.label[language]}</Typography.Title>
          <Typography.Text type="secondary">
            {t('crud.printedAt', { time: printedAt })}
            {ids.length > 1 && ` · ${t('crud.printCount', { count: ids.length })}`}
          </Typography.Text>
        </header>
      )}
      {failed ? (
        <Result status="warning" title={t('crud.loadFailed')} />
      ) : !ready ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : driverSheet ? (
        <DepartureSheets ids={ids} catalogue={index} onReady={onSheetReady} />
      ) : entity.children.length > 0 || linkedEntities.has(entity.name) ? (
        <BillPrints entity={entity} rows={rows} printedAt={printedAt} context={context} receipt={receipt} />
      ) : ids.length === 1 && rows[0] ? (
        <div className="bl-view">
          <RecordDescriptions entity={entity} record={rows[0]} context={context} column={2} />
        </div>
      ) : (
        <Table<Row>
          rowKey={(row) => String(row.id)}
          size="small"
          bordered
          pagination={false}
          dataSource={rows}
          columns={[
            {
              key: '_index',
              title: t('crud.lineNumber'),
              width: 56,
              align: 'center',
              render: (_value, _row, position) => position + 1,
            },
            ...fields.map((field) => ({
              key: field.name,
              title: field.label[language],
              align: alignOf(field),
              render: (_value: unknown, row: Row) => cellOf(field, row, context),
            })),
          ]}
        />
      )}
    </div>
  );
}

/**
 * Bills as designed prints, one after the other, each from a new page: A4 portrait, or
 * landscape when the columns that must print need it, with "page x of y" in the page footer.
 */
function BillPrints(props: {
  entity: CatalogueEntity;
  rows: Row[];
  printedAt: string;
  context: ColumnContext;
  /** On a 76 mm receipt roll instead of A4. */
  receipt?: boolean;
}) {
  const { entity, rows, printedAt, context, receipt } = props;
  const { t } = useTranslation();
  const bills = rows.map((record) => ({ record, children: childrenOf(entity, record, context.catalogue) }));
  const orientation: Orientation = receipt
    ? 'receipt'
    : bills.some((bill) => orientationFor(entity, bill.children, context.language) === 'landscape')
      ? 'landscape'
      : 'portrait';
  const page = receipt ? '76mm 297mm; margin: 3mm' : `A4 ${orientation}; margin: 12mm 10mm 14mm`;
  const footer = pageCounterContent(t('printout.page', { page: '{{page}}', pages: '{{pages}}' }));
  return (
    <>
      <style>{`@page { size: ${page}; @bottom-center { content: ${footer}; font-size: 8pt; font-family: sans-serif; color: #555; } }`}</style>
      {bills.map((bill) => (
        <BillPrint
          key={String(bill.record.id)}
          entity={entity}
          record={bill.record}
          tables={bill.children}
          orientation={orientation}
          printedAt={printedAt}
          context={context}
        />
      ))}
    </>
  );
}

function childrenOf(entity: CatalogueEntity, record: Row, catalogue: CatalogueIndex): PrintedChild[] {
  return entity.children.flatMap((child) => {
    const lineEntity = catalogue.entity(child.entity);
    const lines = record[child.key];
    return lineEntity
      ? [
          {
            key: child.key,
            entity: sheetLines(lineEntity, record),
            lines: Array.isArray(lines) ? (lines as Row[]) : [],
          },
        ]
      : [];
  });
}
