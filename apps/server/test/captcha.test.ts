import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCaptcha } from '../src/db/schema/index.ts';
import { createCaptcha } from '../src/modules/auth/captcha.ts';
import { basic, body, md5, testApp } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

describe.each(testDrivers())('the captcha grant on %s', (driver) => {
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

  /** A captcha whose text the test knows (the served ones are images of paths). */
  const knownCaptcha = (text: string) => createCaptcha(test.database, () => ({ text, data: '<svg/>' }));
  const signIn = (captcha: { key?: string; code?: string }, password = 'admin') =>
    app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: {
        authorization: basic,
        'blade-language': 'en',
        ...(captcha.key && { 'captcha-key': captcha.key }),
        ...(captcha.code && { 'captcha-code': captcha.code }),
      },
      query: { grantType: 'captcha', tenantId: '000000', account: 'admin', password: md5(password) },
    });

  it('serves a key and an SVG image, never the text', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/bl-auth/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { key, image } = body<{ key: string; image: string }>(response).data;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(image.split(',')[1] as string, 'base64').toString('utf8');
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<text/);
  });

  it('signs in with the right code, in any letter case', async () => {
    const { key } = await knownCaptcha('AbCd');
    const response = await signIn({ key, code: 'aBcD' });
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ account: string }>(response).data.account).toBe('admin');
  });

  it('refuses a wrong code, and then the same key even with the right code (one guess per image)', async () => {
    const { key } = await knownCaptcha('WxYz');
    const wrong = await signIn({ key, code: 'wxya' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).msg).toBe('The captcha is wrong; get a new one and try again');
    const reused = await signIn({ key, code: 'WXYZ' });
    expect(body(reused).msg).toBe('The captcha has expired or was already used; get a new one');
  });

  it('refuses a used captcha after a successful sign-in', async () => {
    const { key } = await knownCaptcha('Pq7R');
    expect((await signIn({ key, code: 'pq7r' })).statusCode).toBe(200);
    expect(body(await signIn({ key, code: 'pq7r' })).msg).toBe(
      'The captcha has expired or was already used; get a new one',
    );
  });

  it('refuses an expired captcha and a missing one', async () => {
    const { key } = await knownCaptcha('Mn3K');
    await test.database.db.update(authCaptcha).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(body(await signIn({ key, code: 'Mn3K' })).msg).toBe(
      'The captcha has expired or was already used; get a new one',
    );
    expect(body(await signIn({})).msg).toBe('Please enter the captcha');
  });

  it('still checks the password behind a right captcha', async () => {
    const { key } = await knownCaptcha('Hj8S');
    const response = await signIn({ key, code: 'hj8s' }, 'not-the-password');
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).not.toContain('captcha');
  });

  it('limits captchas per address and hour (429), shared through the database, and sweeps expired ones', async () => {
    const limited = await testApp(test.database, { CAPTCHA_MAX_PER_HOUR: '3' });
    try {
      const ask = (address: string, language = 'en') =>
        limited.inject({
          method: 'GET',
          url: '/api/bl-auth/captcha',
          remoteAddress: address,
          headers: { 'blade-language': language },
        });
      for (let i = 0; i < 3; i++) expect((await ask('203.0.113.7')).statusCode).toBe(200);
      const refused = await ask('203.0.113.7', 'zh');
      expect(refused.statusCode).toBe(429);
      expect(body(refused).msg).toBe('请求过于频繁，请稍后再试');
      // A second server process sees the same count; another address has its own.
      const other = await testApp(test.database, { CAPTCHA_MAX_PER_HOUR: '3' });
      try {
        const again = await other.inject({
          method: 'GET',
          url: '/api/bl-auth/captcha',
          remoteAddress: '203.0.113.7',
        });
        expect(again.statusCode).toBe(429);
      } finally {
        await other.close();
      }
      expect((await ask('203.0.113.8')).statusCode).toBe(200);
      // Unanswered captchas do not pile up: expired ones go as new ones are made.
      await test.database.db.update(authCaptcha).set({ expiresAt: sql`now() - interval '1 second'` });
      expect((await ask('203.0.113.9')).statusCode).toBe(200);
      const [left] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(authCaptcha);
      expect(left?.count).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
