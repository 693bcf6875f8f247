ALTER TABLE "bl_wmstockcheckbill" ADD COLUMN "place_from" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_wmstockcheckbill" ADD COLUMN "place_to" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_wmstockcheckbill" ADD COLUMN "material_code" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_wmstockcheckbilldetail" ADD COLUMN "customer_code" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_wmstockcheckbilldetail" ADD COLUMN "stock_status" varchar(8) DEFAULT '1' NOT NULL;
