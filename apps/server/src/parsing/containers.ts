import zlib from 'node:zlib';
import { ResultCode } from '@bl/contract';
import { AppError, badRequest } from '../http/errors.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/**
 * Checks of the container an uploaded spreadsheet comes in, before any parser sees it
 * (docs/adr/0035-untrusted-parsing.md). SheetJS's pure-JS inflater loops for ever on a deflate
 * stream that stops short, and its zip reader trusts every offset it is given: 60 bytes of a
 * real .xlsx hung the whole server. So a zip must be whole and consistent (its end record, its
 * central directory, each entry's local header and data inside the file), bounded (entries,
 * unpacked size, ratio) and every entry must inflate, with Node's zlib, to exactly its stated
 * size; an OLE2 (.xls) header must describe a file that fits in the bytes given.
 *
 * The directory checks are a walk over at most `entries` records: microseconds. The inflation
 * runs on zlib's thread pool and only counts the bytes (nothing is kept), so the event loop never
 * waits on it and memory stays at one chunk.
 */
export const containerLimits = {
  /** Entries of a zip: an .xlsx holds about ten, a workbook with pictures a few hundred. */
  entries: 1000,
  /** All entries unpacked: 50,000 rows of 40 columns (a 10 MB upload) unpack to about 110 MB. */
  unpackedBytes: 160 * 1024 * 1024,
  /** Unpacked/packed of one entry above `ratioFrom`: sheet XML packs 10-20 to 1, a zip bomb 1,000. */
  ratio: 100,
  ratioFrom: 1024 * 1024,
} as const;

/** A refused container: the message the person gets, and for the log and tests what was wrong. */
export class ContainerRefusal extends AppError {
  constructor(
    readonly reason: string,
    key: MessageKey = 'excel.damaged',
    params?: MessageParams,
  ) {
    super(ResultCode.failure, key, params);
  }
}

const damaged = (reason: string) => new ContainerRefusal(reason);
/** Valid, but not a form SheetJS reads safely (zip64, encryption, other compression methods). */
const unsupported = (reason: string) => new ContainerRefusal(reason, 'excel.unreadable');
const formatMb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const tooMuch = (reason: string) =>
  new ContainerRefusal(reason, 'excel.unpackedTooLarge', { limit: formatMb(containerLimits.unpackedBytes) });

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

export type ContainerKind = 'zip' | 'ole';

/** What the first bytes say the file is: a zip (.xlsx), an OLE2 compound file (.xls), or neither. */
export function containerKind(bytes: Uint8Array): ContainerKind | undefined {
  if (startsWith(bytes, zipMagic)) return 'zip';
  if (startsWith(bytes, oleMagic)) return 'ole';
  return undefined;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the entry's data starts (after its local header). */
  dataStart: number;
  packed: number;
  unpacked: number;
}

const endSignature = 0x06054b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const endRecordSize = 22;
const endSearch = endRecordSize + 0xffff;
/** General-purpose flags of encryption (traditional, strong, masked directory). */
const encrypted = 0x0001 | 0x0040 | 0x2000;
/** Sizes follow the data (a data descriptor); the local header may hold zeros. */
const sizesAfter = 0x0008;

/** Whether an extra field (a run of id, length, data records) holds a zip64 record, or overruns. */
function zip64Extra(view: DataView, start: number, length: number): 'zip64' | 'bad' | undefined {
  let p = start;
  const end = start + length;
  while (p + 4 <= end) {
    const id = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (p + 4 + size > end) return 'bad';
    if (id === 0x0001) return 'zip64';
    p += 4 + size;
  }
  return p === end ? undefined : 'bad';
}

