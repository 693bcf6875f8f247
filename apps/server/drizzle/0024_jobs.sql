-- Background jobs a user started (imports, large exports): what the page that started one polls
-- for its progress and result. pg-boss (schema pgboss) carries only the id and decides which
-- process runs it, once; this row is the job's state. Tenant data: under row-level security.
CREATE TABLE "bl_job" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"target" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"language" varchar(8) DEFAULT 'zh' NOT NULL,
	"auth" jsonb NOT NULL,
	"input" bytea,
	"message" text DEFAULT '' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"create_user" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_job_status" CHECK ("status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "bl_job_owner_idx" ON "bl_job" ("tenant_id", "create_user", "create_time" DESC);
