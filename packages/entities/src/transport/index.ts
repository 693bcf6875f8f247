import type { EntityDefinition } from '../define.ts';
import { arrivalbill } from './arrivalbill.ts';
import { basiccar } from './basiccar.ts';
import { basiccarrier } from './basiccarrier.ts';
import { basicdept } from './basicdept.ts';
import { basicdriver } from './basicdriver.ts';
import { basicgoodsforpay } from './basicgoodsforpay.ts';
import { basicline } from './basicline.ts';
import { basicpackge } from './basicpackge.ts';
import { basicpay } from './basicpay.ts';
import { basicrecipient, basicrecipientaddress } from './basicrecipient.ts';
import { consignmentbill, consignmentbilldetail } from './consignmentbill.ts';
import { deliverybill } from './deliverybill.ts';
import { dispatch, dispatchdetail } from './dispatch.ts';
import { loadingbill, loadingbilldetail } from './loadingbill.ts';

/**
 * Transport basics and documents (spec 02 §3.7, §3.8), in menu order: the documents in the
 * order goods move (consignment, dispatch, departure, arrival, delivery), then the basics.
 */
export const transportEntities: EntityDefinition[] = [
  consignmentbill,
  consignmentbilldetail,
  dispatch,
  dispatchdetail,
  loadingbill,
  loadingbilldetail,
  arrivalbill,
  deliverybill,
  basiccar,
  basicdriver,
  basiccarrier,
  basicline,
  basicgoodsforpay,
  basicpay,
  basicpackge,
  basicrecipient,
  basicrecipientaddress,
  basicdept,
];
