CREATE TABLE "bl_unitfloat" (
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
	"unit_id" bigint NOT NULL,
	"float_unit_code" varchar(32) NOT NULL,
	"min_rate" numeric(18, 6),
	"max_rate" numeric(18, 6),
	"default_rate" numeric(18, 6) NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "bl_unitfloat_unit_idx" ON "bl_unitfloat" USING btree ("tenant_id","unit_id");