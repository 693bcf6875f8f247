/**
 * What a picture's first bytes say it is. An upload is kept as the type its name declares and
 * served with that type: bytes of another kind (an HTML or SVG page named .png, a script) are
 * refused, so a picture link can never deliver something a browser would run.
 */
const signatures: Record<string, (head: Buffer) => boolean> = {
  png: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  gif: (head) => /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1')),
  webp: (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  bmp: (head) => head.subarray(0, 2).toString('latin1') === 'BM',
};

/** The picture kind of a file extension (lower case, no dot); undefined for anything else. */
export function pictureKindOf(extension: string): string | undefined {
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  return extension in signatures ? extension : undefined;
}

/** Bytes of the file's start enough to tell every kind above apart. */
export const pictureHeadBytes = 12;

/** Whether `head` (the file's first bytes) starts like a picture of `kind`. */
export function looksLike(kind: string, head: Buffer): boolean {
  return signatures[kind]?.(head) ?? false;
}
