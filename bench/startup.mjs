// Cold and warm start of `npm start`'s server, and its memory once ready.
// Run by hand: node bench/startup.mjs  (the web app must be built: npm run build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function startOnce(dataDir, label) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = Math.round(performance.now() - started);
  const idle = rssMb(child.pid);
  // A little real work: 20 sign-ins, then memory again.
  const auth = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
  for (let i = 0; i < 20; i++) {
    await fetch(
      `http://127.0.0.1:${port}/api/bl-auth/token?grantType=password&tenantId=000000&account=admin&password=21232f297a57a5a743894a0e4a801fc3`,
      { method: 'POST', headers: { authorization: auth } },
    );
  }
  const busy = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  console.log(`${label}: ready in ${readyMs} ms, RSS ${idle} MB idle, ${busy} MB after 20 sign-ins`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-bench-'));
await startOnce(dataDir, 'cold (empty data directory)');
await startOnce(dataDir, 'warm (existing data directory)');
fs.rmSync(dataDir, { recursive: true, force: true });
