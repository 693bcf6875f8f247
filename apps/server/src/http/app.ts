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
import { translate } from '../i18n/messages.ts';
import { runInTextScope } from '../i18n/overrides.ts';
import './context.ts';
import { registerErrorHandling } from './error-handler.ts';
import { requestForLog } from './log.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerTextCheck } from './validation.ts';

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

/**
 * The HTTP plumbing of the application, before any business route: the contract's request
 * scope and language, error handling, text checks, security headers, form bodies, the OpenAPI
 * document and its page, and the health and readiness probes. The composition root (src/app.ts)
 * adds the token guard and the modules' routes, then `serveWebApp`.
 */
export async function createHttpApp({
  config,
  database,
  logger = true,
}: {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
}): Promise<FastifyInstance> {
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
  // And the scope of the tenant's wording of messages (i18n/overrides.ts), set once signed in.
  app.addHook('onRequest', (_request, _reply, done) => runInTextScope(done));
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

  return app;
}

/**
 * The web app's files, last, so that no API route is shadowed: its index for the app's own
 * paths, its hashed assets cached for good (ADR 0017). Nothing when the build is absent.
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  if (fs.existsSync(path.join(config.webDist, 'index.html')))
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
