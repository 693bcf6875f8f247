import fs from 'node:fs';
import path from 'node:path';
import { languageHeader, ok, parseLanguage } from '@bl/contract';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { type Database, runInRequestScope } from '../db/database.ts';
import { exportJob } from '../engine/export.ts';
import { importJob } from '../engine/import.ts';
import { registerEntityRoutes } from '../engine/routes.ts';
import { translate } from '../i18n/messages.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { registerJobRoutes, removeOldExports } from '../jobs/routes.ts';
import { registerApiGrants } from '../modules/access/api-permissions.ts';
import { databaseCounter, redisCounter } from '../modules/auth/address-limit.ts';
import { type CodeSender, logSender, webhookSender } from '../modules/auth/codes.ts';
import { registerTokenGuard } from '../modules/auth/guard.ts';
import { registerLicense } from '../modules/auth/license-routes.ts';
import { registerAuthRoutes } from '../modules/auth/routes.ts';
import { httpSocialClient, type SocialClient } from '../modules/auth/social.ts';
import { TokenService } from '../modules/auth/tokens.ts';
import { ladingFlowCode } from '../modules/billing/lading.ts';
import { monthBillFlowCode } from '../modules/billing/month-bills.ts';
import {
  billingJob,
  registerBillingRoutes,
  registerBillingRules,
  runNightlyBilling,
} from '../modules/billing/routes.ts';
import { settlementFlowCode } from '../modules/billing/settlement.ts';
import { alarmNotifier } from '../modules/devices/alarms.ts';
import { feedLimiter } from '../modules/devices/limits.ts';
import { startDeviceMqtt } from '../modules/devices/mqtt.ts';
import { registerDeviceRoutes } from '../modules/devices/routes.ts';
import { maintainPartitions, renotifyAlarms, sweepDevices } from '../modules/devices/upkeep.ts';
import { registerDirectoryRoutes } from '../modules/directory/routes.ts';
import { registerDirectoryRules } from '../modules/directory/rules.ts';
import { registerFlowRoutes } from '../modules/flow/routes.ts';
import { registerLabelRoutes } from '../modules/labels/routes.ts';
import { registerReportRoutes } from '../modules/reports/routes.ts';
import { registerAvatarRoutes } from '../modules/resource/avatar.ts';
import { registerResourceRoutes } from '../modules/resource/routes.ts';
import { serverStore } from '../modules/resource/stores.ts';
import { registerAccounts } from '../modules/system/accounts.ts';
import { registerDictionaries } from '../modules/system/dictionaries.ts';
import { registerGrants } from '../modules/system/grants.ts';
import { registerPackageRoutes, registerPackageRules } from '../modules/system/packages.ts';
import { registerSystemRoutes } from '../modules/system/routes.ts';
import { registerSystemRules } from '../modules/system/rules.ts';
import { registerSerials } from '../modules/system/serials.ts';
import { registerSetupProgress } from '../modules/system/setup.ts';
import { registerTenantRules } from '../modules/system/tenants.ts';
import { registerTopMenuRules } from '../modules/system/topmenus.ts';
import { registerTransportRules, transportFlowCode } from '../modules/transport/flow-code.ts';
import { registerTransportRoutes } from '../modules/transport/routes.ts';
import { registerBindBatchRoutes } from '../modules/wms/bind-batch.ts';
import { registerDashboardRoutes } from '../modules/wms/dashboard.ts';
import { wmsFlowCode } from '../modules/wms/flow-code.ts';
import { controlFlowCode, registerControlTotals } from '../modules/wms/flow-code-control.ts';
import { receiptFlowCode } from '../modules/wms/flow-code-receipts.ts';
import { salesFlowCode } from '../modules/wms/flow-code-sales.ts';
import { registerStockCheckRoutes, stockCheckFlowCode } from '../modules/wms/flow-code-stockcheck.ts';
import { waveFlowCode } from '../modules/wms/flow-code-waves.ts';
import { registerPutawayRoutes } from '../modules/wms/putaway.ts';
import { registerWmsRoutes } from '../modules/wms/routes.ts';
import { registerWmsRules } from '../modules/wms/rules.ts';
import {
  registerSnapshotRoutes,
  runMonthlySnapshots,
  snapshotJob,
  snapshotJobKind,
} from '../modules/wms/snapshots.ts';
import { runStatusChange, statusChangeCron } from '../modules/wms/status-change.ts';
import { registerWorkflowRules } from '../modules/workflow/engine.ts';
import { registerWorkflowRoutes, wakeJob, wakeQueue, workflowRuntime } from '../modules/workflow/routes.ts';
import { parsePool } from '../parsing/pool.ts';
import './context.ts';
import { registerErrorHandling } from './error-handler.ts';
import { requestForLog } from './log.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerTextCheck } from './validation.ts';

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

