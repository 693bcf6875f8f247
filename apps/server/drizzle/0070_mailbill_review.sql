-- Issue 28: the mail bill is reviewed like the other bills without stock (bills/mailbill.ts): its
-- review status, 1 "review needed" as for every bill created before it could be reviewed.
ALTER TABLE "bl_mailbill" ADD COLUMN "is_review" varchar(1) DEFAULT '1' NOT NULL;
