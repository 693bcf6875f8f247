import { type ApiError, createApiClient, type RequestError, type RequestOptions } from '@bl/contract';
import i18next, { currentLanguage } from '../i18n/index.ts';
import { clientId, getAccessToken } from '../session.ts';
import { useProgress } from '../shell/progress.ts';
import { requestTimeoutMs } from '../utils/tokens.ts';

export { clientId };

const clientSecret = 'saber_secret';

/**
 * Result codes that reject without a toast (spec 01 §8). Empty, as in Saber's site config: every
 * failure a screen does not handle itself is worth telling; a screen that handles one passes
 * `quiet` on its call instead.
 */
export const statusWhiteList: readonly number[] = [];

type FailureReporter = (error: ApiError | RequestError, request: RequestOptions) => void;
let reportFailure: FailureReporter = () => undefined;

/** query.ts registers how failures are told (a toast, a forced sign-out); it imports this module. */
export function onCallFailed(reporter: FailureReporter): void {
  reportFailure = reporter;
}

/** The one API client of the web app. */
export const client = createApiClient({
  baseUrl: '',
  clientId,
  clientSecret,
  language: currentLanguage,
  token: getAccessToken,
  timeoutMs: requestTimeoutMs,
  statusWhiteList,
  unknownMessage: () => i18next.t('common.unknownError'),
  events: {
    started: (request) => {
      if (!request.background) useProgress.getState().start();
    },
    finished: (request) => {
      if (!request.background) useProgress.getState().done();
    },
    failed: (error, request) => reportFailure(error, request),
  },
});

/**
 * The headers `client` sends, for the calls it cannot make itself (file downloads as blobs,
 * multipart uploads): client credential, language, requested-with marker and, when signed in,
 * the bearer token.
 */
export function authHeaders(extra?: Record<string, string>): Record<string, string> {
  return client.headers({ headers: extra });
}
