import { sql } from 'drizzle-orm';
import { date, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Warehouse employees (spec 02 §3.4 employee): the staff whose work and costs are recorded
 * (employeecost), apart from system users. The code is the staff number.
 */
export const employeeTable = pgTable(
  'bl_employee',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    sex: varchar({ length: 8 }),
    phone: varchar({ length: 32 }),
    idCard: varchar({ length: 18 }),
    deptName: varchar({ length: 64 }),
    post: varchar({ length: 64 }),
    entryDate: date(),
    employeeStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_employee_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const employee = defineEntity({
  name: 'employee',
  service: 'bl-wms',
  area: 'basicData',
  label: label('员工', '員工', 'Employee'),
  table: employeeTable,
  fields: {
    ...commonFields,
    code: f.text(label('工号', '工號', 'Staff no.'), { required: true, maxLength: 64, unique: true }),
    name: f.text(label('姓名', '姓名', 'Name'), { required: true, maxLength: 64 }),
    sex: f.dict(label('性别', '性別', 'Sex'), 'sex'),
    phone: f.text(label('手机', '手機', 'Mobile'), { format: 'mobile', maxLength: 32 }),
    idCard: f.text(label('身份证号', '身份證號', 'ID card no.'), {
      format: 'idCard',
      maxLength: 18,
      list: false,
      search: 'none',
    }),
    deptName: f.text(label('部门', '部門', 'Department'), { maxLength: 64 }),
    post: f.text(label('岗位', '崗位', 'Post'), { maxLength: 64 }),
    entryDate: f.date(label('入职日期', '入職日期', 'Joined on'), { sortable: true }),
    employeeStatus: f.dict(label('在职状态', '在職狀態', 'Employment status'), 'employeeStatus', {
      required: true,
      defaultValue: '1',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
