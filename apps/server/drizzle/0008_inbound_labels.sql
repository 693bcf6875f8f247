CREATE TABLE "bl_inprint" (
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
	"detail_id" bigint NOT NULL,
	"bill_no" varchar(64) NOT NULL,
	"line_number" integer,
	"customer_code" varchar(64),
	"material_code" varchar(64) NOT NULL,
	"batch_no" varchar(64),
	"unit_code" varchar(32),
	"qty" numeric(18, 4) NOT NULL,
	"barcode" varchar(128) NOT NULL,
	"tag_model_code" varchar(64),
	"print_count" integer DEFAULT 1 NOT NULL,
	"last_print_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_inprint_barcode_uq" ON "bl_inprint" USING btree ("tenant_id","barcode") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "bl_inprint_detail_idx" ON "bl_inprint" USING btree ("tenant_id","detail_id");--> statement-breakpoint
CREATE INDEX "bl_inprint_bill_idx" ON "bl_inprint" USING btree ("tenant_id","bill_no");