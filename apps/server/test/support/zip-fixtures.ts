import zlib from 'node:zlib';

/**
 * Zips made by hand for the tests of untrusted uploads (src/parsing/containers.test.ts,
 * untrusted-uploads.test.ts): whole ones, and ones that lie about their sizes, lose their
 * end record or carry data that does not inflate. Test code only; the server never writes zips
 * this way (exports use exceljs).
 */
export interface FixtureEntry {
  name: string;
  /** The bytes as stored (already deflated when `method` is 8). */
  stored: Uint8Array;
  method: 0 | 8;
  /** The unpacked size the headers state. */
  unpacked: number;
}

/** An entry deflated with Node's zlib, its sizes stated truly. */
export function deflated(name: string, content: Uint8Array | string): FixtureEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, stored: zlib.deflateRawSync(bytes), method: 8, unpacked: bytes.length };
}

/** A zip of the entries: local headers and data, the central directory, the end record. */
export function writeZip(entries: FixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.stored));
    centrals.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a (whole) zip, unpacked, in order. */
export function readZip(zip: Uint8Array): { name: string; content: Buffer }[] {
  const bytes = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let p = bytes.readUInt32LE(end + 16);
  const entries: { name: string; content: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(p + 10);
    const packed = bytes.readUInt32LE(p + 20);
    const nameLength = bytes.readUInt16LE(p + 28);
    const skip = nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + packed);
    entries.push({ name, content: method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data) });
    p += 46 + skip;
  }
  return entries;
}

/** A zip again, each entry's content passed through `change` and deflated anew. */
export function rezip(
  zip: Uint8Array,
  change: (name: string, content: Buffer) => Buffer = (_, c) => c,
): Buffer {
  return writeZip(readZip(zip).map(({ name, content }) => deflated(name, change(name, content))));
}

/** `megabytes` of zeros, deflated as they stream (about 1 KB per MB): the core of a zip bomb. */
export async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++)
    if (!deflate.write(zeros)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}
