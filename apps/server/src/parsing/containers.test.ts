import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deflated,
  deflatedZeros,
  type FixtureEntry,
  readZip,
  writeZip,
} from '../../test/support/zip-fixtures.ts';
import {
  ContainerRefusal,
  checkOleHeader,
  checkSpreadsheetContainer,
  checkZipEntries,
  containerLimits,
  readZipDirectory,
} from './containers.ts';

/** The refusal a check throws (or undefined when it passes), reason and message key. */
async function refusal(check: () => unknown): Promise<{ reason: string; key: string } | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    if (!(error instanceof ContainerRefusal)) throw error;
    return { reason: error.reason, key: error.messageKey };
  }
}

const check = (bytes: Uint8Array) => () => checkSpreadsheetContainer(bytes);

async function exceljsBook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['code', 'name']);
  sheet.addRow(['A-1', '仓库']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What exports and import templates are made with: exceljs's streaming writer. */
async function streamedBook(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['code', 'name']).commit();
  sheet.addRow(['A-1', '仓库']).commit();
  await book.commit();
  return Buffer.concat(chunks);
}

function sheetjsBook(bookType: 'xlsx' | 'biff8'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['code'], ['A-1']]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

describe('spreadsheet containers', () => {
  let xlsx: Buffer;
  beforeAll(async () => {
    xlsx = await exceljsBook();
  });

  it('passes workbooks as exceljs, its streaming writer and SheetJS write them', async () => {
    for (const book of [xlsx, await streamedBook(), sheetjsBook('xlsx'), sheetjsBook('biff8')])
      expect(await refusal(check(book))).toBeUndefined();
    const entries = readZipDirectory(xlsx);
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses a zip cut short or without its end record', async () => {
    // The attack: the first 60 bytes (a local header and part of a name).
    expect(await refusal(check(xlsx.subarray(0, 60)))).toEqual({
      reason: 'no end-of-central-directory record',
      key: 'excel.damaged',
    });
    // Cut anywhere: some check refuses it, whichever comes first.
    for (const length of [30, 100, 1000, xlsx.length - 200, xlsx.length - 23, xlsx.length - 1])
      expect((await refusal(check(xlsx.subarray(0, length))))?.key, `${length} bytes`).toBe('excel.damaged');
    // Bytes after the end record, and a directory pointing outside the file.
    expect(await refusal(check(Buffer.concat([xlsx, Buffer.from('x')])))).toMatchObject({
      reason: 'bytes after the end-of-central-directory record',
    });
    const moved = Buffer.from(xlsx);
    moved.writeUInt32LE(xlsx.length, xlsx.length - 22 + 16);
    expect(await refusal(check(moved))).toMatchObject({ reason: 'central directory outside the file' });
  });

  it('refuses entries whose local header disagrees with the directory', async () => {
    const zip = writeZip([deflated('a.xml', '<a/>'.repeat(100))]);
    const local = Buffer.from(zip);
    local.writeUInt32LE(7, 22); // the local header's unpacked size
    expect(await refusal(check(local))).toMatchObject({
      reason: 'a.xml: local sizes disagree with the directory',
    });
    const method = Buffer.from(zip);
    method.writeUInt16LE(0, 8);
    expect(await refusal(check(method))).toMatchObject({
      reason: 'a.xml: local header disagrees with the directory',
    });
  });

  it('refuses an entry that does not inflate to its stated size', async () => {
    const good = deflated('xl/worksheets/sheet1.xml', '<row/>'.repeat(1000));
    // 0xFF opens a block of the reserved type: no inflater accepts it.
    const corrupt = { ...good, stored: Buffer.from(good.stored).fill(0xff, 0, 4) };
    expect(await refusal(check(writeZip([corrupt])))).toMatchObject({ key: 'excel.damaged' });
    // A stream cut short, its sizes stated consistently: what made SheetJS's inflater loop.
    const cut = { ...good, stored: good.stored.subarray(0, good.stored.length - 5) };
    expect(await refusal(check(writeZip([cut])))).toEqual({
      reason: 'xl/worksheets/sheet1.xml: unexpected end of file',
      key: 'excel.damaged',
    });
    // More, or less, than stated.
    const more = { ...good, unpacked: good.unpacked - 1 };
    const less = { ...good, unpacked: good.unpacked + 1 };
    for (const entry of [more, less])
      expect(await refusal(check(writeZip([entry])))).toMatchObject({ key: 'excel.damaged' });
  });

  it('refuses zip bombs by ratio and by total before inflating anything', async () => {
    const zeros = await deflatedZeros(50);
    const bomb: FixtureEntry = {
      name: 'xl/worksheets/sheet1.xml',
      stored: zeros,
      method: 8,
      unpacked: 50 << 20,
    };
    expect(await refusal(check(writeZip([bomb])))).toEqual({
      reason: `xl/worksheets/sheet1.xml: ${zeros.length} bytes unpack to ${50 << 20}`,
      key: 'excel.unpackedTooLarge',
    });
    // Under the ratio, over the total: refused from the directory alone (the data is not deflate).
    const packed = 1 << 20;
    const part = (i: number): FixtureEntry => ({
      name: `part${i}.xml`,
      stored: Buffer.alloc(packed, i),
      method: 8,
      unpacked: packed * 90,
    });
    const refused = await refusal(() => readZipDirectory(writeZip([part(1), part(2)])));
    expect(refused?.key).toBe('excel.unpackedTooLarge');
    expect(2 * packed * 90).toBeGreaterThan(containerLimits.unpackedBytes);
  });

  it('refuses zip64, encryption and unknown methods as unreadable, and too many entries', async () => {
    const zip = writeZip([deflated('a.xml', '<a/>')]);
    const encrypted = Buffer.from(zip);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, central + 8);
    expect(await refusal(check(encrypted))).toEqual({ reason: 'a.xml: encrypted', key: 'excel.unreadable' });
    const bzip = Buffer.from(zip);
    bzip.writeUInt16LE(12, central + 10);
    expect(await refusal(check(bzip))).toMatchObject({ key: 'excel.unreadable' });
    const zip64 = Buffer.from(zip);
    zip64.writeUInt32LE(0xffffffff, zip.length - 22 + 16);
    expect(await refusal(check(zip64))).toEqual({ reason: 'zip64', key: 'excel.unreadable' });
    const many = writeZip(
      Array.from({ length: containerLimits.entries + 1 }, (_, i) => deflated(`${i}.xml`, '')),
    );
    expect(await refusal(check(many))).toMatchObject({ key: 'excel.unpackedTooLarge' });
  });

  it('refuses OLE2 headers that do not fit their file', async () => {
    const xls = sheetjsBook('biff8');
    const magic = xls.subarray(0, 8);
    expect(await refusal(check(Buffer.concat([magic, Buffer.alloc(4096, 0x41)])))).toMatchObject({
      reason: 'OLE2 byte order',
      key: 'excel.damaged',
    });
    expect(await refusal(check(xls.subarray(0, 300)))).toMatchObject({ reason: 'OLE2 header cut short' });
    const fat = Buffer.from(xls);
    fat.writeUInt32LE(100_000, 0x2c);
    expect(await refusal(() => checkOleHeader(fat))).toMatchObject({ reason: 'OLE2 FAT sector count' });
    const directory = Buffer.from(xls);
    directory.writeUInt32LE(100_000, 0x30);
    expect(await refusal(() => checkOleHeader(directory))).toMatchObject({
      reason: 'OLE2 directory outside the file',
    });
    const shift = Buffer.from(xls);
    shift.writeUInt16LE(12, 0x1e);
    expect(await refusal(() => checkOleHeader(shift))).toMatchObject({ key: 'excel.damaged' });
  });

  it('inflates what it checks with zlib, entry by entry, as stated', async () => {
    const entries = readZipDirectory(xlsx);
    await expect(checkZipEntries(xlsx, entries)).resolves.toBeUndefined();
    // The fixtures' reader and the checked directory agree on every entry.
    expect(readZip(xlsx).map((e) => [e.name, e.content.length])).toEqual(
      entries.map((e) => [e.name, e.unpacked]),
    );
  });
});
