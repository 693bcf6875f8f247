import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Core-firm suppliers (spec 02 §3.10 core-firm supply): the suppliers that deliver to a core
 * firm (the anchor enterprise whose supply chain the warehouse runs), with their rating, how
 * and when they are settled, and the credit the core firm grants them. A supplier of the
 * master data appears once per core firm.
 */
export const coreFirmSupplierTable = pgTable(
  'bl_corefirmsupplier',
  {
    ...entityColumns(),
    supplierCode: varchar({ length: 64 }).notNull(),
    coreFirmName: varchar({ length: 128 }).notNull(),
    rating: varchar({ length: 8 }),
    settlementCycle: varchar({ length: 8 }),
    settlementTerm: integer(),
    creditLimit: numeric({ precision: 18, scale: 2 }),
    cooperationStatus: varchar({ length: 8 }).notNull().default('1'),
    contactPerson: varchar({ length: 64 }),
    contactPhone: varchar({ length: 32 }),
    startDate: date(),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_corefirmsupplier_supplier_firm_uq')
      .on(t.tenantId, t.supplierCode, t.coreFirmName)
      .where(sql`is_deleted = 0`),
  ],
);

export const corefirmsupplier = defineEntity({
  name: 'corefirmsupplier',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('核心企业供应商', '核心企業供應商', 'Core-firm supplier'),
  table: coreFirmSupplierTable,
  titleField: 'supplierCode',
  uniqueKeys: [['supplierCode', 'coreFirmName']],
  fields: {
    ...commonFields,
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { required: true }),
    coreFirmName: f.text(label('核心企业', '核心企業', 'Core firm'), { required: true, maxLength: 128 }),
    rating: f.dict(label('评级', '評級', 'Rating'), 'scmSupplierRating'),
    settlementCycle: f.dict(label('结算周期', '結算週期', 'Settlement cycle'), 'settlementCycle'),
    settlementTerm: f.integer(label('账期（天）', '帳期（天）', 'Payment terms (days)'), {
      min: 0,
      max: 3650,
    }),
    creditLimit: f.money(label('授信额度', '授信額度', 'Credit limit'), { min: 0 }),
    cooperationStatus: f.dict(label('合作状态', '合作狀態', 'Cooperation status'), 'scmCooperationStatus', {
      required: true,
      defaultValue: '1',
    }),
    contactPerson: f.text(label('联系人', '聯絡人', 'Contact person'), { maxLength: 64 }),
    contactPhone: f.text(label('联系电话', '聯絡電話', 'Contact phone'), { maxLength: 32, search: 'none' }),
    startDate: f.date(label('合作开始日期', '合作開始日期', 'Supplying since'), { list: false }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
