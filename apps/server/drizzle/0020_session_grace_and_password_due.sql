-- A refresh token replaced moments ago is still accepted for a short grace window (two tabs
-- refreshing at once), so the session remembers the jti it replaced.
ALTER TABLE "auth_session" ADD COLUMN "previous_refresh_jti" varchar(64);
--> statement-breakpoint
CREATE TABLE "auth_password_due" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Administrators never edited since they were made (version 1: any password change, their own
-- or a reset, counts up the version) still have the password they were made with, `admin` for
-- the seeded demo tenants, DEFAULT_PASSWORD for a tenant made later: known to others, so they
-- change it at their next sign-in.
INSERT INTO "auth_password_due" ("user_id", "tenant_id")
  SELECT "id", "tenant_id" FROM "blade_user"
  WHERE "account" = 'admin' AND "is_deleted" = 0 AND "version" = 1;
