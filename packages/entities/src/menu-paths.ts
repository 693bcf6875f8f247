/**
 * The menu path of each entity that has a route of its own in spec 01 §2 (docs/adr/0006): its
 * menu entry opens that route rather than `/{area}/{entity}`. A bill whose spec pages are
 * Form/FormEdit/FormView opens on its `Form` route (the list with the add drawer open, as the
 * spec's menu does); an entity whose pages are only view or edit routes opens on that route,
 * which without a record is its list. Entities not listed keep `/{area}/{entity}`.
 */
export const specMenuPaths: Readonly<Record<string, string>> = {
  orderisinstockbill: '/warehousingManagement/orderIsinstockbillForm',
  isinstockbill: '/warehousingManagement/isinstockbillForm',
  inprint: '/barcode/inprintPrint',
  orderosoutstockbill: '/outWarehouseManagement/orderOsoutstockbillForm',
  osoutstockbill: '/outWarehouseManagement/osoutstockbillForm',
  stocksortingbill: '/outWarehouseManagement/stocksortingbillForm',
  inventorylossbill: '/inWarehouseManagement/inventorylossbillForm',
  secondaryprocess: '/inWarehouseManagement/secondaryprocessForm',
  warehousetransferbill: '/otherBill/warehousetransferbillForm',
  diversecustomertransferbill: '/otherBill/diversecustomertransferbillForm',
  packagetemporarybill: '/otherBill/packagetemporarybillForm',
  temporarypackagebill: '/otherBill/temporarypackagebill',
  adjustpricebill: '/otherBill/adjustpricebillForm',
  handlingbill: '/otherBill/handlingbillForm',
  packagewarehousebill: '/otherBill/packagewarehousebillForm',
  valueaddservicebill: '/otherBill/valueaddservicebillForm',
  ladingbill: '/otherBill/ladingbillForm',
  voucherbill: '/voucher/voucherbillView',
  loadbill: '/loadHandle/loadbillForm',
  secbombill: '/secondaryProcessing/secbombillFormEdit',
  secproductive: '/secondaryProcessing/secproductiveFormAdd',
  // Consignment notes; the consignment orders (billType 1) have an entry of their own.
  consignmentbill: '/consignmentBill/consignmentBillAdd',
  loadingbill: '/loadingBill/loadingBillEdit',
  arrivalbill: '/arrivalBill/arrivalBillEdit',
  deliverybill: '/deliveryBill/deliveryBillEdit',
  dispatch: '/dispatchBill/dispatchBillView',
  basicrecipient: '/basicrecipientaddress/basicrecipientaddressView',
  costbill: '/acct/costbillView',
  costdetail: '/acct/report/costbillDayAcctSum',
  costviewreport: '/acct/lcr/costbilldeatilSum',
  monthbegininv: '/acct/report/yearsmonthinDetail',
  lgagreement: '/basicData/lgagreementView',
  packspec: '/basicData/materialPackSpecRelationView',
  customstrategy: '/strategyManagement/strategyManagementView',
  pathextracolumn: '/develop/pagecolumn',
};
