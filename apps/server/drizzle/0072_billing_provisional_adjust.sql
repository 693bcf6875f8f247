ALTER TABLE "bl_costbilldetailpack" ADD COLUMN "adjust_qty" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_costbilldetailpack" ADD COLUMN "adjust_weg" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_costbilldetailpack" ADD COLUMN "adjust_board" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "bl_costbill" ADD COLUMN "made_through" date;--> statement-breakpoint
ALTER TABLE "bl_costbill" ADD COLUMN "provisional" varchar(1);--> statement-breakpoint
ALTER TABLE "bl_monthbill" ADD COLUMN "made_through" date;--> statement-breakpoint
ALTER TABLE "bl_monthbill" ADD COLUMN "provisional" varchar(1);