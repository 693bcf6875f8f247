CREATE TABLE "bl_agreementdistribution" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"agreement_code" varchar(64) NOT NULL,
	"warehouse_code" varchar(64) NOT NULL,
	"warehouse_area_code" varchar(64),
	"ratio" numeric(18, 4),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_billingrules" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"customer_code" varchar(64),
	"storage_time" integer,
	"is_subsect_bill" varchar(1) DEFAULT '0' NOT NULL,
	"storage_price" numeric(18, 4),
	"load_price" numeric(18, 4),
	"unload_price" numeric(18, 4),
	"storage_increase_price" numeric(18, 4),
	"storage_highest_price" numeric(18, 4),
	"billing_modulus" numeric(18, 6),
	"machining_modulus" numeric(18, 6)
);
--> statement-breakpoint
CREATE TABLE "bl_billtype" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"is_review" varchar(1) DEFAULT '0' NOT NULL,
	"prefix" varchar(16),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"parent_code" varchar(64),
	"if_change_status" varchar(1) DEFAULT '0' NOT NULL,
	"change_status" varchar(8),
	"change_time" integer,
	"last_change_time" timestamp with time zone,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_company" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"short_name" varchar(64),
	"legal_person" varchar(64),
	"linkman" varchar(64),
	"phone" varchar(32),
	"address" varchar(255),
	"tax_number" varchar(32),
	"bank_name" varchar(128),
	"bank_account" varchar(64),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_costtype" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category" varchar(8) NOT NULL,
	"unit_code" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_customer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"short_name" varchar(64),
	"province" varchar(32),
	"region" varchar(64),
	"address" varchar(255),
	"linkman" varchar(64),
	"mobile" varchar(20),
	"tel" varchar(32),
	"email" varchar(128),
	"tax_number" varchar(32),
	"bank_name" varchar(128),
	"bank_account" varchar(64),
	"settlement_cycle" varchar(8),
	"settlement_day" integer,
	"payment_days" integer,
	"charge_basis" varchar(8),
	"storage_price" numeric(18, 4),
	"coolie_load_price" numeric(18, 4),
	"coolie_unload_price" numeric(18, 4),
	"customer_status" varchar(8) DEFAULT '1' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_customstrategy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_code" varchar(64) NOT NULL,
	"strategy_code" varchar(64) NOT NULL,
	"material_code" varchar(64),
	"warehouse_area_code" varchar(64),
	"priority" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_employee" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sex" varchar(8),
	"phone" varchar(32),
	"id_card" varchar(18),
	"dept_name" varchar(64),
	"post" varchar(64),
	"entry_date" date,
	"employee_status" varchar(8) DEFAULT '1' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_employeecost" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"employee_code" varchar(64) NOT NULL,
	"cost_month" date NOT NULL,
	"cost_type_code" varchar(64) NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"work_hours" numeric(18, 4),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_factory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"short_name" varchar(64),
	"linkman" varchar(64),
	"phone" varchar(32),
	"address" varchar(255),
	"tax_number" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_finishpackagerelation" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"material_code" varchar(64) NOT NULL,
	"package_material_code" varchar(64) NOT NULL,
	"qty" numeric(18, 6) NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_lgagreement" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"agreement_code" varchar(64) NOT NULL,
	"name" varchar(128),
	"customer_code" varchar(64) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"charge_basis" varchar(8),
	"storage_price" numeric(18, 4),
	"load_price" numeric(18, 4),
	"unload_price" numeric(18, 4),
	"package_warehouse_price" numeric(18, 4),
	"package_warehouse_unit" varchar(8),
	"package_warehouse_qty" numeric(18, 4),
	"cycle_cost" numeric(18, 4),
	"cycle_days" integer,
	"owing_limit" numeric(18, 4),
	"agreement_status" varchar(8) DEFAULT '1' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_materialgroup" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_packspec" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"material_code" varchar(64),
	"qty_weg" numeric(18, 4),
	"board_qty" numeric(18, 4),
	"default_level" varchar(8),
	"unit_code1" varchar(32) NOT NULL,
	"rate1" numeric(18, 6) DEFAULT '1' NOT NULL,
	"unit_code2" varchar(32),
	"rate2" numeric(18, 6),
	"unit_code3" varchar(32),
	"rate3" numeric(18, 6),
	"unit_code4" varchar(32),
	"rate4" numeric(18, 6),
	"unit_code5" varchar(32),
	"rate5" numeric(18, 6),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_pdainfo" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"serial_number" varchar(64),
	"model" varchar(64),
	"warehouse_code" varchar(64),
	"user_account" varchar(64),
	"device_status" varchar(8) DEFAULT '1' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_porter" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(32),
	"team" varchar(64),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_strategy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(8) NOT NULL,
	"rule" varchar(8) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_streamqtystatus" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"counts_toward_fee" varchar(1) DEFAULT '1' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_supplier" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"short_name" varchar(64),
	"linkman" varchar(64),
	"phone" varchar(32),
	"address" varchar(255),
	"tax_number" varchar(32),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_sysenum" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enum_type" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"value" varchar(255),
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_tagmodel" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"customer_code" varchar(64),
	"width" numeric(18, 4),
	"height" numeric(18, 4),
	"barcode_type" varchar(16) DEFAULT 'code128' NOT NULL,
	"template" text,
	"is_default" varchar(1) DEFAULT '0' NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_warehouse" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"company_code" varchar(64),
	"address" varchar(255),
	"linkman" varchar(64),
	"phone" varchar(32),
	"area" numeric(18, 4),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_warehousearea" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"warehouse_code" varchar(64) NOT NULL,
	"type" varchar(8),
	"temperature_type" varchar(8),
	"coordinate_x" numeric(18, 4),
	"coordinate_y" numeric(18, 4),
	"volume" numeric(18, 4),
	"area" numeric(18, 4),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "bl_warehouseplace" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"warehouse_area_code" varchar(64) NOT NULL,
	"place_type" varchar(8),
	"place_status" varchar(8) DEFAULT '1' NOT NULL,
	"row_no" integer,
	"column_no" integer,
	"layer_no" integer,
	"coordinate_x" numeric(18, 4),
	"coordinate_y" numeric(18, 4),
	"volume" numeric(18, 4),
	"area" numeric(18, 4),
	"capacity_ratio" integer,
	"max_weight" numeric(18, 4),
	"max_board" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "bl_agreementdistribution_agreement_idx" ON "bl_agreementdistribution" USING btree ("tenant_id","agreement_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_billingrules_code_uq" ON "bl_billingrules" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_billingrules_customer_idx" ON "bl_billingrules" USING btree ("tenant_id","customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_billtype_code_uq" ON "bl_billtype" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_category_code_uq" ON "bl_category" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_category_parent_idx" ON "bl_category" USING btree ("tenant_id","parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_company_code_uq" ON "bl_company" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_costtype_code_uq" ON "bl_costtype" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_customer_code_uq" ON "bl_customer" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_customstrategy_customer_idx" ON "bl_customstrategy" USING btree ("tenant_id","customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_employee_code_uq" ON "bl_employee" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_employeecost_employee_idx" ON "bl_employeecost" USING btree ("tenant_id","employee_code","cost_month");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_factory_code_uq" ON "bl_factory" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_finishpackagerelation_material_idx" ON "bl_finishpackagerelation" USING btree ("tenant_id","material_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_lgagreement_agreement_code_uq" ON "bl_lgagreement" USING btree ("tenant_id","agreement_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_lgagreement_customer_idx" ON "bl_lgagreement" USING btree ("tenant_id","customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_materialgroup_code_uq" ON "bl_materialgroup" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_packspec_code_uq" ON "bl_packspec" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_packspec_material_idx" ON "bl_packspec" USING btree ("tenant_id","material_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_pdainfo_code_uq" ON "bl_pdainfo" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_pdainfo_serial_number_uq" ON "bl_pdainfo" USING btree ("tenant_id","serial_number") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_porter_code_uq" ON "bl_porter" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_strategy_code_uq" ON "bl_strategy" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_streamqtystatus_code_uq" ON "bl_streamqtystatus" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_supplier_code_uq" ON "bl_supplier" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_sysenum_type_code_uq" ON "bl_sysenum" USING btree ("tenant_id","enum_type","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_tagmodel_code_uq" ON "bl_tagmodel" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_warehouse_code_uq" ON "bl_warehouse" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_warehousearea_code_uq" ON "bl_warehousearea" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_warehousearea_warehouse_idx" ON "bl_warehousearea" USING btree ("tenant_id","warehouse_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_warehouseplace_code_uq" ON "bl_warehouseplace" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_warehouseplace_area_idx" ON "bl_warehouseplace" USING btree ("tenant_id","warehouse_area_code");