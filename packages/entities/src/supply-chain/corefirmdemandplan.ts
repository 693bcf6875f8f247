import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/**
 * Core-firm demand plans (spec 02 §3.10 core-firm supply): how much of a material the core
 * firm expects to need in a period (yyyy-MM), published to a supplier, who confirms what it can
 * deliver. One row per plan and material; a plan number groups the rows of one plan.
 */
export const coreFirmDemandPlanTable = pgTable(
  'bl_corefirmdemandplan',
  {
    ...entityColumns(),
    planNo: varchar({ length: 64 }).notNull(),
    period: varchar({ length: 7 }).notNull(),
    supplierCode: varchar({ length: 64 }),
    materialCode: varchar({ length: 64 }).notNull(),
    unitCode: varchar({ length: 32 }),
    plannedQty: qty().notNull(),
    confirmedQty: qty(),
    requiredDate: date(),
    planStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_corefirmdemandplan_plan_material_uq')
      .on(t.tenantId, t.planNo, t.materialCode)
      .where(sql`is_deleted = 0`),
    index('bl_corefirmdemandplan_period_idx').on(t.tenantId, t.period),
  ],
);

export const corefirmdemandplan = defineEntity({
  name: 'corefirmdemandplan',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('核心企业需求计划', '核心企業需求計劃', 'Core-firm demand plan'),
  table: coreFirmDemandPlanTable,
  titleField: 'planNo',
  defaultSort: { field: 'period', order: 'desc' },
  uniqueKeys: [['planNo', 'materialCode']],
  fields: {
    ...commonFields,
    planNo: f.text(label('计划编号', '計劃編號', 'Plan no.'), {
      required: true,
      maxLength: 64,
      sortable: true,
    }),
    period: f.text(label('计划期间（yyyy-MM）', '計劃期間（yyyy-MM）', 'Period (yyyy-MM)'), {
      required: true,
      maxLength: 7,
      search: 'equal',
      sortable: true,
    }),
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier'),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true }),
    unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32, list: false }),
    plannedQty: f.decimal(label('计划数量', '計劃數量', 'Planned quantity'), 4, { required: true, min: 0 }),
    confirmedQty: f.decimal(label('确认数量', '確認數量', 'Confirmed quantity'), 4, { min: 0 }),
    requiredDate: f.date(label('需求日期', '需求日期', 'Needed by')),
    planStatus: f.dict(label('计划状态', '計劃狀態', 'Plan status'), 'scmPlanStatus', {
      defaultValue: '1',
      form: 'readonly',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
