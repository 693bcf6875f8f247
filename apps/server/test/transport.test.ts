import { entityByName } from '@bl/entities/registry';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type Line = Record<string, unknown>;

const path = (entity: string) => entityByName.get(entity)?.path as string;
/** A valid resident identity card number (its check digit is X). */
const idCard = '11010519491231002X';

describe.each(testDrivers())('transport flow on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;

  const submit = (entity: string, payload: Line, language = 'en') =>
    api.call('POST', `${path(entity)}/submit`, { payload, language });
  const must = async (entity: string, payload: Line) => {
    const answer = await submit(entity, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const act = (entity: string, action: string, ids: string[], input?: Line, language = 'en') =>
    api.call('POST', `${path(entity)}/${action}`, {
      query: { ids: ids.join(',') },
      payload: input ?? {},
      language,
    });
  const ok = async (entity: string, action: string, ids: string[], input?: Line) => {
    const answer = await act(entity, action, ids, input);
    if (!answer.success) throw new Error(`${entity}/${action}: ${answer.msg}`);
    return answer.data as Record<string, unknown>;
  };
  const refused = async (entity: string, action: string, ids: string[], input?: Line, language = 'en') => {
    const answer = await act(entity, action, ids, input, language);
    expect(answer.success).toBe(false);
    return answer.msg;
  };
  const detail = async (entity: string, id: string) =>
    (await api.call('GET', `${path(entity)}/detail`, { query: { id } })).data as Row & { details?: Row[] };
  const byNo = async (entity: string, billNo: string) => {
    const answer = await api.call('GET', `${path(entity)}/list`, {
      query: { billNo, current: '1', size: '10' },
    });
    const records = (answer.data as { records: Row[] }).records.filter((r) => r.billNo === billNo);
    expect(records).toHaveLength(1);
    return detail(entity, (records[0] as Row).id);
  };
  const consignment = (billType: string, lines: Line[], extra: Line = {}) =>
    must('consignmentbill', {
      billNo: nextBillNo(billType === '1' ? 'TO' : 'TN'),
      billType,
      shipperCustomer: 'C1',
      consigneeCustomer: 'R1',
      chargingType: '2',
      paymentType: '1',
      ...extra,
      details: lines.map((line, i) => ({ lineNumber: i + 1, unitCode: 'PCS', ...line })),
    });

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    await must('basicrecipient', {
      recipientCode: 'R1',
      recipientName: '张三',
      phoneNumber: '13800138000',
      addresses: [{ address: '澳门新马路 1 号' }],
    });
    await must('basicdriver', { driverCode: 'D1', driverName: '李四' });
    await must('basicline', { lineCode: 'L1', lineName: '广州—澳门' });
    // A 2 t truck with a 4 × 2 × 2 m box, and a small van.
    await must('basiccar', {
      carNo: '粤A12345',
      approvedLoadCapacity: '2',
      length: '4',
      width: '2',
      height: '2',
    });
    await must('basiccar', { carNo: '粤B00001', approvedLoadCapacity: '0.5' });
    await must('basicgoodsforpay', { goodsCode: 'M1', goodsName: '物料 M1', price: '1.5' });
    await must('basicgoodsforpay', { goodsCode: 'M2', goodsName: '物料 M2', price: '2' });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('computes freight on save by weight from the price list (kg, tonnes converted), by piece and by volume', async () => {
    // 100 kg × 1.5 + 0.2 t (200 kg) × 2 = 550.
    const byWeight = await consignment('2', [
      { materialCode: 'M1', qty: '10', qtyWeg: '100' },
      { materialCode: 'M2', qty: '5', weg: '0.2' },
    ]);
    expect(byWeight).toMatchObject({
      freight: '550.00',
      totalQty: '15.0000',
      totalWeg: '300.0000',
      state: '0',
    });
    // A line's own rate wins over the price list: 100 kg × 0.333 = 33.3.
    const ownRate = await consignment('2', [{ materialCode: 'M1', qty: '1', qtyWeg: '100', price: '0.333' }]);
    expect(ownRate.freight).toBe('33.30');
    const byPiece = await consignment('2', [{ materialCode: 'M1', qty: '12', price: '3.25' }], {
      chargingType: '1',
    });
    expect(byPiece.freight).toBe('39.00');
    const byVolume = await consignment('2', [{ materialCode: 'M3', qty: '2', volume: '1.5', price: '80' }], {
      chargingType: '3',
    });
    expect(byVolume.freight).toBe('120.00');
    // Editing the lines computes it again.
    const stored = await detail('consignmentbill', byPiece.id);
    const edited = await must('consignmentbill', {
      ...stored,
      details: [{ ...(stored.details?.[0] as Row), qty: '20' }],
    });
    expect(edited.freight).toBe('65.00');
  });

  it('dispatches an order after checking the vehicle, makes the note, and refuses what the states forbid', async () => {
    const order = await consignment('1', [{ materialCode: 'M1', qty: '10', qtyWeg: '600', volume: '3' }]);
    expect(await refused('consignmentbill', 'dispatch', [order.id])).toContain(
      'choose the vehicle and the driver',
    );
    expect(
      await refused('consignmentbill', 'dispatch', [order.id], { carNo: '粤B00001', driverCode: 'D1' }),
    ).toBe('Vehicle 粤B00001 is rated for 0.5 t; the goods weigh 0.6 t, more than it may carry');
    expect(
      await refused('consignmentbill', 'dispatch', [order.id], { carNo: 'NOPE', driverCode: 'D1' }),
    ).toBe('There is no vehicle NOPE');
    const big = await consignment('1', [{ materialCode: 'M1', qty: '1', volume: '20' }]);
    expect(
      await refused('consignmentbill', 'dispatch', [big.id], { carNo: '粤A12345', driverCode: 'D1' }),
    ).toContain('holds 16 m³; the goods take 20 m³');
    const long = await consignment('1', [{ materialCode: 'M1', qty: '1', volumeLength: '5' }]);
    expect(
      await refused('consignmentbill', 'dispatch', [long.id], { carNo: '粤A12345', driverCode: 'D1' }),
    ).toContain('Material M1 measures 5×0×0 m');

    const dispatched = await ok('consignmentbill', 'dispatch', [order.id], {
      carNo: '粤A12345',
      driverCode: 'D1',
      lineCode: 'L1',
    });
    const [dispatch] = dispatched.dispatches as { id: string; billNo: string }[];
    const dispatchBill = await detail('dispatch', dispatch?.id as string);
    expect(dispatchBill).toMatchObject({
      carNo: '粤A12345',
      driverCode: 'D1',
      lineCode: 'L1',
      applyCode: order.billNo,
    });
    expect(dispatchBill.details?.[0]).toMatchObject({
      materialCode: 'M1',
      qty: '10.0000',
      applyCode: order.billNo,
    });
    const after = await detail('consignmentbill', order.id);
    expect(after).toMatchObject({ state: '1', carNo: '粤A12345', lineCode: 'L1' });
    expect(after.dispatchTime).toBeTruthy();
    // Dispatched: not editable, not dispatched twice, not loaded as an order.
    expect(
      (await submit('consignmentbill', { id: order.id, version: after.version, billRemark: 'x' })).success,
    ).toBe(false);
    expect(await refused('consignmentbill', 'dispatch', [order.id])).toBe(
      `${order.billNo} is not a new consignment order; it cannot be dispatched`,
    );
    expect(await refused('consignmentbill', 'load', [order.id])).toContain(
      'is not a consignment note waiting to load',
    );
    expect(await refused('consignmentbill', 'dispatch', [order.id], {}, 'zh')).toBe(
      `${order.billNo} 不是新建的托运订单，不能派车`,
    );

    const made = await ok('consignmentbill', 'makeNote', [order.id]);
    const [note] = made.notes as { id: string; billNo: string }[];
    const noteBill = await detail('consignmentbill', note?.id as string);
    expect(noteBill).toMatchObject({
      billType: '2',
      state: '0',
      sourceBillNo: order.billNo,
      carNo: '粤A12345',
      freight: '900.00',
    });
    expect(noteBill.details?.[0]).toMatchObject({ applyCode: order.billNo, qty: '10.0000' });
    expect((await detail('consignmentbill', order.id)).state).toBe('2');
    expect(await refused('consignmentbill', 'makeNote', [order.id])).toContain(
      'is not a dispatched consignment order',
    );
    expect(await refused('consignmentbill', 'cancel', [order.id], { reason: 'x' })).toContain(
      'cannot be cancelled',
    );

    const links = await api.call('GET', '/api/bl-tms/transport/links', {
      query: { entity: 'consignmentbill', billNo: String(order.billNo) },
    });
    expect((links.data as { after: { entity: string }[] }).after.map((l) => l.entity).sort()).toEqual([
      'consignmentbill',
      'dispatch',
    ]);
  });

  it('loads in part, keeps the rest open for the next departure, arrives with differences, delivers in part then fully', async () => {
    const note = await consignment(
      '2',
      [
        { materialCode: 'M1', qty: '10', qtyWeg: '100' },
        { materialCode: 'M2', qty: '4', qtyWeg: '40' },
      ],
      { carNo: '粤A12345', driverCode: 'D1', lineCode: 'L1' },
    );
    expect(note.freight).toBe('230.00');
    const lines = (await detail('consignmentbill', note.id)).details as Row[];
    const [m1] = lines as [Row];
    expect(await refused('consignmentbill', 'load', [note.id], { lines: [{ id: m1.id, qty: '11' }] })).toBe(
      `Consignment note ${note.billNo} line 1 (material M1): 11 to load is more than the 10 not yet loaded`,
    );
    expect(await refused('consignmentbill', 'load', [note.id], { lines: [{ id: '1', qty: '1' }] })).toBe(
      'Line 1 is not a line of the selected bills',
    );
    expect(
      await refused('consignmentbill', 'load', [note.id], { lines: [{ id: m1.id, qty: '-1' }] }),
    ).toContain('must be a number of at least 0');
    // First departure: 4 of M1 only (40 kg × 1.5 = 60).
    const first = await ok('consignmentbill', 'load', [note.id], { lines: [{ id: m1.id, qty: '4' }] });
    expect(first).toMatchObject({ loaded: '4.0000', freight: '60.0000' });
    const departure1 = await detail('loadingbill', String(first.id));
    expect(departure1).toMatchObject({ state: '1', carNo: '粤A12345', freight: '60.00', totalQty: '4.0000' });
    expect(departure1.details).toHaveLength(1);
    expect(departure1.details?.[0]).toMatchObject({
      qty: '4.0000',
      qtyWeg: '40.0000',
      applyCode: note.billNo,
    });
    let stored = await detail('consignmentbill', note.id);
    expect(stored.state).toBe('3');
    expect((stored.details as Row[]).map((l) => l.affirmQty)).toEqual(['4.0000', null]);
    expect(await refused('consignmentbill', 'cancel', [note.id], { reason: 'x' })).toContain(
      'once loaded, goods come back only by a return',
    );
    // Second departure takes what is open: 6 of M1 and 4 of M2.
    const second = await ok('consignmentbill', 'load', [note.id]);
    const departure2 = await detail('loadingbill', String(second.id));
    expect((departure2.details as Row[]).map((l) => l.qty)).toEqual(['6.0000', '4.0000']);
    expect(departure2.freight).toBe('170.00');
    stored = await detail('consignmentbill', note.id);
    expect(stored.state).toBe('4');
    expect(await refused('consignmentbill', 'load', [note.id])).toContain(
      'is not a consignment note waiting to load',
    );

    // Arrival of the first departure, 3 counted of 4: the note waits for the second.
    const line1 = (departure1.details as Row[])[0] as Row;
    const arrived1 = await ok('loadingbill', 'arrive', [String(first.id)], {
      arrivalType: '2',
      lines: [{ id: line1.id, checkQty: '3' }],
    });
    const [arrival1] = arrived1.arrivals as { id: string; billNo: string }[];
    const counted = await detail('loadingbill', String(first.id));
    expect(counted.state).toBe('2');
    expect(counted.details?.[0]).toMatchObject({
      checkQty: '3.0000',
      diffQty: '-1.0000',
      arrivalBillNo: arrival1?.billNo,
    });
    expect(await detail('arrivalbill', arrival1?.id as string)).toMatchObject({
      billType: '2',
      state: '0',
      applyCode: first.billNo,
    });
    expect((await detail('consignmentbill', note.id)).state).toBe('4');
    expect(await refused('loadingbill', 'arrive', [String(first.id)])).toBe(
      `Departure ${first.billNo} has already arrived`,
    );
    const arrived2 = await ok('loadingbill', 'arrive', [String(second.id)]);
    const [arrival2] = arrived2.arrivals as { id: string; billNo: string }[];
    expect((await detail('consignmentbill', note.id)).state).toBe('5');

    // Delivery of the second arrival: not before review.
    expect(await refused('arrivalbill', 'deliver', [arrival2?.id as string])).toContain('is not reviewed');
    await ok('arrivalbill', 'review', [arrival2?.id as string]);
    expect((await detail('arrivalbill', arrival2?.id as string)).auditUser).toBeTruthy();
    const delivering = await ok('arrivalbill', 'deliver', [arrival2?.id as string]);
    const [delivery] = delivering.deliveries as { id: string; billNo: string }[];
    expect(await refused('arrivalbill', 'deliver', [arrival2?.id as string])).toContain(
      'waiting to be signed',
    );
    const deliveryId = delivery?.id as string;
    // The sign-off names the signer, the mobile and a valid identity card (spec 02 §5).
    // The sign dialog's required fields: the flow engine names the field and the action.
    expect(await refused('deliverybill', 'sign', [deliveryId])).toBe(
      `Bill ${delivery?.billNo}: "Sign off" needs Signed by`,
    );
    let bill = await detail('deliverybill', deliveryId);
    await must('deliverybill', { ...bill, signName: '王五', signPhone: '13912345678' });
    expect(await refused('deliverybill', 'sign', [deliveryId])).toBe(
      `Bill ${delivery?.billNo}: "Sign off" needs Signer ID card no.`,
    );
    bill = await detail('deliverybill', deliveryId);
    const wrongDigit = await submit('deliverybill', { ...bill, signIdCard: '110105194912310021' });
    expect(wrongDigit.success).toBe(false);
    expect(wrongDigit.msg).toContain('wrong check digit');
    for (const [card, words] of [
      ['1101051949', 'is not 18 characters long'],
      ['11010519491231002A', 'has a format error'],
      ['99010519491231002X', 'has a wrong address code'],
    ] as const) {
      const answer = await submit('deliverybill', { ...bill, signIdCard: card });
      expect(answer.msg).toContain(words);
    }
    await must('deliverybill', { ...bill, signIdCard: idCard });
    // Partial: 2 of the 4 of M2 (20 kg × 2 = 40).
    const m2Line = (departure2.details as Row[]).find((l) => l.materialCode === 'M2') as Row;
    expect(
      await refused('deliverybill', 'sign', [deliveryId], { lines: [{ id: m2Line.id, qty: '5' }] }),
    ).toContain('5 signed for is more than the 4 waiting');
    await ok('deliverybill', 'sign', [deliveryId], { lines: [{ id: m2Line.id, qty: '2' }] });
    expect(await detail('deliverybill', deliveryId)).toMatchObject({
      state: '2',
      totalQty: '2.0000',
      freight: '40.00',
    });
    expect((await detail('consignmentbill', note.id)).state).toBe('6');
    expect(await refused('deliverybill', 'sign', [deliveryId])).toContain('is already signed off or refused');
    // The rest of the second arrival, then the first: the note is delivered.
    const rest = (await ok('arrivalbill', 'deliver', [arrival2?.id as string])).deliveries as {
      id: string;
    }[];
    const restBill = await detail('deliverybill', rest[0]?.id as string);
    await must('deliverybill', {
      ...restBill,
      signName: '王五',
      signPhone: '13912345678',
      signIdCard: idCard,
    });
    await ok('deliverybill', 'sign', [restBill.id]);
    expect(await detail('deliverybill', restBill.id)).toMatchObject({ state: '1', totalQty: '8.0000' });
    expect(await refused('arrivalbill', 'deliver', [arrival2?.id as string])).toContain(
      'have all been signed for',
    );
    await ok('arrivalbill', 'review', [arrival1?.id as string]);
    const last = (await ok('arrivalbill', 'deliver', [arrival1?.id as string])).deliveries as {
      id: string;
    }[];
    const lastBill = await detail('deliverybill', last[0]?.id as string);
    await must('deliverybill', {
      ...lastBill,
      billType: '3',
      signName: '王五',
      signPhone: '13912345678',
      signIdCard: idCard,
    });
    expect(await refused('deliverybill', 'sign', [lastBill.id])).toContain('choose the carrier');
    await must('basiccarrier', { carrierCode: 'K1', carrierName: '顺丰' });
    const carrier = await detail('deliverybill', lastBill.id);
    await must('deliverybill', { ...carrier, carrierCode: 'K1' });
    await ok('deliverybill', 'sign', [lastBill.id]);
    // 3 counted of the 4 loaded: delivered 3 + 6 + 4 = 13 of 14, so partly delivered.
    expect((await detail('consignmentbill', note.id)).state).toBe('6');

    const monitor = await api.call('GET', '/api/bl-tms/transport/monitor', {
      query: { billNo: String(note.billNo) },
    });
    const records = (monitor.data as { records: Row[] }).records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      state: '6',
      consigneeName: '张三',
      carNo: '粤A12345',
      driverName: '李四',
      lineName: '广州—澳门',
      late: false,
    });
  });

  it('records a refusal with its reason', async () => {
    const note = await consignment('2', [{ materialCode: 'M1', qty: '2', qtyWeg: '10' }], {
      carNo: '粤A12345',
      driverCode: 'D1',
    });
    const departure = await ok('consignmentbill', 'load', [note.id]);
    const [arrival] = (await ok('loadingbill', 'arrive', [String(departure.id)])).arrivals as {
      id: string;
    }[];
    await ok('arrivalbill', 'review', [arrival?.id as string]);
    const [delivery] = (await ok('arrivalbill', 'deliver', [arrival?.id as string])).deliveries as {
      id: string;
    }[];
    expect(await refused('deliverybill', 'refuse', [delivery?.id as string])).toContain(
      'a refusal needs a reason',
    );
    await ok('deliverybill', 'refuse', [delivery?.id as string], { reason: '包装破损' });
    expect(await detail('deliverybill', delivery?.id as string)).toMatchObject({
      state: '3',
      refuseReason: '包装破损',
    });
    expect((await detail('consignmentbill', note.id)).state).toBe('8');
  });

  it('cancels before loading with a reason, and leaves nothing when refused', async () => {
    const note = await consignment('2', [{ materialCode: 'M1', qty: '1' }]);
    expect(await refused('consignmentbill', 'cancel', [note.id])).toBe(
      `Cancelling consignment ${note.billNo} needs a reason`,
    );
    expect((await detail('consignmentbill', note.id)).state).toBe('0');
    // A reason written on the bill first is taken.
    const stored = await detail('consignmentbill', note.id);
    await must('consignmentbill', { ...stored, cancelReason: '客户取消' });
    await ok('consignmentbill', 'cancel', [note.id]);
    expect(await detail('consignmentbill', note.id)).toMatchObject({
      state: '9',
      isCancel: '1',
      cancelReason: '客户取消',
    });
    expect(await refused('consignmentbill', 'load', [note.id])).toContain(
      'is not a consignment note waiting to load',
    );
    expect(await refused('consignmentbill', 'cancel', [note.id], { reason: 'again' })).toContain(
      'cannot be cancelled',
    );
    // A dispatched order can still be cancelled.
    const order = await consignment('1', [{ materialCode: 'M1', qty: '1' }]);
    await ok('consignmentbill', 'dispatch', [order.id], { carNo: '粤A12345', driverCode: 'D1' });
    await ok('consignmentbill', 'cancel', [order.id], { reason: '改期' });
    expect((await detail('consignmentbill', order.id)).state).toBe('9');
    // Two notes, the second over the van's load: nothing is loaded.
    const light = await consignment('2', [{ materialCode: 'M1', qty: '1', qtyWeg: '100' }]);
    const heavy = await consignment('2', [{ materialCode: 'M1', qty: '1', qtyWeg: '450' }]);
    expect(
      await refused('consignmentbill', 'load', [light.id, heavy.id], { carNo: '粤B00001', driverCode: 'D1' }),
    ).toContain('rated for 0.5 t');
    expect((await detail('consignmentbill', light.id)).state).toBe('0');
    expect(((await detail('consignmentbill', light.id)).details as Row[])[0]?.affirmQty).toBeNull();
    // Together on the big truck: one departure for both notes.
    const both = await ok('consignmentbill', 'load', [light.id, heavy.id], {
      carNo: '粤A12345',
      driverCode: 'D1',
    });
    expect(((await detail('loadingbill', String(both.id))).details as Row[]).map((l) => l.applyCode)).toEqual(
      [light.billNo, heavy.billNo],
    );
  });

  it('makes a consignment order from a shipped outbound bill, quoting its lines', async () => {
    await api.submit('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'TB1', warehousePlaceCode: 'P1', qty: '10' }],
    });
    const unshipped = await api.submit('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-04-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '1',
      details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'TB1', qty: '3', qtyWeg: '30' }],
    });
    const from = (id: string, payload: Line) =>
      api.call('POST', `${path('consignmentbill')}/fromOutbound`, { query: { id }, payload, language: 'en' });
    const notShipped = await from((unshipped.data as Row).id, { consigneeCustomer: 'R1' });
    expect(notShipped.msg).toContain('has not shipped');
    const shipped = await api.submit('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-04-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'TB1', qty: '3', qtyWeg: '30' }],
    });
    expect(shipped.success).toBe(true);
    const outbound = shipped.data as Row;
    const made = await from(outbound.id, { consigneeCustomer: 'R1', unloadingAddress: '澳门新马路 1 号' });
    expect(made.success).toBe(true);
    const order = await detail('consignmentbill', (made.data as Row).id);
    expect(order).toMatchObject({
      billType: '1',
      shipperCustomer: 'C1',
      sourceBillNo: outbound.billNo,
      freight: '45.00',
      state: '0',
    });
    expect(order.details?.[0]).toMatchObject({
      materialCode: 'M1',
      qty: '3.0000',
      applyCode: outbound.billNo,
    });
    expect((await from(outbound.id, { consigneeCustomer: 'R1' })).msg).toContain('already has consignment');
    expect((await byNo('consignmentbill', String(order.billNo))).id).toBe(order.id);
  });
  it('prices by piece and by volume from the price list, exactly to the cent', async () => {
    await must('material', { code: 'M5', name: '物料 M5', unitCode: 'PCS' });
    await must('basicgoodsforpay', {
      goodsCode: 'M5',
      goodsName: '物料 M5',
      piecePrice: '2.5',
      volumePrice: '33.3333',
    });
    // No rate per kilogram on the list: a weight charge has nothing to price.
    const byWeight = await consignment('2', [{ materialCode: 'M5', qty: '3', qtyWeg: '10' }], {
      carNo: '粤A12345',
      driverCode: 'D1',
    });
    expect(byWeight.freight).toBe('0.00');
    expect(await refused('consignmentbill', 'load', [byWeight.id])).toContain(
      'line 1: material M5 has no freight price per kilogram',
    );
    // 7 pieces × 2.5 + 1.0001 piece × 2.5 = 20.00025 → 20.00.
    const byPiece = await consignment(
      '2',
      [
        { materialCode: 'M5', batchNo: 'B1', qty: '7' },
        { materialCode: 'M5', batchNo: 'B2', qty: '1.0001' },
      ],
      { chargingType: '1' },
    );
    expect(byPiece.freight).toBe('20.00');
    // 0.0015 m³ × 33.3333 = 0.04999995 → 0.05; 3 m³ × 33.3333 = 99.9999 → 100.00 (rounded once).
    const byVolume = await consignment(
      '2',
      [
        { materialCode: 'M5', batchNo: 'B1', qty: '1', volume: '0.0015' },
        { materialCode: 'M5', batchNo: 'B2', qty: '1', volume: '3' },
      ],
      { chargingType: '3' },
    );
    expect(byVolume.freight).toBe('100.05');
    // The line's own rate still wins: 2 m³ × 10.
    const own = await consignment('2', [{ materialCode: 'M5', qty: '1', volume: '2', price: '10' }], {
      chargingType: '3',
    });
    expect(own.freight).toBe('20.00');
  });

  it('prices a material by its own line, then its category and the categories above, then the default line', async () => {
    await must('category', { code: 'FR-P', name: '运价父类' });
    await must('category', { code: 'FR-C', name: '运价子类', parentCode: 'FR-P' });
    await must('material', { code: 'FM1', name: '物料 FM1', unitCode: 'PCS', categoryCode: 'FR-C' });
    await must('material', { code: 'FM2', name: '物料 FM2', unitCode: 'PCS' });
    await must('material', { code: 'FM3', name: '物料 FM3', unitCode: 'PCS', categoryCode: 'FR-C' });
    // FM3 has its own line, per kilogram only: by piece it passes on to its category's parent.
    await must('basicgoodsforpay', { goodsCode: 'FP-M3', goodsName: 'FM3', materialCode: 'FM3', price: '9' });
    await must('basicgoodsforpay', {
      goodsCode: 'FP-P',
      goodsName: '父类',
      categoryCode: 'FR-P',
      piecePrice: '3',
    });
    const byPiece = (lines: Line[]) =>
      consignment('2', lines, { chargingType: '1', carNo: '粤A12345', driverCode: 'D1' });
    // FM2 has no line, no category and there is no default yet: saved as a draft at 0.00...
    const unpriced = await byPiece([
      { materialCode: 'FM1', qty: '2' },
      { materialCode: 'FM2', qty: '5' },
    ]);
    expect(unpriced.freight).toBe('6.00');
    // ...but never charged so: loading it is refused, naming the line, in the user's language.
    const message = (language: string) =>
      act('consignmentbill', 'load', [unpriced.id], {}, language).then((answer) => answer.msg);
    expect(await message('en')).toBe(
      `Consignment ${unpriced.billNo} line 2: material FM2 has no freight price per piece; add one for the material, its category or as the default line of the freight price list`,
    );
    expect(await message('zh')).toBe(
      `托运单 ${unpriced.billNo} 第 2 行：物料 FM2 没有按件的运价，请在货物运价中按物料、物料分类或默认运价设置`,
    );
    expect(await message('mo')).toBe(
      `託運單 ${unpriced.billNo} 第 2 行：物料 FM2 沒有按件的運價，請在貨物運價中按物料、物料分類或預設運價設定`,
    );
    expect((await detail('consignmentbill', unpriced.id)).state).toBe(unpriced.state);
    // A default line prices what nothing else does; one default only, one target per line.
    await must('basicgoodsforpay', { goodsCode: 'FP-D', goodsName: '默认', isDefault: '1', piecePrice: '1' });
    const second = await submit('basicgoodsforpay', {
      goodsCode: 'FP-D2',
      goodsName: '默认2',
      isDefault: '1',
    });
    expect(second.msg).toBe('The default freight price is already 默认: there is one default line');
    const both = await submit('basicgoodsforpay', {
      goodsCode: 'FP-X',
      goodsName: '两者',
      materialCode: 'FM2',
      categoryCode: 'FR-C',
    });
    expect(both.msg).toBe(
      'A price line is for one material, one material category or the default, not several at once',
    );
    // 2 × 3 (category above) + 5 × 1 (default) + 4 × 3 (own line has no piece price) = 23.
    const priced = await byPiece([
      { materialCode: 'FM1', qty: '2' },
      { materialCode: 'FM2', qty: '5' },
      { materialCode: 'FM3', qty: '4' },
    ]);
    expect(priced.freight).toBe('23.00');
    // By weight FM3's own line wins over its category: 10 kg × 9.
    expect((await consignment('2', [{ materialCode: 'FM3', qty: '1', qtyWeg: '10' }])).freight).toBe('90.00');
  });

  it('takes back the review of an arrival exactly, until its delivery starts', async () => {
    const note = await consignment('2', [{ materialCode: 'M1', qty: '2', qtyWeg: '10' }], {
      carNo: '粤A12345',
      driverCode: 'D1',
    });
    const departure = await ok('consignmentbill', 'load', [note.id]);
    const [arrival] = (await ok('loadingbill', 'arrive', [String(departure.id)])).arrivals as {
      id: string;
      billNo: string;
    }[];
    const id = arrival?.id as string;
    const before = await detail('arrivalbill', id);
    expect(await refused('arrivalbill', 'unreview', [id])).toBe(
      `Arrival bill ${arrival?.billNo} is not reviewed; there is no review to take back`,
    );
    await ok('arrivalbill', 'review', [id]);
    expect((await detail('arrivalbill', id)).auditUser).toBeTruthy();
    await ok('arrivalbill', 'unreview', [id]);
    const after = await detail('arrivalbill', id);
    expect(after).toMatchObject({ state: '0', auditUser: null, auditTime: null });
    // Open again: editable, and the departure's counts are as they were.
    expect((await submit('arrivalbill', { ...after, billRemark: '复核' })).success).toBe(true);
    expect(((await detail('loadingbill', String(departure.id))).details as Row[])[0]).toMatchObject({
      checkQty: '2.0000',
      deliveredQty: null,
    });
    expect(before.state).toBe('0');
    await ok('arrivalbill', 'review', [id]);
    const [delivery] = (await ok('arrivalbill', 'deliver', [id])).deliveries as { billNo: string }[];
    expect(await refused('arrivalbill', 'unreview', [id], {}, 'zh')).toBe(
      `到货单 ${arrival?.billNo} 已开始配送（配送单 ${delivery?.billNo}），不能反审核`,
    );
    expect(await detail('arrivalbill', id)).toMatchObject({ state: '1' });
  });

  it('signs with the signer and the per-line quantities of the dialog, refusing the rest of a line with its reason', async () => {
    const note = await consignment(
      '2',
      [
        { materialCode: 'M1', batchNo: 'B1', qty: '10', qtyWeg: '100' },
        { materialCode: 'M2', qty: '5', qtyWeg: '50' },
        { materialCode: 'M1', batchNo: 'B2', qty: '2', qtyWeg: '20' },
      ],
      { carNo: '粤A12345', driverCode: 'D1' },
    );
    const departure = await ok('consignmentbill', 'load', [note.id]);
    const [arrival] = (await ok('loadingbill', 'arrive', [String(departure.id)])).arrivals as {
      id: string;
    }[];
    await ok('arrivalbill', 'review', [arrival?.id as string]);
    const [delivery] = (await ok('arrivalbill', 'deliver', [arrival?.id as string])).deliveries as {
      id: string;
      billNo: string;
    }[];
    const id = delivery?.id as string;
    const sheet = await api.call('GET', `${path('deliverybill')}/signLines`, { query: { id } });
    const lines = (sheet.data as { details: Row[] }).details;
    expect(lines.map((l) => [l.lineNumber, l.materialCode, l.qty, l.deliveredQty])).toEqual([
      [1, 'M1', '10.0000', '0.0000'],
      [2, 'M2', '5.0000', '0.0000'],
      [3, 'M1', '2.0000', '0.0000'],
    ]);
    const [l1, l2, l3] = lines as [Row, Row, Row];
    const signer = {
      signName: '王五',
      signPhone: '13912345678',
      signIdCard: idCard,
      signTime: '2026-05-01 10:30:00',
    };
    // The dialog's fields are read as the form reads them, in the user's language.
    expect(await refused('deliverybill', 'sign', [id], { ...signer, signPhone: '12345' }, 'zh')).toContain(
      '签收人手机',
    );
    expect(
      await refused('deliverybill', 'sign', [id], { ...signer, signIdCard: '110105194912310021' }),
    ).toContain('wrong check digit');
    // Line 1 all, line 2 three with the rest refused, line 3 one with the rest left open.
    await ok('deliverybill', 'sign', [id], {
      ...signer,
      lines: [
        { id: l1.id, qty: '10' },
        { id: l2.id, qty: '3', reason: '外箱破损' },
        { id: l3.id, qty: '1' },
      ],
    });
    const signed = await detail('deliverybill', id);
    expect(signed).toMatchObject({
      state: '2',
      signName: '王五',
      signPhone: '13912345678',
      signIdCard: idCard,
      totalQty: '14.0000',
      // (100 + 30 + 10) kg: 100 × 1.5 + 30 × 2 + 10 × 1.5.
      freight: '225.00',
      refuseReason: '外箱破损',
    });
    expect(new Date(String(signed.signTime)).getTime()).toBe(new Date('2026-05-01T10:30:00').getTime());
    const counted = (await detail('loadingbill', String(departure.id))).details as Row[];
    expect(counted.map((l) => [l.deliveredQty, l.refusedQty, l.refuseReason])).toEqual([
      ['10.0000', null, null],
      ['3.0000', '2.0000', '外箱破损'],
      ['1.0000', null, null],
    ]);
    expect((await detail('consignmentbill', note.id)).state).toBe('6');
    // The next delivery signs for the one piece left; refusing it whole closes the note as delivered.
    const [next] = (await ok('arrivalbill', 'deliver', [arrival?.id as string])).deliveries as {
      id: string;
    }[];
    const open = (
      (await api.call('GET', `${path('deliverybill')}/signLines`, { query: { id: next?.id as string } }))
        .data as { details: Row[] }
    ).details;
    expect(open.map((l) => [l.qty, l.deliveredQty])).toEqual([
      ['10.0000', '10.0000'],
      ['5.0000', '5.0000'],
      ['2.0000', '1.0000'],
    ]);
    await ok('deliverybill', 'sign', [next?.id as string], {
      ...signer,
      // The dialog sends an empty time as null: the sign-off takes now.
      signTime: null,
      lines: [{ id: l3.id, qty: '0', reason: '客户不要' }],
    });
    expect(await detail('deliverybill', next?.id as string)).toMatchObject({
      state: '3',
      totalQty: '0.0000',
      freight: '0.00',
    });
    expect((await detail('consignmentbill', note.id)).state).toBe('7');
    expect(await refused('arrivalbill', 'deliver', [arrival?.id as string])).toContain(
      'have all been signed for or refused',
    );
  });
  it("gives the driver's departure sheet: stops in loading order with consignee, address, phone and totals", async () => {
    const first = await consignment('2', [{ materialCode: 'M1', qty: '3', qtyWeg: '30', volume: '0.5' }], {
      carNo: '粤A12345',
      driverCode: 'D1',
      lineCode: 'L1',
    });
    const second = await consignment(
      '2',
      [
        { materialCode: 'M2', qty: '2', weg: '0.05', volume: '0.25' },
        { materialCode: 'M1', qty: '1', qtyWeg: '12.5' },
      ],
      { unloadingAddress: '澳门氹仔 2 号', billRemark: '到前致电' },
    );
    const departure = await ok('consignmentbill', 'load', [first.id, second.id]);
    const answer = await api.call('GET', `${path('loadingbill')}/sheet`, {
      query: { id: String(departure.id) },
    });
    expect(answer.success).toBe(true);
    const sheet = answer.data as Row & { stops: (Row & { lines: Row[] })[] };
    expect(sheet).toMatchObject({
      billNo: departure.billNo,
      carNo: '粤A12345',
      driverName: '李四',
      lineName: '广州—澳门',
      qty: '6.0000',
      kg: '92.5000',
      volume: '0.7500',
    });
    expect(
      sheet.stops.map((s) => [s.stop, s.noteNo, s.consigneeName, s.phone, s.address, s.qty, s.kg, s.volume]),
    ).toEqual([
      [1, first.billNo, '张三', '13800138000', '澳门新马路 1 号', '3.0000', '30.0000', '0.5000'],
      [2, second.billNo, '张三', '13800138000', '澳门氹仔 2 号', '3.0000', '62.5000', '0.2500'],
    ]);
    expect(sheet.stops[1]?.billRemark).toBe('到前致电');
    expect(sheet.stops[1]?.lines.map((l) => [l.materialCode, l.kg])).toEqual([
      ['M2', '50.0000'],
      ['M1', '12.5000'],
    ]);
    const missing = await api.call('GET', `${path('loadingbill')}/sheet`, { query: { id: '999999999' } });
    expect(missing.success).toBe(false);
  });
});
