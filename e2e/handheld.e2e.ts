import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAvailable, type Suite, screenshot, startSuite, stopSuite } from './harness.ts';

/**
 * The handheld app on a phone-sized touch screen (issue 32, ADR 0041): a floor worker whose
 * password was reset signs in at /m, changes it, picks the terminal's warehouse, looks a place
 * up, moves goods, is refused a wrong scan, and moves once more with the network gone; the move
 * waits on the device and is sent once when the network is back. Scans are keyboard-wedge input:
 * a burst of keys ending in Enter. Stock is read through the API after each move.
 */
const expected = {
  zh: {
    languageName: '简体中文',
    signIn: '登录',
    back: '返回',
    changePassword: '修改密码',
    chooseWarehouse: '选择本终端所在仓库',
    lookup: '查询',
    move: '移库',
    notLocation: (code: string) => `${code} 不是库位`,
    unknown: (code: string) => `条码 ${code} 不是库位、物料编码或物料条码`,
    moved: '已移库：',
    offline: '网络不通，已保存在本机，联网后自动发送',
    waiting: '待发送 1 条',
    nothingWaiting: '没有待发送的操作',
    again: '再移一次',
  },
  mo: {
    languageName: '繁體中文',
    signIn: '登入',
    back: '返回',
    changePassword: '修改密碼',
    chooseWarehouse: '選擇本終端所在倉庫',
    lookup: '查詢',
    move: '移庫',
    notLocation: (code: string) => `${code} 不是庫位`,
    unknown: (code: string) => `條碼 ${code} 不是庫位、物料編碼或物料條碼`,
    moved: '已移庫：',
    offline: '網絡不通，已保存在本機，連網後自動傳送',
    waiting: '待傳送 1 條',
    nothingWaiting: '沒有待傳送的操作',
    again: '再移一次',
  },
  en: {
    languageName: 'English',
    signIn: 'Sign in',
    back: 'Back',
    changePassword: 'Change password',
    chooseWarehouse: 'Choose the warehouse of this terminal',
    lookup: 'Look up',
    move: 'Move',
    notLocation: (code: string) => `${code} is not a location`,
    unknown: (code: string) => `Code ${code} is not a location, a material code or a material barcode`,
    moved: 'Moved: ',
    offline: 'No network: kept on this device, sent when the network is back',
    waiting: '1 waiting to be sent',
    nothingWaiting: 'Nothing waiting to be sent',
    again: 'Move more',
  },
} as const;
type Language = keyof typeof expected;

const resetTo = 'Reset-2026';
let suite: Suite | undefined;
let api: Awaited<ReturnType<typeof adminApi>>;

/** A scanner's wedge input: the code as a fast burst of keys, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** The available quantity of a material at a place, as the stock list says (text, no floats). */
async function stockAt(material: string, place: string): Promise<string> {
  const page = (await api.call(
    'GET',
    `/api/bl-wms/stock/list?materialCode_equal=${material}&warehousePlaceCode_equal=${place}&stockStatus_equal=1&size=50`,
  )) as { records: { qty: string }[] };
  const units = page.records.reduce((sum, row) => sum + BigInt(row.qty.replace('.', '')), 0n);
  return (Number(units) / 10_000).toString();
}

async function transfersTo(place: string): Promise<number> {
  const page = (await api.call(
    'GET',
    `/api/bl-wms/warehousetransferbilldetail/list?targetWarehousePlaceCode_equal=${place}&size=50`,
  )) as { total: number };
  return page.total;
}

