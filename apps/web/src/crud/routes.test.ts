import { specMenuPaths } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { describe, expect, it } from 'vitest';
import { routeScreen as screenAt } from './overrides.ts';
import { deferredRoutes, resolveSpecRoute, specRoutes, viewRouteOf } from './routes.ts';

/** The real catalogue's screens: entities that are not detail lines. */
const screens = new Set(entities.filter((entity) => !entity.parent).map((entity) => entity.name));
const hasScreen = (name: string) => screens.has(name);
const resolve = (path: string, search = '') => resolveSpecRoute(path, search, hasScreen);

describe('resolveSpecRoute', () => {
  it('opens a bill form route as the list with the add drawer', () => {
    expect(resolve('/warehousingManagement/isinstockbillForm')).toEqual({
      entity: 'isinstockbill',
      mode: 'add',
    });
    expect(resolve('/warehousingManagement/orderIsinstockbillForm')?.entity).toBe('orderisinstockbill');
    expect(resolve('/outWarehouseManagement/osoutstockbillForm')?.entity).toBe('osoutstockbill');
    expect(resolve('/outWarehouseManagement/orderOsoutstockbillForm')?.entity).toBe('orderosoutstockbill');
    expect(resolve('/outWarehouseManagement/stocksortingbillForm')?.entity).toBe('stocksortingbill');
    expect(resolve('/loadHandle/loadbillForm')?.mode).toBe('add');
    expect(resolve('/secondaryProcessing/secproductiveFormAdd')).toEqual({
      entity: 'secproductive',
      mode: 'add',
    });
  });

  it('ignores an id on add and list routes', () => {
    expect(resolve('/warehousingManagement/isinstockbillForm', '?id=42')).toEqual({
      entity: 'isinstockbill',
      mode: 'add',
    });
    expect(resolve('/otherBill/temporarypackagebill', '?id=42')).toEqual({
      entity: 'temporarypackagebill',
      mode: 'list',
    });
  });

  it('opens edit and view routes on the record of ?id=, else on the list', () => {
    expect(resolve('/warehousingManagement/isinstockbillFormEdit', '?id=42')).toEqual({
      entity: 'isinstockbill',
      mode: 'edit',
      id: '42',
    });
    expect(resolve('/otherBill/ladingbillFormView', '?id=7&tab=1')).toEqual({
      entity: 'ladingbill',
      mode: 'view',
      id: '7',
    });
    expect(resolve('/warehousingManagement/isinstockbillFormEdit')).toEqual({
      entity: 'isinstockbill',
      mode: 'list',
    });
    expect(resolve('/basicData/lgagreementView', '?id=')).toEqual({ entity: 'lgagreement', mode: 'list' });
    expect(resolve('/secondaryProcessing/secproductiveFormEditIn', '?id=3')?.mode).toBe('edit');
  });

  it('leaves the stock reports to their bespoke screens', () => {
    for (const view of [
      'stockByWarehouseAreaView',
      'stockpageshow2',
      'stockByDetailsView',
      'stockDetailView',
      'stockByCustomerBatchNoView',
      'stockDetailViewShow',
      'stockStreamDetailView',
    ]) {
      expect(resolve(`/reportManagement/${view}`)).toBeUndefined();
      expect(screenAt(`/reportManagement/${view}`)).toBeDefined();
    }
  });

  it('opens the other reports on the records they read', () => {
    expect(resolve('/reportManagement/empCostMonthDetailView')?.entity).toBe('employeecost');
    expect(resolve('/reportManagement/costLadingView')?.entity).toBe('ladingbill');
  });

  it('opens the billing reports on the records they read, narrowed to their work type', () => {
    expect(resolve('/acct/report/costbillView')).toEqual({ entity: 'costbill', mode: 'list' });
    expect(resolve('/acct/report/costbillDayAcctSum')).toEqual({ entity: 'costdetail', mode: 'list' });
    expect(resolve('/acct/report/costbilldeatilIn')).toEqual({
      entity: 'costdetail',
      mode: 'list',
      filter: { workType: '1' },
    });
    expect(resolve('/acct/report/yearsmonthinDetail')?.entity).toBe('monthbegininv');
    expect(resolve('/acct/lcr/costbilldeatilOut')).toEqual({
      entity: 'costviewreport',
      mode: 'list',
      filter: { workType: '2' },
    });
    expect(resolve('/acct/lcr/costbillZaFeYunshu')?.filter).toEqual({ workType: '6' });
    expect(resolve('/acct/lcr/costbillZaFeZhuangxie')?.filter).toEqual({ workType: '4' });
    // The material reports are report screens of their own (sums in SQL, issue 30).
    expect(resolve('/acct/lcr/ylmatReportDetail')).toBeUndefined();
    expect(screenAt('/acct/lcr/ylmatReportDetail')).toBeDefined();
    expect(screenAt('/acct/lcr/packmatReport')).toBeDefined();
  });

  it('opens the configuration routes on their entities', () => {
    expect(resolve('/strategyManagement/strategyManagementView')).toEqual({
      entity: 'customstrategy',
      mode: 'list',
    });
    expect(resolve('/develop/pagecolumn')).toEqual({ entity: 'pathextracolumn', mode: 'list' });
  });

  it('opens routes of a line entity on its header, and areas the entity is not in', () => {
    expect(resolve('/basicrecipientaddress/basicrecipientaddressView')).toEqual({
      entity: 'basicrecipient',
      mode: 'list',
    });
    // The conversion bills live under In-warehouse in the catalogue; the spec lists them under Other bills.
    expect(resolve('/otherBill/temporarypackagebill')).toEqual({
      entity: 'temporarypackagebill',
      mode: 'list',
    });
  });

  it('narrows consignment routes to their kind and presets it', () => {
    expect(resolve('/consignmentOrderbill/consignmentOrderbillAdd')).toEqual({
      entity: 'consignmentbill',
      mode: 'add',
      filter: { billType: '1' },
    });
    expect(resolve('/consignmentBill/consignmentBillView', '?id=9')).toEqual({
      entity: 'consignmentbill',
      mode: 'view',
      id: '9',
      filter: { billType: '2' },
    });
  });

  it('accepts the /index a leaf route gets and a trailing slash', () => {
    expect(resolve('/warehousingManagement/isinstockbillForm/index')?.entity).toBe('isinstockbill');
    expect(resolve('/warehousingManagement/isinstockbillForm/')?.entity).toBe('isinstockbill');
  });

  it('leaves deferred screens, unknown paths and missing entities to the menu page', () => {
    for (const path of Object.keys(deferredRoutes)) expect(resolve(path), path).toBeUndefined();
    expect(resolve('/no/such/page')).toBeUndefined();
    expect(resolve('/toString')).toBeUndefined();
    expect(resolve('/constructor')).toBeUndefined();
    expect(resolveSpecRoute('/warehousingManagement/isinstockbillForm', '', () => false)).toBeUndefined();
  });

  it('names only entities of the catalogue that have a screen', () => {
    for (const [path, route] of Object.entries(specRoutes)) {
      expect(screens.has(route.entity), `${path} → ${route.entity}`).toBe(true);
      expect(Object.keys(deferredRoutes)).not.toContain(path);
    }
  });
});

