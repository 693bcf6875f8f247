-- Receipts (isrecbill) feed the received quantities of the inbound bill or reservation they
-- count against (issue 15, docs/adr/0023): the bill they name and the quantity received per line.
ALTER TABLE "bl_isrecbill" ADD COLUMN "in_bill_no" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_isinstockbilldetail" ADD COLUMN "rec_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_orderisinstockbilldetail" ADD COLUMN "rec_qty" numeric(18, 4);
