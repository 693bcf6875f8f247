CREATE TABLE "bl_datascope" (
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
	"scope_name" varchar(64) NOT NULL,
	"resource_code" varchar(64) NOT NULL,
	"role_alias" varchar(64) NOT NULL,
	"scope_type" varchar(1) NOT NULL,
	"scope_value" varchar(2000),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_datascope_resource_role_uq" ON "bl_datascope" USING btree ("tenant_id","resource_code","role_alias") WHERE is_deleted = 0;