/**
 * Every path of spec 01 §2, as the spec lists them (`:name` for a path parameter). Each one
 * is a fixed route of the shell, opens an entity screen or a bespoke one, or is deferred with the work it
 * belongs to: none falls through to "not found".
 */
const specPaths = [
  ...['/login', '/lock', '/404', '/403', '/500', '/', '/myiframe/:routerPath'],
  ...['/wel/index', '/wel/dashboard', '/test/index', '/info/index'],
  '/task/process/leave/form/:processDefinitionId',
  '/task/process/leave/handle/:taskId/:processInstanceId/:businessId',
  '/task/process/leave/detail/:processInstanceId/:businessId',
  ...['/develop/pagecolumn', '/develop/testFun', '/definition/designer'],
  ...['/flowable/work/start', '/flowable/work/detail', '/tool/build/index'],
  ...['orderIsinstockbill', 'isinstockbill'].flatMap((bill) =>
    ['Form', 'FormEdit', 'FormView'].map((form) => `/warehousingManagement/${bill}${form}`),
  ),
  '/warehousingManagement/stockBatchForm',
  ...['inventorylossbill', 'secondaryprocess'].flatMap((bill) =>
    ['Form', 'FormEdit', 'FormView'].map((form) => `/inWarehouseManagement/${bill}${form}`),
  ),
  ...[
    'adjustpricebill',
    'warehousetransferbill',
    'handlingbill',
    'packagewarehousebill',
    'valueaddservicebill',
    'packagetemporarybill',
    'temporarypackagebill',
    'ladingbill',
    'diversecustomertransferbill',
  ].flatMap((bill) => ['Form', 'FormEdit', 'FormView'].map((form) => `/otherBill/${bill}${form}`)),
  '/otherBill/temporarypackagebill',
  ...['Form', 'FormEdit', 'FormView', 'FormShow', 'TimeEdit'].map((form) => `/loadHandle/loadbill${form}`),
  ...['orderOsoutstockbill', 'osoutstockbill', 'stocksortingbill'].flatMap((bill) =>
    ['Form', 'FormEdit', 'FormView'].map((form) => `/outWarehouseManagement/${bill}${form}`),
  ),
  ...[
    'stockByWarehouseAreaView',
    'stockpageshow2',
    'stockByCustomerBatchNoView',
    'stockByDetailsView',
    'empCostMonthDetailView',
    'stockDetailView',
    'stockDetailViewShow',
    'stockStreamDetailView',
    'costLadingView',
  ].map((view) => `/reportManagement/${view}`),
  ...['lgagreement', 'materialPackSpecRelation'].flatMap((page) =>
    ['View', 'Edit', 'Add'].map((mode) => `/basicData/${page}${mode}`),
  ),
  '/barcode/inprintPrint',
  '/strategyManagement/strategyManagementView',
  '/voucher/voucherbillView',
  '/basicrecipientaddress/basicrecipientaddressView',
  ...[
    'secbombillFormEdit',
    'secproductiveFormAdd',
    'secproductiveFormEditOut',
    'secproductiveFormEditIn',
  ].map((page) => `/secondaryProcessing/${page}`),
  '/secondaryProcessing/batchForm',
  '/acct/costbillView',
  ...[
    'costbillView',
    'costbillDayAcctSum',
    'costbilldeatilSum',
    'costbilldeatilIn',
    'costbilldeatilOut',
    'yearsmonthinDetail',
  ].map((report) => `/acct/report/${report}`),
  ...[
    'costbilldeatilSum',
    'costbilldeatilIn',
    'costbilldeatilOut',
    'costbillZaFeIn',
    'costbillZaFeOut',
    'costbillZaFeYunshu',
    'costbillZaFeZhuangxie',
    'inOutSideBoardDetail',
    'ylmatReportDetail',
    'ylmatReportDayWare',
    'packmatReport',
    'importmatReport',
    'ylmatReportbillSum',
  ].map((report) => `/acct/lcr/${report}`),
  ...['Add', 'View', 'Edit', 'Dispatch'].map((page) => `/consignmentOrderbill/consignmentOrderbill${page}`),
  ...['Add', 'View', 'Edit', 'Loading'].map((page) => `/consignmentBill/consignmentBill${page}`),
  '/loadingBill/loadingBillEdit',
  '/arrivalBill/arrivalBillEdit',
  '/deliveryBill/deliveryBillEdit',
  '/dispatchBill/dispatchBillView',
  '/openYsy/index',
];

