import type { FlowAction } from '../flow.ts';
import { label } from '../label.ts';

/**
 * The actions of the transport flow (issue 17, docs/adr/0025-transport-flow.md), by bill. The
 * server (apps/server/src/modules/transport) does the work of each: it makes the next document
 * and moves the states; these say when an action is allowed and what the button asks.
 * Actions take an optional JSON body (car, quantities, signer…); without one they use what the
 * bill already says (the header's car and driver, every open quantity).
 */
export const transportActions = {
  consignmentbill: {
    dispatch: {
      label: label('派车', '派車', 'Dispatch'),
      confirm: label(
        '确定为选择的托运订单派车？将按单据上的车辆、司机和线路生成派车单。',
        '確定為選擇的託運訂單派車？將按單據上的車輛、司機和線路生成派車單。',
        'Dispatch the selected consignment orders? A dispatch bill is made with their vehicle, driver and route.',
      ),
      when: { billType: ['1'], state: ['0'] },
      refuse: 'transport.notDispatchable',
    },
    makeNote: {
      label: label('开托运单', '開託運單', 'Make consignment note'),
      confirm: label(
        '确定为选择的已派车托运订单开托运单？',
        '確定為選擇的已派車託運訂單開託運單？',
        'Make a consignment note for each selected dispatched order?',
      ),
      when: { billType: ['1'], state: ['1'] },
      refuse: 'transport.notNoteable',
    },
    load: {
      label: label('装车发车', '裝車發車', 'Load and depart'),
      confirm: label(
        '确定将选择的托运单装车？将生成发车单，未装完的货物留待下次发车。',
        '確定將選擇的託運單裝車？將生成發車單，未裝完的貨物留待下次發車。',
        'Load the selected consignment notes? A departure bill is made; goods not loaded wait for the next departure.',
      ),
      when: { billType: ['2'], state: ['0', '3'] },
      refuse: 'transport.notLoadable',
      quantities: { lines: 'details', key: 'qty', from: 'qty', done: 'affirmQty' },
    },
    cancel: {
      label: label('作废', '作廢', 'Cancel'),
      confirm: label(
        '确定作废选择的托运单？请先在单据上填写作废原因。',
        '確定作廢選擇的託運單？請先在單據上填寫作廢原因。',
        'Cancel the selected consignments? Fill in the cancel reason on the bill first.',
      ),
      danger: true,
      when: { state: ['0', '1'] },
      refuse: 'transport.notCancellable',
    },
  },
  loadingbill: {
    arrive: {
      label: label('到货确认', '到貨確認', 'Confirm arrival'),
      confirm: label(
        '确定选择的发车单已到货？将按清点数量生成到货单。',
        '確定選擇的發車單已到貨？將按清點數量生成到貨單。',
        'Confirm the selected departures arrived? An arrival bill is made from the counted quantities.',
      ),
      when: { state: ['1'] },
      refuse: 'transport.notArrivable',
      quantities: { lines: 'details', key: 'checkQty', from: 'qty' },
    },
  },
  arrivalbill: {
    review: {
      label: label('审核', '審核', 'Review'),
      confirm: label(
        '确定审核选择的到货单？',
        '確定審核選擇的到貨單？',
        'Review the selected arrival bills?',
      ),
      when: { state: ['0'] },
      sets: { state: '1' },
      audit: 'stamp',
    },
    unreview: {
      label: label('反审核', '反審核', 'Un-review'),
      confirm: label(
        '确定反审核选择的到货单？已开始配送的到货单不能反审核。',
        '確定反審核選擇的到貨單？已開始配送的到貨單不能反審核。',
        'Un-review the selected arrival bills? One whose delivery has started cannot be.',
      ),
      danger: true,
      when: { state: ['1'] },
      refuse: 'transport.arrivalNotReviewedYet',
      sets: { state: '0' },
      audit: 'clear',
    },
    deliver: {
      label: label('生成配送单', '生成配送單', 'Make delivery bill'),
      confirm: label(
        '确定为选择的到货单生成配送单？',
        '確定為選擇的到貨單生成配送單？',
        'Make a delivery bill for each selected arrival?',
      ),
      when: { state: ['1'] },
      refuse: 'transport.arrivalNotReviewed',
    },
  },
  deliverybill: {
    sign: {
      label: label('签收', '簽收', 'Sign off'),
      confirm: label(
        '请填写签收人、手机、身份证号和签收时间，以及每行签收数量；少签的数量填写拒收原因即为拒收，不填则留待再次配送。',
        '請填寫簽收人、手機、身份證號和簽收時間，以及每行簽收數量；少簽的數量填寫拒收原因即為拒收，不填則留待再次配送。',
        "Fill in the signer's name, mobile, ID card and time, and what is signed for on each line; with a refusal reason the rest of a line is refused, without one it waits for another delivery.",
      ),
      when: { state: ['0'] },
      refuse: 'transport.deliveryClosed',
      form: {
        fields: ['signName', 'signPhone', 'signIdCard', 'signTime'],
        required: ['signName', 'signPhone', 'signIdCard'],
      },
      quantities: {
        lines: 'details',
        key: 'qty',
        from: 'qty',
        done: 'deliveredQty',
        source: 'signLines',
        reason: 'reason',
      },
    },
    refuse: {
      label: label('拒收', '拒收', 'Refuse'),
      confirm: label(
        '确定登记拒收？请先在单据上填写拒收原因。',
        '確定登記拒收？請先在單據上填寫拒收原因。',
        'Record a refusal? Fill in the refusal reason on the bill first.',
      ),
      danger: true,
      when: { state: ['0'] },
      refuse: 'transport.deliveryClosed',
    },
  },
} satisfies Record<string, Record<string, FlowAction>>;
