CREATE TABLE "auth_code" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The web client may now sign in by phone code and finish the dynamic-code check.
UPDATE "blade_client" SET "authorized_grant_types" = "authorized_grant_types" || ',phone,dynamic_code'
  WHERE "client_id" = 'saber' AND "authorized_grant_types" NOT LIKE '%phone%';
