-- The BPMN workflow engine (docs/adr/0027-workflow-engine.md): deployed process definitions,
-- running instances with the engine's saved state and variables, their user tasks and history,
-- and the per-bill-action approval settings. Tenant data: under row-level security (migrate.ts).
CREATE TABLE "bl_wf_definition" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"process_key" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"version" integer NOT NULL,
	"category" varchar(64),
	"xml" text NOT NULL,
	"meta" jsonb NOT NULL,
	"suspended" smallint DEFAULT 0 NOT NULL,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"create_user" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_wf_definition_version_uq" ON "bl_wf_definition" ("tenant_id", "process_key", "version");
--> statement-breakpoint
CREATE TABLE "bl_wf_instance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"definition_id" bigint NOT NULL,
	"process_key" varchar(64) NOT NULL,
	"title" varchar(255) NOT NULL,
	"business_entity" varchar(64),
	"business_id" varchar(64),
	"business_action" varchar(16),
	"status" varchar(12) DEFAULT 'running' NOT NULL,
	"state" jsonb,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"starter" bigint NOT NULL,
	"starter_account" varchar(64) NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	CONSTRAINT "bl_wf_instance_status" CHECK ("status" IN ('running', 'completed', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "bl_wf_instance_starter_idx" ON "bl_wf_instance" ("tenant_id", "starter", "start_time" DESC);
--> statement-breakpoint
CREATE INDEX "bl_wf_instance_business_idx" ON "bl_wf_instance" ("tenant_id", "business_entity", "business_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_wf_instance_pending_uq" ON "bl_wf_instance" ("tenant_id", "business_entity", "business_id") WHERE "status" = 'running' AND "business_entity" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "bl_wf_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"execution_id" varchar(128) NOT NULL,
	"element_id" varchar(128) NOT NULL,
	"name" varchar(255) NOT NULL,
	"assignee" varchar(20),
	"owner" varchar(20),
	"candidate_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"candidate_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_key" varchar(64),
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"due_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"end_user" varchar(20),
	"outcome" varchar(12),
	"comment" text,
	CONSTRAINT "bl_wf_task_status" CHECK ("status" IN ('open', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_wf_task_execution_uq" ON "bl_wf_task" ("tenant_id", "instance_id", "execution_id");
--> statement-breakpoint
CREATE INDEX "bl_wf_task_open_idx" ON "bl_wf_task" ("tenant_id", "status", "assignee");
--> statement-breakpoint
CREATE INDEX "bl_wf_task_done_idx" ON "bl_wf_task" ("tenant_id", "end_user", "end_time" DESC);
--> statement-breakpoint
CREATE TABLE "bl_wf_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"element_id" varchar(128) NOT NULL,
	"name" varchar(255) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"user_id" varchar(20),
	"account" varchar(64),
	"comment" text,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bl_wf_history_instance_idx" ON "bl_wf_history" ("tenant_id", "instance_id", "time");
--> statement-breakpoint
CREATE TABLE "bl_wf_approval" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"entity" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"process_key" varchar(64) NOT NULL,
	"create_user" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_wf_approval_uq" ON "bl_wf_approval" ("tenant_id", "entity", "action");
