CREATE TABLE "blade_log_ui_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"account" varchar(64) NOT NULL,
	"type" varchar(32) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"message" text NOT NULL,
	"stack" text NOT NULL,
	"info" text NOT NULL,
	"error_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_log_ui_error_tenant_time_idx" ON "blade_log_ui_error" USING btree ("tenant_id","create_time");