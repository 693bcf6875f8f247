ALTER TABLE "bl_voucheritem" ADD COLUMN "customer_code" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_voucheritem" ADD COLUMN "stock_status" varchar(8);--> statement-breakpoint
ALTER TABLE "bl_voucheritem" ADD COLUMN "stream_id" bigint;--> statement-breakpoint
CREATE INDEX "bl_voucherbill_source_idx" ON "bl_voucherbill" USING btree ("tenant_id","apply_no","source_bill_type");