import { type BillFlowInput, verbs } from '../flow.ts';
import { label } from '../label.ts';
import { locks } from './blocks.ts';

/**
 * Review and un-review of the bills that carry a fee of their own (handling, value-added
 * service, rent): a reviewed bill is charged by the next billing run (docs/adr/0024-fee-engine.md);
 * an un-reviewed one that was charged is reversed by it. No stock moves.
 */
export const feeBillFlow: BillFlowInput<'isReview'> = {
  status: 'isReview',
  locks: [locks.reviewed()],
  actions: {
    review: {
      ...verbs.review,
      confirm: label(
        '确定审核选择的单据？审核后将在下次计费时计入费用。',
        '確定審核選擇的單據？審核後將在下次計費時計入費用。',
        'Review the selected bills? Their fees are charged by the next billing run.',
      ),
      when: { isReview: ['0', '1'] },
      refuse: 'flow.alreadyReviewed',
      sets: { isReview: '2' },
      audit: 'stamp',
    },
    unreview: {
      ...verbs.unreview,
      confirm: label(
        '确定反审核选择的单据？已计入的费用将在下次计费时冲回。',
        '確定反審核選擇的單據？已計入的費用將在下次計費時沖回。',
        'Un-review the selected bills? Fees already charged are reversed by the next billing run.',
      ),
      when: { isReview: ['2'] },
      refuse: 'flow.notReviewed',
      sets: { isReview: '1' },
      audit: 'clear',
    },
  },
};
