import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeName } from '../crud/cells.tsx';
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

/** One label: the barcode (a QR code beside a linear one), and what a receiver reads by eye. */
function Label(props: { label: Row; layout: LabelLayout }) {
  const { label, layout } = props;
  const { t } = useTranslation();
  const barcode = text(label.barcode);
  const main = barcodeSvg(layout.symbology, barcode);
  const qr = layout.symbology === 'qrcode' ? undefined : barcodeSvg('qrcode', barcode);
  return (
    <div
      className="bl-label"
      data-testid="label"
      style={{ width: `${layout.widthMm}mm`, height: `${layout.heightMm}mm` }}
    >
      <div className="bl-label-lines">
        <div className="bl-label-title">
          <CodeName entity="material" value={label.materialCode} />
        </div>
        <div>
          {t('labels.bill')}: {text(label.billNo)} / {text(label.lineNumber)}
        </div>
        {label.batchNo ? (
          <div>
            {t('labels.batch')}: {text(label.batchNo)}
          </div>
        ) : null}
        <div>
          {t('labels.quantity')}: {Number(label.qty)} {text(label.unitCode)}
        </div>
        {label.customerCode ? (
          <div>
            {t('labels.owner')}: <CodeName entity="customer" value={label.customerCode} />
          </div>
        ) : null}
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

/** The labels just printed (or reprinted) on screen, and on paper with the browser's print. */
export function LabelSheet(props: { labels: Row[]; layout: LabelLayout; onClose: () => void }) {
  const { labels, layout, onClose } = props;
  const { t } = useTranslation();
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
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('labels.printNow')}
        </Button>,
      ]}
    >
      <div className="bl-label-sheet" data-testid="label-sheet">
        {labels.map((label) => (
          <Label key={String(label.id)} label={label} layout={layout} />
        ))}
      </div>
    </Modal>
  );
}
