import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { commonColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Tenant packages (SpringBlade's blade_tenant_package): the menus and buttons a tenant may use
 * at all, whatever its roles say. A tenant with a package sees, grants and calls only what the
 * package holds, its administrator included; a tenant without one may use every menu. Like the
 * tenant registry, only the operator tenant reads or writes packages. `menuId` keeps
 * SpringBlade's comma-separated menu ids, edited as a checkable menu tree.
 */
export const tenantpackageTable = pgTable(
  'blade_tenant_package',
  {
    id: id('id').primaryKey(),
    ...commonColumns(),
    version: integer('version').notNull().default(1),
    packageName: varchar('package_name', { length: 50 }).notNull(),
    menuId: text('menu_id').notNull().default(''),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('blade_tenant_package_name_uq').on(t.packageName).where(sql`is_deleted = 0`)],
);

const { tenantId: _tenant, ...sharedFields } = commonFields;

export const tenantpackage = defineEntity({
  name: 'tenantpackage',
  service: 'bl-system',
  area: 'system',
  operatorOnly: true,
  label: label('租户套餐', '租戶套餐', 'Tenant packages'),
  table: tenantpackageTable,
  unfilled: {
    menuId:
      'by nature: set through the menu tree of the package (tenantpackage/grant), empty until menus are granted',
  },
  titleField: 'packageName',
  defaultSort: { field: 'packageName', order: 'asc' },
  fields: {
    ...sharedFields,
    packageName: f.text(label('套餐名称', '套餐名稱', 'Package name'), {
      required: true,
      maxLength: 50,
      unique: true,
      sortable: true,
    }),
    // Set through the menu tree of the package screen (POST tenantpackage/grant), not typed.
    menuId: f.textarea(label('菜单', '選單', 'Menus'), {
      list: false,
      search: 'none',
      form: 'hidden',
      view: false,
      maxLength: 100_000,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 255 }),
  },
});
