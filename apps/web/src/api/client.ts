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
