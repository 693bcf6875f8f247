-- Stock-control flows (docs/adr/0020-stock-control-flows.md): a transfer line moves goods from
-- one stock status to another as well as between locations; a quality inspection names the
-- status its goods are in while they wait (quality inspection by default).
ALTER TABLE "bl_warehousetransferbilldetail" ADD COLUMN "stock_status" varchar(8) DEFAULT '1' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bl_warehousetransferbilldetail" ADD COLUMN "target_stock_status" varchar(8) DEFAULT '1' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bl_checkbill" ADD COLUMN "stock_type" varchar(8) DEFAULT '2' NOT NULL;
