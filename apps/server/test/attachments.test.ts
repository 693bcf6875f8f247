import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };
interface Uploaded {
  attachId: string;
  link: string;
  name: string;
  originalName: string;
  extension: string;
  attachSize: number;
}

describe.each(testDrivers())('object storage and attachments on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  let filesDir: string;
  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-files-'));
    test = await createTestDatabase(driver);
    app = await testApp(test.database, {
      FILES_DIR: filesDir,
      UPLOAD_MAX_BYTES: '2048',
      UPLOAD_EXTENSIONS: 'txt,pdf,png',
    });
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const headers = (token: string, language = 'en') => ({
    'blade-language': language,
    'blade-auth': `bearer ${token}`,
  });
  const upload = (fileName: string, content: Buffer, token = admin.accessToken, language = 'en') => {
    const form = multipart(fileName, content);
    return app.inject({
      method: 'POST',
      url: '/api/bl-resource/oss/endpoint/put-file',
      payload: form.payload,
      headers: { ...headers(token, language), 'content-type': form.contentType },
    });
  };
  const download = (id: string, token = admin.accessToken) =>
    app.inject({
      method: 'GET',
      url: '/api/bl-resource/attach/download',
      query: { id },
      headers: headers(token),
    });
  const filesOnDisk = () =>
    (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(filesDir, f)).isFile(),
    );

  it('uploads a file, records it and streams it back under its original name', async () => {
    const content = Buffer.from('入库单 receipt 1\n');
    const answer = await upload('C:\\scans\\入库单 1.TXT', content);
    expect(answer.statusCode, answer.body).toBe(200);
    const uploaded = body<Uploaded>(answer).data;
    expect(uploaded).toMatchObject({
      originalName: '入库单 1.TXT',
      extension: 'txt',
      attachSize: content.length,
      link: `/api/bl-resource/attach/download?id=${uploaded.attachId}`,
    });
    expect(uploaded.name).toMatch(new RegExp(`^000000/upload/\\d{8}/${uploaded.attachId}\\.txt$`));
    const record = body<Row>(
      await app.inject({
        method: 'GET',
        url: '/api/bl-system/attach/detail',
        query: { id: uploaded.attachId },
        headers: headers(admin.accessToken),
      }),
    ).data;
    expect(record).toMatchObject({
      originalName: '入库单 1.TXT',
      attachSize: content.length,
      extension: 'txt',
    });

    const file = await download(uploaded.attachId);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(decodeURIComponent(String(file.headers['download-filename']))).toBe('入库单 1.TXT');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''");
  });

  it('refuses files over the size limit, of other types, empty or missing, leaving nothing behind', async () => {
    const before = filesOnDisk().length;
    const big = await upload('big.txt', Buffer.alloc(4096, 'a'));
    expect(big.statusCode).toBe(413);
    expect(body(big).msg).toBe('The file is too large: attachments may be at most 2 KB');
    const zhBig = await upload('big.txt', Buffer.alloc(4096, 'a'), admin.accessToken, 'zh');
    expect(body(zhBig).msg).toBe('文件过大，附件不能超过 2 KB');
    const script = await upload('run.exe', Buffer.from('MZ'));
    expect(script.statusCode).toBe(400);
    expect(body(script).msg).toBe('Files of this type cannot be uploaded; allowed types: txt, pdf, png');
    const noExtension = await upload('README', Buffer.from('x'));
    expect(noExtension.statusCode).toBe(400);
    const empty = await upload('empty.txt', Buffer.alloc(0));
    expect(body(empty).msg).toBe('The file is empty');
    const wrongField = multipart('a.txt', Buffer.from('x'), 'other');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/bl-resource/oss/endpoint/put-file',
      payload: wrongField.payload,
      headers: { ...headers(admin.accessToken), 'content-type': wrongField.contentType },
    });
    expect(body(missing).msg).toBe('Choose a file to upload');
    expect(filesOnDisk().length).toBe(before);
  });

  it('keeps a picture only when its bytes are the kind its name says', async () => {
    const before = filesOnDisk().length;
    const page = await upload('scan.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(page.statusCode).toBe(400);
    expect(body(page).msg).toBe('The content of "scan.png" is not a png picture');
    const tiny = await upload('dot.png', Buffer.from([0x89, 0x50]), admin.accessToken, 'zh');
    expect(body(tiny).msg).toBe('文件“dot.png”的内容不是 png 图片');
    expect(filesOnDisk().length).toBe(before);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(50, 1),
    ]);
    expect(body(await upload('scan.png', png)).success).toBe(true);
    expect(filesOnDisk().length).toBe(before + 1);
  });

  it('keeps each tenant’s files to itself', async () => {
    const mine = body<Uploaded>(await upload('mine.txt', Buffer.from('secret of 000000'))).data;
    const cross = await download(mine.attachId, other.accessToken);
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain('secret of 000000');
    const theirs = body<Uploaded>(
      await upload('theirs.txt', Buffer.from('of 100000'), other.accessToken),
    ).data;
    expect(theirs.name.startsWith('100000/')).toBe(true);
    expect((await download(theirs.attachId, other.accessToken)).body).toBe('of 100000');
    // A file name cannot climb out of the tenant's folder.
    const climbing = body<Uploaded>(
      await upload('../../000000/upload/x.txt', Buffer.from('up'), other.accessToken),
    ).data;
    expect(climbing.originalName).toBe('x.txt');
    expect(climbing.name.startsWith('100000/upload/')).toBe(true);
  });

  it('needs the attachment buttons to upload and download', async () => {
    const viewer = await createUserAndSignIn(app, test.database, {
      account: 'attviewer',
      roleId: await createRole(test.database, { roleAlias: 'attviewer', buttons: ['attach_view'] }),
    });
    const refused = await upload('a.txt', Buffer.from('x'), viewer);
    expect(refused.statusCode).toBe(403);
    const mine = body<Uploaded>(await upload('shared.txt', Buffer.from('shared'))).data;
    expect((await download(mine.attachId, viewer)).body).toBe('shared');
  });

  it('removes the file once the removal has committed', async () => {
    const uploaded = body<Uploaded>(await upload('gone.txt', Buffer.from('bye'))).data;
    expect(fs.existsSync(path.join(filesDir, uploaded.name))).toBe(true);
    const removed = await app.inject({
      method: 'POST',
      url: '/api/bl-system/attach/remove',
      query: { ids: uploaded.attachId },
      headers: headers(admin.accessToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(fs.existsSync(path.join(filesDir, uploaded.name))).toBe(false);
    expect((await download(uploaded.attachId)).statusCode).toBe(404);
  });

  it('keeps one enabled storage per tenant, never answers its secret, and keeps local files readable', async () => {
    const save = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/bl-system/oss/submit',
        payload,
        headers: headers(admin.accessToken),
      });
    const first = await save({
      category: '5',
      ossCode: 'disk-a',
      endpoint: 'local',
      bucketName: 'docs',
      isDefault: '1',
      secretKey: 's3cret',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(JSON.stringify(body(first).data)).not.toContain('s3cret');
    const a = body<Row>(first).data;
    const detail = await app.inject({
      method: 'GET',
      url: '/api/bl-system/oss/detail',
      query: { id: a.id },
      headers: headers(admin.accessToken),
    });
    expect(detail.body).not.toContain('s3cret');
    const inDocs = body<Uploaded>(await upload('in-docs.txt', Buffer.from('docs'))).data;
    expect(inDocs.name).toMatch(/^000000\/docs\//);

    // A remote store (tested in remote-storage.test.ts) that nothing answers at.
    const minio = await save({
      category: '1',
      ossCode: 'minio-b',
      endpoint: 'http://127.0.0.1:9',
      bucketName: 'docs',
      accessKey: 'ak',
      secretKey: 'sk',
      isDefault: '1',
    });
    expect(minio.statusCode, minio.body).toBe(200);
    const list = body<{ records: Row[] }>(
      await app.inject({
        method: 'GET',
        url: '/api/bl-system/oss/list',
        query: { isDefault_equal: '1' },
        headers: headers(admin.accessToken),
      }),
    ).data.records;
    expect(list.map((r) => r.ossCode)).toEqual(['minio-b']);
    const unreachable = await upload('x.txt', Buffer.from('x'));
    expect(unreachable.statusCode).toBe(400);
    // This machine's address, refused by the default outbound policy before any connection.
    expect(body(unreachable).msg).toBe(
      'This address may not be reached (this machine, a private network or a reserved range); ask the operator of this server to allow it if it is needed',
    );
    // Files kept on the local disk still download.
    expect((await download(inDocs.attachId)).body).toBe('docs');
    const badBucket = await save({
      category: '5',
      ossCode: 'disk-c',
      endpoint: 'local',
      bucketName: '../etc',
    });
    expect(body(badBucket).msg).toBe(
      'A local-disk bucket name may contain only letters, digits, underscores and hyphens',
    );
    // An edit sending only the bucket is checked against the record's type too.
    const editedBucket = await save({
      id: a.id,
      version: body<Row>(detail).data.version,
      bucketName: '../etc',
    });
    expect(body(editedBucket).msg).toBe(
      'A local-disk bucket name may contain only letters, digits, underscores and hyphens',
    );
  });
});
