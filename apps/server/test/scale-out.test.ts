import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { testDrivers } from './support/databases.ts';

/**
 * Issue 20, target 7: two server processes started at the same moment on one empty PostgreSQL
 * database (migrating and seeding it between them), then driven through both. PostgreSQL only,
 * by driver: PGlite is one process per data directory by design (db/lock.ts).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Process {
  url: string;
  child: ChildProcess;
  output: string[];
}

function spawnServer(port: number, env: NodeJS.ProcessEnv): Process {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  return { url: `http://127.0.0.1:${port}`, child, output };
}

async function ready(server: Process): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output.join('')}`);
    try {
      if ((await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready:\n${server.output.join('')}`);
}

async function stop(server: Process): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

describe.each(testDrivers().filter((driver) => driver === 'postgres'))(
  'two server processes on one %s',
  () => {
    const admin = new URL(process.env.TEST_DATABASE_URL as string);
    const name = `bl_scale_${process.pid}_${Date.now().toString(36)}`;
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-shared-files-'));
    let one: Process;
    let two: Process;

    beforeAll(async () => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const own = new URL(admin);
      own.pathname = `/${name}`;
      const env = {
        DATABASE_URL: own.toString(),
        // The shared directory both mount: the object store of several processes without a bucket.
        FILES_DIR: filesDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        STATUS_CHANGE_INTERVAL_MINUTES: '0',
        DATABASE_POOL_SIZE: '4',
      };
      // The same moment, on an empty database: both migrate and seed, one after the other.
      const [portOne, portTwo] = [await freePort(), await freePort()];
      one = spawnServer(portOne, env);
      two = spawnServer(portTwo, env);
      await Promise.all([ready(one), ready(two)]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([one && stop(one), two && stop(two)]);
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }, 60_000);

    const call = async <T>(server: Process, url: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      headers.set('blade-language', 'en');
      if (init.token) headers.set('blade-auth', `bearer ${init.token}`);
      const response = await fetch(`${server.url}${url}`, { ...init, headers });
      const text = await response.text();
      return {
        status: response.status,
        text,
        json: () => JSON.parse(text) as { success: boolean; data: T; msg: string },
      };
    };
    const signIn = async (server: Process, password: string) => {
      const answer = await call<{ accessToken: string; passwordChangeDue?: boolean }>(
        server,
        `/api/bl-auth/token?grantType=password&tenantId=000000&account=admin&password=${md5(password)}`,
        { method: 'POST', headers: { authorization: basic } },
      );
      expect(answer.status, answer.text).toBe(200);
      return answer.json().data;
    };
    const upload = (server: Process, url: string, token: string, fileName: string, content: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([content]), fileName);
      return call<Record<string, string>>(server, url, { method: 'POST', body: form, token });
    };

    it('both started, each with a worker id of its own, on one seeded database', async () => {
      expect(one.child.exitCode).toBeNull();
      expect(two.child.exitCode).toBeNull();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        const leases = await db.query('select worker_id from bl_worker_lease where expires_at > now()');
        expect(new Set(leases.rows.map((row) => row.worker_id)).size).toBe(2);
        // Seeded once: one demo admin per tenant, not two.
        const admins = await db.query(
          "select count(*)::int as n from blade_user where tenant_id = '000000' and account = 'admin'",
        );
        expect(admins.rows[0].n).toBe(1);
      } finally {
        await db.end();
      }
    });

    it('signs in on one and works on the other; an upload on one downloads from the other', async () => {
      const first = await signIn(one, 'admin');
      // The password change the seeded admin owes, made on the other process.
      const changed = await call(two, '/api/bl-system/user/update-password', {
        method: 'POST',
        token: first.accessToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          oldPassword: md5('admin'),
          newPassword: md5('Scale-out-1'),
          newPassword1: md5('Scale-out-1'),
        }),
      });
      expect(changed.status, changed.text).toBe(200);
      const { accessToken: token } = await signIn(two, 'Scale-out-1');
      const info = await call(one, '/api/bl-system/menu/routes', { token });
      expect(info.status, info.text).toBe(200);

      const sent = await upload(
        one,
        '/api/bl-resource/oss/endpoint/put-file',
        token,
        'scale.txt',
        Buffer.from('both'),
      );
      expect(sent.status, sent.text).toBe(200);
      const fetched = await call(two, `/api/bl-resource/attach/download?id=${sent.json().data.attachId}`, {
        token,
      });
      expect(fetched.status).toBe(200);
      expect(fetched.text).toBe('both');
    });

    it('runs a job started on one process once, on either, and shows it finished on both', async () => {
      const { accessToken: token } = await signIn(one, 'Scale-out-1');
      const unit = await call(one, '/api/bl-wms/unit/submit', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'PCS', name: 'piece' }),
      });
      expect(unit.status, unit.text).toBe(200);
      const book = XLSX.utils.book_new();
      const rows = [
        ['物料编码', '物料名称', '基本单位'],
        ...Array.from({ length: 50 }, (_, i) => [`SO-${i}`, `m${i}`, 'PCS']),
      ];
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
      const content = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const queued = await upload(one, '/api/bl-wms/material/import?mode=job', token, 'm.xlsx', content);
      expect(queued.status, queued.text).toBe(200);
      const { jobId } = queued.json().data;
      let job: { status: string; done: number; total: number } | undefined;
      for (let i = 0; i < 150 && job?.status !== 'done' && job?.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        job = (await call<typeof job>(two, `/api/bl-jobs/job/detail?id=${jobId}`, { token })).json().data;
      }
      expect(job).toMatchObject({ status: 'done', done: 50, total: 50 });
      const seen = await call<typeof job>(one, `/api/bl-jobs/job/detail?id=${jobId}`, { token });
      expect(seen.json().data).toMatchObject({ status: 'done' });
      const list = await call<{ total: number }>(one, '/api/bl-wms/material/list?current=1&size=1&code=SO-', {
        token,
      });
      expect(list.json().data.total).toBe(50);
    });
  },
);

describe('scale-out settings', () => {
  it('reads whether this process runs jobs and from what size imports are jobs', () => {
    expect(loadConfig({}).jobWorkers).toBe(true);
    expect(loadConfig({ JOB_WORKERS: '0' }).jobWorkers).toBe(false);
    expect(loadConfig({ IMPORT_JOB_MIN_BYTES: '0' }).importJobMinBytes).toBe(0);
    expect(() => loadConfig({ IMPORT_JOB_MIN_BYTES: 'big' })).toThrow(/IMPORT_JOB_MIN_BYTES/);
  });
});
