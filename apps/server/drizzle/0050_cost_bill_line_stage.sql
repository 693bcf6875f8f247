-- A cost-bill line records the month-bill stage (1-6, ADR 0024) of the cost details it gathers,
-- so that its drill-down finds exactly those rows (two capped tiers can share one price).
ALTER TABLE "bl_costbilldetail" ADD COLUMN "stage" integer;
