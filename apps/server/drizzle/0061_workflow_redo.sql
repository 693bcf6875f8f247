-- Sending back inside a parallel branch (issue 18, docs/adr/0027-workflow-engine.md addendum 2):
-- the steps of the branch are done again as task rows hanging from the task that sent them back
-- (`sign_mode` 'redo'), while the engine keeps waiting on that task; the steps still to do again
-- after a row wait in `redo_steps` (element ids, the last one the sending task's own).
ALTER TABLE "bl_wf_task" ADD COLUMN "redo_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "bl_wf_task" DROP CONSTRAINT "bl_wf_task_sign_mode";
--> statement-breakpoint
ALTER TABLE "bl_wf_task" ADD CONSTRAINT "bl_wf_task_sign_mode" CHECK ("sign_mode" IS NULL OR "sign_mode" IN ('before', 'after', 'redo'));
--> statement-breakpoint
-- A multi-instance task's item rows carry how many items it has (the detail's "2 of 3 approved").
ALTER TABLE "bl_wf_task" ADD COLUMN "loop_total" integer;
