import { date, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Employee costs (spec 02 §3.4 employeecost): what an employee cost in a month, by cost type,
 * with the hours worked, for the operator's own cost accounting. `costMonth` is kept as the
 * first day of its month.
 */
export const employeeCostTable = pgTable(
  'bl_employeecost',
  {
    ...entityColumns(),
    employeeCode: varchar({ length: 64 }).notNull(),
    costMonth: date().notNull(),
    costTypeCode: varchar({ length: 64 }).notNull(),
    amount: numeric({ precision: 18, scale: 4 }).notNull(),
    workHours: numeric({ precision: 18, scale: 4 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_employeecost_employee_idx').on(t.tenantId, t.employeeCode, t.costMonth)],
);

export const employeecost = defineEntity({
  name: 'employeecost',
  service: 'bl-wms',
  area: 'basicData',
  label: label('员工费用', '員工費用', 'Employee cost'),
  table: employeeCostTable,
  titleField: 'employeeCode',
  defaultSort: { field: 'costMonth', order: 'desc' },
  fields: {
    ...commonFields,
    employeeCode: f.ref(label('员工', '員工', 'Employee'), 'employee', { required: true }),
    costMonth: f.date(label('费用月份', '費用月份', 'Month'), { required: true, sortable: true }),
    costTypeCode: f.ref(label('费用类型', '費用類型', 'Cost type'), 'costtype', { required: true }),
    amount: f.money(label('金额', '金額', 'Amount'), { required: true, scale: 4, min: 0 }),
    workHours: f.decimal(label('工时（小时）', '工時（小時）', 'Hours worked'), 4, { min: 0, max: 744 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
