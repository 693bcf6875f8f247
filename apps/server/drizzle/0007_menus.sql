ALTER TABLE "blade_menu" ALTER COLUMN "parent_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "parent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "alias" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "alias" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "path" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_menu" ALTER COLUMN "source" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "create_user" bigint;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "create_dept" bigint;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "create_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "update_user" bigint;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "status" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Roots have no parent now that parentId is a reference the engine checks (0 on the wire).
UPDATE "blade_menu" SET "parent_id" = NULL WHERE "parent_id" = 0;
