CREATE TABLE "bl_pda_session" (
	"tenant_id" varchar(12) NOT NULL,
	"session_id" bigint NOT NULL,
	"pda_id" bigint NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_pda_session_tenant_id_session_id_pk" PRIMARY KEY("tenant_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "bl_idempotency_key" (
	"tenant_id" varchar(12) NOT NULL,
	"idem_key" varchar(128) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"route" varchar(255) NOT NULL,
	"user_id" bigint NOT NULL,
	"code" integer DEFAULT 200 NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_idempotency_key_tenant_id_idem_key_pk" PRIMARY KEY("tenant_id","idem_key")
);
--> statement-breakpoint
ALTER TABLE "bl_pdainfo" ADD COLUMN "last_seen_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bl_pda_session_pda_idx" ON "bl_pda_session" USING btree ("tenant_id","pda_id");--> statement-breakpoint
CREATE INDEX "bl_idempotency_key_created_idx" ON "bl_idempotency_key" USING btree ("created_at");