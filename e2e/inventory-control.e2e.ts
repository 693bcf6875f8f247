/**
 * Inventory control as an operator runs it (issue 15), in Chinese, in one browser session:
 * goods are received, part of them transferred to another place, a place is counted and the
 * difference posted, a loss written off, stock moved to another owner and the rest shipped in a
 * wave (two outbound bills, one pick list, one picking confirmation); each step's bill is
 * reviewed on its own screen with its toolbar action. At the end the stock report
 * shows what the ledger holds: every balance equals the sum of its stream rows.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  confirmDialog,
  type Suite,
  screenshot,
  signInAsAdmin,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

/** What the operator reads, written independently of the app. */
const zh = {
  languageName: '简体中文',
  heading: '账号登录',
  ok: '确定',
  reviewConfirm: '确定审核选择的单据？审核后库存将过账。',
  snapshotConfirm: '按盘点范围从库存生成盘点明细？已有明细将被替换。',
  waveConfirm: '将选择的出库单组成一个波次一起拣货？',
  printPickConfirm: '打印选择的波次的拣货单？波次将进入拣货中。',
  pickConfirm: '确认选择的波次已拣货？波次中的出库单将审核并过账。',
  picked: '已拣数量',
  completed: '已完成',
};

type Api = Awaited<ReturnType<typeof adminApi>>;
type Row = Record<string, unknown>;

/** Where each bill's list lives (spec 01 routes). */
const screens: Record<string, string> = {
  isinstockbill: '/warehousingManagement/isinstockbillForm',
  warehousetransferbill: '/otherBill/warehousetransferbillForm',
  wmstockcheckbill: '/inWarehouseManagement/wmstockcheckbill',
  inventorylossbill: '/inWarehouseManagement/inventorylossbillForm',
  diversecustomertransferbill: '/otherBill/diversecustomertransferbillForm',
  osoutstockbill: '/outWarehouseManagement/osoutstockbillForm',
  billwaves: '/outWarehouseManagement/billwaves',
};

async function seed(api: Api) {
  await api.submit('unit', { code: 'PCS', name: '件', rate: '1' });
  await api.submit('material', { code: 'IC-M1', name: '螺丝 M6', spec: 'S', model: 'X', unitCode: 'PCS' });
  for (const code of ['IC-C1', 'IC-C2'])
    await api.submit('customer', { code, name: `货主 ${code}`, customerStatus: '1' });
  await api.submit('warehouse', { code: 'IC-W1', name: '盘点仓' });
  await api.submit('warehousearea', { code: 'IC-A1', name: 'A 区', warehouseCode: 'IC-W1' });
  for (const code of ['IC-P1', 'IC-P2', 'IC-P3'])
    await api.submit('warehouseplace', {
      code,
      name: `库位 ${code}`,
      warehouseAreaCode: 'IC-A1',
      placeStatus: '1',
    });
}

