/**
 * Transport in the browser (issue 17, docs/adr/0025-transport-flow.md), in Chinese: a shipped
 * outbound bill becomes a consignment order, which is dispatched, made into a consignment note,
 * loaded onto a departure, received, reviewed and signed for, each step from its own screen's
 * toolbar; the monitor and the linked documents are then shown in zh, mo and en.
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
  spacedOut,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

/** What an operator reads, written independently of the app. */
const words = {
  zh: {
    languageName: '简体中文',
    heading: '账号登录',
    ok: '确定',
    dispatch: '确定为选择的托运订单派车？',
    makeNote: '确定为选择的已派车托运订单开托运单？',
    load: '确定将选择的托运单装车？',
    arrive: '确定选择的发车单已到货？',
    review: '确定审核选择的到货单？',
    deliver: '确定为选择的到货单生成配送单？',
    sign: '确定签收选择的配送单？',
    monitor: '运输监控',
    delivered: '已签收',
    links: '关联单据',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    monitor: '運輸監控',
    delivered: '已簽收',
    links: '關聯單據',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    monitor: 'Transport monitor',
    delivered: 'Delivered',
    links: 'Linked documents',
  },
} as const;

let suite: Suite;
let api: Awaited<ReturnType<typeof adminApi>>;
let orderId = '';
/** The consignment note and the delivery bill the story made, printed in every language. */
let noteId = '';
let deliveryId = '';

async function seed() {
  api = await adminApi(suite.server.baseUrl);
  const tms = (entity: string, body: unknown) => api.call('POST', `/api/bl-tms/${entity}/submit`, body);
  await api.submit('unit', { code: 'TU', name: '件', rate: '1' });
  await api.submit('material', { code: 'TM', name: '运输物料', spec: 'S', model: 'X', unitCode: 'TU' });
  await api.submit('customer', { code: 'TC', name: '运输货主', customerStatus: '1' });
  await api.submit('warehouse', { code: 'TW', name: '运输仓' });
  await api.submit('warehousearea', { code: 'TA', name: '运输区', warehouseCode: 'TW' });
  await api.submit('warehouseplace', { code: 'TP', name: 'TP', warehouseAreaCode: 'TA', placeStatus: '1' });
  await api.submit('isinstockbill', {
    billNo: 'T-IN-1',
    billDate: '2026-03-01',
    customerCode: 'TC',
    warehouseCode: 'TW',
    type: '2',
    isReview: '0',
    details: [{ lineNumber: 1, materialCode: 'TM', batchNo: 'TB', warehousePlaceCode: 'TP', qty: '20' }],
  });
  const outbound = await api.submit('osoutstockbill', {
    billNo: 'T-OUT-1',
    billDate: '2026-03-02',
    customerCode: 'TC',
    warehouseCode: 'TW',
    outTransferType: '1',
    isReview: '0',
    details: [{ lineNumber: 1, materialCode: 'TM', batchNo: 'TB', qty: '8', qtyWeg: '400' }],
  });
  await tms('basicrecipient', {
    recipientCode: 'TR',
    recipientName: '陈小姐',
    phoneNumber: '13800138000',
    addresses: [{ address: '澳门新马路 8 号' }],
  });
  await tms('basicdriver', { driverCode: 'TD', driverName: '黄师傅' });
  await tms('basicline', { lineCode: 'TL', lineName: '珠海—澳门' });
  await tms('basiccar', {
    carNo: '粤C88888',
    approvedLoadCapacity: '5',
    length: '6',
    width: '2.4',
    height: '2.4',
  });
  await tms('basicgoodsforpay', { goodsCode: 'TM', goodsName: '运输物料', price: '0.8' });
  // The consignment order quotes the outbound bill's lines; the clerk names the vehicle.
  const order = await api.call('POST', `/api/bl-tms/consignmentbill/fromOutbound?id=${String(outbound.id)}`, {
    billNo: 'T-TY-1',
    consigneeCustomer: 'TR',
    unloadingAddress: '澳门新马路 8 号',
    carNo: '粤C88888',
    driverCode: 'TD',
    lineCode: 'TL',
  });
  orderId = String(order.id);
}

