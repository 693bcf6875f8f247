-- Transport, the rest of issue 17 (docs/adr/0025-transport-flow.md): the price list has a rate
-- per piece and per cubic metre besides the one per kilogram (each optional: an entry prices the
-- bases it names), and a departure line keeps what the consignee refused of it, with the reason.
ALTER TABLE "bl_basicgoodsforpay" ADD COLUMN "piece_price" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_basicgoodsforpay" ADD COLUMN "volume_price" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_basicgoodsforpay" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_loadingbilldetail" ADD COLUMN "refused_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_loadingbilldetail" ADD COLUMN "refuse_reason" varchar(255);
