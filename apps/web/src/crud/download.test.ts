import { describe, expect, it } from 'vitest';
import { downloadFailure, downloadFileName, fileNameFromDisposition, isSpreadsheetName } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="material-20261122.xlsx"; filename*=UTF-8''%E7%89%A9%E6%96%99-20261122.xlsx`,
        'x.xlsx',
      ),
    ).toBe('物料-20261122.xlsx');
  });

  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameFromDisposition('attachment; filename="unit-template.xlsx"', 'x.xlsx')).toBe(
      'unit-template.xlsx',
    );
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameFromDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
  });

  it('survives a malformed escape', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''%E7%ZZ`, 'x')).toBe(
      'a.xlsx',
    );
  });
});

describe('downloadFailure (spec 01 §8)', () => {
  it('has fixed words for 401, 403 and 404', () => {
    expect(downloadFailure(401, 'token expired')).toEqual({ failure: 'unauthorized' });
    expect(downloadFailure(403, 'no material_export')).toEqual({ failure: 'forbidden' });
    expect(downloadFailure(404, 'gone')).toEqual({ failure: 'notFound' });
  });

  it("shows the server's message otherwise, or unknown without one", () => {
    expect(downloadFailure(400, 'Too many rows')).toEqual({ message: 'Too many rows' });
    expect(downloadFailure(500, '')).toEqual({ failure: 'unknown' });
    expect(downloadFailure(undefined, undefined)).toEqual({ failure: 'unknown' });
  });
});

describe('isSpreadsheetName', () => {
  it('accepts .xls and .xlsx only, in any case', () => {
    expect(isSpreadsheetName('units.xlsx')).toBe(true);
    expect(isSpreadsheetName('UNITS.XLS')).toBe(true);
    expect(isSpreadsheetName('units.csv')).toBe(false);
    expect(isSpreadsheetName('units.xlsx.exe')).toBe(false);
  });
});

describe('downloadFileName (spec 01 §7)', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('takes the download-filename header first, decoded as Java URL-encodes it', () => {
    expect(
      downloadFileName(
        headers({
          'download-filename': '%E5%BA%93%E5%AD%98+%E6%98%8E%E7%BB%86.xlsx',
          'content-disposition': 'attachment; filename="other.xlsx"',
        }),
        'x.xlsx',
      ),
    ).toBe('库存 明细.xlsx');
    expect(downloadFileName(headers({ 'download-filename': 'a%2Bb.zip' }), 'x')).toBe('a+b.zip');
  });

  it('falls back to Content-Disposition, then to the given name', () => {
    expect(
      downloadFileName(
        headers({ 'content-disposition': "attachment; filename*=UTF-8''%E5%8D%95.xlsx" }),
        'x',
      ),
    ).toBe('单.xlsx');
    expect(downloadFileName(headers({ 'download-filename': '  ' }), 'x.xlsx')).toBe('x.xlsx');
    expect(downloadFileName(headers({}), 'x.xlsx')).toBe('x.xlsx');
  });

  it('keeps a malformed name as sent', () => {
    expect(downloadFileName(headers({ 'download-filename': 'bad%E7%ZZ.pdf' }), 'x')).toBe('bad%E7%ZZ.pdf');
  });
});