describe.skipIf(!browserAvailable)('the handheld app on a 360 x 640 touch screen', () => {
  beforeAll(async () => {
    suite = await startSuite({ DEFAULT_PASSWORD: resetTo });
    api = await adminApi(suite.server.baseUrl);
    const info = await api.call('GET', '/api/bl-system/user/getUserInfo');
    await api.submit('unit', { code: 'HPCS', name: '件', rate: '1' });
    await api.submit('customer', { code: 'HC1', name: '华东货主', customerStatus: '1' });
    await api.submit('warehouse', { code: 'HW1', name: '手持仓' });
    await api.submit('warehousearea', { code: 'HA1', name: '手持区', warehouseCode: 'HW1' });
    for (const language of Object.keys(expected) as Language[]) {
      for (const n of [1, 2, 3])
        await api.submit('warehouseplace', {
          code: `H${language.toUpperCase()}${n}`,
          name: `货架 ${language}-${n}`,
          warehouseAreaCode: 'HA1',
          placeStatus: '1',
        });
      await api.submit('material', {
        code: `HM-${language}`,
        name: `扫描枪 ${language}`,
        spec: 'S',
        model: 'X',
        unitCode: 'HPCS',
        barMark: `69000000000${language === 'zh' ? 11 : language === 'mo' ? 12 : 13}`,
      });
      await api.submit('isinstockbill', {
        billDate: '2026-12-01',
        customerCode: 'HC1',
        warehouseCode: 'HW1',
        type: '2',
        isReview: '0',
        details: [
          {
            lineNumber: 1,
            materialCode: `HM-${language}`,
            batchNo: 'B1',
            warehousePlaceCode: `H${language.toUpperCase()}1`,
            qty: '10',
          },
        ],
      });
      // A floor worker whose password was reset: the handheld asks for a new one first.
      const created = await api.call('POST', '/api/bl-system/user/submit', {
        account: `floor-${language}`,
        name: `floor-${language}`,
        password: 'Dock-door-7',
        confirmPassword: 'Dock-door-7',
        roleId: String(info.roleId).split(',')[0],
      });
      await api.call('POST', `/api/bl-system/user/reset-password?ids=${created.id}`, {});
    }
  }, 300_000);
  afterAll(async () => {
    await stopSuite(suite);
  });

  it.each(['zh', 'mo', 'en'] as const)(
    "does a worker's round in %s: look up, move, a wrong scan, an offline move",
    async (language) => {
      if (!suite) throw new Error('the suite did not start');
      const text = expected[language];
      const [place1, place2, place3] = [1, 2, 3].map((n) => `H${language.toUpperCase()}${n}`) as [
        string,
        string,
        string,
      ];
      const material = `HM-${language}`;
      const barcode = `69000000000${language === 'zh' ? 11 : language === 'mo' ? 12 : 13}`;
      const context: BrowserContext = await suite.browser.newContext({
        baseURL: suite.server.baseUrl,
        viewport: { width: 360, height: 640 },
        deviceScaleFactor: 2,
        hasTouch: true,
        isMobile: true,
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const calls: string[] = [];
      page.on('requestfailed', (r) =>
        calls.push(`failed ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
      );
      page.on('requestfinished', (r) => calls.push(`done ${r.method()} ${r.url()}`));
      try {
        await page.goto('/m');
        await page.getByRole('button', { name: text.languageName }).tap();
        await page.getByRole('button', { name: text.signIn, exact: true }).waitFor();
        await screenshot(page, `handheld-sign-in-${language}`);
        await page.locator('input[name=account]').fill(`floor-${language}`);
        await page.locator('input[name=password]').fill(resetTo);
        await page.getByRole('button', { name: text.signIn, exact: true }).tap();

        // The reset password is changed before anything else.
        await page.getByRole('button', { name: text.changePassword }).waitFor();
        await screenshot(page, `handheld-password-${language}`);
        await page.locator('input[name=oldPassword]').fill(resetTo);
        await page.locator('input[name=newPassword]').fill('Floor-own-2026');
        await page.locator('input[name=newPassword1]').fill('Floor-own-2026');
        await page.getByRole('button', { name: text.changePassword }).tap();

        // First use of this terminal: its warehouse.
        await page.getByRole('heading', { name: text.chooseWarehouse }).waitFor();
        await screenshot(page, `handheld-warehouse-${language}`);
        await page.getByRole('button', { name: /HW1/ }).tap();
        await page.getByRole('button', { name: text.lookup }).waitFor();
        await screenshot(page, `handheld-home-${language}`);
        const terminal = (await api.call(
          'GET',
          `/api/bl-wms/pdainfo/list?userAccount_equal=floor-${language}`,
        )) as {
          records: { warehouseCode: string; lastSeenTime: string | null; deviceStatus: string }[];
        };
        expect(terminal.records).toHaveLength(1);
        expect(terminal.records[0]).toMatchObject({ warehouseCode: 'HW1', deviceStatus: '1' });
        expect(terminal.records[0]?.lastSeenTime).toBeTruthy();

        // Look up a place, scanned with no field focused.
        await page.getByRole('button', { name: text.lookup }).tap();
        await page.locator('#hh-code').waitFor();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await scan(page, place1);
        const result = page.getByTestId('hh-lookup');
        await result.getByText(`扫描枪 ${language} ${material}`).waitFor();
        expect(await result.getByText('10 HPCS').count()).toBe(1);
        await screenshot(page, `handheld-lookup-${language}`);
        // A wrong scan: refused at once with a message, a sound and a vibration; the result stays.
        const wrongBefore = await page.evaluate(
          () => (globalThis as { handheldSignals?: { wrong: number } }).handheldSignals?.wrong ?? 0,
        );
        await scan(page, 'NO-SUCH-CODE');
        await page.getByRole('alert').getByText(text.unknown('NO-SUCH-CODE')).waitFor();
        expect(
          await page.evaluate(
            () => (globalThis as { handheldSignals?: { wrong: number } }).handheldSignals?.wrong,
          ),
        ).toBe(wrongBefore + 1);
        expect(await result.getByText('10 HPCS').count()).toBe(1);
        await screenshot(page, `handheld-lookup-wrong-${language}`);
        // A material by its barcode, typed into the focused field.
        await page.locator('#hh-code').focus();
        await scan(page, barcode);
        await result.getByText(`货架 ${language}-1 ${place1}`).waitFor();
        expect(await page.locator('#hh-code').inputValue()).toBe('');

        // Move 4 from place 1 to place 2.
        await page.getByRole('button', { name: text.back }).tap();
        await page.getByRole('button', { name: text.move }).tap();
        await page.locator('#hh-code').waitFor();
        await screenshot(page, `handheld-move-from-${language}`);
        // The material where a place is asked: refused, nothing changes.
        await scan(page, material);
        await page.getByRole('alert').getByText(text.notLocation(material)).waitFor();
        await scan(page, place1);
        await page.getByText(`货架 ${language}-1 (${place1})`).waitFor();
        await screenshot(page, `handheld-move-item-${language}`);
        await scan(page, barcode);
        await page.locator('input[name=qty]').waitFor();
        await page.locator('input[name=qty]').fill('4');
        await screenshot(page, `handheld-move-qty-${language}`);
        await page.locator('input[name=qty]').press('Enter');
        await page.locator('#hh-code').waitFor();
        await screenshot(page, `handheld-move-to-${language}`);
        await scan(page, place2);
        await page.getByText(text.moved).waitFor();
        await screenshot(page, `handheld-move-done-${language}`);
        expect(await stockAt(material, place1)).toBe('6');
        expect(await stockAt(material, place2)).toBe('4');

        // The network goes between the last scan and the answer: the move waits on the device.
        await page.getByRole('button', { name: text.again }).tap();
        await scan(page, place1);
        await page.getByText(`货架 ${language}-1 (${place1})`).waitFor();
        await scan(page, material);
        await page.locator('input[name=qty]').fill('2');
        await page.locator('input[name=qty]').press('Enter');
        await page.locator('#hh-code').waitFor();
        await context.setOffline(true);
        await scan(page, place3);
        await page.getByText(text.offline).waitFor();
        await page.getByTestId('hh-pending').getByText(text.waiting).waitFor();
        await screenshot(page, `handheld-move-offline-${language}`);
        expect(await stockAt(material, place3)).toBe('0');
        expect(await stockAt(material, place1)).toBe('6');
        // Back online: sent once, by itself.
        await context.setOffline(false);
        await page.getByTestId('hh-pending').getByText(text.nothingWaiting).waitFor();
        expect(await stockAt(material, place3)).toBe('2');
        expect(await stockAt(material, place1)).toBe('4');
        expect(await transfersTo(place3)).toBe(1);
      } catch (error) {
        // What the screen and the device's queue said when a step did not come.
        await screenshot(page, `handheld-failed-${language}`).catch(() => undefined);
        const queue = await page
          .evaluate(() => localStorage.getItem('saber-handheld-queue'))
          .catch(() => null);
        throw new Error(`${(error as Error).message}\nqueue: ${queue}\n${calls.slice(-12).join('\n')}`);
      } finally {
        await context.close();
      }
    },
  );
});
