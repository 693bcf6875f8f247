import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CodeName } from '../crud/cells.tsx';
import { useRefNamesPending } from '../crud/refNames.ts';
import type { Row } from '../crud/values.ts';
import { barcodeSvg, isSymbology, type Symbology } from './barcode.ts';

/** The size and symbology of a label, from its template (tagmodel) or the defaults. */
export interface LabelLayout {
  widthMm: number;
  heightMm: number;
  symbology: Symbology;
}

/** A 60 × 40 mm Code 128 label: the common thermal label of receiving docks. */
export const defaultLayout: LabelLayout = { widthMm: 60, heightMm: 40, symbology: 'code128' };

export function layoutOf(template: Row | undefined): LabelLayout {
  const size = (value: unknown, fallback: number) => {
    const mm = Number(value);
    return Number.isFinite(mm) && mm >= 20 && mm <= 300 ? mm : fallback;
  };
  if (!template) return defaultLayout;
  return {
    widthMm: size(template.width, defaultLayout.widthMm),
    heightMm: size(template.height, defaultLayout.heightMm),
    symbology: isSymbology(template.barcodeType) ? template.barcodeType : defaultLayout.symbology,
  };
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A stored quantity without its padding zeros ('10.0000' → '10', '2.5000' → '2.5'), as text. */
export const plainQuantity = (value: unknown) => {
  const quantity = text(value);
  return quantity.includes('.') ? quantity.replace(/0+$/, '').replace(/\.$/, '') : quantity;
};

/**
 * The type size of a label, in points, from its page: everything on it (QR code, bar height)
 * is sized in em, so a 60 × 40 mm roll label and a 100 × 50 mm one hold the same lines, whole.
 */
export const labelFontPt = (layout: LabelLayout) =>
  Math.round(Math.min(layout.heightMm * 0.18, layout.widthMm * 0.12) * 10) / 10;

/** One label: the barcode (a QR code beside a linear one), and what a receiver reads by eye. */
function Label(props: { label: Row; layout: LabelLayout; paper?: boolean }) {
  const { label, layout, paper } = props;
  // On paper a hair under the page: Chromium rounds a page to whole pixels (60 x 40 mm comes out
  // 59.94 x 39.88 mm), and a label a fraction taller than its page would feed a blank one.
  const trim = paper ? ' - 0.5mm' : '';
  const { t } = useTranslation();
  const barcode = text(label.barcode);
  const main = barcodeSvg(layout.symbology, barcode);
  const qr = layout.symbology === 'qrcode' ? undefined : barcodeSvg('qrcode', barcode);
  return (
    <div
      className="bl-label"
      data-testid="label"
      style={{
        width: `calc(${layout.widthMm}mm${trim})`,
        height: `calc(${layout.heightMm}mm${trim})`,
        fontSize: `${labelFontPt(layout)}pt`,
      }}
    >
      <div className="bl-label-lines">
        <div className="bl-label-title">
          <CodeName entity="material" value={label.materialCode} />
        </div>
        {label.customerCode ? (
          <div className="bl-label-owner" data-testid="label-owner">
            {t('labels.owner')}: <CodeName entity="customer" value={label.customerCode} />
          </div>
        ) : null}
        <div className="bl-label-quantity" data-testid="label-quantity">
          {t('labels.quantity')}: {plainQuantity(label.qty)}{' '}
          {label.unitCode ? <CodeName entity="unit" value={label.unitCode} nameOnly /> : null}
        </div>
        {label.batchNo ? (
          <div>
            {t('labels.batch')}: {text(label.batchNo)}
          </div>
        ) : null}
        <div>
          {t('labels.bill')}: {text(label.billNo)} / {text(label.lineNumber)}
        </div>
      </div>
      {qr && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: bwip-js output, drawn from the barcode alone
        <div className="bl-label-qr" dangerouslySetInnerHTML={{ __html: qr }} />
      )}
      {main ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: bwip-js output, drawn from the barcode alone
        <div className="bl-label-code" dangerouslySetInnerHTML={{ __html: main }} />
      ) : (
        <div className="bl-label-code bl-label-unreadable">{t('labels.notEncodable')}</div>
      )}
      <div className="bl-label-barcode">{barcode}</div>
    </div>
  );
}

/**
 * The labels as the printer gets them: a copy of the sheet straight under <body>, the app
 * hidden on paper, each label one page of exactly the label's size (`@page`), so a roll label
 * printer feeds one label per label and never a half-empty second one.
 */
function PaperSheet(props: { labels: Row[]; layout: LabelLayout }) {
  const { labels, layout } = props;
  return createPortal(
    <div className="bl-label-paper" data-testid="label-paper">
      <style>{`@page { size: ${layout.widthMm}mm ${layout.heightMm}mm; margin: 0; }`}</style>
      {labels.map((label) => (
        <Label key={String(label.id)} label={label} layout={layout} paper />
      ))}
    </div>,
    document.body,
  );
}

/** The labels just printed (or reprinted) on screen, and on paper with the browser's print. */
export function LabelSheet(props: { labels: Row[]; layout: LabelLayout; onClose: () => void }) {
  const { labels, layout, onClose } = props;
  const { t } = useTranslation();
  // Names (material, owner, unit) arrive after the labels: paper waits for them.
  const namesPending = useRefNamesPending();
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing || namesPending > 0) return;
    setPrinting(false);
    window.print();
  }, [printing, namesPending]);
  return (
    <Modal
      open
      width="min(1100px, 96vw)"
      title={t('labels.sheetTitle', { count: labels.length })}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          loading={printing}
          onClick={() => (namesPending > 0 ? setPrinting(true) : window.print())}
          data-testid="labels-print-now"
        >
          {t('labels.printNow')}
        </Button>,
      ]}
    >
      <div className="bl-label-sheet" data-testid="label-sheet">
        {labels.map((label) => (
          <Label key={String(label.id)} label={label} layout={layout} />
        ))}
      </div>
      <PaperSheet labels={labels} layout={layout} />
    </Modal>
  );
}
