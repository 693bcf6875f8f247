-- Snowflake worker ids (src/db/ids.ts) leased per server process, so two processes never make
-- ids with the same worker bits. All 1,024 ids exist from the start; a lease is a holder and an
-- expiry the holder keeps pushing forward. An id whose lease has expired is free again.
CREATE TABLE "bl_worker_lease" (
	"worker_id" integer PRIMARY KEY NOT NULL,
	"holder" varchar(100),
	"expires_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	CONSTRAINT "bl_worker_lease_range" CHECK ("worker_id" BETWEEN 0 AND 1023)
);
--> statement-breakpoint
INSERT INTO "bl_worker_lease" ("worker_id") SELECT g FROM generate_series(0, 1023) AS g;
