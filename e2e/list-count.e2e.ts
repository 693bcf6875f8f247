import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  adminPassword,
  browserAvailable,
  newContext,
  type Suite,
  screenshot,
  startSuite,
  stopSuite,
} from './harness.ts';

/**
 * A list counted past the cap (ADR 0019) says "1,000+" in every language. The server's side
 * (counting stops at 10,001 rows) is tested in apps/server/test/list-speed.test.ts; here the
 * list answer is marked capped on its way to the page, as the server marks it past 1,000 rows.
 */
const expected = {
  zh: { languageName: '简体中文', heading: '账号登录', capped: '共 1,000+ 条' },
  mo: { languageName: '繁體中文', heading: '帳號登入', capped: '共 1,000+ 筆' },
  en: { languageName: 'English', heading: 'Sign in', capped: 'Total 1,000+' },
} as const;
type Language = keyof typeof expected;

/** Where the pictures of this change are kept for review, besides the suite's own folder. */
const shots = process.env.SHOTS_DIR;

describe.skipIf(!browserAvailable)('a capped list count', () => {
  let suite: Suite | undefined;
  beforeAll(async () => {
    suite = await startSuite();
  });
  afterAll(async () => {
    await stopSuite(suite);
  });

  async function signIn(language: Language): Promise<Page> {
    const started = suite as Suite;
    const page = await (await newContext(started.browser, started.server.baseUrl)).newPage();
    await page.goto('/login');
    const languageSwitch = page.getByTestId('language-switch');
    if (!(await languageSwitch.textContent())?.includes(expected[language].languageName)) {
      await languageSwitch.click();
      await page
        .locator('.ant-dropdown-menu-item')
        .filter({ hasText: expected[language].languageName })
        .click();
      await page.getByRole('heading', { name: expected[language].heading }).waitFor();
    }
    await page.locator('#login_tenantId').fill('000000');
    await page.locator('#login_account').fill('admin');
    await page.locator('#login_password').fill(adminPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/wel/index');
    return page;
  }

  for (const language of Object.keys(expected) as Language[]) {
    it(`shows 1,000+ in ${language}`, async () => {
      const page = await signIn(language);
      await page.route('**/api/bl-wms/material/list**', async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { data: Record<string, unknown> };
        answer.data = { ...answer.data, total: 1_001, pages: 51, totalCapped: true };
        await route.fulfill({ response, json: answer });
      });
      await page.goto('/basicData/material');
      await page.getByTestId('crud-material').waitFor();
      await page
        .locator('.ant-pagination-total-text')
        .filter({ hasText: expected[language].capped })
        .waitFor();
      const file = await screenshot(page, `list-count-${language}`);
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        fs.copyFileSync(file, path.join(shots, path.basename(file)));
      }
      await page.context().close();
    });
  }
});