/** Ticks the list row holding `text` and runs a toolbar action behind its confirmation. */
async function act(page: Page, entity: string, text: string, action: string, confirm: string) {
  const row = page
    .locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`)
    .filter({ hasText: text });
  await row.first().waitFor();
  const box = row.first().locator('.ant-checkbox-input');
  if (!(await box.isChecked())) await box.check();
  return succeeded(page, 'POST', `/${entity}/${action}?`, async () => {
    await page.getByTestId(`toolbar-${action}`).click();
    await confirmDialog(page, confirm, words.zh.ok);
  });
}

/**
 * Runs an action that takes a quantity per line on one bill: its dialog lists the open lines,
 * each starting at what is open; `change` sets some of them first.
 */
async function actWithQuantities(
  page: Page,
  entity: string,
  text: string,
  action: string,
  confirm: string,
  change: Record<number, string> = {},
) {
  const row = page
    .locator(`[data-testid="crud-${entity}"] .ant-table-tbody tr.ant-table-row`)
    .filter({ hasText: text });
  await row.first().waitFor();
  const box = row.first().locator('.ant-checkbox-input');
  if (!(await box.isChecked())) await box.check();
  return succeeded(page, 'POST', `/${entity}/${action}?`, async () => {
    await page.getByTestId(`toolbar-${action}`).click();
    const dialog = page.locator('.bl-quantities').filter({ hasText: confirm });
    await dialog.getByTestId('quantity-1').waitFor();
    for (const [line, qty] of Object.entries(change)) await dialog.getByTestId(`quantity-${line}`).fill(qty);
    await dialog.getByRole('button', { name: spacedOut(words.zh.ok) }).click();
  });
}

const detail = (entity: string, id: string) => api.call('GET', `/api/bl-tms/${entity}/detail?id=${id}`);

describe.skipIf(!browserAvailable)('transport in the browser', () => {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    suite = await startSuite();
    await seed();
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await stopSuite(suite);
  });

  it('takes an outbound bill to a signed delivery, one screen per step (zh)', async () => {
    const zh = words.zh;
    ({ context } = await signInAsAdmin(suite, zh));
    // The machine is shared: lists may take longer than the harness's 20 s to answer.
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const order = await detail('consignmentbill', orderId);
    expect(order).toMatchObject({ sourceBillNo: 'T-OUT-1', freight: '320.00', state: '0' });

    await page.goto('/consignmentOrderbill/consignmentOrderbillDispatch');
    await act(page, 'consignmentbill', 'T-TY-1', 'dispatch', zh.dispatch);
    await screenshot(page, 'transport-orders-zh');
    const made = await act(page, 'consignmentbill', 'T-TY-1', 'makeNote', zh.makeNote);
    const [note] = (made.data as { notes: { id: string; billNo: string }[] }).notes;
    expect((await detail('consignmentbill', orderId)).state).toBe('2');

    await page.goto('/consignmentBill/consignmentBillLoading');
    const loaded = await actWithQuantities(page, 'consignmentbill', String(note?.billNo), 'load', zh.load);
    const departure = loaded.data as { id: string; billNo: string };
    expect((await detail('consignmentbill', String(note?.id))).state).toBe('4');

    await page.goto('/loadingBill/loadingBillEdit');
    const arrived = await actWithQuantities(page, 'loadingbill', departure.billNo, 'arrive', zh.arrive);
    await screenshot(page, 'transport-departures-zh');
    const [arrival] = (arrived.data as { arrivals: { id: string; billNo: string }[] }).arrivals;

    await page.goto('/arrivalBill/arrivalBillEdit');
    await act(page, 'arrivalbill', String(arrival?.billNo), 'review', zh.review);
    const delivering = await act(page, 'arrivalbill', String(arrival?.billNo), 'deliver', zh.deliver);
    const [delivery] = (delivering.data as { deliveries: { id: string; billNo: string }[] }).deliveries;
    // The signer's details are entered on the delivery bill, then it is signed from the list.
    const bill = await detail('deliverybill', String(delivery?.id));
    await api.call('POST', '/api/bl-tms/deliverybill/submit', {
      ...bill,
      signName: '陈小姐',
      signPhone: '13800138000',
      signIdCard: '11010519491231002X',
    });
    await page.goto('/deliveryBill/deliveryBillEdit');
    await act(page, 'deliverybill', String(delivery?.billNo), 'sign', zh.sign);
    expect(await detail('deliverybill', String(delivery?.id))).toMatchObject({
      state: '1',
      freight: '320.00',
    });
    expect((await detail('consignmentbill', String(note?.id))).state).toBe('7');
    noteId = String(note?.id);
    deliveryId = String(delivery?.id);
    await screenshot(page, 'transport-deliveries-zh');
    await context.close();
    context = undefined;
  }, 180_000);

  it.each(['zh', 'mo', 'en'] as const)(
    'shows the monitor and the linked documents (%s)',
    async (language) => {
      const own = words[language];
      ({ context } = await signInAsAdmin(suite, own));
      context.setDefaultTimeout(60_000);
      // The browser's print dialog would wait for a person: the test counts the calls instead.
      await context.addInitScript(() => {
        const counted = window as unknown as { printed: number };
        counted.printed = 0;
        window.print = () => {
          counted.printed += 1;
        };
      });
      const page = await context.newPage();
      await page.goto('/openYsy/index');
      const monitor = page.getByTestId('transport-monitor');
      await monitor.getByText(own.monitor).first().waitFor();
      await monitor.getByText(own.delivered, { exact: true }).first().waitFor();
      await screenshot(page, `transport-monitor-${language}`);
      await page.goto(`/consignmentOrderbill/consignmentOrderbillView?id=${orderId}`);
      // The view drawer opens once the list and the record have loaded: slow on a busy machine.
      const links = page.getByTestId('transport-links');
      await links.getByText(own.links).waitFor({ timeout: 60_000 });
      await links.getByText('T-OUT-1').waitFor({ timeout: 60_000 });
      await screenshot(page, `transport-order-links-${language}`);

      // The waybill on A4 with its bar code and QR code; the delivery receipt on a 76 mm roll.
      await page.goto(`/print/consignmentbill?ids=${noteId}`);
      await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
      await page.getByTestId('print-qr').waitFor();
      await screenshot(page, `transport-waybill-a4-${language}`);
      await page.goto(`/print/deliverybill?ids=${deliveryId}&paper=receipt`);
      await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
      expect(await page.locator('.bl-doc-receipt').count()).toBe(1);
      await page.getByText('11010519491231002X').waitFor();
      await screenshot(page, `transport-delivery-receipt-${language}`);
      await context.close();
      context = undefined;
    },
    120_000,
  );
});