/**
 * Reads and checks a zip's directory: the end record (searched, as SheetJS does, backwards from
 * the end, so both take the same one) must sit whole at the end, the central directory inside
 * the file before it, each entry's local header where the directory says with the same method and
 * sizes, and its data inside the file. Throws a `ContainerRefusal`; answers the entries.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.length;
  let end = -1;
  for (let i = length - 4; i >= 0 && i >= length - endSearch; i--) {
    if (view.getUint32(i, true) === endSignature) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged('no end-of-central-directory record');
  if (end + endRecordSize > length) throw damaged('end-of-central-directory record cut short');
  if (end + endRecordSize + view.getUint16(end + 20, true) !== length)
    throw damaged('bytes after the end-of-central-directory record');
  const count = view.getUint16(end + 8, true);
  const total = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryStart === 0xffffffff || directorySize === 0xffffffff)
    throw unsupported('zip64');
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0 || count !== total)
    throw unsupported('multi-disk zip');
  if (count === 0) throw damaged('no entries');
  if (count > containerLimits.entries) throw tooMuch(`${count} entries`);
  const directoryEnd = directoryStart + directorySize;
  if (directoryEnd > end) throw damaged('central directory outside the file');

  const entries: ZipEntry[] = [];
  let unpackedTotal = 0;
  let p = directoryStart;
  for (let n = 0; n < count; n++) {
    if (p + 46 > directoryEnd || view.getUint32(p, true) !== centralSignature)
      throw damaged(`central directory entry ${n} missing`);
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const packed = view.getUint32(p + 20, true);
    const unpacked = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const localStart = view.getUint32(p + 42, true);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw damaged(`central directory entry ${n} overruns the directory`);
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + p + 46, nameLength).toString('latin1');
    const extra = zip64Extra(view, p + 46 + nameLength, extraLength);
    if (extra === 'zip64' || packed === 0xffffffff || unpacked === 0xffffffff) throw unsupported('zip64');
    if (extra === 'bad') throw damaged(`${name}: bad extra field`);
    if (flags & encrypted) throw unsupported(`${name}: encrypted`);
    if (method !== 0 && method !== 8) throw unsupported(`${name}: compression method ${method}`);
    if (method === 0 && packed !== unpacked) throw damaged(`${name}: stored with two sizes`);
    unpackedTotal += unpacked;
    if (unpackedTotal > containerLimits.unpackedBytes) throw tooMuch(`${unpackedTotal} bytes unpacked`);
    if (unpacked > containerLimits.ratioFrom && unpacked > packed * containerLimits.ratio)
      throw tooMuch(`${name}: ${packed} bytes unpack to ${unpacked}`);

    // SheetJS reads the entry from its local header: it must agree with the directory.
    if (localStart + 30 > directoryStart || view.getUint32(localStart, true) !== localSignature)
      throw damaged(`${name}: local header missing`);
    const localFlags = view.getUint16(localStart + 6, true);
    const localMethod = view.getUint16(localStart + 8, true);
    const localPacked = view.getUint32(localStart + 18, true);
    const localUnpacked = view.getUint32(localStart + 22, true);
    const localName = view.getUint16(localStart + 26, true);
    const localExtra = view.getUint16(localStart + 28, true);
    const dataStart = localStart + 30 + localName + localExtra;
    if (dataStart > directoryStart) throw damaged(`${name}: local header overruns`);
    const ownExtra = zip64Extra(view, localStart + 30 + localName, localExtra);
    if (ownExtra === 'zip64') throw unsupported('zip64');
    if (ownExtra === 'bad') throw damaged(`${name}: bad local extra field`);
    if ((localFlags & encrypted) !== 0 || localMethod !== method)
      throw damaged(`${name}: local header disagrees with the directory`);
    const sizesAgree = localPacked === packed && localUnpacked === unpacked;
    const sizesLater = (localFlags & sizesAfter) !== 0 && localPacked === 0 && localUnpacked === 0;
    if (!sizesAgree && !sizesLater) throw damaged(`${name}: local sizes disagree with the directory`);
    if (dataStart + packed > directoryStart) throw damaged(`${name}: data runs past the file`);
    entries.push({ name, method, dataStart, packed, unpacked });
    p = next;
  }
  if (p !== directoryEnd) throw damaged('central directory size disagrees with its entries');
  return entries;
}

/** How many bytes a raw deflate stream unpacks to; fails on a stream that is cut short or invalid. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // More than the directory said: stop reading at once.
      if (size > limit) inflate.destroy(new Error('more data than stated'));
    });
    inflate.on('error', reject);
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

/**
 * Every deflated entry must unpack, with Node's zlib, to exactly the size the directory states:
 * a truncated or corrupt stream (what made SheetJS's inflater loop) is refused here. Sequential,
 * on zlib's thread pool: the event loop is free meanwhile; the total is bounded by the directory
 * checks (`unpackedBytes`).
 */
