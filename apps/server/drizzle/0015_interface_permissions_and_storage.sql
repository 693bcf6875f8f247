CREATE TABLE "blade_role_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"role_id" bigint NOT NULL,
	"api_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_api_uq" ON "blade_role_api" USING btree ("tenant_id","role_id","api_id");--> statement-breakpoint
CREATE INDEX "blade_role_api_api_idx" ON "blade_role_api" USING btree ("tenant_id","api_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bl_oss_default_uq" ON "bl_oss" USING btree ("tenant_id") WHERE is_default = '1' and is_deleted = 0;