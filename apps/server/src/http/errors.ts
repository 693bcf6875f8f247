import { ResultCode } from '@bl/contract';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/**
 * An error meant for the person using the product: it carries a result code and a message
 * key; the error handler answers it as an envelope in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    /** Sent as the envelope's `data` (e.g. the row errors of an import); null when absent. */
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) =>
  new AppError(ResultCode.failure, key, params);
export const unauthorized = (key: MessageKey = 'auth.unauthorized', params?: MessageParams) =>
  new AppError(ResultCode.unauthorized, key, params);
export const notFound = (key: MessageKey = 'error.notFound', params?: MessageParams) =>
  new AppError(ResultCode.notFound, key, params);
export const conflict = (key: MessageKey = 'error.conflict', params?: MessageParams) =>
  new AppError(ResultCode.conflict, key, params);
export const forbidden = (key: MessageKey, params?: MessageParams) =>
  new AppError(ResultCode.forbidden, key, params);
