import { createApiClient } from '@bl/contract';
import { currentLanguage } from '../i18n/index.ts';
import { getAccessToken } from '../session.ts';

/** Site config (spec 01 §3): the web client's credential. */
export const clientId = 'saber';
const clientSecret = 'saber_secret';

/** The one API client of the web app. */
export const client = createApiClient({
  baseUrl: '',
  clientId,
  clientSecret,
  language: currentLanguage,
  token: getAccessToken,
});

/**
 * The headers `client` sends, for the calls it cannot make itself (file downloads as blobs,
 * multipart uploads): client credential, language and, when signed in, the bearer token.
 */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
    'Blade-Language': currentLanguage(),
  };
  const token = getAccessToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  return headers;
}
