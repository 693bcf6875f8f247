import { toSVG } from 'bwip-js/browser';

/** Symbologies a label template may name (dictionary `barcodeType`, bwip-js `bcid` names). */
export type Symbology = 'code128' | 'qrcode' | 'ean13' | 'code39' | 'datamatrix';

const twoDimensional: ReadonlySet<Symbology> = new Set(['qrcode', 'datamatrix']);

/**
 * The SVG markup of a barcode, or undefined when the text cannot be encoded in that
 * symbology (e.g. Chinese characters in Code 128, or 12 digits missing for EAN-13): the label
 * then shows the text alone rather than a barcode a scanner would misread.
 */
export function barcodeSvg(symbology: Symbology, text: string): string | undefined {
  // Linear codes hold printable ASCII; bwip-js would encode other text as bytes no scanner reads back.
  if (!twoDimensional.has(symbology) && !/^[\x20-\x7e]+$/.test(text)) return undefined;
  try {
    return toSVG({
      bcid: symbology,
      text,
      scale: 2,
      ...(twoDimensional.has(symbology) ? {} : { height: 10, includetext: false }),
    });
  } catch {
    return undefined;
  }
}

export const isSymbology = (value: unknown): value is Symbology =>
  value === 'code128' ||
  value === 'qrcode' ||
  value === 'ean13' ||
  value === 'code39' ||
  value === 'datamatrix';
