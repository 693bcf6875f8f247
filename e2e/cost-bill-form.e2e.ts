/**
 * The cost bill's form (issue 29, 12), in Chinese, Traditional Chinese and English: a finance
 * user adds a cost bill without typing its number (the form says "(automatic)" and the server
 * draws the next of the cost bill's sequence), picks the owner and sees the owner's name filled
 * at once, sees the lines saving will make before saving (the server's preview of the owner's
 * charged days), and a short line editor: the few columns a finance user reads first, the rest
 * behind "more". Saved, the bill carries its drawn number, the owner's name and those lines.
 */

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  type Suite,
  screenshot,
  signInAsAdmin,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

type Language = 'zh' | 'mo' | 'en';

const today = new Date();
const stamp = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;

/** What an operator reads, per language, written independently of the app. */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    owner: 'CF1',
    ownerName: '成本货主甲',
    automatic: '（自动）',
    previewTitle: '保存时生成的明细',
    storage: '仓储费',
    total: '共 2 行，合计 35.00',
    lineColumns: [
      '费用类型',
      '物料',
      '计费数量',
      '单价',
      '金额',
      '计费天数',
      '业务日期',
      '入库日期',
      '出库日期',
    ],
    more: /^更多列（\d+）$/,
    save: /^保\s*存$/,
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    owner: 'CF2',
    ownerName: '成本貨主乙',
    automatic: '（自動）',
    previewTitle: '儲存時生成的明細',
    storage: '倉儲費',
    total: '共 2 行，合計 35.00',
    lineColumns: [
      '費用類型',
      '物料',
      '計費數量',
      '單價',
      '金額',
      '計費天數',
      '業務日期',
      '入庫日期',
      '出庫日期',
    ],
    more: /^更多欄位（\d+）$/,
    save: /^儲\s*存$/,
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    owner: 'CF3',
    ownerName: 'Cost Owner C',
    automatic: '(automatic)',
    previewTitle: 'Lines saving will make',
    storage: 'Storage fee',
    total: '2 lines, total 35.00',
    lineColumns: [
      'Cost type',
      'Material',
      'Billed quantity',
      'Unit price',
      'Amount',
      'Billed days',
      'Business date',
      'Inbound date',
      'Outbound date',
    ],
    more: /^More columns \(\d+\)$/,
    save: 'Save',
  },
} as const;

