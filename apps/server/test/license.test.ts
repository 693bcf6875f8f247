import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LicenseTerms, signLicense, storeLicense } from '../src/modules/auth/license.ts';
import { body, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Row = Record<string, unknown> & { id: string; version: number };

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const terms = (over: Partial<LicenseTerms> = {}): LicenseTerms => ({
  licensee: '华东物流',
  tenants: 3,
  users: 1,
  expiresOn: '2099-12-31',
  issuedOn: '2026-11-22',
  ...over,
});

describe.each(testDrivers())('licences on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let operator: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { LICENSE_PUBLIC_KEY: publicPem, DEFAULT_PASSWORD: 'Start-2026' });
    operator = await tokensOf(app, '000000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (method: 'GET' | 'POST', url: string, options: { payload?: unknown; token?: string } = {}) =>
    app.inject({
      method,
      url,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${options.token ?? operator.accessToken}` },
    });
  const install = (licence: string, token?: string) =>
    call('POST', `/api/bl-auth/importLicense/${licence}`, token ? { token } : {});

  it('runs without limits until a licence is installed', async () => {
    const none = await app.inject({
      method: 'GET',
      url: '/api/bl-auth/license',
      headers: { 'blade-language': 'en' },
    });
    expect(body(none)).toMatchObject({
      data: null,
      msg: 'No licence installed: tenants and accounts are unlimited',
    });
  });

  it('refuses a licence that is not one, is altered, expired, or signed by another key', async () => {
    expect(body(await install('not-a-licence')).msg).toBe('This is not a licence');
    const good = signLicense(terms(), privatePem);
    const [bodyPart, signature] = good.split('.');
    const altered = `${Buffer.from(JSON.stringify(terms({ users: 999 }))).toString('base64url')}.${signature}`;
    expect(body(await install(altered)).msg).toBe(
      'The licence signature is not valid; it may have been altered',
    );
    expect(bodyPart).toBeTruthy();
    expect(body(await install(signLicense(terms({ expiresOn: '2020-01-31' }), privatePem))).msg).toBe(
      'The licence ended on 2020-01-31',
    );
    const stranger = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(body(await install(signLicense(terms(), stranger))).msg).toBe(
      'The licence signature is not valid; it may have been altered',
    );
    const tenantAdmin = await tokensOf(app, '100000');
    expect((await install(signLicense(terms(), privatePem), tenantAdmin.accessToken)).statusCode).toBe(403);
  });

  it('installs a signed licence and holds tenants and accounts to its counts', async () => {
    const installed = await install(signLicense(terms(), privatePem));
    expect(installed.statusCode, installed.body).toBe(200);
    expect(body(installed).msg).toBe('Licence installed (华东物流)');
    const shown = body<LicenseTerms & { expired: boolean }>(await call('GET', '/api/bl-auth/license')).data;
    expect(shown).toMatchObject({ licensee: '华东物流', tenants: 3, users: 1, expired: false });

    // Two tenants exist (000000, 100000): room for one more.
    const third = await call('POST', '/api/bl-system/tenant/submit', {
      payload: { tenantId: '200000', tenantName: '华南仓' },
    });
    expect(third.statusCode, third.body).toBe(200);
    const fourth = await call('POST', '/api/bl-system/tenant/submit', {
      payload: { tenantId: '300000', tenantName: '西南仓' },
    });
    expect(body(fourth).msg).toBe('The licence allows 3 tenants and all are in use');
    const [role] = body<{ records: Row[] }>(await call('GET', '/api/bl-system/role/list')).data.records;
    const user = await call('POST', '/api/bl-system/user/submit', {
      payload: {
        account: 'clerk',
        name: 'Clerk',
        password: 'Clerk-001',
        confirmPassword: 'Clerk-001',
        roleId: role?.id,
      },
    });
    expect(body(user).msg).toBe('The licence allows 1 accounts per tenant and all are in use');
  });

  it('after its last day, lets only the platform tenant sign in', async () => {
    await storeLicense(test.database, signLicense(terms({ expiresOn: '2021-06-30' }), privatePem));
    const refused = await signIn(app, { tenantId: '100000', language: 'en' });
    expect(body(refused).msg).toBe(
      'The platform licence ended on 2021-06-30; contact the platform administrator',
    );
    expect((await signIn(app, { tenantId: '000000' })).statusCode).toBe(200);
    expect(body<{ expired: boolean }>(await call('GET', '/api/bl-auth/license')).data.expired).toBe(true);
  });
});
