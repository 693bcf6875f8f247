import { useQueries } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { DocHead } from '../crud/BillPrint.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { formatDateTime, formatMeasured, type Row } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';
import { barcodeSvg } from '../labels/barcode.ts';

/** A stop of the sheet (`GET loadingbill/sheet?id=`): one consignment note, in loading order. */
interface Stop {
  stop: number;
  noteNo: string;
  consigneeCode?: string | null;
  consigneeName?: string | null;
  phone?: string | null;
  address?: string | null;
  paymentType?: string | null;
  billRemark?: string | null;
  qty: string;
  kg: string;
  volume: string;
  lines: Row[];
}
type Sheet = Row & { stops: Stop[]; qty: string; kg: string; volume: string };

/**
 * The driver's departure sheet (issue 17, ADR 0025), on A4: the departure's vehicle, driver and
 * route, then each stop in the order its goods were loaded (consignment note, consignee with
 * mobile and address, payment terms, notes, goods with pieces, kg and m³) with the consignee's
 * signature, and the totals with the driver's and dispatcher's signatures. `onReady` is told
 * once every sheet is drawn, so the print page prints then.
 */
export function DepartureSheets(props: { ids: string[]; catalogue: CatalogueIndex; onReady: () => void }) {
  const { ids, catalogue, onReady } = props;
  const { t } = useTranslation();
  const path = catalogue.entity('loadingbill')?.path ?? '/api/bl-tms/loadingbill';
  const sheets = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['departureSheet', id],
      queryFn: () => client.request<Sheet>('GET', `${path}/sheet`, { query: { id } }),
    })),
  });
  const ready = sheets.every((s) => s.data !== undefined);
  useEffect(() => {
    if (ready) onReady();
  }, [ready, onReady]);
  if (sheets.some((s) => s.isError)) return <Result status="warning" title={t('crud.loadFailed')} />;
  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <>
      <style>{'@page { size: A4 portrait; margin: 12mm 10mm 14mm; }'}</style>
      {sheets.map((s) =>
        s.data ? <DepartureSheet key={String(s.data.id)} sheet={s.data} catalogue={catalogue} /> : null,
      )}
    </>
  );
}

