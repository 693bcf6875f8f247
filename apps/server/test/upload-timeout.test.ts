import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

const timeoutMs = 400;

/** Every route that takes a file: attachments, avatars and an entity's Excel import. */
const uploadRoutes = [
  { url: '/api/bl-resource/oss/endpoint/put-file', fileName: 'note.txt' },
  { url: '/api/bl-system/user/avatar', fileName: 'me.png' },
  { url: '/api/bl-wms/material/import', fileName: 'materials.xlsx' },
] as const;

interface Outcome {
  /** The raw answer (status line, headers, body); empty when the socket closed without one. */
  answer: string;
  /** Milliseconds from the last byte sent to the socket's close. */
  elapsed: number;
}

/**
 * Sends the headers of a multipart upload and part of its body over a raw socket (announcing
 * more than is sent), then either stalls or ends the socket, and waits for the server to
 * answer or close. A server that never does fails the test on vitest's own timeout.
 */
function brokenUpload(
  port: number,
  route: (typeof uploadRoutes)[number],
  token: string,
  how: 'stall' | 'end',
): Promise<Outcome> {
  const boundary = '----blbroken';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${route.fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const partial = Buffer.concat([
    Buffer.from(head),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64 * 1024, 7),
  ]);
  const request =
    `POST ${route.url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Blade-Auth: bearer ${token}\r\nBlade-Language: en\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${partial.length + 100_000}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sentAt = 0;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () =>
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), elapsed: Date.now() - sentAt }),
    );
    socket.on('connect', () => {
      socket.write(request);
      socket.write(partial, (error) => {
        if (error) return reject(error);
        sentAt = Date.now();
        if (how === 'end') socket.end();
      });
    });
  });
}

function partFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.part'));
}

const openFiles = () => fs.readdirSync('/proc/self/fd').length;

/** Waits (briefly) for a count that settles after sockets close. */
async function settled(read: () => number, target: number): Promise<number> {
  for (let i = 0; i < 50 && read() > target; i++) await new Promise((r) => setTimeout(r, 20));
  return read();
}

/** The partial files left once the server has finished with closed sockets (it cleans up after). */
async function partFilesLeft(dir: string): Promise<string[]> {
  await settled(() => partFiles(dir).length, 0);
  return partFiles(dir);
}

describe.each(testDrivers())('uploads that stall or break on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let filesDir: string;
  let port: number;

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-upload-timeout-'));
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { FILES_DIR: filesDir, UPLOAD_TIMEOUT_MS: String(timeoutMs) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    admin = await tokensOf(app, '000000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it.each(uploadRoutes)(
    'a stalled upload to $url is answered 408 within the timeout, leaving no partial file',
    async (route) => {
      const outcome = await brokenUpload(port, route, admin.accessToken, 'stall');
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.answer).toMatch(/connection: close/i);
      expect(outcome.answer).toContain('did not arrive within 0.4 seconds');
      expect(outcome.elapsed).toBeLessThan(timeoutMs + 1500);
      expect(await partFilesLeft(filesDir)).toEqual([]);
    },
  );

  it.each(uploadRoutes)(
    'an upload to $url cut off mid-part is closed and leaves no partial file',
    async (route) => {
      const outcome = await brokenUpload(port, route, admin.accessToken, 'end');
      // Answered or simply closed; either way at once, not after the timeout.
      expect(outcome.answer === '' || /^HTTP\/1\.1 4\d\d /.test(outcome.answer), outcome.answer).toBe(true);
      expect(outcome.elapsed).toBeLessThan(timeoutMs + 1500);
      expect(await partFilesLeft(filesDir)).toEqual([]);
    },
  );

  it('fifty stalled and fifty cut-off uploads leave no file descriptor open', async () => {
    const round = () => {
      const rounds: Promise<Outcome>[] = [];
      for (let i = 0; i < 50; i++) {
        const [first, second] = [uploadRoutes[i % 3], uploadRoutes[(i + 1) % 3]] as const;
        if (!first || !second) throw new Error('no such route');
        rounds.push(brokenUpload(port, first, admin.accessToken, i % 4 < 2 ? 'stall' : 'end'));
        rounds.push(brokenUpload(port, second, admin.accessToken, 'end'));
      }
      return Promise.all(rounds);
    };
    // One round first: it opens what the server keeps open for good (the database pool at
    // its size under this load).
    await round();
    const baseline = await settled(openFiles, 0);
    const outcomes = await round();
    expect(outcomes.filter((o) => o.answer.startsWith('HTTP/1.1 2'))).toEqual([]);
    expect(await settled(openFiles, baseline)).toBeLessThanOrEqual(baseline);
    expect(await partFilesLeft(filesDir)).toEqual([]);
  }, 30_000);
});
