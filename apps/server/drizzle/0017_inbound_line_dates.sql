ALTER TABLE "bl_isinstockbilldetail" ADD COLUMN "product_date" date;--> statement-breakpoint
ALTER TABLE "bl_isinstockbilldetail" ADD COLUMN "validity_date" date;