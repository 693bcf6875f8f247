import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** HTTP 408: the client did not send its request in time (not one of the contract's result codes). */
const requestTimeout = 408;

/** Raised into a multipart upload whose body did not arrive within the deadline. */
export const uploadTimedOut = (timeoutMs: number) =>
  new AppError(requestTimeout, 'upload.timeout', { seconds: Math.round(timeoutMs / 100) / 10 });

/**
 * Multipart parsing for one route scope, with a deadline on the upload's body: every route
 * that accepts a file registers it through here, so none can wait on a client for ever.
 *
 * A body that has not arrived in full `timeoutMs` after the request's headers (a client that
 * stalled, or one dripping bytes) fails the upload: the timeout is raised as an error of the
 * request, which @fastify/multipart passes to the part being read (its stream fails, so the
 * store removes its partial file and closes it) and to a `request.file()` still waiting. The
 * handler then answers 408 and the connection is closed after the answer (the rest of the body
 * is never read). A handler that has not reached the body yet when the time is up gets its
 * socket closed instead. A client that goes away mid-body is handled by @fastify/multipart
 * itself (a premature close fails the part the same way).
 *
 * The deadline stops once the body has been read, or once the answer is out: processing the
 * file afterwards (an import) is not limited by it.
 */
export async function registerUploads(
  scope: FastifyInstance,
  options: { timeoutMs: number; limits: NonNullable<FastifyMultipartOptions['limits']> },
) {
  await scope.register(multipart, { limits: options.limits });
  scope.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const timer = setTimeout(() => {
      if (raw.readableEnded || reply.sent) return;
      request.log.info({ timeoutMs: options.timeoutMs }, 'upload timed out: its body did not arrive in time');
      reply.header('connection', 'close');
      // Before the parser has attached (it listens for the request's errors), nothing would
      // read the error: the socket is closed instead.
      const parsing = raw.listenerCount('error') > 0;
      if (parsing) raw.emit('error', uploadTimedOut(options.timeoutMs));
      else raw.destroy();
    }, options.timeoutMs);
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('close', stop);
  });
}
