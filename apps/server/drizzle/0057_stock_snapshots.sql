-- Monthly stock snapshots (issue 20, target 6; ADR 0028 amendment): the balance of every key
-- at the end of a period (the last day of a month, UTC), written by a job owner by owner so a
-- period's report reads a few rows instead of re-summing the stream. A period's rows of one
-- owner are replaced whole when the job runs again. Row-level security as every tenant table
-- (migrate.ts adds it to any table with a tenant_id).
CREATE TABLE "bl_stock_snapshot" (
	"tenant_id" varchar(12) NOT NULL,
	"period" date NOT NULL,
	"customer_code" varchar(64) NOT NULL,
	"material_code" varchar(64) NOT NULL,
	"batch_no" varchar(64) NOT NULL,
	"customer_batch_no" varchar(64) NOT NULL,
	"warehouse_place_code" varchar(64) NOT NULL,
	"barcode" varchar(64) NOT NULL,
	"packspec_code" varchar(64) NOT NULL,
	"stock_status" varchar(8) NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"weg" numeric(18, 4) NOT NULL,
	"qty_weg" numeric(18, 4) NOT NULL,
	"board" numeric(18, 4) NOT NULL,
	"volume" numeric(18, 4) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bl_stock_snapshot_owner_idx" ON "bl_stock_snapshot" USING btree ("tenant_id","period","customer_code","material_code");
