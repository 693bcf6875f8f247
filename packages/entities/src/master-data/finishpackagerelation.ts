import { index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Finished product to packaging relations (spec 02 §3.4 finishpackagerelation): how much of
 * a packaging material one unit of a finished product uses, so that packing and secondary
 * processing can draw the packaging from stock.
 */
export const finishPackageRelationTable = pgTable(
  'bl_finishpackagerelation',
  {
    ...entityColumns(),
    materialCode: varchar({ length: 64 }).notNull(),
    packageMaterialCode: varchar({ length: 64 }).notNull(),
    qty: numeric({ precision: 18, scale: 6 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_finishpackagerelation_material_idx').on(t.tenantId, t.materialCode)],
);

export const finishpackagerelation = defineEntity({
  name: 'finishpackagerelation',
  service: 'bl-wms',
  area: 'basicData',
  label: label('成品包材关系', '成品包材關係', 'Product packaging'),
  table: finishPackageRelationTable,
  titleField: 'materialCode',
  fields: {
    ...commonFields,
    materialCode: f.ref(label('成品物料', '成品物料', 'Finished product'), 'material', { required: true }),
    packageMaterialCode: f.ref(label('包材物料', '包材物料', 'Packaging material'), 'material', {
      required: true,
    }),
    qty: f.decimal(label('单位用量', '單位用量', 'Quantity per unit'), 6, { required: true, min: 0 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