/** Opens a bill's list and ticks the rows of the named bills. */
async function tick(page: Page, entity: string, billNos: string[]) {
  await page.goto(screens[entity] as string);
  for (const billNo of billNos) {
    const row = page
      .locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`)
      .filter({ hasText: billNo });
    // A loaded machine may take a while to open the first list after signing in.
    await row.first().waitFor({ timeout: 60_000 });
    const box = row.first().locator('.ant-checkbox-input');
    if (!(await box.isChecked())) await box.check();
  }
}

/** Opens a bill's list, ticks its rows and runs a toolbar action behind its confirmation. */
async function act(page: Page, entity: string, billNo: string | string[], action: string, confirm: string) {
  await tick(page, entity, typeof billNo === 'string' ? [billNo] : billNo);
  await succeeded(page, 'POST', `/${entity}/${action}?`, async () => {
    await page.getByTestId(`toolbar-${action}`).click();
    await confirmDialog(page, confirm, zh.ok);
  });
}

describe.skipIf(!browserAvailable)('inventory control story', () => {
  let suite: Suite | undefined;
  let context: BrowserContext | undefined;
  let api: Api;

  beforeAll(async () => {
    suite = await startSuite();
    api = await adminApi(suite.server.baseUrl);
    await seed(api);
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it('receives, transfers, counts, writes off, changes owner and ships, and the report matches the ledger (zh)', async () => {
    if (!suite) throw new Error('the suite did not start');
    const signedIn = await signInAsAdmin(suite, zh);
    context = signedIn.context;
    const page = signedIn.page;
    const line = { materialCode: 'IC-M1', batchNo: 'L1', unitCode: 'PCS' };

    // 1. Twenty pieces arrive at P1.
    const inbound = await api.submit('isinstockbill', {
      billNo: 'IC-IN-1',
      billDate: '2026-11-20',
      customerCode: 'IC-C1',
      warehouseCode: 'IC-W1',
      type: '1',
      isReview: '1',
      details: [{ lineNumber: 1, ...line, warehousePlaceCode: 'IC-P1', qty: '20' }],
    });
    await act(page, 'isinstockbill', String(inbound.billNo), 'review', zh.reviewConfirm);

    // 2. Eight of them move to P2.
    const transfer = await api.submit('warehousetransferbill', {
      billNo: 'IC-TR-1',
      billDate: '2026-11-21',
      customerCode: 'IC-C1',
      details: [
        { lineNumber: 1, ...line, warehousePlaceCode: 'IC-P1', targetWarehousePlaceCode: 'IC-P2', qty: '8' },
      ],
    });
    await act(page, 'warehousetransferbill', String(transfer.billNo), 'review', zh.reviewConfirm);
    await screenshot(page, 'inventory-transfer-reviewed-zh');

    // 3. P2 is counted: seven found where the book says eight.
    const count = await api.submit('wmstockcheckbill', {
      billNo: 'IC-CHK-1',
      billDate: '2026-11-22',
      checkType: '1',
      warehouseCode: 'IC-W1',
      customerCode: 'IC-C1',
      placeFrom: 'IC-P2',
      placeTo: 'IC-P2',
    });
    await act(page, 'wmstockcheckbill', String(count.billNo), 'snapshot', zh.snapshotConfirm);
    const sheet = await api.call('GET', `/api/bl-wms/wmstockcheckbill/detail?id=${count.id}`);
    const [counted] = sheet.details as Row[];
    expect(counted).toMatchObject({ warehousePlaceCode: 'IC-P2', bookQty: '8.0000' });
    await api.submit('wmstockcheckbilldetail', { ...counted, qty: '7' });
    await act(page, 'wmstockcheckbill', String(count.billNo), 'review', zh.reviewConfirm);
    await screenshot(page, 'inventory-count-reviewed-zh');

    // 4. Two pieces at P1 are written off as damaged.
    const loss = await api.submit('inventorylossbill', {
      billNo: 'IC-LOSS-1',
      billDate: '2026-11-23',
      customerCode: 'IC-C1',
      lossType: '1',
      lossReason: '叉车碰损',
      details: [{ lineNumber: 1, ...line, warehousePlaceCode: 'IC-P1', qty: '2' }],
    });
    await act(page, 'inventorylossbill', String(loss.billNo), 'review', zh.reviewConfirm);

    // 5. Three pieces at P1 now belong to owner C2, where they lie.
    const owner = await api.submit('diversecustomertransferbill', {
      billNo: 'IC-DC-1',
      billDate: '2026-11-24',
      customerCode: 'IC-C1',
      targetCustomerCode: 'IC-C2',
      details: [{ lineNumber: 1, ...line, warehousePlaceCode: 'IC-P1', qty: '3' }],
    });
    await act(page, 'diversecustomertransferbill', String(owner.billNo), 'review', zh.reviewConfirm);

    // 6. Owner C1 ships five from P1 on two outbound bills, picked together in one wave.
    const outbound: string[] = [];
    for (const [index, qty] of ['3', '2'].entries()) {
      const bill = await api.submit('osoutstockbill', {
        billNo: `IC-OUT-${index + 1}`,
        billDate: '2026-11-25',
        customerCode: 'IC-C1',
        warehouseCode: 'IC-W1',
        outTransferType: '1',
        isReview: '1',
        details: [{ lineNumber: 1, ...line, warehousePlaceCode: 'IC-P1', qty }],
      });
      outbound.push(String(bill.billNo));
    }
    await act(page, 'osoutstockbill', outbound, 'makeWave', zh.waveConfirm);
    const waves = (await api.call('GET', '/api/bl-wms/billwaves/list?size=10')) as { records: Row[] };
    const wave = waves.records[0] as Row;
    expect(wave).toMatchObject({ billCount: 2, wavesStatus: '1' });
    const waveNo = String(wave.billNo);
    // One pick list for the wave, printed from its screen.
    await tick(page, 'billwaves', [waveNo]);
    const [pickList] = await Promise.all([
      page.context().waitForEvent('page'),
      (async () => {
        await page.getByTestId('toolbar-printPick').click();
        await confirmDialog(page, zh.printPickConfirm, zh.ok);
      })(),
    ]);
    await pickList.waitForURL('**/print/billwaves?ids=*');
    const printed = pickList.getByTestId('print-page');
    await printed.getByRole('columnheader', { name: zh.picked }).waitFor();
    await printed.getByText('IC-OUT-2').first().waitFor();
    await screenshot(pickList, 'inventory-wave-pick-list-zh');
    await pickList.close();
    // Picked in full: confirming the picking posts both outbound bills.
    await act(page, 'billwaves', waveNo, 'pick', zh.pickConfirm);
    await page
      .locator('[data-testid="crud-billwaves"] tr.ant-table-row')
      .filter({ hasText: waveNo })
      .filter({ hasText: zh.completed })
      .waitFor();
    await screenshot(page, 'inventory-wave-picked-zh');
    for (const billNo of outbound) {
      const found = (await api.call('GET', `/api/bl-wms/osoutstockbill/list?billNo=${billNo}`)) as {
        records: Row[];
      };
      expect(found.records[0]).toMatchObject({ streamStatus: '1', waveNo });
    }

    // The book: C1 holds 20 − 8 − 2 − 3 − 5 = 2 at P1 and 7 at P2; C2 holds 3 at P1.
    const stock = (await api.call('GET', '/api/bl-wms/stock/list?size=100&materialCode=IC-M1')) as {
      records: Row[];
    };
    const held = Object.fromEntries(
      stock.records
        .filter((r) => Number(r.qty) !== 0)
        .map((r) => [`${r.customerCode}@${r.warehousePlaceCode}`, Number(r.qty)]),
    );
    expect(held).toEqual({ 'IC-C1@IC-P1': 2, 'IC-C1@IC-P2': 7, 'IC-C2@IC-P1': 3 });
    // Every balance is the sum of its stream rows.
    const stream = (await api.call('GET', '/api/bl-wms/stockstream/list?size=200&materialCode=IC-M1')) as {
      records: Row[];
    };
    const sums: Record<string, number> = {};
    for (const r of stream.records) {
      const key = `${r.customerCode}@${r.warehousePlaceCode}`;
      sums[key] = (sums[key] ?? 0) + Number(r.qty);
    }
    for (const [key, qty] of Object.entries(held)) expect(sums[key], key).toBe(qty);

    // The stock report shows the same book on screen.
    await page.goto('/reportManagement/stockByDetailsView');
    const report = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'IC-P2' });
    await report.first().waitFor();
    expect(await report.first().textContent()).toContain('7');
    // Names next to codes (issue 14, point 4): the owner's and the material's.
    await report.first().getByText('IC-M1 螺丝 M6').waitFor();
    await report.first().getByText('IC-C1 货主 IC-C1').waitFor();
    await screenshot(page, 'inventory-report-zh');
  }, 300_000);
});
