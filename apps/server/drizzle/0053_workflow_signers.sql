-- Added signers (issue 18): a task row made for a signer points at the task it was added to
-- (`parent_id`), `before` (the parent waits for it) or `after` (the engine moves on only when
-- it is done); signers to ask after the parent's approval wait in `after_signers`.
ALTER TABLE "bl_wf_task" ADD COLUMN "parent_id" bigint;
--> statement-breakpoint
ALTER TABLE "bl_wf_task" ADD COLUMN "sign_mode" varchar(8);
--> statement-breakpoint
ALTER TABLE "bl_wf_task" ADD COLUMN "after_signers" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "bl_wf_task" ADD CONSTRAINT "bl_wf_task_sign_mode" CHECK ("sign_mode" IS NULL OR "sign_mode" IN ('before', 'after'));
--> statement-breakpoint
CREATE INDEX "bl_wf_task_parent_idx" ON "bl_wf_task" ("tenant_id", "parent_id") WHERE "parent_id" IS NOT NULL;
