// Workflow throughput on PostgreSQL (issue 18, docs/adr/0027-workflow-engine.md): user tasks
// completed per second through the API, with 1 and 4 concurrent clients, on a three-step
// process (task, exclusive gateway on a variable, task, end). Each completion is one
// transaction: lock the instance, rebuild bpmn-engine from the saved state, signal, save.
// Run by hand, never in tests:
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/workflow.ts
//
// Options (env):
//   BENCH_DATABASE_URL   any existing database of the server; the bench makes (and drops) its own
//   BENCH_SECONDS=10     seconds per client count
//   BENCH_CLIENTS=1,4    client counts
//
// Figures (2026-11-25, 8 s per count, PostgreSQL 15 local, 2 cores at load average 16-19 from
// other helpers' test runs: relative, not absolute):
//   clients  tasks/s  p50 ms  p95 ms
//         1      2.9     132     456
//         4      4.2     550     856
// Each completion replays the saved engine state (bpmn-engine recover + resume), writes the
// state back (it carries the serialized model) and runs in one transaction; parsing the model
// once per process (engine.ts parsedModel) took p50 from 181 to 132 ms at one client.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';

const url = process.env.BENCH_DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS || 10);
const clientCounts = (process.env.BENCH_CLIENTS || '1,4').split(',').map(Number);
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const model = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://bl/bench">
  <process id="benchApproval" name="Bench approval" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <userTask id="first" name="First" flowable:assignee="\${starter}" />
    <sequenceFlow id="f2" sourceRef="first" targetRef="gw" />
    <exclusiveGateway id="gw" default="f4" />
    <sequenceFlow id="f3" sourceRef="gw" targetRef="second"><conditionExpression xsi:type="tFormalExpression">\${amount > 10}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="end" />
    <userTask id="second" name="Second" flowable:assignee="\${starter}" />
    <sequenceFlow id="f5" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

async function call<T>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    payload: payload as never,
    headers: { 'blade-auth': `bearer ${token}` },
  });
  const answer = response.json() as { success: boolean; msg: string; data: T };
  if (!answer.success) throw new Error(`${url}: ${answer.msg}`);
  return answer.data;
}

async function main() {
  if (!url) throw new Error('set BENCH_DATABASE_URL');
  console.log(
    `workflow bench: ${seconds} s per client count, node ${process.version}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const name = `bl_bench_workflow_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = openPostgres(own.toString(), 10);
  try {
    await migrate(database);
    await seedIfEmpty(database, { demo: true });
    await database.db.execute(sql`delete from auth_password_due`);
    const config = loadConfig({ WEB_DIST: '/nonexistent', DATABASE_URL: own.toString() });
    const app = await buildApp({ config, database, logger: false });
    try {
      const signed = await app.inject({
        method: 'POST',
        url: '/api/bl-auth/token',
        headers: { authorization: basic },
        query: { grantType: 'password', tenantId: '000000', account: 'admin', password: md5('admin') },
      });
      const token = (signed.json() as { data: { accessToken: string } }).data.accessToken;
      await call(app, token, 'POST', '/api/bl-flowable/definition/deploy', { xml: model });
      // One instance per client at a time: start, complete its open task(s) until it ends.
      const worker = async (until: number) => {
        let completed = 0;
        const times: number[] = [];
        while (Date.now() < until) {
          const started = await call<{ id: string }>(app, token, 'POST', '/api/bl-flowable/process/start', {
            key: 'benchApproval',
            variables: { amount: 20 },
          });
          for (;;) {
            const detail = await call<{ tasks: { id: string; status: string }[] }>(
              app,
              token,
              'GET',
              `/api/bl-flowable/process/detail?id=${started.id}`,
            );
            const open = detail.tasks.find((t) => t.status === 'open');
            if (!open) break;
            const t0 = performance.now();
            await call(app, token, 'POST', '/api/bl-flowable/task/complete', { id: open.id, variables: {} });
            times.push(performance.now() - t0);
            completed++;
          }
        }
        return { completed, times };
      };
      console.log('clients  tasks/s  p50 ms  p95 ms');
      for (const clients of clientCounts) {
        const until = Date.now() + seconds * 1000;
        const t0 = Date.now();
        const results = await Promise.all(Array.from({ length: clients }, () => worker(until)));
        const elapsed = (Date.now() - t0) / 1000;
        const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
        const total = results.reduce((n, r) => n + r.completed, 0);
        const pct = (p: number) =>
          times[Math.min(times.length - 1, Math.floor(times.length * p))]?.toFixed(1);
        console.log(
          `${String(clients).padStart(7)}  ${(total / elapsed).toFixed(1).padStart(7)}  ${pct(0.5)?.padStart(6)}  ${pct(0.95)?.padStart(6)}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

await main();