/** The routes router.tsx gives a page of its own (outside the generic entity screens). */
const shellRoutes = new Set([
  ...['/login', '/lock', '/404', '/403', '/500', '/', '/myiframe/:routerPath'],
  ...['/wel/index', '/wel/dashboard', '/test/index', '/info/index'],
]);

describe('spec 01 §2 routes', () => {
  it('are where the menu entries of their entities lead', () => {
    for (const [entity, path] of Object.entries(specMenuPaths)) {
      expect(screens.has(entity), entity).toBe(true);
      expect(resolve(path)?.entity, path).toBe(entity);
      expect(specPaths, path).toContain(path);
    }
  });

  it('are each a shell route, an entity screen, or deferred with the work they belong to', () => {
    expect(specPaths.length).toBeGreaterThan(130);
    const orphans = specPaths.filter(
      (path) =>
        !shellRoutes.has(path) && !resolve(path) && !screenAt(path) && !Object.hasOwn(deferredRoutes, path),
    );
    expect(orphans).toEqual([]);
    for (const [path, work] of Object.entries(deferredRoutes)) {
      expect(specPaths, path).toContain(path);
      expect(work, path).toMatch(/^(issue \d+|[a-z ]+.*\(issue to be filed\))/);
    }
  });

  it('opens the loading screens of the dock for their routes, with or without a bill', () => {
    const has = () => true;
    expect(resolveSpecRoute('/loadHandle/loadbillFormShow', '', has)).toEqual({
      entity: 'loadbill',
      mode: 'view',
      screen: 'loadingTask',
    });
    expect(resolveSpecRoute('/loadHandle/loadbillTimeEdit', '?id=5', has)).toEqual({
      entity: 'loadbill',
      mode: 'edit',
      id: '5',
      screen: 'loadingTimes',
    });
  });
});

describe("viewRouteOf (an approver's link to the bill, issue 29, 14)", () => {
  it("opens the spec view route, else the list screen with the record's view, never a line", () => {
    expect(viewRouteOf({ name: 'isinstockbill', area: 'warehousingManagement' }, '12')).toBe(
      '/warehousingManagement/isinstockbillFormView?id=12',
    );
    const monthbill = entities.find((e) => e.name === 'monthbill');
    expect(monthbill).toBeDefined();
    expect(Object.values(specRoutes).some((r) => r.entity === 'monthbill' && r.mode === 'view')).toBe(false);
    expect(viewRouteOf({ name: 'monthbill', area: monthbill?.area ?? 'acct' }, '7')).toBe(
      `/${monthbill?.area}/monthbill?view=7`,
    );
    expect(
      viewRouteOf(
        { name: 'isinstockbilldetail', area: 'warehousingManagement', parent: 'isinstockbill' },
        '1',
      ),
    ).toBeUndefined();
  });
});
