import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

describe.each(testDrivers())('security headers on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const policyOf = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    );

  it('sends the policy, nosniff, the referrer policy and no framing by others on every kind of answer', async () => {
    const token = (await tokensOf(app)).accessToken;
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/healthz' }),
      app.inject({
        method: 'GET',
        url: '/api/bl-system/user/getUserInfo',
        headers: { 'blade-auth': `bearer ${token}` },
      }),
      app.inject({ method: 'GET', url: '/api/bl-system/user/getUserInfo' }),
      app.inject({ method: 'GET', url: '/api/no-such-route' }),
      app.inject({ method: 'GET', url: '/api/docs/' }),
      app.inject({ method: 'GET', url: '/api/bl-auth/captcha' }),
    ]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options'], answer.body).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      const policy = policyOf(answer.headers['content-security-policy']);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      // A plain-HTTP install must keep working: nothing is upgraded, no HSTS from here.
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
      expect(answer.headers).not.toHaveProperty('strict-transport-security');
    }
    // The captcha is a data: SVG: pictures from data: are allowed, scripts from it are not.
    const policy = policyOf(answers[5]?.headers['content-security-policy']);
    expect(policy['img-src']).toContain('data:');
    expect(policy['script-src']).not.toContain('data:');
  });
});
