ALTER TABLE "bl_costbilldetail" ALTER COLUMN "material_code" DROP NOT NULL;--> statement-breakpoint
-- A storage line charges the owner's stock as a whole: no material, kept blank so far (issue 29, 12).
UPDATE "bl_costbilldetail" SET "material_code" = NULL WHERE "material_code" = '';
