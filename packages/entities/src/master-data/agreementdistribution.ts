import { index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Allocation of a fee agreement to warehouses and storage areas (spec 02 §3.4
 * agreementdistribution): which sites serve the agreement, and the share (percent) of its
 * fixed costs each carries.
 */
export const agreementDistributionTable = pgTable(
  'bl_agreementdistribution',
  {
    ...entityColumns(),
    agreementCode: varchar({ length: 64 }).notNull(),
    warehouseCode: varchar({ length: 64 }).notNull(),
    warehouseAreaCode: varchar({ length: 64 }),
    ratio: numeric({ precision: 18, scale: 4 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_agreementdistribution_agreement_idx').on(t.tenantId, t.agreementCode)],
);

export const agreementdistribution = defineEntity({
  name: 'agreementdistribution',
  service: 'bl-wms',
  area: 'basicData',
  label: label('协议分配', '協議分配', 'Agreement allocation'),
  table: agreementDistributionTable,
  titleField: 'agreementCode',
  fields: {
    ...commonFields,
    agreementCode: f.ref(label('费用协议', '費用協議', 'Fee agreement'), 'lgagreement', {
      required: true,
      valueField: 'agreementCode',
      labelField: 'agreementCode',
    }),
    warehouseCode: f.ref(label('仓库', '倉庫', 'Warehouse'), 'warehouse', { required: true }),
    warehouseAreaCode: f.ref(label('库区', '庫區', 'Storage area'), 'warehousearea'),
    ratio: f.decimal(label('分配比例（%）', '分配比例（%）', 'Share (%)'), 4, { min: 0, max: 100 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
