-- Device monitoring, second part (issue 19, ADR 0026): an open alarm is notified again every
-- `notify_interval` minutes of its setting until acknowledged or cleared (the time and count of
-- the last notification kept on the alarm); a setting may switch the device's buzzer on when an
-- alarm is raised and off when it clears (`auto_beep`, '1'); the readings' list index follows
-- what the generic list asks (newest reading first) instead of the creation time.
ALTER TABLE "bl_devicealarm" ADD COLUMN "notify_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bl_devicealarm" ADD COLUMN "notify_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "bl_devicealarm" SET "notify_time" = "raised_time", "notify_count" = 1 WHERE "raised_time" IS NOT NULL;
--> statement-breakpoint
-- The re-notify job's scan: open, unacknowledged alarms only.
CREATE INDEX "bl_devicealarm_renotify_idx" ON "bl_devicealarm" ("notify_time")
  WHERE "state" = 'active' AND "ack_time" IS NULL;
--> statement-breakpoint
ALTER TABLE "bl_devicealarmsetting" ADD COLUMN "auto_beep" varchar(1) DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- Made by ensureListIndexes on the creation time: the readings' list sorts by reading time.
DROP INDEX IF EXISTS "bl_temhumdata_list_idx";
--> statement-breakpoint
CREATE INDEX "bl_temhumdata_list_idx" ON "bl_temhumdata" ("tenant_id", "reading_time" DESC, "id" DESC)
  WHERE "is_deleted" = 0;