/** A searchable picker: type part of the code, choose the option naming it. */
async function pickRef(page: Page, input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

async function typeDate(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  expect(await input.inputValue()).toBe(day);
}

/** The grid's own columns around the fields: the line number and the row actions. */
const gridColumns = new Set(['序号', '序號', 'No.', '操作', 'Actions', '']);

/** The field columns of a lines table, in order. */
async function columnTitles(table: Locator) {
  const titles = (await table.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
  return titles.filter((t) => !gridColumns.has(t));
}

describe.skipIf(!browserAvailable)('cost bill form', () => {
  let suite: Suite;

  beforeAll(async () => {
    suite = await startSuite();
    const api = await adminApi(suite.server.baseUrl);
    await api.submit('unit', { code: 'CFU', name: '箱', rate: '1' });
    await api.submit('material', { code: 'CFM', name: '成本物料', spec: 'S', model: 'X', unitCode: 'CFU' });
    await api.submit('warehouse', { code: 'CFW', name: '成本仓' });
    await api.submit('warehousearea', { code: 'CFA', name: '成本区', warehouseCode: 'CFW' });
    await api.submit('warehouseplace', {
      code: 'CFP',
      name: '成本位',
      warehouseAreaCode: 'CFA',
      placeStatus: '1',
    });
    for (const language of ['zh', 'mo', 'en'] as Language[]) {
      const { owner, ownerName } = expected[language];
      await api.submit('customer', { code: owner, name: ownerName, customerStatus: '1' });
      await api.submit('lgagreement', {
        agreementCode: `AG-${owner}`,
        customerCode: owner,
        startDate: '2026-01-01',
        agreementStatus: '2',
        chargeBasis: '1',
        storagePrice: '1',
        unloadPrice: '0.5',
      });
      await api.submit('isinstockbill', {
        billNo: `CF-IN-${owner}`,
        billDate: '2026-04-01',
        customerCode: owner,
        type: '2',
        isReview: '0',
        details: [{ lineNumber: 1, materialCode: 'CFM', batchNo: 'B', warehousePlaceCode: 'CFP', qty: '10' }],
      });
    }
    // Three days charged for every owner: 10 × 3 days × 1.00 storage and 10 × 0.50 unloading.
    const { jobId } = (await api.call('POST', '/api/bl-acct/billing/run', {
      customerCode: '',
      start: '2026-04-01',
      end: '2026-04-03',
    })) as { jobId: string };
    for (let i = 0; ; i += 1) {
      const job = await api.call('GET', `/api/bl-jobs/job/detail?id=${jobId}`);
      if (job.status === 'done') break;
      if (job.status === 'failed' || i > 600) throw new Error(`April run: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 300_000);
  afterAll(async () => {
    await stopSuite(suite);
  });

  for (const language of ['zh', 'mo', 'en'] as Language[]) {
    it(`makes a cost bill without typing its number, names its owner, previews a short list of lines (${language})`, async () => {
      const words = expected[language];
      const { context, page } = await signInAsAdmin(suite, words);
      try {
        await page.goto('/acct/report/costbillView');
        const screen = page.getByTestId('crud-costbill');
        await screen.getByTestId('toolbar-add').click();
        const drawer = page.locator('.bl-record-drawer');
        // The number is drawn by the server: the form says so and asks nothing.
        const number = drawer.locator('#costBillNo');
        await number.waitFor();
        await drawer.locator(`#costBillNo[placeholder="${words.automatic}"]`).waitFor();
        expect(await number.inputValue()).toBe('');
        // Choosing the owner fills the owner's name.
        await pickRef(page, drawer.locator('#customerCode'), words.owner, words.ownerName);
        await expect.poll(() => drawer.locator('#customerName').inputValue()).toBe(words.ownerName);
        // Owner and period chosen, the lines saving will make show before saving.
        const preview = drawer.getByTestId('cost-bill-preview');
        await preview.getByRole('heading', { name: words.previewTitle }).waitFor();
        await typeDate(drawer.locator('#costDate'), '2026-04-01');
        await typeDate(drawer.locator('#costDateEnd'), '2026-04-30');
        await preview.getByTestId('cost-bill-preview-total').filter({ hasText: words.total }).waitFor();
        const previewLines = preview.locator('tr.ant-table-row');
        expect(await previewLines.count()).toBe(2);
        await previewLines.filter({ hasText: words.storage }).first().waitFor();
        // The line editor shows the few columns a finance user reads first, the rest behind more.
        const editor = drawer.getByTestId('lines-details');
        const shown = await columnTitles(editor);
        expect(shown).toEqual([...words.lineColumns]);
        await editor.getByTestId('lines-more').filter({ hasText: words.more }).waitFor();
        await screenshot(page, `costbill-form-${language}`);
        await editor.scrollIntoViewIfNeeded();
        await screenshot(page, `costbill-form-lines-${language}`);

        const saved = await succeeded(page, 'POST', '/costbill/submit', async () => {
          await drawer.getByRole('button', { name: words.save }).click();
        });
        const bill = saved.data as { costBillNo: string; customerName: string };
        expect(bill.costBillNo).toMatch(new RegExp(`^FYZD${stamp}\\d{4}$`));
        expect(bill.customerName).toBe(words.ownerName);
        await drawer.waitFor({ state: 'detached' });

        // The view: drawn number, the owner's name, the lines made, the few columns first.
        const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: bill.costBillNo });
        await row.getByTestId('row-view').click();
        const view = page.locator('.bl-view-drawer');
        await view.getByText(words.ownerName).first().waitFor();
        const lines = view.getByTestId('view-lines-costbilldetail');
        await lines.locator('tr.ant-table-row').filter({ hasText: words.storage }).first().waitFor();
        expect(await lines.locator('tr.ant-table-row').count()).toBe(2);
        expect((await columnTitles(lines)).slice(0, words.lineColumns.length)).toEqual([
          ...words.lineColumns,
        ]);
        await lines.getByTestId('view-lines-more').waitFor();
        await screenshot(page, `costbill-view-${language}`);

        // Saved again through its form (a discount), the storage line that names no material
        // does not stop it.
        await view.getByTestId('view-edit').click();
        const edit = page.locator('.bl-record-drawer');
        await edit.locator('#discountAmount').fill('1');
        const resaved = await succeeded(page, 'POST', '/costbill/submit', async () => {
          await edit.getByRole('button', { name: words.save }).click();
        });
        expect((resaved.data as { amount: string }).amount).toBe('34.00');
      } finally {
        await context.close();
      }
    });
  }
});
