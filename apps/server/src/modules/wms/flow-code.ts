import type { FlowCode, FlowContext } from '../flow/index.ts';
import { billLines } from '../ledger/index.ts';
import { type BillFlow, inbound, outbound, refuseSorted } from './bills.ts';
import { outboundWaveCode } from './flow-code-waves.ts';
import { loadingEffects, loadOutbound, receiveNotices, refuseOnLoading, sortOutbound } from './flows.ts';
import {
  checkReservations,
  countQuotes,
  inboundReservation,
  outboundReservation,
  refuseQuoted,
} from './reservations.ts';

/**
 * What the warehouse bills do beyond their flow declarations (docs/adr/0016-bill-flows.md):
 * the checks and effects the engine runs around their postings and states, and the actions
 * that make other documents.
 */

/** A posting counts its quoted quantities into the reservation lines; a reversal takes them off. */
const quoteCounters = (flow: BillFlow) => ({
  review: {
    effect: (ctx: FlowContext) => countQuotes(ctx.tx, flow.name, ctx.auth, ctx.posted, 1),
  },
  unreview: {
    effect: async (ctx: FlowContext) =>
      countQuotes(ctx.tx, flow.name, ctx.auth, await billLines(ctx.tx, ctx.entity, ctx.auth, ctx.bills), -1),
  },
});

export const wmsFlowCode: FlowCode = {
  isinstockbill: quoteCounters(inbound),
  osoutstockbill: {
    review: {
      // A bill in a live wave is reviewed by its wave's picking (docs/adr/0023).
      check: outboundWaveCode.refuseInWave,
      effect: quoteCounters(outbound).review.effect,
    },
    unreview: {
      // An outbound bill on a live sorting bill is being handled: its stock cannot come back.
      check: async (ctx) => {
        await outboundWaveCode.refuseInWave(ctx);
        await refuseSorted(ctx.tx, ctx.auth, ctx.bills);
      },
      effect: quoteCounters(outbound).unreview.effect,
    },
    makeWave: outboundWaveCode.makeWave,
    sort: { run: async (ctx) => ({ sorted: await sortOutbound(ctx.tx, ctx.auth, ctx.bills, ctx.language) }) },
    load: { run: (ctx) => loadOutbound(ctx.tx, ctx.auth, ctx.bills, ctx.language, ctx.form) },
  },
  orderisinstockbill: {
    review: { check: (ctx) => checkReservations(ctx.tx, inboundReservation, ctx.auth, ctx.bills) },
    unreview: { check: (ctx) => refuseQuoted(ctx.tx, inboundReservation, ctx.auth, ctx.bills) },
  },
  orderosoutstockbill: {
    review: { check: (ctx) => checkReservations(ctx.tx, outboundReservation, ctx.auth, ctx.bills) },
    unreview: { check: (ctx) => refuseQuoted(ctx.tx, outboundReservation, ctx.auth, ctx.bills) },
  },
  stocksortingbill: {
    // Who scanned and who checked: the review's form (the flow engine refuses without them).
    unreview: { check: (ctx) => refuseOnLoading(ctx.tx, ctx.auth, ctx.bills) },
  },
  loadbill: {
    review: { effect: (ctx) => loadingEffects(ctx.tx, ctx.auth, ctx.bills, true) },
    unreview: { effect: (ctx) => loadingEffects(ctx.tx, ctx.auth, ctx.bills, false) },
  },
  osnoticedeliverybill: {
    receive: {
      run: async (ctx) => ({
        reservations: await receiveNotices(ctx.tx, ctx.auth, ctx.bills, ctx.language, false),
      }),
    },
    receiveAdvance: {
      run: async (ctx) => ({
        reservations: await receiveNotices(ctx.tx, ctx.auth, ctx.bills, ctx.language, true),
      }),
    },
  },
};