export async function checkZipEntries(bytes: Uint8Array, entries: ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.packed);
    let size: number;
    try {
      size = await inflatedSize(data, entry.unpacked);
    } catch (error) {
      throw damaged(`${entry.name}: ${(error as Error).message}`);
    }
    if (size !== entry.unpacked) throw damaged(`${entry.name}: unpacks to ${size}, not ${entry.unpacked}`);
  }
}

const endOfChain = 0xfffffffe;

/**
 * The header of an OLE2 compound file (.xls, [MS-CFB] 2.2): versions, byte order and sector
 * sizes as the format allows, and every count and first sector inside the file, so SheetJS's
 * reader is never sent past the end by the header. (Chains inside the file are its reader's;
 * the worker's time and memory limits bound what a crafted chain can do.)
 */
export function checkOleHeader(bytes: Uint8Array): void {
  if (bytes.length < 512) throw damaged('OLE2 header cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const major = view.getUint16(0x1a, true);
  const shift = view.getUint16(0x1e, true);
  if (view.getUint16(0x1c, true) !== 0xfffe) throw damaged('OLE2 byte order');
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)))
    throw damaged(`OLE2 version ${major} with sector shift ${shift}`);
  if (view.getUint16(0x20, true) !== 6) throw damaged('OLE2 mini sector shift');
  if (view.getUint32(0x38, true) !== 4096) throw damaged('OLE2 mini stream cutoff');
  const sectorSize = 1 << shift;
  // The header takes the first sector (512 bytes padded to a whole sector in version 4).
  const sectors = Math.floor((bytes.length - sectorSize) / sectorSize);
  if (sectors < 2) throw damaged('OLE2 file without sectors');
  const directorySectors = view.getUint32(0x28, true);
  const fatSectors = view.getUint32(0x2c, true);
  const firstDirectory = view.getUint32(0x30, true);
  const firstMiniFat = view.getUint32(0x3c, true);
  const miniFatSectors = view.getUint32(0x40, true);
  const firstDifat = view.getUint32(0x44, true);
  const difatSectors = view.getUint32(0x48, true);
  const inside = (sector: number) => sector < sectors;
  const chainStart = (sector: number) => sector === endOfChain || inside(sector);
  if (major === 3 && directorySectors !== 0) throw damaged('OLE2 directory sector count');
  if (fatSectors === 0 || fatSectors > sectors) throw damaged('OLE2 FAT sector count');
  if (miniFatSectors > sectors || difatSectors > sectors) throw damaged('OLE2 sector counts');
  if (fatSectors > 109 + difatSectors * (sectorSize / 4 - 1)) throw damaged('OLE2 FAT beyond its DIFAT');
  if (!inside(firstDirectory)) throw damaged('OLE2 directory outside the file');
  if (!chainStart(firstMiniFat) || !chainStart(firstDifat)) throw damaged('OLE2 chain outside the file');
  // SheetJS takes the header's FAT sector list up to its first negative (free, end) entry.
  for (let i = 0; i < 109; i++) {
    const sector = view.getInt32(0x4c + i * 4, true);
    if (sector < 0) break;
    if (!inside(sector)) throw damaged('OLE2 FAT sector outside the file');
  }
}

/**
 * The checks of an uploaded spreadsheet's bytes that need no parser: a zip's directory and
 * entries, an OLE2 file's header. Anything else was refused by its name and magic before.
 */
export async function checkSpreadsheetContainer(bytes: Uint8Array): Promise<void> {
  const kind = containerKind(bytes);
  if (kind === 'zip') await checkZipEntries(bytes, readZipDirectory(bytes));
  else if (kind === 'ole') checkOleHeader(bytes);
  else throw badRequest('excel.badFile');
}
