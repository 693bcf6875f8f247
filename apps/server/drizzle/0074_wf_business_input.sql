-- The body of the bill action an approval stands for (its form's values), kept with the approval
-- request and given to the action when the approval completes it (ADR 0027, amendment 7).
ALTER TABLE "bl_wf_instance" ADD COLUMN "business_input" jsonb;
