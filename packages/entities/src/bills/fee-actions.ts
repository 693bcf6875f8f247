import { type BillFlowInput, type FlowAction, verbs } from '../flow.ts';
import { type Label, label } from '../label.ts';
import { locks } from './blocks.ts';

/**
 * Review and un-review of a bill that moves no stock, on its `isReview` status, each asking its
 * own question: review from draft or "review needed" to reviewed, un-review back to "review
 * needed". `unreviewWhen` narrows un-review further (a purchase application still new);
 * `extra` adds the bill's own state fields to what each writes.
 */
export function reviewActions(
  review: Label,
  unreview: Label,
  unreviewWhen: Record<string, string[]> = {},
  extra: { review?: Record<string, string>; unreview?: Record<string, string> } = {},
): { review: FlowAction<'isReview'>; unreview: FlowAction<'isReview'> } {
  return {
    review: {
      ...verbs.review,
      confirm: review,
      when: { isReview: ['0', '1'] },
      refuse: 'flow.alreadyReviewed',
      sets: { isReview: '2', ...extra.review },
      audit: 'stamp',
    },
    unreview: {
      ...verbs.unreview,
      confirm: unreview,
      when: { isReview: ['2'], ...unreviewWhen },
      // With a guard of its own the refusal names the field that is off (flow.wrongState).
      ...(Object.keys(unreviewWhen).length === 0 && { refuse: 'flow.notReviewed' }),
      sets: { isReview: '1', ...extra.unreview },
      audit: 'clear',
    },
  };
}

/**
 * Review and un-review of the bills that carry a fee of their own (handling, value-added
 * service, rent): a reviewed bill is charged by the next billing run (docs/adr/0024-fee-engine.md);
 * an un-reviewed one that was charged is reversed by it. No stock moves.
 */
export const feeBillFlow: BillFlowInput<'isReview'> = {
  status: 'isReview',
  locks: [locks.reviewed()],
  actions: reviewActions(
    label(
      '确定审核选择的单据？审核后将在下次计费时计入费用。',
      '確定審核選擇的單據？審核後將在下次計費時計入費用。',
      'Review the selected bills? Their fees are charged by the next billing run.',
    ),
    label(
      '确定反审核选择的单据？已计入的费用将在下次计费时冲回。',
      '確定反審核選擇的單據？已計入的費用將在下次計費時沖回。',
      'Un-review the selected bills? Fees already charged are reversed by the next billing run.',
    ),
  ),
};
