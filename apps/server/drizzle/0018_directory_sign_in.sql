CREATE TABLE "sys_directory" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"bind_dn" varchar(500) DEFAULT '' NOT NULL,
	"bind_password" text DEFAULT '' NOT NULL,
	"base_dn" varchar(500) DEFAULT '' NOT NULL,
	"login_attributes" varchar(255) DEFAULT 'sAMAccountName,userPrincipalName' NOT NULL,
	"user_filter" varchar(1000) DEFAULT '(objectClass=person)' NOT NULL,
	"timeout_seconds" integer DEFAULT 5 NOT NULL,
	"reject_unauthorized" boolean DEFAULT true NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The web client may now sign in with a directory (LDAP / Active Directory) account.
UPDATE "blade_client" SET "authorized_grant_types" = "authorized_grant_types" || ',domain'
  WHERE "client_id" = 'saber' AND "authorized_grant_types" NOT LIKE '%domain%';
