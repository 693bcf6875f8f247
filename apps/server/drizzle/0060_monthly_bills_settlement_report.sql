-- Monthly bills and the settlement report (issue 16; ADR 0032). A monthly bill line records
-- the lot's billed quantity-days (amount = qty_days × price, rounded once); the settlement
-- report has one live row per owner × day × business bill × work type, which the billing run
-- rewrites in place (no duplicates on a re-run).
ALTER TABLE "bl_monthbilldetail" ADD COLUMN "qty_days" numeric(18, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "bl_costviewreport_row_uq" ON "bl_costviewreport" USING btree ("tenant_id","customer_code","cost_date","bill_no","work_type") WHERE is_deleted = 0;
