import { type ComponentType, lazy } from 'react';
import { normalizePath } from '../shell/menu.ts';
import type { CatalogueIndex } from './catalogue.ts';
import type { RouteScreen } from './routes.ts';
import type { ScreenProps } from './screen-props.ts';

/**
 * Bespoke screens that replace the generic list screen of an entity, by entity name (e.g. a
 * bill with posting and review). Loaded with the screen that needs them.
 */
export const screenOverrides: Partial<Record<string, ComponentType<ScreenProps>>> = {
  role: lazy(() => import('../system/RoleScreen.tsx').then((m) => ({ default: m.RoleScreen }))),
  user: lazy(() => import('../system/UserScreen.tsx').then((m) => ({ default: m.UserScreen }))),
  tenantpackage: lazy(() =>
    import('../system/TenantPackageScreen.tsx').then((m) => ({ default: m.TenantPackageScreen })),
  ),
  attach: lazy(() => import('../system/AttachScreen.tsx').then((m) => ({ default: m.AttachScreen }))),
  oss: lazy(() => import('../system/OssScreen.tsx').then((m) => ({ default: m.OssScreen }))),
  inprint: lazy(() => import('../labels/InprintScreen.tsx').then((m) => ({ default: m.InprintScreen }))),
  // Cost details with the billing run (ADR 0024).
  costdetail: lazy(() =>
    import('../billing/BillingRunScreen.tsx').then((m) => ({ default: m.BillingRunScreen })),
  ),
  // Cost bills with the drill-down and the owner's statement (ADR 0024).
  costbill: lazy(() => import('../billing/CostBillScreen.tsx').then((m) => ({ default: m.CostBillScreen }))),
  // Consignment orders with "From outbound bill" (issue 17, ADR 0025).
  consignmentbill: lazy(() =>
    import('../transport/ConsignmentScreen.tsx').then((m) => ({ default: m.ConsignmentScreen })),
  ),
  // Stock vouchers with the finance export of a period (ADR 0040).
  voucherbill: lazy(() => import('../stock/VoucherScreen.tsx').then((m) => ({ default: m.VoucherScreen }))),
  // Month-start stock with the month close and reopen (ADR 0031).
  monthbegininv: lazy(() =>
    import('../billing/MonthCloseScreen.tsx').then((m) => ({ default: m.MonthCloseScreen })),
  ),
  // The arrears account with the receivables ageing (ADR 0039).
  customerarrears: lazy(() =>
    import('../billing/ArrearsScreen.tsx').then((m) => ({ default: m.ArrearsScreen })),
  ),
};

/**
 * Bespoke screens by spec route (spec 01 §2), taking the route before any entity mapping of
 * routes.ts: the stock reports and the bin board (their code loads with the first of them
 * opened), bind batch (the stock list with its one balance action, ADR 0008) and the directory
 * sign-in settings (ADR 0013).
 */
