/**
 * Device monitoring in the browser (issue 19, docs/adr/0026-device-monitoring.md), in Chinese:
 * a sensor reports over the HTTP feed with its secret, an excursion raises an alarm that shows
 * in the top bar and on the device board, the device's history is charted, and the alarm is
 * acknowledged with a comment from the alarm list. The board and the alarm list are also shot
 * in Traditional Chinese and English.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  freePort,
  popupsSettled,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

const languages = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    acknowledge: '确认',
    inAlarm: '报警中',
    history: '历史曲线',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    acknowledge: '確認',
    inAlarm: '報警中',
    history: '歷史曲線',
    secret: '產生密鑰',
    ok: '確定',
    mqttAccount: 'MQTT 帳號',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    acknowledge: 'Acknowledge',
    inAlarm: 'In alarm',
    history: 'History',
    secret: 'New secret',
    ok: 'OK',
    mqttAccount: 'MQTT account',
  },
} as const;

let suite: Suite;

/** Two sensors; the cold room's went above 8 ℃ for a quarter of an hour and is still there. */
async function seed() {
  const api = await adminApi(suite.server.baseUrl);
  const feed = async (device: string, secret: string, body: unknown) => {
    const response = await fetch(`${suite.server.baseUrl}/api/bl-iot/feed/000000/${device}/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { success: boolean; msg: string };
    if (!answer.success) throw new Error(answer.msg);
  };
  for (const [code, name] of [
    ['COLD-1', '冷库一号'],
    ['DRY-1', '常温库'],
  ] as const) {
    await api.call('POST', '/api/bl-iot/deviceinfo/submit', {
      deviceCode: code,
      deviceName: name,
      deviceStatus: '1',
    });
  }
  await api.call('POST', '/api/bl-iot/devicealarmsetting/submit', {
    deviceCode: 'COLD-1',
    minTemperature: '2',
    maxTemperature: '8',
    minHumidity: '30',
    maxHumidity: '80',
    delayMinutes: 5,
    alarmEnabled: '1',
  });
  const now = Date.now();
  for (const [code, warm] of [
    ['COLD-1', true],
    ['DRY-1', false],
  ] as const) {
    const { secret } = (await api.call('POST', '/api/bl-iot/deviceinfo/secret', { deviceCode: code })) as {
      secret: string;
    };
    // Six hours, a reading every 5 minutes; the cold room warms up in the last 15 minutes.
    const readings = Array.from({ length: 72 }, (_, i) => {
      const minutesAgo = (72 - i) * 5;
      const base = code === 'COLD-1' ? 4 + Math.sin(i / 6) : 21 + Math.sin(i / 8) * 2;
      return {
        time: new Date(now - minutesAgo * 60_000).toISOString(),
        temperature: Math.round((warm && minutesAgo <= 15 ? 9.5 + (15 - minutesAgo) / 10 : base) * 100) / 100,
        humidity: Math.round((55 + Math.cos(i / 5) * 6) * 100) / 100,
      };
    });
    await feed(code, secret, { messageId: `seed-${code}`, readings });
  }
}

describe.skipIf(!browserAvailable)('device monitoring in the browser', () => {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    // The embedded broker (the demo's): the board's switches have somewhere to publish.
    suite = await startSuite({ MQTT_EMBEDDED: '1', MQTT_EMBEDDED_PORT: String(await freePort()) });
    await seed();
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it('shows the board and a chart, and acknowledges an alarm (zh)', async () => {
    const words = languages.zh;
    ({ context } = await signInAsAdmin(suite, words));
    const page = await context.newPage();
    await page.goto('/device/board');
    const cold = page.getByTestId('device-card-COLD-1');
    await cold.waitFor();
    await expect.poll(() => cold.textContent()).toContain(words.inAlarm);
    expect(await cold.textContent()).toContain('冷库一号');
    await page.getByTestId('device-alarm-bell').waitFor();
    await screenshot(page, 'devices-board-zh');

    await page.getByTestId('device-history-COLD-1').click();
    const chart = page.getByTestId('device-history');
    await chart.locator('canvas').first().waitFor();
    await screenshot(page, 'devices-chart-zh');
    // The range's raw readings, exported by a job (progress dialog), arrive as an .xlsx.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('device-export-raw').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect.poll(() => page.locator('.bl-export-progress').isVisible()).toBe(false);
    await page.keyboard.press('Escape');

    await page.getByTestId('device-alarm-bell').click();
    await page.waitForURL('**/device/alarms');
    const row = page.locator('[data-testid="device-alarms"] .ant-table-tbody tr.ant-table-row').filter({
      hasText: 'COLD-1',
    });
    await row.first().waitFor();
    await row
      .first()
      .getByRole('button', { name: spacedOut(words.acknowledge) })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '确认报警' });
    await dialog.waitFor();
    await dialog.getByRole('textbox').fill('已通知仓管关好冷库门');
    const answer = await succeeded(page, 'POST', '/api/bl-iot/alarms/acknowledge', async () => {
      await dialog.getByRole('button', { name: spacedOut(words.acknowledge) }).click();
    });
    expect(answer.data).toMatchObject({ ackComment: '已通知仓管关好冷库门' });
    await row.first().getByText('已通知仓管关好冷库门', { exact: false }).waitFor();
    await screenshot(page, 'devices-alarm-acknowledged-zh');

    // The card turns from red to acknowledged.
    await page.goto('/device/board');
    await expect.poll(() => page.getByTestId('device-card-COLD-1').textContent()).toContain('已确认');
    await context.close();
    context = undefined;
  }, 180_000);

  it.each(['mo', 'en'] as const)(
    'shows the board and the alarms in %s',
    async (language) => {
      const words = languages[language];
      ({ context } = await signInAsAdmin(suite, words));
      const page = await context.newPage();
      await page.goto('/device/board');
      await page.getByTestId('device-card-COLD-1').waitFor();
      await screenshot(page, `devices-board-${language}`);
      // A new secret is shown once, with the device's MQTT account (tenant/device: the broker
      // authenticates devices, ADR 0026) and its topics.
      await page.getByTestId('device-card-COLD-1').getByRole('button', { name: words.secret }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.waitFor();
      await popupsSettled(page);
      const renewed = await succeeded(page, 'POST', '/api/bl-iot/deviceinfo/secret', async () => {
        await confirm.getByRole('button', { name: spacedOut(words.ok) }).click();
      });
      const shown = page.getByTestId('device-secret');
      await shown.waitFor();
      expect(await shown.textContent()).toContain((renewed.data as { secret: string }).secret);
      const secretDialog = page.locator('.ant-modal').filter({ has: shown });
      await secretDialog.getByText(words.mqttAccount, { exact: false }).waitFor();
      await secretDialog.getByText('000000/COLD-1', { exact: true }).waitFor();
      await popupsSettled(page);
      await screenshot(page, `devices-secret-${language}`);
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'hidden' });
      await page.getByTestId('device-history-COLD-1').click();
      await page.getByTestId('device-history').locator('canvas').first().waitFor();
      await screenshot(page, `devices-chart-${language}`);
      await page.keyboard.press('Escape');
      await page.goto('/device/alarms');
      await page.locator('[data-testid="device-alarms"] .ant-table-tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, `devices-alarms-${language}`);
      await context.close();
      context = undefined;
    },
    120_000,
  );
});
