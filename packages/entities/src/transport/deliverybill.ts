import { numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { billHeaderIndexes } from '../bills/common.ts';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { transportActions } from './actions.ts';
import { billNoField, billRemarkField, carField, carNoLength, driverField, transportQty } from './common.ts';

/**
 * Delivery bills (spec 02 §3.8 deliverybill): goods of an arrival handed to the consignee, by
 * self-pickup, home delivery or an outside carrier (`carrierCode`), and signed for
 * (route /deliveryBill/deliveryBillEdit): who signed, their mobile and identity card number,
 * and when. `applyCode` is the arrival bill.
 */
export const deliverybillTable = pgTable(
  'bl_deliverybill',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    billType: varchar({ length: 8 }).notNull(),
    applyCode: varchar({ length: 64 }),
    carrierCode: varchar({ length: 64 }),
    driverCode: varchar({ length: 64 }),
    carNo: varchar({ length: carNoLength }),
    signName: varchar({ length: 64 }),
    signPhone: varchar({ length: 20 }),
    signIdCard: varchar({ length: 18 }),
    signTime: timestamp({ withTimezone: true }),
    billRemark: varchar({ length: 500 }),
    state: varchar({ length: 8 }).notNull().default('0'),
    refuseReason: varchar({ length: 255 }),
    totalQty: transportQty(),
    freight: numeric({ precision: 18, scale: 2 }),
  },
  (t) => billHeaderIndexes('bl_deliverybill', t),
);

export const deliverybill = defineEntity({
  name: 'deliverybill',
  service: 'bl-tms',
  area: 'transport',
  label: label('配送单', '配送單', 'Delivery bill'),
  table: deliverybillTable,
  titleField: 'billNo',
  flow: {
    status: 'state',
    locks: [{ field: 'state', values: ['1', '2', '3'] }],
    actions: transportActions.deliverybill,
  },
  fields: {
    state: f.dict(label('签收状态', '簽收狀態', 'Sign-off'), 'tmsDeliveryState', {
      defaultValue: '0',
      form: 'readonly',
    }),
    ...commonFields,
    billNo: billNoField(label('配送单号', '配送單號', 'Delivery no.')),
    billType: f.dict(label('交付方式', '交付方式', 'Delivery type'), 'tmsDeliveryType', { required: true }),
    applyCode: f.ref(label('到货单号', '到貨單號', 'Arrival no.'), 'arrivalbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    carrierCode: f.ref(label('承运商', '承運商', 'Carrier'), 'basiccarrier', {
      valueField: 'carrierCode',
      labelField: 'carrierName',
    }),
    driverCode: driverField(),
    carNo: carField(),
    signName: f.text(label('签收人', '簽收人', 'Signed by'), { maxLength: 64 }),
    signPhone: f.text(label('签收人手机', '簽收人手機', 'Signer mobile'), {
      format: 'mobile',
      maxLength: 20,
      list: false,
    }),
    signIdCard: f.text(label('签收人身份证号', '簽收人身份證號', 'Signer ID card no.'), {
      format: 'idCard',
      maxLength: 18,
      list: false,
      search: 'none',
    }),
    signTime: f.datetime(label('签收时间', '簽收時間', 'Signed at'), { sortable: true, search: 'range' }),
    billRemark: billRemarkField,
    refuseReason: f.text(label('拒收原因', '拒收原因', 'Refusal reason'), { maxLength: 255, search: 'none' }),
    totalQty: f.decimal(label('签收件数', '簽收件數', 'Pieces signed for'), 4, { form: 'readonly' }),
    freight: f.money(label('运费', '運費', 'Freight'), { form: 'readonly' }),
  },
});