/** Builds the HTTP application: contract, guard, routes, docs and the web app. */
/**
 * Fastify believes no hop for a bare hop count (it cannot tell the balancer from a client that
 * connects directly and writes its own X-Forwarded-For). TRUST_PROXY=N is the operator saying
 * the server is only reachable through N proxies, so the count becomes a function that believes
 * exactly the N hops nearest the server; a list of proxy addresses is checked hop by hop.
 */
function proxyTrust(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * One log line per request, when it completes, with the request's fields too: Fastify's
 * "incoming request" line doubled the logging work on the hot path (issue 20, target 3).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp({
  config,
  database,
  logger = true,
  codeSender,
  social,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Sign-in calls may carry secrets in their query (Saber sends the password grant's there).
    logger: logger === true ? { level: config.logLevel, serializers: { req: requestForLog } } : logger,
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    // Behind a load balancer, request.ip is the client's address from X-Forwarded-For, taken
    // only from the proxies trusted here: the per-address sign-in limit counts clients, not the balancer.
    trustProxy: proxyTrust(config.trustProxy),
    genReqId: () => `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    requestIdHeader: 'x-request-id',
    // A licence travels in the path (importLicense/{value}): a few hundred characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('language', 'zh');
  // First hook: the request's scope, where the token guard leaves its open transaction for the
  // handler (db/database.ts beginChecked). A callback hook, so the rest runs inside the scope.
  app.addHook('onRequest', (request, _reply, done) => runInRequestScope(request, done));
  // Callback hooks on every request: no promise each for work that never waits (issue 20).
  app.addHook('onRequest', (request, reply, done) => {
    const tag = request.headers[languageHeader] ?? request.headers['accept-language'];
    request.language = parseLanguage(Array.isArray(tag) ? tag[0] : tag);
    reply.header('x-request-id', request.id);
    done();
  });
  const serveWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  registerErrorHandling(app, { bodyLimit: config.bodyLimit, serveWeb });
  registerTextCheck(app);
  // While stopping, answers in flight ask their client to close the connection, so shutdown
  // does not wait out the keep-alive timeout of idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  registerSecurityHeaders(app);
  await app.register(formbody);

  await app.register(swagger, {
    openapi: {
      info: {
        title: '3PL warehouse back office API',
        description: 'SpringBlade-compatible: every answer is {code, success, data, msg}.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          client: { type: 'http', scheme: 'basic' },
          token: { type: 'apiKey', in: 'header', name: 'Blade-Auth' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  const tokens = await TokenService.create(database, config.jwtSecret);
  // The session, the interface permissions and the route's button: one statement (ADR 0019).
  registerTokenGuard(app, database, tokens);

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (request) =>
    ok({ status: 'up' }, translate('ok', request.language)),
  );
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return ok({ status: 'ready', driver: database.driver }, translate('ok', request.language));
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({
        code: 503,
        success: false,
        data: null,
        msg: translate('error.unavailable', request.language),
      });
    }
  });

  const attempts = config.redisUrl
    ? redisCounter(config.redisUrl, databaseCounter(database), app.log)
    : databaseCounter(database);
  app.addHook('onClose', () => attempts.close());
  const sender =
    codeSender ??
    (config.codeSender === 'webhook' && config.codeSenderUrl
      ? webhookSender(config.codeSenderUrl)
      : logSender(app.log));
  registerAuthRoutes(app, {
    database,
    config,
    tokens,
    attempts,
    sender,
    social: social ?? httpSocialClient(),
    log: app.log,
  });
  registerSystemRoutes(app, database);
  registerDirectoryRoutes(app, database, config);
  registerSystemRules();
  registerDirectoryRules();
  registerTenantRules(config);
  registerPackageRules();
  registerTopMenuRules();
  registerSerials(app, database);
  registerSetupProgress(app, database);
  registerAccounts(app, database, config, tokens, attempts);
  registerGrants(app, database);
  registerApiGrants(app, database);
  registerDictionaries(app, database);
  registerResourceRoutes(app, database, config);
  registerAvatarRoutes(app, database, config);
  registerPackageRoutes(app, database);
  // After the tenant and user rules: the licence limits wrap them.
  registerLicense(app, database, config);
  registerLabelRoutes(app, database);
  registerWmsRoutes(app, database);
  registerStockCheckRoutes(app, database, { uploadTimeoutMs: config.uploadTimeoutMs });
  registerDashboardRoutes(app, database);
  registerPutawayRoutes(app, database);
  registerBindBatchRoutes(app, database);
  // Device monitoring: the MQTT feed (when a broker is configured) and the HTTP feed.
  const notifyAlarms = alarmNotifier(config, app.log);
  // Failed device sign-ins and signatures count on the sign-in counters, under keys of their own.
  const deviceLimiter = feedLimiter(config, attempts);
  const deviceMqtt = await startDeviceMqtt({
    config,
    database,
    log: app.log,
    notify: notifyAlarms,
    limiter: deviceLimiter,
  });
  if (deviceMqtt) app.addHook('onClose', () => deviceMqtt.stop());
  registerDeviceRoutes(app, database, {
    config,
    notify: notifyAlarms,
    mqtt: () => deviceMqtt,
    limiter: deviceLimiter,
  });
  // Imports, large exports and the sweeps run as jobs: once across processes, surviving a restart.
  const files = serverStore(config);
  const sweepCron = statusChangeCron(config.statusChangeIntervalMinutes);
  const deviceCron = statusChangeCron(config.deviceSweepMinutes);
  const flowCode = {
    ...transportFlowCode,
    ...wmsFlowCode,
    ...controlFlowCode,
    ...stockCheckFlowCode,
    ...salesFlowCode,
    ...waveFlowCode,
    ...receiptFlowCode,
    ...settlementFlowCode,
    ...monthBillFlowCode,
    ...ladingFlowCode,
  };
  // Workflow instances wake up (timers, due dates) through the same queue (ADR 0027).
  const workflow = workflowRuntime(flowCode, () => jobs);
  const jobs = await startJobQueue(database, {
    work: config.jobWorkers,
    handlers: {
      import: importJob(database),
      export: exportJob(database, files),
      billing: billingJob(database),
      [snapshotJobKind]: snapshotJob(database),
    },
    internal: { [wakeQueue]: wakeJob(database, () => workflow) },
    schedules: {
      // Accrues yesterday for every owner, once across processes, shortly after midnight (UTC).
      'bl-billing-nightly': {
        cron: '20 0 * * *',
        run: async () => {
          await runNightlyBilling(database, new Date(), (error, tenantId) =>
            app.log.error({ err: error, tenantId }, 'nightly billing run failed'),
          );
        },
      },
      ...(sweepCron && {
        'bl-status-change': {
          cron: sweepCron,
          run: async () => {
            await runStatusChange(database, new Date(), (error, tenantId) =>
              app.log.error({ err: error, tenantId }, 'automatic stock status change failed'),
            );
          },
        },
      }),
      // Last month's closing stock per key, once across processes, on the 1st (UTC).
      'bl-stock-snapshot': {
        cron: '40 0 1 * *',
        run: async () => {
          await runMonthlySnapshots(database, new Date(), (error, tenantId) =>
            app.log.error({ err: error, tenantId }, 'monthly stock snapshot failed'),
          );
        },
      },
      'bl-export-cleanup': {
        cron: '17 * * * *',
        run: async () => {
          await removeOldExports(database, files);
        },
      },
      ...(deviceCron && {
        'bl-devices-sweep': { cron: deviceCron, run: async () => void (await sweepDevices(database)) },
        // Daily: partitions ahead, old ones dropped by READING_RETENTION_MONTHS (ADR 0026).
        'bl-devices-partitions': {
          cron: '17 3 * * *',
          run: async () => void (await maintainPartitions(database, config.readingRetentionMonths)),
        },
        // Every minute: active alarms nobody acknowledged are notified again at their interval.
        'bl-devices-renotify': {
          cron: '* * * * *',
          run: async () => await notifyAlarms(await renotifyAlarms(database)),
        },
      }),
    },
    log: app.log,
  });
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => parsePool.close());
  registerJobRoutes(app, database, jobs, files);
  registerBillingRoutes(app, database, jobs);
  registerSnapshotRoutes(app, database, jobs);
  registerBillingRules();
  registerWmsRules();
  registerWorkflowRules();
  registerControlTotals();
  registerTransportRules();
  registerTransportRoutes(app, database);
  registerFlowRoutes(app, database, flowCode, workflow);
  registerWorkflowRoutes(app, database, workflow);
  registerReportRoutes(app, database);
  registerEntityRoutes(app, database, {
    uploadTimeoutMs: config.uploadTimeoutMs,
    importJobMinBytes: config.importJobMinBytes,
    jobs,
  });

  if (serveWeb)
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent as they are, no
      // compression work per request; the copies themselves are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: webCacheHeaders(config.webDist),
    });
  return app;
}

/**
 * Vite names everything it writes under assets/ after a hash of its content: a new build gives
 * new names, so browsers may keep them for good. Everything else (index.html, the favicon) is
 * revalidated on every load, so a new build is seen at once (ADR 0017).
 */
export function webCacheHeaders(webDist: string) {
  const assets = path.join(webDist, 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string): void => {
    const hashed = path.resolve(filePath).startsWith(assets);
    reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
}
