import type { AppModule } from '../shared.ts';
import { seedCostTypes } from './cost-types.ts';
import { ladingFlowCode } from './lading.ts';
import { monthBillFlowCode } from './month-bills.ts';
import { billingJobKind } from './period-close.ts';
import { billingJob, registerBillingRoutes, registerBillingRules, runNightlyBilling } from './routes.ts';
import { settlementFlowCode } from './settlement.ts';

/** Owner billing: fees, cost bills, monthly bills, settlement, credit, period close (ADR 0024, 0031-0033). */
export const billingModule: AppModule = {
  name: 'billing',
  // The fee engine's cost types (ADR 0024), so that charges name a known type from day one.
  seed: { tenant: seedCostTypes },
  plug: ({ database, log, jobs }) => ({
    rules: registerBillingRules,
    flowCode: { ...settlementFlowCode, ...monthBillFlowCode, ...ladingFlowCode },
    jobs: { [billingJobKind]: billingJob(database) },
    schedules: {
      // Accrues yesterday for every owner, once across processes, shortly after midnight (UTC).
      'bl-billing-nightly': {
        cron: '20 0 * * *',
        run: async () => {
          await runNightlyBilling(database, new Date(), (error, tenantId) =>
            log.error({ err: error, tenantId }, 'nightly billing run failed'),
          );
        },
      },
    },
    routes: (app) => registerBillingRoutes(app, database, jobs()),
  }),
};
