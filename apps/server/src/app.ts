import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { exportJob } from './engine/export.ts';
import { importJob } from './engine/import.ts';
import type { ModuleParts } from './engine/module.ts';
import { registerEntityRoutes } from './engine/routes.ts';
import { createHttpApp, serveWebApp } from './http/app.ts';
import { removeOldKeys } from './http/idempotency.ts';
import { type JobQueue, startJobQueue } from './jobs/queue.ts';
import { registerJobRoutes, removeOldExports } from './jobs/routes.ts';
import {
  type CodeSender,
  databaseCounter,
  httpSocialClient,
  logSender,
  redisCounter,
  registerTokenGuard,
  type SocialClient,
  TokenService,
  webhookSender,
} from './modules/auth/index.ts';
import type { FlowCode } from './modules/flow/index.ts';
import { modules } from './modules/index.ts';
import { serverStore } from './modules/resource/index.ts';
import type { Shared } from './modules/shared.ts';
import type { WorkflowRuntime } from './modules/workflow/index.ts';
import { requestApproval, workflowRuntime } from './modules/workflow/index.ts';
import { parsePool } from './parsing/pool.ts';
import { seedTenant } from './seed/seed.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
  /** Delivers sign-in codes; unset, the one `CODE_SENDER` names. */
  codeSender?: CodeSender;
  /** Talks to the social sign-in providers; unset, their real endpoints. */
  social?: SocialClient;
}

/** One record from several modules' parts; a name declared twice is a mistake, refused at start. */
function mergeParts<T>(what: string, parts: (Record<string, T> | undefined)[]): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const part of parts)
    for (const [name, value] of Object.entries(part ?? {})) {
      if (name in merged) throw new Error(`${what} ${name} is declared by two modules`);
      merged[name] = value;
    }
  return merged;
}

/**
 * The composition root: the HTTP plumbing, the services the modules share, then every module
 * of `modules/index.ts` plugged in phases (engine/module.ts): rules, flow code and the workflow
 * runtime, the job queue with every module's handlers and schedules, routes, and last the
 * generic entity routes and the web app.
 */
export async function buildApp({
  config,
  database,
  logger = true,
  codeSender,
  social,
}: AppOptions): Promise<FastifyInstance> {
  const app = await createHttpApp({ config, database, logger });
  const tokens = await TokenService.create(database, config.jwtSecret);
  // The session, the interface permissions and the route's button: one statement (ADR 0019).
  registerTokenGuard(app, database, tokens);
  const attempts = config.redisUrl
    ? redisCounter(config.redisUrl, databaseCounter(database), app.log)
    : databaseCounter(database);
  app.addHook('onClose', () => attempts.close());
  const files = serverStore(config);

  let flowCode: FlowCode | undefined;
  let workflow: WorkflowRuntime | undefined;
  let jobs: JobQueue | undefined;
  const made = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} exists once every module is plugged`);
    return value;
  };
  const shared: Shared = {
    database,
    config,
    log: app.log,
    tokens,
    attempts,
    codeSender:
      codeSender ??
      (config.codeSender === 'webhook' && config.codeSenderUrl
        ? webhookSender(config.codeSenderUrl)
        : logSender(app.log)),
    social: social ?? httpSocialClient(),
    files,
    seedTenant,
    flowCode: () => made(flowCode, 'the flow code'),
    workflow: () => made(workflow, 'the workflow runtime'),
    startApproval: (tx, ...request) =>
      requestApproval(tx, made(workflow, 'the workflow runtime'), ...request),
    jobs: () => made(jobs, 'the job queue'),
  };

  const parts: ModuleParts<FlowCode>[] = [];
  for (const module of modules) {
    const plugged = await module.plug(shared);
    parts.push(plugged);
    if (plugged.stop) app.addHook('onClose', plugged.stop);
  }
  for (const part of parts) part.rules?.();
  flowCode = mergeParts(
    'the flow code of the bill',
    parts.map((part) => part.flowCode),
  );
  workflow = workflowRuntime(flowCode, shared.jobs);
  // Imports, large exports, billing runs and the sweeps run as jobs: once across processes,
  // surviving a restart (ADR 0018).
  jobs = await startJobQueue(database, {
    work: config.jobWorkers,
    files,
    handlers: mergeParts('the job', [
      { import: importJob(database), export: exportJob(database, files) },
      ...parts.map((part) => part.jobs),
    ]),
    internal: mergeParts(
      'the internal queue',
      parts.map((part) => part.internal),
    ),
    schedules: mergeParts('the schedule', [
      {
        'bl-export-cleanup': {
          cron: '17 * * * *',
          run: async () => void (await removeOldExports(database, files)),
        },
        // Idempotency keys are kept two days (ADR 0041), for every route that takes them.
        'bl-idempotency-cleanup': {
          cron: '41 4 * * *',
          run: async () => void (await removeOldKeys(database.db)),
        },
      },
      ...parts.map((part) => part.schedules),
    ]),
    log: app.log,
  });
  const queue = jobs;
  app.addHook('onClose', () => queue.stop());
  app.addHook('onClose', () => parsePool.close());
  registerJobRoutes(app, database, queue, files);
  for (const part of parts) await part.routes?.(app);
  registerEntityRoutes(app, database, {
    uploadTimeoutMs: config.uploadTimeoutMs,
    importJobMinBytes: config.importJobMinBytes,
    jobs: queue,
  });
  await serveWebApp(app, config);
  return app;
}
