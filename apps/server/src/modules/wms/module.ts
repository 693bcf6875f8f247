import { everyMinutesCron } from '../../jobs/cron.ts';
import { registerMovementClass } from '../ledger/index.ts';
import type { AppModule } from '../shared.ts';
import { bindBatchBillType, registerBindBatchRoutes } from './bind-batch.ts';
import { registerDashboardRoutes } from './dashboard.ts';
import { wmsFlowCode } from './flow-code.ts';
import { controlFlowCode, registerControlTotals } from './flow-code-control.ts';
import { receiptFlowCode } from './flow-code-receipts.ts';
import { salesFlowCode } from './flow-code-sales.ts';
import { registerStockCheckRoutes, stockCheckFlowCode } from './flow-code-stockcheck.ts';
import { waveFlowCode } from './flow-code-waves.ts';
import { registerPutawayRoutes } from './putaway.ts';
import { registerWmsRoutes } from './routes.ts';
import { registerWmsRules } from './rules.ts';
import { registerSnapshotRoutes, runMonthlySnapshots, snapshotJob, snapshotJobKind } from './snapshots.ts';
import { runStatusChange, statusChangeBillType } from './status-change.ts';
import { registerVoucherRoutes, voucherFlowCode } from './vouchers.ts';

/**
 * The warehouse: the stock ledger and every bill that moves stock (inbound, put-away, moves,
 * counts, outbound, sorting, waves, receipts), the stock status sweep and month snapshots.
 */
export const wmsModule: AppModule = {
  name: 'wms',
  seed: {
    menus: [
      {
        code: 'stockBatch',
        name: '绑定批次',
        path: '/warehousingManagement/stockBatchForm',
        area: 'warehousingManagement',
      },
      {
        code: 'loadbillShow',
        name: '装车任务显示',
        path: '/loadHandle/loadbillFormShow',
        area: 'loadHandle',
      },
      // Month-end stock snapshots (issue 20 target 6, ADR 0034): its own buttons, so granting the
      // screen is one choice in the role's menu tree; `take` writes rows, `view` and `export` read them.
      {
        code: 'stockSnapshot',
        name: '月末库存快照',
        path: '/reportManagement/stockSnapshot',
        area: 'reportManagement',
        buttons: ['view', 'take', 'export'],
      },
    ],
  },
  plug: ({ database, config, log, jobs, flowCode }) => {
    const sweepCron = everyMinutesCron(config.statusChangeIntervalMinutes);
    return {
      rules() {
        // Bills posted by this module's own code: moves inside the warehouse, never in or out.
        registerMovementClass(statusChangeBillType, 'internal');
        registerMovementClass(bindBatchBillType, 'internal');
        registerWmsRules();
        registerControlTotals();
      },
      flowCode: {
        ...wmsFlowCode,
        ...controlFlowCode,
        ...stockCheckFlowCode,
        ...salesFlowCode,
        ...waveFlowCode,
        ...receiptFlowCode,
        // Stock vouchers reverse through the source bill's own un-review, whichever module's.
        ...voucherFlowCode(flowCode),
      },
      jobs: { [snapshotJobKind]: snapshotJob(database) },
      schedules: {
        ...(sweepCron && {
          'bl-status-change': {
            cron: sweepCron,
            run: async () => {
              await runStatusChange(database, new Date(), (error, tenantId) =>
                log.error({ err: error, tenantId }, 'automatic stock status change failed'),
              );
            },
          },
        }),
        // Last month's closing stock per key, once across processes, on the 1st (UTC).
        'bl-stock-snapshot': {
          cron: '40 0 1 * *',
          run: async () => {
            await runMonthlySnapshots(database, new Date(), (error, tenantId) =>
              log.error({ err: error, tenantId }, 'monthly stock snapshot failed'),
            );
          },
        },
      },
      routes(app) {
        registerWmsRoutes(app, database);
        registerStockCheckRoutes(app, database, { uploadTimeoutMs: config.uploadTimeoutMs });
        registerDashboardRoutes(app, database);
        registerPutawayRoutes(app, database);
        registerBindBatchRoutes(app, database);
        registerSnapshotRoutes(app, database, jobs());
        registerVoucherRoutes(app, database);
      },
    };
  },
};