const reportRoutePaths = [
  '/reportManagement/stockByWarehouseAreaView',
  '/reportManagement/stockpageshow2',
  '/reportManagement/stockByCustomerBatchNoView',
  '/reportManagement/stockByDetailsView',
  '/reportManagement/stockDetailView',
  '/reportManagement/stockDetailViewShow',
  '/reportManagement/stockStreamDetailView',
  // The material reports of billing (issue 30, ADR 0043).
  '/acct/lcr/ylmatReportDetail',
  '/acct/lcr/ylmatReportDayWare',
  '/acct/lcr/ylmatReportbillSum',
  '/acct/lcr/packmatReport',
  '/acct/lcr/importmatReport',
] as const;
export const routeScreens: Partial<Record<string, ComponentType<{ catalogue: CatalogueIndex }>>> = {
  ...Object.fromEntries(
    reportRoutePaths.map((path) => [
      path,
      lazy(() =>
        import('../reports/screens.tsx').then((m) => {
          const screen = m.reportScreens[path];
          if (!screen) throw new Error(`no report screen at ${path}`);
          return { default: screen };
        }),
      ),
    ]),
  ),
  '/warehousingManagement/stockBatchForm': lazy(() =>
    import('../stock/BindBatchScreen.tsx').then((m) => ({ default: m.BindBatchScreen })),
  ),
  // Month-end stock snapshots (issue 20 target 6, ADR 0034).
  '/reportManagement/stockSnapshot': lazy(() =>
    import('../stock/StockSnapshotScreen.tsx').then((m) => ({ default: m.StockSnapshotScreen })),
  ),
  // The transport monitor (/openYsy/index, issue 17; paths are kept without their /index).
  '/openYsy': lazy(() =>
    import('../transport/TransportMonitor.tsx').then((m) => ({ default: m.TransportMonitor })),
  ),
  // Device monitoring (issue 19, ADR 0026): the board of sensors and the alarm list.
  '/device/board': lazy(() => import('../devices/DeviceBoard.tsx').then((m) => ({ default: m.DeviceBoard }))),
  '/device/alarms': lazy(() => import('../devices/AlarmList.tsx').then((m) => ({ default: m.AlarmList }))),
  // Workflow (ADR 0027): its own chunk, bpmn-js included, loaded with the first of them opened.
  '/flowable/work/start': lazy(() =>
    import('../workflow/WorkScreens.tsx').then((m) => ({ default: m.WorkStartScreen })),
  ),
  '/flowable/work/detail': lazy(() =>
    import('../workflow/WorkScreens.tsx').then((m) => ({ default: m.WorkDetailScreen })),
  ),
  '/definition/designer': lazy(() =>
    import('../workflow/DesignerScreen.tsx').then((m) => ({ default: m.DesignerScreen })),
  ),
  // The form designer (hidden route /tool/build/index; ADR 0029).
  '/tool/build': lazy(() =>
    import('../workflow/FormDesigner.tsx').then((m) => ({ default: m.FormDesigner })),
  ),
  // Directory (LDAP / AD) sign-in settings, one form per tenant (ADR 0013).
  '/system/directory': lazy(() =>
    import('../system/DirectoryScreen.tsx').then((m) => ({ default: m.DirectoryScreen })),
  ),
};

/** Bespoke screens of routes with path parameters (spec 01 §2: the leave process). */
const patternScreens: [RegExp, ComponentType<{ catalogue: CatalogueIndex }>][] = [
  [
    /^\/task\/process\/leave\/form\/[^/]+$/,
    lazy(() => import('../workflow/WorkScreens.tsx').then((m) => ({ default: m.LeaveFormScreen }))),
  ],
  [
    /^\/task\/process\/leave\/handle\/[^/]+\/[^/]+\/[^/]+$/,
    lazy(() => import('../workflow/WorkScreens.tsx').then((m) => ({ default: m.LeaveHandleScreen }))),
  ],
  [
    /^\/task\/process\/leave\/detail\/[^/]+\/[^/]+$/,
    lazy(() => import('../workflow/WorkScreens.tsx').then((m) => ({ default: m.LeaveDetailScreen }))),
  ],
];

/** The bespoke screen of a route, if it has one. */
export function routeScreen(path: string): ComponentType<{ catalogue: CatalogueIndex }> | undefined {
  const normal = normalizePath(path);
  if (Object.hasOwn(routeScreens, normal)) return routeScreens[normal];
  return patternScreens.find(([pattern]) => pattern.test(normal))?.[1];
}

/**
 * Bespoke screens of an entity that spec routes open instead of its list (routes.ts `screen`):
 * the dock's loading screens. They get the entity and the route's record like a list screen.
 */
export const entityScreens: Record<RouteScreen, ComponentType<ScreenProps>> = {
  loadingTask: lazy(() =>
    import('../loading/LoadingScreens.tsx').then((m) => ({ default: m.LoadingTaskScreen })),
  ),
  loadingTimes: lazy(() =>
    import('../loading/LoadingScreens.tsx').then((m) => ({ default: m.LoadingTimesScreen })),
  ),
};
