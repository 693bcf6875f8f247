import { ApiError, createApiClient, RequestError } from '@bl/contract';
import i18next, { currentLanguage } from '../i18n/index.ts';
import { clearSession, clientId, getAccessToken } from '../session.ts';

/**
 * The handheld's API client: the same client, credential, token and language as the desktop
 * (packages/contract), without the desktop's progress bar and toasts; each screen tells its own
 * failures. A call the server answers 401 (a session ended: signed out elsewhere, a terminal
 * disabled) clears the session, and the app goes back to its sign-in screen.
 */
export const api = createApiClient({
  baseUrl: '',
  clientId,
  clientSecret: 'saber_secret',
  language: currentLanguage,
  token: getAccessToken,
  // Floor Wi-Fi is slow before it is gone: give up later than the desktop, but not never.
  timeoutMs: 10_000,
  unknownMessage: () => i18next.t('common.unknownError'),
  events: {
    failed: (error) => {
      if (error instanceof ApiError && error.code === 401) clearSession();
    },
  },
});

/** The call never reached the server, or its answer never came back: worth keeping and resending. */
export function unreachable(error: unknown): boolean {
  return error instanceof RequestError && (error.reason === 'network' || error.reason === 'timeout');
}

/** What to tell the user about a failed call, in their language. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof RequestError && error.reason === 'timeout')
    return i18next.t('common.timeout', { seconds: 10 });
  return i18next.t('common.networkError');
}

/** A random key for one step (crypto.randomUUID needs a secure context, which a PDA on plain http is not). */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `hh-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** This device's serial: made once and kept, so the terminal is the same record at every sign-in. */
export function deviceSerial(): string {
  const stored = localStorage.getItem('saber-handheld-serial');
  if (stored) return stored;
  const serial = `HH-${newKey().slice(3, 15).toUpperCase()}`;
  localStorage.setItem('saber-handheld-serial', serial);
  return serial;
}
