import type { CatalogueEntity, FieldMeta } from '@bl/entities';
import { useTranslation } from 'react-i18next';
import { barcodeSvg } from '../labels/barcode.ts';
import { alignOf, type ColumnContext, cellOf, viewOf } from './columns.tsx';
import {
  headerFields,
  linesLayout,
  type Orientation,
  pageWidthMm,
  printDeclaration,
  printOrder,
  sumDecimals,
  wraps,
} from './printLayout.ts';
import { formatDecimal, formatMeasured, type Row } from './values.ts';

/** One child table of a bill as printed: its line entity and lines in print order. */
export interface PrintedChild {
  key: string;
  entity: CatalogueEntity;
  lines: Row[];
}

/**
 * A bill on paper (issue 14, point 2): title and barcode of the bill number, the header fields
 * people read, the line table (its header repeats on every page), totals, and signatures.
 */
/** Documents printed with a QR code beside their bar code. */
const transportEntities = new Set([
  'consignmentbill',
  'dispatch',
  'loadingbill',
  'arrivalbill',
  'deliverybill',
]);

export function BillPrint(props: {
  entity: CatalogueEntity;
  record: Row;
  tables: PrintedChild[];
  orientation: Orientation;
  printedAt: string;
  context: ColumnContext;
}) {
  const { entity, record, tables, orientation, printedAt, context } = props;
  const { t } = useTranslation();
  const { language } = context;
  const billNo = String(record.billNo ?? record[entity.titleField] ?? '');
  const barcode = billNo ? barcodeSvg('code128', billNo) : undefined;
  // Transport documents carry a QR code too, for a driver's or consignee's phone (issue 17).
  const qr =
    billNo && transportEntities.has(entity.name)
      ? barcodeSvg('qrcode', `${entity.name}:${billNo}`)
      : undefined;
  const remark = record.remark ?? record.billRemark;
  return (
    <article className={`bl-doc bl-doc-${orientation}`} data-testid="bill-print">
      <DocHead
        title={entity.label[language]}
        meta={t('printout.printedAt', { time: printedAt })}
        billNo={billNo}
        barcode={barcode}
        qr={qr}
      />
      <dl className="bl-doc-fields">
        {headerFields(entity, record).map((field) => (
          <div key={field.name} className="bl-doc-field">
            <dt>{t('printout.fieldLabel', { label: field.label[language] })}</dt>
            <dd>{viewOf(field, record, context)}</dd>
          </div>
        ))}
      </dl>
      {remark !== undefined && remark !== null && remark !== '' && (
        <p className="bl-doc-remark">
          <span>
            {entity.fields.find((f) => f.name === 'remark' || f.name === 'billRemark')?.label[language]}
          </span>
          {String(remark)}
        </p>
      )}
      {tables.map((child) => (
        <LinesPrint
          key={child.key}
          entity={entity}
          child={child}
          limitMm={pageWidthMm[orientation]}
          context={context}
          titled={tables.length > 1}
        />
      ))}
      <footer className="bl-doc-signs">
        {printDeclaration(entity).signatures.map((who) => (
          <div key={who} className="bl-doc-sign">
            <span>{t(`printout.${who}`)}</span>
            <span className="bl-doc-sign-line" />
            <span>{t('printout.signDate')}</span>
            <span className="bl-doc-sign-line bl-doc-sign-date" />
          </div>
        ))}
      </footer>
    </article>
  );
}

/**
 * A printed document's head: title, a line under it, and the bill number as Code 128 (and a QR
 * code where the document carries one), as bills, pick lists and the driver's sheet print it.
 */
export function DocHead(props: {
  title: string;
  meta: string;
  billNo: string;
  barcode?: string;
  qr?: string;
}) {
  const { title, meta, billNo, barcode, qr } = props;
  return (
    <header className="bl-doc-head">
      <div className="bl-doc-title">
        <h1>{title}</h1>
        <div className="bl-doc-meta">{meta}</div>
      </div>
      <div className="bl-doc-barcode">
        {barcode && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: bwip-js output, drawn from the bill number alone
          <div className="bl-doc-barcode-bars" dangerouslySetInnerHTML={{ __html: barcode }} />
        )}
        <div className="bl-doc-barcode-text">{billNo}</div>
      </div>
      {qr && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: bwip-js output, drawn from the bill number alone
        <div className="bl-doc-qr" data-testid="print-qr" dangerouslySetInnerHTML={{ __html: qr }} />
      )}
    </header>
  );
}

function LinesPrint(props: {
  entity: CatalogueEntity;
  child: PrintedChild;
  limitMm: number;
  context: ColumnContext;
  titled: boolean;
}) {
  const { entity, child, limitMm, context, titled } = props;
  const { t } = useTranslation();
  const { language } = context;
  const lines = printOrder(entity, child.lines);
  const layout = linesLayout(entity, child.entity, lines, language, limitMm);
  const totalled = new Set(layout.totals.map((f) => f.name));
  // The totals label sits in the first columns before the first total.
  const firstTotal = layout.columns.findIndex((f) => totalled.has(f.name));
  const labelSpan = 1 + (firstTotal < 0 ? layout.columns.length : firstTotal);
  return (
    <section className="bl-doc-lines">
      {titled && <h2>{child.entity.label[language]}</h2>}
      <table>
        <thead>
          <tr>
            <th className="bl-doc-index">{t('crud.lineNumber')}</th>
            {layout.columns.map((field) => (
              <th key={field.name} style={{ textAlign: alignOf(field) }}>
                {field.label[language]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, position) => (
            <tr key={String(line.id ?? position)} data-testid="print-line">
              <td className="bl-doc-index">{position + 1}</td>
              {layout.columns.map((field) => (
                <td
                  key={field.name}
                  className={wraps(field) ? undefined : 'bl-doc-nowrap'}
                  style={{ textAlign: alignOf(field) }}
                >
                  {cellOf(field, line, context)}
                </td>
              ))}
            </tr>
          ))}
          {layout.totals.length > 0 && (
            <tr className="bl-doc-total" data-testid="print-total">
              <td colSpan={labelSpan}>
                {t('printout.total')} · {t('printout.lineCount', { count: lines.length })}
              </td>
              {layout.columns.slice(labelSpan - 1).map((field) => (
                <td key={field.name} className="bl-doc-nowrap" style={{ textAlign: alignOf(field) }}>
                  {totalled.has(field.name) ? totalOf(field, lines) : null}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/** A column's printed total: money grouped at its scale, quantities and measures as their cells show. */
function totalOf(field: FieldMeta, lines: Row[]): string {
  const sum = sumDecimals(
    lines.map((line) => line[field.name]),
    field.scale ?? 0,
  );
  return field.kind === 'money' ? formatDecimal(sum, field.scale, true) : formatMeasured(sum, field.measure);
}
