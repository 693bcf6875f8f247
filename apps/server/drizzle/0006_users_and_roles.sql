ALTER TABLE "blade_role" ALTER COLUMN "parent_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_role" ALTER COLUMN "parent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "birthday" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "sex" SET DATA TYPE varchar(1);--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "role_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "role_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "dept_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "dept_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "post_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blade_user" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "staff_type" varchar(8) DEFAULT '1' NOT NULL;--> statement-breakpoint
-- Roots and blanks read as null now that these columns are references the engine checks.
UPDATE "blade_role" SET "parent_id" = NULL WHERE "parent_id" = 0;--> statement-breakpoint
UPDATE "blade_user" SET "role_id" = NULL WHERE "role_id" = '';--> statement-breakpoint
UPDATE "blade_user" SET "dept_id" = NULL WHERE "dept_id" = '';--> statement-breakpoint
UPDATE "blade_user" SET "post_id" = NULL WHERE "post_id" = '';
