CREATE TABLE "bl_auditlog" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"account" varchar(64),
	"action" varchar(16) NOT NULL,
	"entity_name" varchar(64),
	"record_id" bigint,
	"title" varchar(255),
	"ip" varchar(64),
	"changes" text,
	"detail" varchar(255)
);
--> statement-breakpoint
CREATE INDEX "bl_auditlog_time_idx" ON "bl_auditlog" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "bl_auditlog_record_idx" ON "bl_auditlog" USING btree ("tenant_id","entity_name","record_id");