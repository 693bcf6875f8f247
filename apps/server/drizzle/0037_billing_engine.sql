-- Fee engine (issue 16, ADR 0024). A cost-detail row names the source it was charged for
-- (`source_key`: fee kind, owner, day or bill + line, stage), the day it charges
-- (`source_date`; a correction row is dated in a later run but names its day here) and the
-- storage-time stage (1-6) of a storage row.
ALTER TABLE "bl_costdetail" ADD COLUMN "source_key" varchar(200);
--> statement-breakpoint
ALTER TABLE "bl_costdetail" ADD COLUMN "source_date" date;
--> statement-breakpoint
ALTER TABLE "bl_costdetail" ADD COLUMN "stage" integer;
--> statement-breakpoint
CREATE INDEX "bl_costdetail_source_idx" ON "bl_costdetail" ("tenant_id", "customer_code", "source_date");
--> statement-breakpoint
-- The days a billing run has charged, per owner, and when: the next run re-checks those days
-- for postings made (or reversed) after that moment. Tenant data: under row-level security.
CREATE TABLE "bl_billing_day" (
	"tenant_id" varchar(12) NOT NULL,
	"customer_code" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"run_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_billing_day_pk" PRIMARY KEY ("tenant_id", "customer_code", "day")
);
