CREATE TABLE "blade_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"package_name" varchar(50) NOT NULL,
	"menu_id" text DEFAULT '' NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
ALTER TABLE "blade_tenant" ADD COLUMN "package_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_tenant_package_name_uq" ON "blade_tenant_package" USING btree ("package_name") WHERE is_deleted = 0;