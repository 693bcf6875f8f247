-- Billing period close (issue 16, ADR 0031): one row per month (its first day) a tenant has
-- closed, kept on reopen with status '0' so the close's history stays readable. While a month
-- is closed (status '1') the fee engine dates no cost detail inside it. Row-level security as
-- every tenant table (migrate.ts adds it to any table with a tenant_id).
CREATE TABLE "bl_billing_period" (
	"tenant_id" varchar(12) NOT NULL,
	"month" date NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"closed_by" bigint,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" bigint,
	"reopened_at" timestamp with time zone,
	CONSTRAINT "bl_billing_period_pk" PRIMARY KEY ("tenant_id", "month")
);
