-- An outbound bill made from a sales order names it (issue 15, sales orders): the order it
-- fulfils, shown on the bill, apart from the reservation it may quote (`apply_no`).
ALTER TABLE "bl_osoutstockbill" ADD COLUMN "source_bill_no" varchar(64);
