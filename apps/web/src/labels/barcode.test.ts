import { describe, expect, it } from 'vitest';
import { barcodeSvg, isSymbology } from './barcode.ts';

describe('barcode rendering', () => {
  it('draws Code 128 and QR codes of a label barcode as SVG', () => {
    const linear = barcodeSvg('code128', 'RK2611001-001-0001');
    expect(linear).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const qr = barcodeSvg('qrcode', 'RK2611001-001-0001');
    expect(qr).toMatch(/^<svg/);
    expect(qr).not.toBe(linear);
  });

  it('answers nothing for text the symbology cannot hold', () => {
    expect(barcodeSvg('code128', '入库单-001')).toBeUndefined();
    expect(barcodeSvg('ean13', 'ABC')).toBeUndefined();
  });

  it('knows the symbologies of the barcodeType dictionary', () => {
    expect(['code128', 'qrcode', 'ean13', 'code39', 'datamatrix'].every(isSymbology)).toBe(true);
    expect(isSymbology('pdf417')).toBe(false);
  });
});
