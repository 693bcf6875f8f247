import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { body, multipart, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { type FakeS3, startFakeS3 } from './support/fake-s3.ts';

const accessKey = 'server-access';
const secretKey = 'server-secret-key';
const picture = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 9),
]);

/**
 * Issue 20, target 7: with OBJECT_STORE_* set, the server's built-in store is a bucket, so
 * every process reads what any of them wrote (two apps on one database stand for two processes).
 */
describe.each(testDrivers())('the server store in an S3-compatible bucket on %s', (driver) => {
  let test: TestDatabase;
  let fake: FakeS3;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    fake = await startFakeS3({ accessKey, secretKey, buckets: ['shared'] });
    const env = {
      // No folder to fall back on: a file written to disk would not be found by the other app.
      FILES_DIR: '/nonexistent/bl-files',
      OBJECT_STORE_ENDPOINT: fake.endpoint,
      OBJECT_STORE_BUCKET: 'shared',
      OBJECT_STORE_ACCESS_KEY: accessKey,
      OBJECT_STORE_SECRET_KEY: secretKey,
    };
    one = await testApp(test.database, env);
    two = await testApp(test.database, env);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await fake.close();
    await test.dispose();
  });

  const post = (app: FastifyInstance, url: string, token: string, fileName: string, content: Buffer) => {
    const form = multipart(fileName, content);
    return app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${token}`, 'content-type': form.contentType },
    });
  };

  it('keeps an attachment uploaded through one process for the other to download', async () => {
    const token = (await tokensOf(one)).accessToken;
    const answer = await post(
      one,
      '/api/bl-resource/oss/endpoint/put-file',
      token,
      'note.txt',
      Buffer.from('shared'),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const { attachId } = body<{ attachId: string }>(answer).data;
    expect([...fake.objects.keys()].some((key) => key.startsWith('shared/000000/'))).toBe(true);
    const download = await two.inject({
      method: 'GET',
      url: '/api/bl-resource/attach/download',
      query: { id: attachId },
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${token}` },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe('shared');
  });

  it('keeps an avatar uploaded through one process for the other to show', async () => {
    const token = (await tokensOf(one)).accessToken;
    const answer = await post(one, '/api/bl-system/user/avatar', token, 'me.png', picture);
    expect(answer.statusCode, answer.body).toBe(200);
    const { avatar } = body<{ avatar: string }>(answer).data;
    expect(fake.objects.has(`shared/000000/avatar/${avatar.split('file=')[1]}`)).toBe(true);
    const shown = await two.inject({
      method: 'GET',
      url: avatar,
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(picture)).toBe(true);
  });

  it('refuses an incomplete bucket setting at start', () => {
    expect(() =>
      loadConfig({ OBJECT_STORE_ENDPOINT: 'http://minio:9000', OBJECT_STORE_BUCKET: 'b' }),
    ).toThrow(/OBJECT_STORE_ACCESS_KEY, OBJECT_STORE_SECRET_KEY must be set/);
    expect(() => loadConfig({ OBJECT_STORE_ENDPOINT: 'minio:9000' })).toThrow(/OBJECT_STORE_ENDPOINT/);
  });
});
