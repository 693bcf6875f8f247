import { fail, ResultCode } from '@bl/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { type MessageKey, translate } from '../i18n/messages.ts';
import { AppError } from './errors.ts';
import { describeValidation } from './validation.ts';

/** PostgreSQL's SQLSTATEs of bad input (class 22, data exception) and what they tell the caller. */
const inputErrors: Record<string, MessageKey> = {
  '22P02': 'error.valueMalformed', // invalid text representation
  '22003': 'error.valueOutOfRange', // numeric value out of range
  '22021': 'error.valueMalformed', // invalid byte sequence (NUL in text)
  '22001': 'error.valueTooLong', // string data right truncation
  '22007': 'error.valueBadDate', // invalid datetime format
  '22008': 'error.valueBadDate', // datetime field overflow
};

function send(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.status(code).send({ ...fail(code, msg), data });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Every failure leaves as an envelope with a message in the request's language. Unexpected
 * errors are logged with the request id, which the person also gets to quote; their stack
 * never leaves the server.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { bodyLimit: number; serveWeb: boolean },
) {
  const { bodyLimit, serveWeb } = options;
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language ?? 'zh';
    if (error instanceof AppError)
      return send(reply, error.code, translate(error.messageKey, language, error.params), error.data);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = describeValidation(error.validation, language, error.validationContext);
      return send(reply, ResultCode.failure, translate('error.validation', language, { detail }));
    }
    if (error instanceof ZodError) {
      const detail = describeValidation(
        error.issues.map((issue) => ({
          keyword: issue.code,
          instancePath: `/${issue.path.join('/')}`,
          message: issue.message,
          params: issue as unknown as Record<string, unknown>,
        })),
        language,
      );
      return send(reply, ResultCode.failure, translate('error.validation', language, { detail }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(
          reply,
          ResultCode.payloadTooLarge,
          translate('error.tooLarge', language, { limit: formatBytes(bodyLimit) }),
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, ResultCode.unsupportedMediaType, translate('error.mediaType', language));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, ResultCode.failure, translate('error.badJson', language));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, ResultCode.failure, translate('error.badJson', language));
    }
    if (error.statusCode === 429)
      return send(reply, ResultCode.tooManyRequests, translate('error.tooManyRequests', language));
    const sqlState = (error.cause as { code?: string } | undefined)?.code ?? error.code;
    // A unique index refused a row that the checks before it let through: two people saved
    // the same thing at the same moment.
    if (sqlState === '23505') {
      return send(reply, ResultCode.conflict, translate('crud.duplicateRow', language));
    }
    // The last line of defence: input PostgreSQL refused is the caller's mistake, not ours. The
    // validation before SQL (limits from the columns, ids, the NUL check) should have caught it,
    // so it is logged as a warning to find the route that let it through.
    const inputProblem = sqlState ? inputErrors[sqlState] : undefined;
    if (inputProblem) {
      request.log.warn(
        { err: error, reqId: request.id },
        'database refused input the validation let through',
      );
      const detail = translate(inputProblem, language);
      return send(reply, ResultCode.failure, translate('error.badValue', language, { detail }));
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return send(reply, ResultCode.internalError, `${translate('error.unknown', language)} (${request.id})`);
  });

  app.setNotFoundHandler((request, reply) => {
    // Any other GET is a route of the single-page app, which shows its own 404 page; `/m` and
    // below is the handheld's entry (ADR 0041), a page of its own without the desktop's code.
    if (serveWeb && request.method === 'GET' && !request.url.startsWith('/api/')) {
      const handheld = /^\/m(?:[/?#]|$)/.test(request.url);
      return reply.type('text/html').sendFile(handheld ? 'm.html' : 'index.html');
    }
    return send(
      reply,
      ResultCode.notFound,
      translate('error.routeNotFound', request.language ?? 'zh', {
        method: request.method,
        url: request.url.split('?')[0] ?? '',
      }),
    );
  });
}
