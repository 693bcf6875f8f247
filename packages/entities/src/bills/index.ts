import type { EntityDefinition } from '../define.ts';
import { adjustpricebill, adjustpricebilldetail } from './adjustpricebill.ts';
import { baccount, baccountdetail } from './baccount.ts';
import { billwaves, billwavesdetail } from './billwaves.ts';
import { checkbill, checkbilldetail } from './checkbill.ts';
import {
  diversecustomertransferbill,
  diversecustomertransferbilldetail,
} from './diversecustomertransferbill.ts';
import { handlingbill, handlingbilldetail } from './handlingbill.ts';
import { inprint } from './inprint.ts';
import { inventorylossbill, inventorylossbilldetail } from './inventorylossbill.ts';
import { isinstockbill, isinstockbilldetail } from './isinstockbill.ts';
import { ispurchaseapplybill, ispurchaseapplybilldetail } from './ispurchaseapplybill.ts';
import { isrecbill, isrecbilldetail } from './isrecbill.ts';
import { ladingbill, ladingbilldetail } from './ladingbill.ts';
import { loadbill, loadbilldetail } from './loadbill.ts';
import { mailbill, mailbilldetail } from './mailbill.ts';
import { monthbill, monthbilldetail } from './monthbill.ts';
import { orderisinstockbill, orderisinstockbilldetail } from './orderisinstockbill.ts';
import { orderosoutstockbill, orderosoutstockbilldetail } from './orderosoutstockbill.ts';
import { osbomapplybill, osbomapplybilldetail } from './osbomapplybill.ts';
import { osnoticedeliverybill, osnoticedeliverybilldetail } from './osnoticedeliverybill.ts';
import { osoutstockbill, osoutstockbilldetail } from './osoutstockbill.ts';
import { ossobill, ossobilldetail } from './ossobill.ts';
import { packagetemporarybill, packagetemporarybilldetail } from './packagetemporarybill.ts';
import { packagewarehousebill } from './packagewarehousebill.ts';
import { rentwarehousebill } from './rentwarehousebill.ts';
import { secondaryprocess, secondaryprocessfinished, secondaryprocesspull } from './secondaryprocess.ts';
import { stock } from './stock.ts';
import { stocksortingbill, stocksortingbilldetail } from './stocksortingbill.ts';
import { stockstream } from './stockstream.ts';
import { temporarypackagebill, temporarypackagebilldetail } from './temporarypackagebill.ts';
import { valueaddservicebill, valueaddservicebilldetail } from './valueaddservicebill.ts';
import { voucherbill, voucheritem } from './voucherbill.ts';
import { warehousetransferbill, warehousetransferbilldetail } from './warehousetransferbill.ts';
import { wmallocatebill, wmallocatebilldetail } from './wmallocatebill.ts';
import { wmstockcheckbill, wmstockcheckbilldetail } from './wmstockcheckbill.ts';

/**
 * Warehouse bills, stock and vouchers (spec 02 §3.5), in menu order: by area as areas.ts
 * orders them, then as each area's screens are listed. Line entities follow their header.
 */
export const billEntities: EntityDefinition[] = [
  // warehousingManagement
  orderisinstockbill,
  orderisinstockbilldetail,
  isinstockbill,
  isinstockbilldetail,
  inprint,
  isrecbill,
  isrecbilldetail,
  ispurchaseapplybill,
  ispurchaseapplybilldetail,
  checkbill,
  checkbilldetail,
  // outWarehouseManagement
  orderosoutstockbill,
  orderosoutstockbilldetail,
  osoutstockbill,
  osoutstockbilldetail,
  stocksortingbill,
  stocksortingbilldetail,
  osnoticedeliverybill,
  osnoticedeliverybilldetail,
  ossobill,
  ossobilldetail,
  osbomapplybill,
  osbomapplybilldetail,
  billwaves,
  billwavesdetail,
  // inWarehouseManagement
  inventorylossbill,
  inventorylossbilldetail,
  wmstockcheckbill,
  wmstockcheckbilldetail,
  wmallocatebill,
  wmallocatebilldetail,
  warehousetransferbill,
  warehousetransferbilldetail,
  diversecustomertransferbill,
  diversecustomertransferbilldetail,
  packagetemporarybill,
  packagetemporarybilldetail,
  temporarypackagebill,
  temporarypackagebilldetail,
  secondaryprocess,
  secondaryprocesspull,
  secondaryprocessfinished,
  // otherBill
  adjustpricebill,
  adjustpricebilldetail,
  handlingbill,
  handlingbilldetail,
  packagewarehousebill,
  rentwarehousebill,
  valueaddservicebill,
  valueaddservicebilldetail,
  ladingbill,
  ladingbilldetail,
  mailbill,
  mailbilldetail,
  baccount,
  baccountdetail,
  monthbill,
  monthbilldetail,
  voucherbill,
  voucheritem,
  // loadHandle
  loadbill,
  loadbilldetail,
  // reportManagement (read-only ledgers, written by postings)
  stock,
  stockstream,
];
