-- Attachments on workflow tasks (issue 18, docs/adr/0027-workflow-engine.md addendum 3): the ids
-- of the caller's tenant's `bl_attach` records a task action (approve, reject, send back,
-- delegate, transfer, add a signer) carried, kept on its history row.
ALTER TABLE "bl_wf_history" ADD COLUMN "attach_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;
