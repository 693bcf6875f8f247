-- Device monitoring (issue 19, ADR 0026). Readings become a table partitioned by month with a
-- natural key per device and instant (a reading sent twice is stored once); roll-ups per hour
-- and per day are kept up to date by the ingestion itself; device secrets are kept as hashes
-- only; alarms, commands and the nonces of accepted messages get tables of their own.
ALTER TABLE "bl_temhumdata" RENAME TO "bl_temhumdata_old";
--> statement-breakpoint
DROP INDEX IF EXISTS "bl_temhumdata_device_time_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "bl_temhumdata_list_idx";
--> statement-breakpoint
CREATE TABLE "bl_temhumdata" (
	"id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"temperature" numeric(8, 2) NOT NULL,
	"humidity" numeric(8, 2),
	"reading_time" timestamp with time zone NOT NULL,
	"alarm_flag" varchar(1) DEFAULT '0' NOT NULL,
	"received_time" timestamp with time zone DEFAULT now() NOT NULL,
	"clock_flag" varchar(1) DEFAULT '0' NOT NULL,
	CONSTRAINT "bl_temhumdata_pk" PRIMARY KEY ("tenant_id", "device_code", "reading_time")
) PARTITION BY RANGE ("reading_time");
--> statement-breakpoint
-- Rows outside every monthly partition (far past, far future) land here instead of failing.
CREATE TABLE "bl_temhumdata_default" PARTITION OF "bl_temhumdata" DEFAULT;
--> statement-breakpoint
-- Creates the monthly partitions from the month of `from_month` for `months` months (those missing).
CREATE OR REPLACE FUNCTION bl_temhumdata_add_partitions(from_month date, months integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  made integer := 0;
  first date;
  name text;
BEGIN
  FOR i IN 0 .. months - 1 LOOP
    first := (date_trunc('month', from_month) + make_interval(months => i))::date;
    name := 'bl_temhumdata_' || to_char(first, 'YYYYMM');
    IF to_regclass('public.' || name) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF bl_temhumdata FOR VALUES FROM (%L) TO (%L)',
        name, first::timestamptz, (first + interval '1 month')::timestamptz);
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT bl_temhumdata_add_partitions((now() - interval '2 months')::date, 6);
--> statement-breakpoint
INSERT INTO "bl_temhumdata" ("id", "tenant_id", "create_user", "create_dept", "create_time", "update_user",
  "update_time", "status", "is_deleted", "version", "device_code", "temperature", "humidity", "reading_time",
  "alarm_flag", "received_time")
SELECT "id", "tenant_id", "create_user", "create_dept", "create_time", "update_user", "update_time", "status",
  "is_deleted", "version", "device_code", "temperature", "humidity", "reading_time", "alarm_flag", "create_time"
FROM "bl_temhumdata_old"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "bl_temhumdata_old";
--> statement-breakpoint
-- Hourly and daily summaries per device (bucket start), added to as readings are stored.
CREATE TABLE "bl_temhumdata_hourly" (
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"temperature_sum" numeric(16, 2) NOT NULL,
	"temperature_min" numeric(8, 2) NOT NULL,
	"temperature_max" numeric(8, 2) NOT NULL,
	"humidity_readings" integer NOT NULL,
	"humidity_sum" numeric(16, 2),
	"humidity_min" numeric(8, 2),
	"humidity_max" numeric(8, 2),
	CONSTRAINT "bl_temhumdata_hourly_pk" PRIMARY KEY ("tenant_id", "device_code", "bucket")
);
--> statement-breakpoint
CREATE TABLE "bl_temhumdata_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"temperature_sum" numeric(16, 2) NOT NULL,
	"temperature_min" numeric(8, 2) NOT NULL,
	"temperature_max" numeric(8, 2) NOT NULL,
	"humidity_readings" integer NOT NULL,
	"humidity_sum" numeric(16, 2),
	"humidity_min" numeric(8, 2),
	"humidity_max" numeric(8, 2),
	CONSTRAINT "bl_temhumdata_daily_pk" PRIMARY KEY ("tenant_id", "device_code", "bucket")
);
--> statement-breakpoint
-- A device's secret, as a SHA-256 hash of the random secret shown once when it was made.
CREATE TABLE "bl_device_secret" (
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_device_secret_pk" PRIMARY KEY ("tenant_id", "device_code")
);
--> statement-breakpoint
-- The message ids a device has used (kept a day): a message sent again is refused.
CREATE TABLE "bl_device_nonce" (
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"received_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_device_nonce_pk" PRIMARY KEY ("tenant_id", "device_code", "message_id")
);
--> statement-breakpoint
CREATE INDEX "bl_device_nonce_time_idx" ON "bl_device_nonce" ("received_time");
--> statement-breakpoint
ALTER TABLE "bl_deviceinfo" ADD COLUMN "report_interval" integer DEFAULT 60 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bl_deviceinfo" ADD COLUMN "secret_time" timestamp with time zone;
