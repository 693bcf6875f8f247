import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  repoRoot,
  type Suite,
  screenshotDir,
  signInAsAdmin,
  startSuite,
  stopSuite,
} from './harness.ts';

/**
 * Issue 14, points 2 and 4: a 20-line bill printed from the browser as a PDF holds the
 * quantity, place and material name of every line, the owner's name beside its code, the
 * totals, the signatures and "page x of y"; the pick list of its sorting bill the same.
 * What a reader must see, per language, written independently of the app.
 */
const expected = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    inbound: '入库单',
    sorting: '分拣单',
    quantity: '数量',
    place: '库位',
    total: '合计',
    signatures: ['制单人', '审核人', '收货人'],
    page: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    inbound: 'Inbound bill',
    sorting: 'Sorting bill',
    quantity: 'Quantity',
    place: 'Location',
    total: 'Total',
    signatures: ['Prepared by', 'Checked by', 'Received by'],
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const;
type Language = keyof typeof expected;

const lineCount = 20;
const pad = (n: number) => String(n).padStart(2, '0');
/**
 * Line n: material Mnn with a long name (as real ones are: it wraps, so the bill runs onto a
 * second page), place Pnn "货架 nn", batch B2611-nn, quantity 100 + n.
 */
const lines = Array.from({ length: lineCount }, (_v, i) => {
  const n = i + 1;
  return {
    n,
    material: `M${pad(n)}`,
    name: `六角螺栓 M${pad(n)}×20 不锈钢304 全牙 DIN933 强度等级8.8级 热浸镀锌 500只/盒 华东仓专用 出口包装 适用于钢结构连接 附检验报告`,
    place: `P${pad(n)}`,
    qty: `${100 + n}`,
  };
});
const shotDir = process.env.PRINT_SHOTS ?? path.join(screenshotDir, 'prints');

let suite: Suite | undefined;
let context: BrowserContext | undefined;
let inboundId = '';
let sortingId = '';

async function seed(baseUrl: string) {
  const { call, submit } = await adminApi(baseUrl);
  await submit('unit', { code: 'PCS', name: '件', rate: '1' });
  await submit('customer', { code: 'HZ001', name: '杭州五金', customerStatus: '1' });
  await submit('warehouse', { code: 'WH01', name: '一号仓' });
  await submit('warehousearea', { code: 'A1', name: '常温区', warehouseCode: 'WH01' });
  for (const line of lines) {
    await submit('material', { code: line.material, name: line.name, unitCode: 'PCS' });
    await submit('warehouseplace', {
      code: line.place,
      name: `货架 ${pad(line.n)}`,
      warehouseAreaCode: 'A1',
      placeStatus: '1',
    });
  }
  const inbound = await submit('isinstockbill', {
    billNo: 'RK20261125001',
    billDate: '2026-11-25',
    customerCode: 'HZ001',
    warehouseCode: 'WH01',
    type: '2',
    stockType: '1',
    isReview: '0',
    remark: '月末补货，轻放',
    // Secondary columns filled in too (owner batch, weight, volume, dates): they print where they fit.
    details: lines.map((line) => ({
      lineNumber: line.n,
      materialCode: line.material,
      batchNo: `B2611-${pad(line.n)}`,
      customerBatchNo: `HZ-LOT-2026-${pad(line.n)}`,
      unitCode: 'PCS',
      qty: line.qty,
      qtyWeg: `${line.n * 2}.5`,
      volume: '0.125',
      productDate: '2026-10-01',
      validityDate: '2028-09-30',
      warehousePlaceCode: line.place,
    })),
  });
  inboundId = String(inbound.id);
  const outbound = await submit('osoutstockbill', {
    billNo: 'CK20261125001',
    billDate: '2026-11-25',
    customerCode: 'HZ001',
    warehouseCode: 'WH01',
    outTransferType: '1',
    isReview: '0',
    details: lines.map((line) => ({
      lineNumber: line.n,
      materialCode: line.material,
      batchNo: `B2611-${pad(line.n)}`,
      unitCode: 'PCS',
      qty: String(line.n),
      warehousePlaceCode: line.place,
    })),
  });
  await call('POST', `/api/bl-wms/osoutstockbill/sort?ids=${outbound.id}`, {});
  const sorting = (await call('GET', '/api/bl-wms/stocksortingbill/list?size=10')) as {
    records?: { id: string }[];
  };
  sortingId = String(sorting.records?.[0]?.id ?? '');
}

/**
 * Chromium's PDF maps some Han glyphs to their radical code points (⼈ for 人, ⻚ for 页):
 * read them back as the characters they draw.
 */
const radicals: Record<string, string> = { '⻚': '页', '⻆': '角', '⻓': '长', '⻔': '门', '⻋': '车' };
const readable = (text: string) => text.normalize('NFKC').replace(/[⺀-⻿]/g, (c) => radicals[c] ?? c);

