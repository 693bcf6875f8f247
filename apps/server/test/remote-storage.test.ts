import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { closedEndpoint, type FakeS3, startFakeS3 } from './support/fake-s3.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };
interface Uploaded {
  attachId: string;
  name: string;
  attachSize: number;
}

const accessKey = 'minio-access';
const secretKey = 'minio-Secret/Key+42';

describe.each(testDrivers())('remote object storage (S3, MinIO) on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  let fake: FakeS3;
  let filesDir: string;
  beforeAll(async () => {
    fake = await startFakeS3({ accessKey, secretKey, buckets: ['warehouse'] });
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-files-'));
    test = await createTestDatabase(driver);
    app = await testApp(test.database, {
      FILES_DIR: filesDir,
      UPLOAD_MAX_BYTES: '2048',
      UPLOAD_EXTENSIONS: 'txt,png',
      OSS_TIMEOUT_MS: '400',
      // The fake store listens on this machine, which the outbound guard refuses by default.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1/32',
    });
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
    await fake.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  afterEach(() => {
    fake.trouble = undefined;
  });

  const headers = (token: string, language = 'en') => ({
    'blade-language': language,
    'blade-auth': `bearer ${token}`,
  });
  const saveOss = (payload: Record<string, unknown>, token = admin.accessToken, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/bl-system/oss/submit',
      payload,
      headers: headers(token, language),
    });
  /** Saves a MinIO setting on the fake as the tenant's enabled storage; answers its id. */
  const enableMinio = async (
    ossCode: string,
    changes: Record<string, unknown> = {},
    token = admin.accessToken,
  ): Promise<string> => {
    const saved = await saveOss(
      {
        category: '1',
        ossCode,
        endpoint: fake.endpoint,
        bucketName: 'warehouse',
        accessKey,
        secretKey,
        isDefault: '1',
        ...changes,
      },
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return body<Row>(saved).data.id;
  };
  const upload = (fileName: string, content: Buffer, token = admin.accessToken, language = 'en') => {
    const form = multipart(fileName, content);
    return app.inject({
      method: 'POST',
      url: '/api/bl-resource/oss/endpoint/put-file',
      payload: form.payload,
      headers: { ...headers(token, language), 'content-type': form.contentType },
    });
  };
  const download = (id: string, token = admin.accessToken, language = 'en') =>
    app.inject({
      method: 'GET',
      url: '/api/bl-resource/attach/download',
      query: { id },
      headers: headers(token, language),
    });
  const storageTest = (id: string, token = admin.accessToken, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/bl-resource/oss/test',
      query: { id },
      headers: headers(token, language),
    });
  const attachCount = async (token = admin.accessToken) =>
    body<{ total: number }>(
      await app.inject({ method: 'GET', url: '/api/bl-system/attach/list', headers: headers(token) }),
    ).data.total;
  const filesOnDisk = () =>
    (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(filesDir, f)).isFile(),
    );

  it('uploads to the MinIO bucket and downloads the same bytes back, signed as S3 checks them', async () => {
    await enableMinio('minio-a');
    const text = Buffer.from('入库单 receipt 1\n');
    const answer = await upload('入库单 1.txt', text);
    expect(answer.statusCode, answer.body).toBe(200);
    const uploaded = body<Uploaded>(answer).data;
    // In the bucket: tenant, day, id (the bucket is the store's own, not a folder).
    expect(uploaded.name).toMatch(new RegExp(`^000000/\\d{8}/${uploaded.attachId}\\.txt$`));
    const stored = fake.objects.get(`warehouse/${uploaded.name}`);
    expect(stored?.body.equals(text)).toBe(true);
    expect(stored?.contentType).toBe('text/plain; charset=utf-8');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/warehouse/${uploaded.name}`,
      status: 200,
    });
    expect(filesOnDisk()).toEqual([]);

    const file = await download(uploaded.attachId);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(text)).toBe(true);
    expect(file.headers['content-length']).toBe(String(text.length));
    expect(decodeURIComponent(String(file.headers['download-filename']))).toBe('入库单 1.txt');

    // Binary content passes untouched, with its own media type.
    const picture = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(Array.from({ length: 1492 }, (_, i) => (i * 37) % 256)),
    ]);
    const png = body<Uploaded>(await upload('scan.png', picture)).data;
    expect(fake.objects.get(`warehouse/${png.name}`)?.contentType).toBe('image/png');
    expect((await download(png.attachId)).rawPayload.equals(picture)).toBe(true);
  });

  it('deletes the remote object with its attachment, and says so when an object is missing', async () => {
    await enableMinio('minio-rm');
    const uploaded = body<Uploaded>(await upload('gone.txt', Buffer.from('bye'))).data;
    expect(fake.objects.has(`warehouse/${uploaded.name}`)).toBe(true);
    const removed = await app.inject({
      method: 'POST',
      url: '/api/bl-system/attach/remove',
      query: { ids: uploaded.attachId },
      headers: headers(admin.accessToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(fake.objects.has(`warehouse/${uploaded.name}`)).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', status: 204 });

    const lost = body<Uploaded>(await upload('lost.txt', Buffer.from('lost'))).data;
    fake.objects.delete(`warehouse/${lost.name}`);
    const missing = await download(lost.attachId);
    expect(missing.statusCode).toBe(404);
    expect(body(missing).msg).toBe('The file of this attachment is missing');
  });

  it('refuses wrong keys and a missing bucket with a clear message, leaving no attachment', async () => {
    const before = await attachCount();
    const objects = fake.objects.size;
    await enableMinio('minio-bad-secret', { secretKey: 'not-the-secret' });
    const badSecret = await upload('a.txt', Buffer.from('x'));
    expect(badSecret.statusCode).toBe(400);
    expect(body(badSecret).msg).toBe(
      'Storage "minio-bad-secret" refused access (403 SignatureDoesNotMatch): check the access key, the secret key and their rights on the bucket',
    );
    const zh = await upload('a.txt', Buffer.from('x'), admin.accessToken, 'zh');
    expect(body(zh).msg).toBe(
      '存储“minio-bad-secret”拒绝了访问（403 SignatureDoesNotMatch）：请检查 AccessKey、SecretKey 及其对空间的权限',
    );
    const mo = await upload('a.txt', Buffer.from('x'), admin.accessToken, 'mo');
    expect(body(mo).msg).toBe(
      '存儲「minio-bad-secret」拒絕了訪問（403 SignatureDoesNotMatch）：請檢查 AccessKey、SecretKey 及其對空間的權限',
    );
    expect(JSON.stringify([badSecret.body, zh.body, mo.body])).not.toContain('not-the-secret');

    await enableMinio('minio-bad-key', { accessKey: 'nobody' });
    expect(body(await upload('a.txt', Buffer.from('x'))).msg).toContain('(403 InvalidAccessKeyId)');

    await enableMinio('minio-no-bucket', { bucketName: 'absent' });
    const noBucket = await upload('a.txt', Buffer.from('x'));
    expect(body(noBucket).msg).toBe(
      'Storage "minio-no-bucket" has no bucket "absent": create it or correct the bucket name',
    );
    expect(await attachCount()).toBe(before);
    expect(fake.objects.size).toBe(objects);
  });

  it('says when the store cannot be reached, does not answer in time or fails, leaving no attachment', async () => {
    const before = await attachCount();
    const closed = await closedEndpoint();
    await enableMinio('minio-down', { endpoint: closed });
    const down = await upload('a.txt', Buffer.from('x'));
    expect(down.statusCode).toBe(400);
    expect(body(down).msg).toBe(
      'Could not connect to the configured server; check the address and the network',
    );

    await enableMinio('minio-slow');
    fake.trouble = { hang: true };
    const slow = await upload('a.txt', Buffer.from('x'), admin.accessToken, 'zh');
    // Silent and refused read the same: the message tells nothing of the port's state.
    expect(body(slow).msg).toBe('无法连接所配置的服务器，请检查地址和网络');

    fake.trouble = { status: 500, code: 'InternalError' };
    const broken = await upload('a.txt', Buffer.from('x'));
    expect(body(broken).msg).toBe(
      'Storage "minio-slow" failed (500 InternalError); try again later or check the storage settings',
    );
    expect(await attachCount()).toBe(before);

    // A download from a store that stopped answering says so too.
    fake.trouble = undefined;
    const kept = body<Uploaded>(await upload('kept.txt', Buffer.from('kept'))).data;
    fake.trouble = { method: 'GET', hang: true };
    const stalled = await download(kept.attachId, admin.accessToken, 'mo');
    expect(body(stalled).msg).toBe('無法連線所設定的伺服器，請檢查位址和網路');
  });

  it('refuses to reach this machine, link-local or private addresses unless the operator allows them', async () => {
    // The same database behind a server with the default outbound policy (public addresses only).
    const guarded = await testApp(test.database, { FILES_DIR: filesDir, OSS_TIMEOUT_MS: '400' });
    try {
      const port = new URL(fake.endpoint).port;
      const requests = fake.requests.length;
      for (const [index, endpoint] of [
        fake.endpoint,
        `http://localhost:${port}`,
        `http://[::ffff:127.0.0.1]:${port}`,
        `http://[::1]:${port}`,
        'http://169.254.169.254',
        'http://10.0.0.1:9000',
        'http://0.0.0.0:9000',
      ].entries()) {
        const id = await enableMinio(`minio-guard-${index}`, { endpoint });
        const tested = await guarded.inject({
          method: 'POST',
          url: '/api/bl-resource/oss/test',
          query: { id },
          headers: headers(admin.accessToken, 'en'),
        });
        expect(body(tested).msg, endpoint).toBe(
          'Writing the test file failed: This address may not be reached (this machine, a private network or a reserved range); ask the operator of this server to allow it if it is needed',
        );
        const uploaded = await guarded.inject({
          method: 'POST',
          url: '/api/bl-resource/oss/endpoint/put-file',
          ...(() => {
            const form = multipart('a.txt', Buffer.from('x'));
            return {
              payload: form.payload,
              headers: { ...headers(admin.accessToken, 'zh'), 'content-type': form.contentType },
            };
          })(),
        });
        expect(body(uploaded).msg, endpoint).toBe(
          '不允许连接此地址（本机、内网或保留地址），如确需使用，请联系系统运维人员开放',
        );
      }
      expect(fake.requests.length).toBe(requests);
    } finally {
      await guarded.close();
    }
  });

  it('checks type, size and emptiness before calling the store', async () => {
    await enableMinio('minio-limits');
    const calls = fake.requests.length;
    const big = await upload('big.txt', Buffer.alloc(4096, 'a'));
    expect(big.statusCode).toBe(413);
    expect(body(big).msg).toBe('The file is too large: attachments may be at most 2 KB');
    const script = await upload('run.exe', Buffer.from('MZ'));
    expect(body(script).msg).toBe('Files of this type cannot be uploaded; allowed types: txt, png');
    const empty = await upload('empty.txt', Buffer.alloc(0));
    expect(body(empty).msg).toBe('The file is empty');
    expect(fake.requests.length).toBe(calls);
  });

  it('keeps each tenant’s remote files to itself', async () => {
    await enableMinio('minio-iso');
    const mine = body<Uploaded>(await upload('mine.txt', Buffer.from('secret of 000000'))).data;
    const cross = await download(mine.attachId, other.accessToken);
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain('secret of 000000');
    // Tenant 100000 with its own setting of the same code stores under its own prefix.
    await enableMinio('minio-iso', {}, other.accessToken);
    const theirs = body<Uploaded>(
      await upload('theirs.txt', Buffer.from('of 100000'), other.accessToken),
    ).data;
    expect(theirs.name.startsWith('100000/')).toBe(true);
    expect((await download(theirs.attachId, other.accessToken)).body).toBe('of 100000');
    expect((await download(theirs.attachId)).statusCode).toBe(404);
  });

  it('never answers the secret key: save, detail, list and export', async () => {
    const id = await enableMinio('minio-secret');
    const detail = await app.inject({
      method: 'GET',
      url: '/api/bl-system/oss/detail',
      query: { id },
      headers: headers(admin.accessToken),
    });
    expect(body<Row>(detail).data).not.toHaveProperty('secretKey');
    expect(body<Row>(detail).data.accessKey).toBe(accessKey);
    const list = await app.inject({
      method: 'GET',
      url: '/api/bl-system/oss/list',
      headers: headers(admin.accessToken),
    });
    const exported = await app.inject({
      method: 'GET',
      url: '/api/bl-system/oss/export',
      headers: headers(admin.accessToken),
    });
    expect(exported.statusCode).toBe(200);
    const audit = await app.inject({
      method: 'GET',
      url: '/api/bl-system/auditlog/list',
      query: { entityName: 'oss', recordId: id },
      headers: headers(admin.accessToken),
    });
    expect(body<{ total: number }>(audit).data.total).toBeGreaterThan(0);
    for (const answer of [detail, list, exported, audit])
      expect(answer.rawPayload.includes(Buffer.from(secretKey))).toBe(false);
    // An edit leaving the secret blank keeps it: the store still signs right.
    const edited = await saveOss({ id, version: 1, secretKey: '', remark: 'kept' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await upload('still.txt', Buffer.from('still'))).statusCode).toBe(200);
  });

  it('refuses a remote setting it could not use, naming what to correct', async () => {
    const lacking = await saveOss({
      category: '1',
      ossCode: 'minio-half',
      endpoint: fake.endpoint,
      accessKey,
    });
    expect(lacking.statusCode).toBe(400);
    expect(body(lacking).msg).toBe(
      'Storage "minio-half" lacks Secret key, Bucket; complete it under Object storage',
    );
    const zh = await saveOss(
      { category: '3', ossCode: 'oss-half', endpoint: 'oss-cn-hangzhou.aliyuncs.com' },
      admin.accessToken,
      'zh',
    );
    expect(body(zh).msg).toBe('存储“oss-half”缺少AccessKey、SecretKey、空间名，请在对象存储中补全');
    const badEndpoint = await saveOss({
      category: '1',
      ossCode: 'minio-url',
      endpoint: 'ftp://minio',
      bucketName: 'warehouse',
      accessKey,
      secretKey,
    });
    expect(body(badEndpoint).msg).toBe(
      'Endpoint "ftp://minio" is not a valid web address (for example http://minio:9000 or https://oss-cn-hangzhou.aliyuncs.com)',
    );
    const badBucket = await saveOss({
      category: '4',
      ossCode: 'cos-bucket',
      endpoint: 'cos.ap-guangzhou.myqcloud.com',
      bucketName: 'a/b',
      accessKey,
      secretKey,
    });
    expect(body(badBucket).msg).toBe(
      'A bucket name may contain only letters, digits, dots, underscores and hyphens, and must start with a letter or digit',
    );
  });

  it('tests a setting: writes, reads back and deletes a probe, or says which step failed', async () => {
    const good = await enableMinio('minio-test');
    const objects = fake.objects.size;
    const passed = await storageTest(good);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(body(passed).msg).toBe(
      'Storage "minio-test" works: a test file was written, read back and deleted',
    );
    expect(fake.requests.slice(-3).map((r) => [r.method, r.status])).toEqual([
      ['PUT', 200],
      ['GET', 200],
      ['DELETE', 204],
    ]);
    expect(fake.objects.size).toBe(objects);

    const wrong = await enableMinio('minio-test-wrong', { secretKey: 'wrong' });
    const refused = await storageTest(wrong, admin.accessToken, 'zh');
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(
      '写入测试文件失败：存储“minio-test-wrong”拒绝了访问（403 SignatureDoesNotMatch）：请检查 AccessKey、SecretKey 及其对空间的权限',
    );
    fake.trouble = { method: 'GET', status: 500, code: 'InternalError' };
    const unreadable = await storageTest(good);
    expect(body(unreadable).msg).toBe(
      'Reading the test file back failed: Storage "minio-test" failed (500 InternalError); try again later or check the storage settings',
    );
    // The probe written before the failed read is not left behind.
    expect(fake.objects.size).toBe(objects);
    fake.trouble = { method: 'DELETE', hang: true };
    const undeletable = await storageTest(good, admin.accessToken, 'mo');
    expect(body(undeletable).msg).toBe('刪除測試檔案失敗：無法連線所設定的伺服器，請檢查位址和網路');

    // A local-disk setting is tested the same way.
    const disk = body<Row>(
      await saveOss({ category: '5', ossCode: 'disk-test', endpoint: 'local', bucketName: 'docs' }),
    ).data;
    expect(body(await storageTest(disk.id)).msg).toBe(
      'Storage "disk-test" works: a test file was written, read back and deleted',
    );
    expect(filesOnDisk()).toEqual([]);

    const viewer = await createUserAndSignIn(app, test.database, {
      account: 'ossviewer',
      roleId: await createRole(test.database, { roleAlias: 'ossviewer', buttons: ['oss_view'] }),
    });
    expect((await storageTest(good, viewer)).statusCode).toBe(403);
    expect((await storageTest(good, other.accessToken)).statusCode).toBe(404);
  });
});
