-- Transport as one flow (issue 17, docs/adr/0025-transport-flow.md): the server keeps where each
-- document is (state), the freight it computes, what was loaded, counted and delivered per line,
-- and the links between the documents.
ALTER TABLE "bl_consignmentbill" ADD COLUMN "state" varchar(8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "source_bill_no" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "dispatch_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "cancel_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "total_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "total_weg" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "total_volume" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_consignmentbill" ADD COLUMN "freight" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_dispatch" ADD COLUMN "apply_code" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_loadingbill" ADD COLUMN "state" varchar(8) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_loadingbill" ADD COLUMN "arrival_type" varchar(8) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_loadingbill" ADD COLUMN "total_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_loadingbill" ADD COLUMN "freight" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bl_loadingbilldetail" ADD COLUMN "diff_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_loadingbilldetail" ADD COLUMN "delivered_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_arrivalbill" ADD COLUMN "state" varchar(8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_arrivalbill" ADD COLUMN "audit_user" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_arrivalbill" ADD COLUMN "audit_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bl_deliverybill" ADD COLUMN "state" varchar(8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bl_deliverybill" ADD COLUMN "refuse_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "bl_deliverybill" ADD COLUMN "total_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_deliverybill" ADD COLUMN "freight" numeric(18, 2);
