import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, multipart, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/** The 8 bytes every PNG starts with, and some more: the server keeps what it is sent. */
const picture = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

/** A WebP file's header (RIFF, size, WEBP) and some bytes. */
const webp = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(100, 3)]);

describe.each(testDrivers())('avatars on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  let filesDir: string;

  const headers = (tokens: Tokens, language = 'en') => ({
    'blade-language': language,
    'blade-auth': `bearer ${tokens.accessToken}`,
  });
  const upload = (fileName: string, content: Buffer, tokens = admin, language = 'en') => {
    const form = multipart(fileName, content);
    return app.inject({
      method: 'POST',
      url: '/api/bl-system/user/avatar',
      payload: form.payload,
      headers: { ...headers(tokens, language), 'content-type': form.contentType },
    });
  };
  const avatarFiles = () => {
    const folder = path.join(filesDir, '000000', 'avatar');
    return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => !name.endsWith('.part')) : [];
  };

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-avatars-'));
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { FILES_DIR: filesDir });
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('replaces the signed-in user’s avatar, shows it in their info, and drops the old picture', async () => {
    const first = body<{ avatar: string }>(await upload('me.png', picture));
    expect(first.success, first.msg).toBe(true);
    expect(first.data.avatar).toMatch(/^\/api\/bl-system\/user\/avatar\?file=\d+-\d+\.png$/);
    const info = await app.inject({
      method: 'GET',
      url: '/api/bl-system/user/getUserInfo',
      headers: headers(admin),
    });
    expect(body<{ avatar: string }>(info).data.avatar).toBe(first.data.avatar);
    const shown = await app.inject({ method: 'GET', url: first.data.avatar, headers: headers(admin) });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(picture)).toBe(true);

    const second = body<{ avatar: string }>(await upload('me.webp', webp));
    expect(second.success).toBe(true);
    // The first picture's file goes once the change has committed.
    await expect.poll(() => avatarFiles()).toEqual([second.data.avatar.split('file=')[1]]);
  });

  it('refuses other kinds of file, empty and oversized pictures, leaving nothing behind', async () => {
    const before = avatarFiles();
    const wrongType = body(await upload('me.pdf', picture, admin, 'zh'));
    expect(wrongType).toMatchObject({ success: false, msg: '头像只能是 png、jpg、gif 或 webp 图片' });
    expect(body(await upload('me.png', Buffer.alloc(0))).success).toBe(false);
    const large = body(await upload('me.png', Buffer.alloc(600 * 1024, 1)));
    expect(large).toMatchObject({ success: false, msg: 'An avatar picture may be at most 512 KB' });
    expect(avatarFiles()).toEqual(before);
  });

  it('refuses bytes that are not the picture their name says (a page, an SVG, another kind)', async () => {
    const before = avatarFiles();
    const page = body(await upload('me.png', Buffer.from('<html><script>alert(1)</script></html>')));
    expect(page).toMatchObject({
      success: false,
      msg: 'The file’s content is not a png picture; upload a real png, jpg, gif or webp picture',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(body(await upload('me.gif', svg, admin, 'mo'))).toMatchObject({
      success: false,
      msg: '檔案內容不是 gif 圖片，請上傳真實的 png、jpg、gif 或 webp 圖片',
    });
    expect(body(await upload('me.svg', svg)).success).toBe(false);
    expect(body(await upload('me.jpg', picture)).success).toBe(false);
    expect(
      body(await upload('me.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), webp]))).success,
    ).toBe(true);
    expect(avatarFiles().length).toBe(before.length);
  });

  it('keeps pictures within their tenant and refuses names the server did not make', async () => {
    const [file] = avatarFiles();
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/bl-system/user/avatar?file=${file}`,
      headers: headers(other),
    });
    expect(body(foreign).success).toBe(false);
    const climbing = await app.inject({
      method: 'GET',
      url: '/api/bl-system/user/avatar?file=../../etc/passwd',
      headers: headers(admin),
    });
    expect(body(climbing).success).toBe(false);
    const anonymous = await app.inject({ method: 'GET', url: `/api/bl-system/user/avatar?file=${file}` });
    expect(body(anonymous).success).toBe(false);
  });
});
