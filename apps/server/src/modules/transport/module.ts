import type { AppModule } from '../shared.ts';
import { registerBranchRules } from './branches.ts';
import { registerTransportRules, transportFlowCode } from './flow-code.ts';
import { registerTransportRoutes } from './routes.ts';

/** Consignment, dispatch, loading, arrival and delivery (ADR 0025). */
export const transportModule: AppModule = {
  name: 'transport',
  seed: {
    menus: [
      // Consignment orders are the consignment entity's billType 1, on their own spec route; the
      // screen checks the consignment's buttons, which hang under the consignment entry. Orders
      // come before the notes made from them (the consignment is the first transport entity).
      {
        code: 'consignmentOrder',
        name: '托运订单',
        path: '/consignmentOrderbill/consignmentOrderbillAdd',
        area: 'transport',
        sort: 99,
      },
      // The transport monitor (spec 01 Transport: /openYsy/index), after the transport documents.
      { code: 'transportMonitor', name: '运输监控', path: '/openYsy/index', area: 'transport' },
    ],
  },
  plug: ({ database }) => ({
    rules() {
      registerTransportRules();
      registerBranchRules();
    },
    flowCode: transportFlowCode,
    routes: (app) => registerTransportRoutes(app, database),
  }),
};
