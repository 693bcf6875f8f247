import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { startServer } from '../src/server.ts';
import { basic, md5 } from './support/app.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-life-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a directory held by a live process, with a clear message', () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(holder);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server process \(pid \d+\).*another DATA_DIR/);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});

describe('server lifecycle on the embedded database', () => {
  it('finishes a request in flight when stopped, then closes the database and frees the lock', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '/nonexistent' });
    const server = await startServer(config, false);
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    // Stop once the server holds the request (a fixed delay races a loaded machine).
    const received = once(server.app.server, 'request');
    const pending = fetch(
      `http://127.0.0.1:${address.port}/api/bl-auth/token?grantType=password&tenantId=000000&account=admin&password=${md5('admin')}`,
      { method: 'POST', headers: { authorization: basic } },
    );
    await received;
    const stopped = server.stop();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    await stopped;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // The data survived: a second start reads it without seeding again.
    const again = await startServer(config, false);
    await again.stop();
  }, 120_000);
});
