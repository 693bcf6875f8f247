/**
 * Transport in the browser (issue 17, docs/adr/0025-transport-flow.md), in Chinese: a shipped
 * outbound bill becomes a consignment order through "From outbound bill" on the orders' list,
 * which is dispatched, made into a consignment note, loaded onto a departure, received,
 * reviewed and signed for in the sign dialog (signer and per-line quantities, a refusal with
 * its reason), each step from its own screen's toolbar; the monitor, the linked documents, the
 * prints (the driver's departure sheet among them) and the from-outbound dialog are then shown
 * in zh, mo and en.
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
    sign: '请填写签收人、手机、身份证号和签收时间',
    fromOutbound: '从出库单生成',
    monitor: '运输监控',
    delivered: '已签收',
    links: '关联单据',
  },
  mo: {
    languageName: '繁體中文',
    heading: '帳號登入',
    fromOutbound: '從出庫單生成',
    monitor: '運輸監控',
    delivered: '已簽收',
    links: '關聯單據',
  },
  en: {
    languageName: 'English',
    heading: 'Sign in',
    fromOutbound: 'From outbound bill',
    monitor: 'Transport monitor',
    delivered: 'Delivered',
    links: 'Linked documents',
  },
} as const;

let suite: Suite;
let api: Awaited<ReturnType<typeof adminApi>>;
let orderId = '';
let orderNo = '';
/** The consignment note and the delivery bill the story made, printed in every language. */
let noteId = '';
let deliveryId = '';
let departureId = '';

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
  expect(outbound.billNo).toBe('T-OUT-1');
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

/** Picks the option holding `text` in the open select (a reference typed into, or a list). */
async function pickOption(page: Page, text: string) {
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first();
  await option.waitFor();
  await option.click();
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
    // The order quotes a shipped outbound bill, picked on the orders' list.
    await page.goto('/consignmentOrderbill/consignmentOrderbillDispatch');
    await page.getByTestId('toolbar-fromOutbound').click();
    const from = page.locator('.bl-from-outbound');
    await from.getByTestId('outbound-pick').click();
    await pickOption(page, 'T-OUT-1');
    await from.getByText('TM').first().waitFor();
    await from.locator('#consigneeCustomer').click();
    await from.locator('#consigneeCustomer').fill('TR');
    await pickOption(page, '陈小姐');
    await from.locator('#unloadingAddress').fill('澳门新马路 8 号');
    await screenshot(page, 'transport-from-outbound-zh');
    const made0 = await succeeded(page, 'POST', '/consignmentbill/fromOutbound?', async () => {
      await from.getByRole('button', { name: spacedOut(zh.ok) }).click();
    });
    orderId = String((made0.data as { id: string }).id);
    const order = await detail('consignmentbill', orderId);
    orderNo = String(order.billNo);
    expect(order).toMatchObject({
      sourceBillNo: 'T-OUT-1',
      freight: '320.00',
      state: '0',
      consigneeCustomer: 'TR',
    });
    // The clerk names the vehicle on the order.
    await api.call('POST', '/api/bl-tms/consignmentbill/submit', {
      ...order,
      carNo: '粤C88888',
      driverCode: 'TD',
      lineCode: 'TL',
    });

    await page.reload();
    await act(page, 'consignmentbill', orderNo, 'dispatch', zh.dispatch);
    await screenshot(page, 'transport-orders-zh');
    const made = await act(page, 'consignmentbill', orderNo, 'makeNote', zh.makeNote);
    const [note] = (made.data as { notes: { id: string; billNo: string }[] }).notes;
    expect((await detail('consignmentbill', orderId)).state).toBe('2');

    await page.goto('/consignmentBill/consignmentBillLoading');
    const loaded = await actWithQuantities(page, 'consignmentbill', String(note?.billNo), 'load', zh.load);
    const departure = loaded.data as { id: string; billNo: string };
    departureId = departure.id;
    expect((await detail('consignmentbill', String(note?.id))).state).toBe('4');

    await page.goto('/loadingBill/loadingBillEdit');
    const arrived = await actWithQuantities(page, 'loadingbill', departure.billNo, 'arrive', zh.arrive);
    await screenshot(page, 'transport-departures-zh');
    const [arrival] = (arrived.data as { arrivals: { id: string; billNo: string }[] }).arrivals;

    await page.goto('/arrivalBill/arrivalBillEdit');
    await act(page, 'arrivalbill', String(arrival?.billNo), 'review', zh.review);
    const delivering = await act(page, 'arrivalbill', String(arrival?.billNo), 'deliver', zh.deliver);
    const [delivery] = (delivering.data as { deliveries: { id: string; billNo: string }[] }).deliveries;
    // The sign dialog takes the signer and what is signed for: 7 of the 8, the last one refused.
    await page.goto('/deliveryBill/deliveryBillEdit');
    const row = page
      .locator('[data-testid="crud-deliverybill"] .ant-table-tbody tr.ant-table-row')
      .filter({ hasText: String(delivery?.billNo) });
    await row.first().waitFor();
    await row.first().locator('.ant-checkbox-input').check();
    await page.getByTestId('toolbar-sign').click();
    const dialog = page.locator('.bl-quantities').filter({ hasText: zh.sign });
    await dialog.getByTestId('quantity-1').waitFor();
    await dialog.locator('#signName').fill('陈小姐');
    await dialog.locator('#signPhone').fill('13800138000');
    await dialog.locator('#signIdCard').fill('11010519491231002');
    await dialog.getByTestId('quantity-1').fill('7');
    await dialog.getByTestId('reason-1').fill('外箱破损');
    // A wrong identity card is refused in the form, before anything is sent.
    await dialog.getByRole('button', { name: spacedOut(zh.ok) }).click();
    await dialog.locator('.ant-form-item-explain-error').filter({ hasText: '身份证号' }).first().waitFor();
    await dialog.locator('#signIdCard').fill('11010519491231002X');
    await screenshot(page, 'transport-sign-dialog-zh');
    await succeeded(page, 'POST', '/deliverybill/sign?', async () => {
      await dialog.getByRole('button', { name: spacedOut(zh.ok) }).click();
    });
    expect(await detail('deliverybill', String(delivery?.id))).toMatchObject({
      state: '1',
      signName: '陈小姐',
      signIdCard: '11010519491231002X',
      totalQty: '7.0000',
      // 7 of 8 pieces: 350 kg × 0.8.
      freight: '280.00',
      refuseReason: '外箱破损',
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
      // The driver's departure sheet: the stop with its consignee, address and signature line.
      await page.goto(`/print/loadingbill?ids=${departureId}&paper=driver`);
      await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
      const stop = page.getByTestId('sheet-stop-1');
      await stop.getByText('澳门新马路 8 号').waitFor();
      await stop.getByText('13800138000').waitFor();
      await screenshot(page, `transport-driver-sheet-${language}`);
      // The from-outbound dialog on the orders' list, in the language.
      await page.goto('/consignmentOrderbill/consignmentOrderbillDispatch');
      await page.getByTestId('toolbar-fromOutbound').click();
      await page.locator('.bl-from-outbound').getByText(own.fromOutbound).first().waitFor();
      await screenshot(page, `transport-from-outbound-${language}`);
      await context.close();
      context = undefined;
    },
    120_000,
  );
});
