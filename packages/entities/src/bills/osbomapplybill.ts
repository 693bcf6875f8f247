import { date, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  computed,
  headerTable,
  lineFields,
  lineTable,
  locks,
  relabel,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Material application lines: the components asked for, and how much has been issued. */
export const osbomapplybillDetailTable = lineTable('bl_osbomapplybilldetail', {
  issuedQty: numeric({ precision: 18, scale: 4 }),
});

export const osbomapplybilldetail = defineEntity({
  name: 'osbomapplybilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'osbomapplybill',
  label: label('BOM领料申请明细', 'BOM領料申請明細', 'Material application line'),
  table: osbomapplybillDetailTable,
  unfilled: {
    issuedQty: 'issue 31: issuing a BOM material application keeps it',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qty: relabel(lineFields.qty, label('申请数量', '申請數量', 'Requested quantity')),
    issuedQty: computed(f.decimal(label('已发数量', '已發數量', 'Issued quantity'), 4)),
  },
});

/**
 * BOM material applications (spec 02 §3.5 osbomapplybill): a request to issue the components
 * of a bill of materials from stock to processing. The BOM and the production task belong to
 * the secondary-processing area, so `bomNo` and `applyNo` are plain texts here.
 */
export const osbomapplybillTable = headerTable('bl_osbomapplybill', {
  bomNo: varchar({ length: 64 }),
  applyNo: varchar({ length: 64 }),
  applicantCode: varchar({ length: 64 }),
  needDate: date(),
  ...reviewColumns(),
  ...stateColumns(),
});

export const osbomapplybill = defineEntity({
  name: 'osbomapplybill',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('BOM领料申请单', 'BOM領料申請單', 'BOM material application'),
  table: osbomapplybillTable,
  unfilled: {
    auditUser: 'issue 31: the BOM material application has no review yet',
    auditTime: 'issue 31: the BOM material application has no review yet',
  },
  titleField: 'billNo',
  children: [billDetails(() => osbomapplybilldetail)],
  flow: { locks: [locks.reviewed(), locks.pastNew()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    bomNo: f.text(label('BOM编号', 'BOM編號', 'BOM no.'), { maxLength: 64 }),
    applyNo: f.text(label('加工任务单号', '加工任務單號', 'Production task no.'), {
      maxLength: 64,
      list: false,
    }),
    applicantCode: f.ref(label('申请人', '申請人', 'Applicant'), 'employee'),
    needDate: f.date(label('需求日期', '需求日期', 'Needed by'), { sortable: true }),
    ...reviewFields,
    ...stateFields,
  },
});
