import { type FlowAction, verbs } from '../flow.ts';

/**
 * Review and un-review of a bill that posts in one step (transfers, losses, conversions,
 * secondary processing, docs/adr/0020-stock-control-flows.md): review posts the declared
 * movements and marks the bill reviewed and posted; un-review reverses every stream row it
 * posted. `extra` adds the bill's own state fields to what each writes.
 */
export const postingActions = (
  extra: { review?: Record<string, string>; unreview?: Record<string, string> } = {},
): Record<'review' | 'unreview', FlowAction> => ({
  review: {
    ...verbs.review,
    when: { streamStatus: ['0'], isReview: ['0', '1'] },
    refuse: 'bill.alreadyPosted',
    ledger: 'post',
    sets: { isReview: '2', streamStatus: '1', ...extra.review },
    audit: 'stamp',
  },
  unreview: {
    ...verbs.unreview,
    when: { streamStatus: ['1'] },
    refuse: 'bill.notPosted',
    ledger: 'reverse',
    sets: { isReview: '1', streamStatus: '0', ...extra.unreview },
    audit: 'clear',
  },
});
