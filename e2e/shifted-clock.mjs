// Loaded into the server under test (NODE_OPTIONS=--import, harness.ts `clockBehind`) by a suite
// that needs goods received in an earlier month: `new Date()` and `Date.now()` read
// E2E_CLOCK_BEHIND_DAYS days back. Dates built from a given time are left as they are.
const behindMs = Number(process.env.E2E_CLOCK_BEHIND_DAYS ?? 0) * 86_400_000;
const RealDate = globalThis.Date;

class BehindDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() - behindMs);
    else super(...args);
  }

  static now() {
    return RealDate.now() - behindMs;
  }
}

globalThis.Date = BehindDate;
