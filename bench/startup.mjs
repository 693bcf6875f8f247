// Cold and warm start of `npm start` (scripts/start.mjs: the compiled server), and the
// server's memory once ready and after signing in on the demo data.
// Run by hand: node bench/startup.mjs  (BENCH_RUNS=3). The builds are made first (as
// `npm install` does), so the figures are the start itself: cold = an empty data directory,
// warm = the same directory again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS || 3);

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

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = Math.round(performance.now() - started);
  const idle = rssMb(child.pid);
  // Sign in as the demo admin (the seeded admin / admin), then a little real work.
  const auth = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
  const answer = await (
    await fetch(
      `http://127.0.0.1:${port}/api/bl-auth/token?grantType=password&tenantId=000000&account=admin&password=21232f297a57a5a743894a0e4a801fc3`,
      { method: 'POST', headers: { authorization: auth } },
    )
  ).json();
  if (!answer.data?.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  for (let i = 0; i < 19; i++) {
    await fetch(
      `http://127.0.0.1:${port}/api/bl-auth/token?grantType=password&tenantId=000000&account=admin&password=21232f297a57a5a743894a0e4a801fc3`,
      { method: 'POST', headers: { authorization: auth } },
    );
  }
  const signedIn = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { readyMs, idle, signedIn };
}

// What `npm install` does (postinstall): nothing when the builds are current.
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = { cold: [], warm: [] };
for (let run = 1; run <= runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-bench-'));
  for (const kind of ['cold', 'warm']) {
    const result = await startOnce(dataDir);
    results[kind].push(result);
    console.log(
      `run ${run} ${kind}: ready in ${result.readyMs} ms, RSS ${result.idle} MB idle, ${result.signedIn} MB after 20 sign-ins`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const kind of ['cold', 'warm']) {
  const list = results[kind];
  console.log(
    `median of ${runs} ${kind} starts: ready in ${median(list.map((r) => r.readyMs))} ms, ` +
      `RSS ${median(list.map((r) => r.idle))} MB idle, ${median(list.map((r) => r.signedIn))} MB after sign-in`,
  );
}
