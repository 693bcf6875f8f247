-- Issue 29: a freight price line prices a material, a material category or is the default line.
ALTER TABLE "bl_basicgoodsforpay" ADD COLUMN "material_code" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_basicgoodsforpay" ADD COLUMN "category_code" varchar(64);--> statement-breakpoint
ALTER TABLE "bl_basicgoodsforpay" ADD COLUMN "is_default" varchar(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_basicgoodsforpay_material_uq" ON "bl_basicgoodsforpay" USING btree ("tenant_id","material_code") WHERE is_deleted = 0 and material_code is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_basicgoodsforpay_category_uq" ON "bl_basicgoodsforpay" USING btree ("tenant_id","category_code") WHERE is_deleted = 0 and category_code is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bl_basicgoodsforpay_default_uq" ON "bl_basicgoodsforpay" USING btree ("tenant_id") WHERE is_deleted = 0 and is_default = '1';