/** Text without spaces: the PDF's text runs split words and lines anywhere. */
const compact = (text: string) => readable(text).replace(/\s+/g, '');

/** The text of each page of a PDF. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: path.join(repoRoot, 'node_modules/pdfjs-dist/standard_fonts/'),
    cMapUrl: path.join(repoRoot, 'node_modules/pdfjs-dist/cmaps/'),
    cMapPacked: true,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(readable(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')));
  }
  await document.destroy();
  return pages;
}

/** Opens the print page of a bill (the print dialog stubbed) and waits until it printed. */
async function openPrint(page: Page, entity: string, id: string) {
  await page.goto(`/print/${entity}?ids=${id}`);
  await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
  await page.emulateMedia({ media: 'print' });
}

describe.skipIf(!browserAvailable)('designed bill prints in the browser', () => {
  beforeAll(async () => {
    suite = await startSuite();
    await seed(suite.server.baseUrl);
    fs.mkdirSync(shotDir, { recursive: true });
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it.each(['zh', 'en'] as const)(
    'prints a 20-line bill and its pick list with every quantity, place and name (%s)',
    async (language: Language) => {
      if (!suite) throw new Error('the suite did not start');
      const text = expected[language];
      const signedIn = await signInAsAdmin(suite, text);
      context = signedIn.context;
      // The browser's print dialog would wait for a person: the test counts the calls instead.
      await context.addInitScript(() => {
        const counted = window as unknown as { printed: number };
        counted.printed = 0;
        window.print = () => {
          counted.printed += 1;
        };
      });
      const page = await context.newPage();

      await openPrint(page, 'isinstockbill', inboundId);
      const printed = page.getByTestId('bill-print');
      expect(await printed.locator('h1').textContent()).toBe(text.inbound);
      // The line table's header repeats on each printed page.
      expect(await printed.locator('thead').evaluate((head) => getComputedStyle(head).display)).toBe(
        'table-header-group',
      );
      expect(await page.getByTestId('print-line').count()).toBe(lineCount);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      fs.writeFileSync(path.join(shotDir, `inbound-${language}.pdf`), pdf);
      // On screen in print media: every line with its material's name, quantity and place.
      const rows = await page.getByTestId('print-line').allTextContents();
      lines.forEach((line, index) => {
        expect(rows[index]).toContain(`${line.material} ${line.name}`);
        expect(rows[index]).toContain(`B2611-${pad(line.n)}${line.qty}PCS`);
        expect(rows[index]).toContain(`${line.place} 货架 ${pad(line.n)}`);
      });
      // In the PDF: every line's material, batch, quantity, unit and place, in this order.
      const pages = await pdfPages(pdf);
      const all = pages.join('\n');
      // (The PDF's text runs split words and numbers anywhere: compared without spaces.)
      for (const line of lines)
        expect(compact(all), `line ${line.n}`).toMatch(
          new RegExp(`${line.material}.*?B2611-${pad(line.n)}${line.qty}PCS.*?${line.place}货架`),
        );
      expect(all).toContain('HZ001');
      expect(all).toContain('RK20261125001');
      expect(compact(all)).toContain('2210');
      expect(await page.getByTestId('print-total').textContent()).toContain(text.total);
      expect(await printed.textContent()).toContain('HZ001 杭州五金');
      for (const signature of text.signatures) expect(compact(all)).toContain(compact(signature));
      // 20 lines with long names run onto a second page (lines or the signatures, as the
      // language's widths fall): each page with lines repeats the table header, and every page
      // says which page of how many it is.
      const withLines = pages.filter((pageText) => /M\d\d/.test(pageText));
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(withLines.length).toBeGreaterThanOrEqual(1);
      for (const pageText of withLines) {
        expect(compact(pageText)).toContain(compact(text.quantity));
        expect(compact(pageText)).toContain(compact(text.place));
      }
      pages.forEach((pageText, index) => {
        expect(compact(pageText)).toContain(compact(text.page(index + 1, pages.length)));
      });

      // The pick list: the same print, its lines in the order of their places.
      await openPrint(page, 'stocksortingbill', sortingId);
      expect(await page.getByTestId('bill-print').locator('h1').textContent()).toBe(text.sorting);
      expect(await page.getByTestId('print-line').count()).toBe(lineCount);
      const firstCells = await page
        .getByTestId('print-line')
        .evaluateAll((found) => found.map((row) => row.children[1]?.textContent ?? ''));
      expect(firstCells).toEqual(lines.map((line) => `${line.place} 货架 ${pad(line.n)}`));
      const pickPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      fs.writeFileSync(path.join(shotDir, `picklist-${language}.pdf`), pickPdf);
      const pickPages = await pdfPages(pickPdf);
      const pick = pickPages.join('\n');
      for (const line of lines)
        expect(compact(pick), `pick line ${line.n}`).toMatch(
          new RegExp(`${line.place}货架${pad(line.n)}${line.material}.*?B2611-${pad(line.n)}${line.n}PCS`),
        );
      expect(compact(pickPages[0] ?? '')).toContain(compact(text.page(1, pickPages.length)));
      await page.close();
    },
  );
  it('shows names next to codes on the bill list, its view and the stock report, one names call per entity (zh)', async () => {
    if (!suite) throw new Error('the suite did not start');
    const signedIn = await signInAsAdmin(suite, expected.zh);
    context = signedIn.context;
    const { page } = signedIn;
    const namesCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/names')) namesCalls.push(url.pathname.split('/').at(-2) ?? '');
    });
    const calls = (entity: string) => namesCalls.filter((name) => name === entity).length;

    await page.goto('/warehousingManagement/isinstockbillForm');
    const row = page
      .locator('[data-testid="crud-isinstockbill"] .ant-table-tbody tr.ant-table-row')
      .filter({ hasText: 'RK20261125001' });
    await row.getByText('HZ001 杭州五金').waitFor();
    await row.getByText('WH01 一号仓').waitFor();
    expect(calls('customer')).toBe(1);
    expect(calls('warehouse')).toBe(1);

    // The view: 20 lines name their materials, places and unit with one call per entity.
    namesCalls.length = 0;
    await page.goto(`/warehousingManagement/isinstockbillFormView?id=${inboundId}`);
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText(`M20 ${lines[19]?.name}`).waitFor();
    await drawer.getByText('P20 货架 20').waitFor();
    expect(calls('material')).toBe(1);
    expect(calls('warehouseplace')).toBe(1);
    expect(calls('unit')).toBe(1);
    await page.screenshot({ path: path.join(shotDir, 'names-inbound-view-zh.png') });

    // The stock report: owner, material and place by name.
    await page.goto('/reportManagement/stockByDetailsView');
    const stock = page.locator('[data-testid="report-stockByDetails"] .ant-table-tbody tr.ant-table-row');
    await stock.filter({ hasText: 'P01 货架 01' }).getByText(`M01 ${lines[0]?.name}`).waitFor();
    await stock.first().getByText('HZ001 杭州五金').waitFor();
    await page.screenshot({ path: path.join(shotDir, 'names-stock-report-zh.png') });
    await page.close();
  });
  it('prints every kind of warehouse bill with quantity and place on A4 (zh)', async () => {
    if (!suite) throw new Error('the suite did not start');
    const { submit } = await adminApi(suite.server.baseUrl);
    await submit('customer', { code: 'HZ002', name: '宁波机电', customerStatus: '1' });
    await submit('warehouse', { code: 'WH02', name: '二号仓' });
    const kinds: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['isrecbill', {}, {}],
      ['orderisinstockbill', { type: '1' }, {}],
      ['orderosoutstockbill', { outTransferType: '1' }, {}],
      ['osoutstockbill', { outTransferType: '1' }, {}],
      ['checkbill', { checkType: '1' }, { checkedQty: '3', passQty: '3' }],
      ['inventorylossbill', { lossType: '1' }, {}],
      ['wmstockcheckbill', { checkType: '1' }, { bookQty: '5', customerCode: 'HZ001' }],
      ['warehousetransferbill', {}, { targetWarehousePlaceCode: 'P19' }],
      ['wmallocatebill', { targetWarehouseCode: 'WH02' }, {}],
      ['diversecustomertransferbill', { targetCustomerCode: 'HZ002' }, {}],
      ['loadbill', { carNo: '浙A·12345' }, {}],
    ];
    const signedIn = await signInAsAdmin(suite, expected.zh);
    context = signedIn.context;
    await context.addInitScript(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    const page = await context.newPage();
    for (const [entity, header, extra] of kinds) {
      const bill = await submit(entity, {
        billNo: `${entity.toUpperCase()}-1`,
        billDate: '2026-11-25',
        customerCode: 'HZ001',
        warehouseCode: 'WH01',
        ...header,
        details: lines.slice(0, 3).map((line) => ({
          lineNumber: line.n,
          materialCode: line.material,
          batchNo: `B2611-${pad(line.n)}`,
          unitCode: 'PCS',
          qty: String(line.n + 1),
          warehousePlaceCode: line.place,
          ...extra,
        })),
      });
      await openPrint(page, entity, String(bill.id));
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const file = path.join(shotDir, `${entity}-zh.pdf`);
      fs.writeFileSync(file, pdf);
      const text = compact((await pdfPages(pdf)).join('\n'));
      for (const line of lines.slice(0, 3))
        expect(text, `${entity} line ${line.n}`).toMatch(
          new RegExp(`${line.material}.*?${line.n + 1}PCS.*?${line.place}货架`),
        );
      expect(text, entity).toContain(`${entity.toUpperCase()}-1`);
    }
    await page.close();
  });
});