function DepartureSheet(props: { sheet: Sheet; catalogue: CatalogueIndex }) {
  const { sheet, catalogue } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const billNo = String(sheet.billNo ?? '');
  const barcode = billNo ? barcodeSvg('code128', billNo) : undefined;
  const qr = billNo ? barcodeSvg('qrcode', `loadingbill:${billNo}`) : undefined;
  const payment = (value: unknown) =>
    catalogue.dict('tmsPaymentType')?.values.find((v) => v.value === value)?.label[language] ??
    String(value ?? '');
  const text = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : String(value);
  const head: [string, string][] = [
    [t('transport.sheet.departure'), billNo],
    [t('transport.carNo'), text(sheet.carNo)],
    [
      t('transport.driver'),
      `${text(sheet.driverName ?? sheet.driverCode)} ${sheet.driverPhone ?? ''}`.trim(),
    ],
    [t('transport.line'), text(sheet.lineName ?? sheet.lineCode)],
    [t('transport.sheet.departedAt'), formatDateTime(sheet.createTime)],
    [t('transport.sheet.stops'), String(sheet.stops.length)],
  ];
  return (
    <article className="bl-doc bl-doc-portrait bl-sheet" data-testid="departure-sheet">
      <DocHead
        title={t('transport.sheet.title')}
        meta={t('transport.sheet.intro')}
        billNo={billNo}
        barcode={barcode}
        qr={qr}
      />
      <dl className="bl-doc-fields">
        {head.map(([name, value]) => (
          <div key={name} className="bl-doc-field">
            <dt>{t('printout.fieldLabel', { label: name })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {sheet.billRemark ? (
        <p className="bl-doc-remark">
          <span>{t('transport.sheet.remark')}</span>
          {String(sheet.billRemark)}
        </p>
      ) : null}
      {sheet.stops.map((stop) => (
        <section
          key={stop.noteNo}
          className="bl-doc-lines bl-sheet-stop"
          data-testid={`sheet-stop-${stop.stop}`}
        >
          <h2>{t('transport.sheet.stop', { stop: stop.stop, note: stop.noteNo })}</h2>
          <dl className="bl-doc-fields">
            <div className="bl-doc-field">
              <dt>{t('printout.fieldLabel', { label: t('transport.consignee') })}</dt>
              <dd>{text(stop.consigneeName ?? stop.consigneeCode)}</dd>
            </div>
            <div className="bl-doc-field">
              <dt>{t('printout.fieldLabel', { label: t('transport.sheet.phone') })}</dt>
              <dd>{text(stop.phone)}</dd>
            </div>
            <div className="bl-doc-field">
              <dt>{t('printout.fieldLabel', { label: t('transport.sheet.payment') })}</dt>
              <dd>{text(payment(stop.paymentType))}</dd>
            </div>
            <div className="bl-doc-field bl-sheet-wide">
              <dt>{t('printout.fieldLabel', { label: t('transport.sheet.address') })}</dt>
              <dd>{text(stop.address)}</dd>
            </div>
            {stop.billRemark ? (
              <div className="bl-doc-field bl-sheet-wide">
                <dt>{t('printout.fieldLabel', { label: t('transport.sheet.remark') })}</dt>
                <dd>{String(stop.billRemark)}</dd>
              </div>
            ) : null}
          </dl>
          <table>
            <thead>
              <tr>
                <th className="bl-doc-index">{t('crud.lineNumber')}</th>
                <th>{t('crud.quantities.material')}</th>
                <th>{t('crud.quantities.batch')}</th>
                <th style={{ textAlign: 'right' }}>{t('transport.pieces')}</th>
                <th style={{ textAlign: 'right' }}>{t('transport.weightKg')}</th>
                <th style={{ textAlign: 'right' }}>{t('transport.sheet.volume')}</th>
              </tr>
            </thead>
            <tbody>
              {stop.lines.map((line, i) => (
                <tr key={String(line.lineNumber)}>
                  <td className="bl-doc-index">{i + 1}</td>
                  <td>
                    {String(line.materialCode ?? '')}
                    {line.materialName ? ` ${line.materialName}` : ''}
                  </td>
                  <td>{String(line.batchNo ?? '')}</td>
                  <td style={{ textAlign: 'right' }}>{formatMeasured(line.qty)}</td>
                  <td style={{ textAlign: 'right' }}>{formatMeasured(line.kg)}</td>
                  <td style={{ textAlign: 'right' }}>{formatMeasured(line.volume)}</td>
                </tr>
              ))}
              <tr className="bl-doc-total">
                <td colSpan={3}>{t('printout.total')}</td>
                <td style={{ textAlign: 'right' }}>{formatMeasured(stop.qty)}</td>
                <td style={{ textAlign: 'right' }}>{formatMeasured(stop.kg)}</td>
                <td style={{ textAlign: 'right' }}>{formatMeasured(stop.volume)}</td>
              </tr>
            </tbody>
          </table>
          <div className="bl-doc-signs bl-sheet-stop-sign">
            <div className="bl-doc-sign">
              <span>{t('transport.sheet.consigneeSign')}</span>
              <span className="bl-doc-sign-line" />
              <span>{t('printout.signDate')}</span>
              <span className="bl-doc-sign-line bl-doc-sign-date" />
            </div>
          </div>
        </section>
      ))}
      <p className="bl-doc-remark" data-testid="sheet-total">
        <span>{t('transport.sheet.total')}</span>
        {t('transport.sheet.totalValue', {
          qty: formatMeasured(sheet.qty),
          kg: formatMeasured(sheet.kg),
          volume: formatMeasured(sheet.volume),
        })}
      </p>
      <footer className="bl-doc-signs">
        {[t('transport.sheet.driverSign'), t('transport.sheet.dispatcherSign')].map((who) => (
          <div key={who} className="bl-doc-sign">
            <span>{who}</span>
            <span className="bl-doc-sign-line" />
            <span>{t('printout.signDate')}</span>
            <span className="bl-doc-sign-line bl-doc-sign-date" />
          </div>
        ))}
      </footer>
    </article>
  );
}
