ALTER TABLE "blade_role" ADD COLUMN "is_administrator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The roles the system made for each tenant's administrator (alias 'administrator') keep every
-- right; a role renamed to 'admin' or 'administrator' by hand no longer gets anything from its alias.
UPDATE "blade_role" SET "is_administrator" = true WHERE "role_alias" = 'administrator' AND "is_deleted" = 0;
