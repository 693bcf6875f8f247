import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';

export const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The application on a test database, driven with `inject` (no port). */
export async function testApp(
  database: Database,
  env: Record<string, string> = {},
  plugged: Pick<AppOptions, 'codeSender' | 'social'> = {},
): Promise<FastifyInstance> {
  // No background sweeps: tests run the status change themselves, at the day they choose.
  const config = loadConfig({
    WEB_DIST: '/nonexistent',
    LOGIN_MAX_FAILURES: '5',
    STATUS_CHANGE_INTERVAL_MINUTES: '0',
    DEVICE_SWEEP_MINUTES: '0',
    ...env,
  });
  return buildApp({
    config,
    database,
    logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false,
    ...plugged,
  });
}

export function body<T = unknown>(response: LightMyRequestResponse) {
  return response.json() as { code: number; success: boolean; data: T; msg: string };
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  userName: string;
}

export async function signIn(
  app: FastifyInstance,
  options: { tenantId?: string; account?: string; password?: string; language?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/bl-auth/token',
    headers: { authorization: basic, 'blade-language': options.language ?? 'zh' },
    query: {
      grantType: 'password',
      tenantId: options.tenantId ?? '000000',
      account: options.account ?? 'admin',
      password: md5(options.password ?? 'admin'),
    },
  });
}

export async function tokensOf(app: FastifyInstance, tenantId = '000000'): Promise<Tokens> {
  const response = await signIn(app, { tenantId });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return body<Tokens>(response).data;
}

/** A multipart/form-data body with one file, as a browser's upload sends it. */
export function multipart(fileName: string, content: Buffer, field = 'file') {
  const boundary = `----bl${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
