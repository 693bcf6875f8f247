import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  browserAvailable,
  newContext,
  type Suite,
  screenshot,
  spacedOut,
  startSuite,
  stopSuite,
} from './harness.ts';

/** What a person must read, per language: written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    upload: '上传',
    download: '下载',
    success: '操作成功',
    badType: '不允许上传此类型的文件，允许的类型：',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    upload: '上傳',
    download: '下載',
    success: '操作成功',
    badType: '不允許上傳此類型的檔案，允許的類型：',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    upload: 'Upload',
    download: 'Download',
    success: 'operation success !',
    badType: 'Files of this type cannot be uploaded; allowed types:',
  },
} as const;
type Language = keyof typeof expected;

let suite: Suite | undefined;
let context: BrowserContext | undefined;

async function signIn(language: Language): Promise<Page> {
  if (!suite) throw new Error('the suite did not start');
  context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  await page.goto('/login');
  const text = expected[language];
  const languageSwitch = page.getByTestId('language-switch');
  if (!(await languageSwitch.textContent())?.includes(text.languageName)) {
    await languageSwitch.click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: text.languageName }).click();
    await page.getByRole('heading', { name: text.heading }).waitFor();
  }
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill('admin');
  await page.locator('#login_password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
  return page;
}

describe.skipIf(!browserAvailable)('attachments in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['zh', 'mo', 'en'] as const)(
    'uploads an attachment, downloads it under its name, and is told why a type is refused (%s)',
    async (language) => {
      const text = expected[language];
      const page = await signIn(language);
      await page.goto('/system/attach');
      await page.getByTestId('crud-attach').waitFor();
      const fileName = `收货照片-${language}.txt`;
      const content = `dock 3 receipt ${language}\n`;
      const uploadButton = page.getByTestId('toolbar-upload');
      await uploadButton.filter({ hasText: spacedOut(text.upload) }).waitFor();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(content) });
      await page.locator('.ant-message-success').filter({ hasText: text.success }).first().waitFor();
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: fileName });
      await row.waitFor();
      await screenshot(page, `attach-list-${language}`);

      await row.locator('.ant-checkbox-input').check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByTestId('toolbar-download')
          .filter({ hasText: spacedOut(text.download) })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      expect(fs.readFileSync(await download.path(), 'utf8')).toBe(content);

      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
      await page.locator('.ant-message-error').filter({ hasText: text.badType }).first().waitFor();
      await screenshot(page, `attach-refused-${language}`);
      await context?.close();
    },
    120_000,
  );
});
