-- Allocations received in parts (issue 15, docs/adr/0023): what is still in transit per line.
ALTER TABLE "bl_wmallocatebilldetail" ADD COLUMN "diff_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_wmallocatebilldetail" ADD COLUMN "receive_qty" numeric(18, 4);
