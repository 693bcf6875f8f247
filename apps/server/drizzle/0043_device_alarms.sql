-- Alarm settings per device or per storage area, with a delay and a clear margin (empty: 0); the alarms
-- themselves (raised once, acknowledged with a comment, cleared when back in range) and the
-- switch commands sent to devices (issue 19, ADR 0026).
ALTER TABLE "bl_devicealarmsetting" ALTER COLUMN "device_code" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "bl_devicealarmsetting" ADD COLUMN "warehouse_area_code" varchar(64);
--> statement-breakpoint
ALTER TABLE "bl_devicealarmsetting" ADD COLUMN "delay_minutes" integer DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "bl_devicealarmsetting" ADD COLUMN "clear_margin" numeric(8, 2) DEFAULT 0;
--> statement-breakpoint
CREATE UNIQUE INDEX "bl_devicealarmsetting_area_uq" ON "bl_devicealarmsetting" ("tenant_id", "warehouse_area_code")
  WHERE is_deleted = 0 AND device_code IS NULL;
--> statement-breakpoint
CREATE TABLE "bl_devicealarm" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"measure" varchar(12) NOT NULL,
	"direction" varchar(4) NOT NULL,
	"limit_value" numeric(8, 2) NOT NULL,
	"peak_value" numeric(8, 2) NOT NULL,
	"state" varchar(8) NOT NULL,
	"out_since" timestamp with time zone NOT NULL,
	"raised_time" timestamp with time zone,
	"cleared_time" timestamp with time zone,
	"ack_time" timestamp with time zone,
	"ack_user" bigint,
	"ack_user_name" varchar(64),
	"ack_comment" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_devicealarm_measure" CHECK ("measure" IN ('temperature', 'humidity')),
	CONSTRAINT "bl_devicealarm_direction" CHECK ("direction" IN ('low', 'high')),
	CONSTRAINT "bl_devicealarm_state" CHECK ("state" IN ('pending', 'active', 'cleared'))
);
--> statement-breakpoint
-- One open (pending or active) alarm per device and measure: an alarm is raised once.
CREATE UNIQUE INDEX "bl_devicealarm_open_uq" ON "bl_devicealarm" ("tenant_id", "device_code", "measure")
  WHERE "state" IN ('pending', 'active');
--> statement-breakpoint
CREATE INDEX "bl_devicealarm_time_idx" ON "bl_devicealarm" ("tenant_id", "out_since" DESC);
--> statement-breakpoint
CREATE TABLE "bl_devicecommand" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"device_code" varchar(64) NOT NULL,
	"switch_name" varchar(8) NOT NULL,
	"switch_value" varchar(1) NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"timeout_time" timestamp with time zone NOT NULL,
	"done_time" timestamp with time zone,
	CONSTRAINT "bl_devicecommand_switch" CHECK ("switch_name" IN ('beep', 'led')),
	CONSTRAINT "bl_devicecommand_state" CHECK ("state" IN ('pending', 'done'))
);
--> statement-breakpoint
CREATE INDEX "bl_devicecommand_device_idx" ON "bl_devicecommand" ("tenant_id", "device_code", "create_time" DESC);
