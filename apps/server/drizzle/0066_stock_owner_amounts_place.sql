-- The owner index of migration 0026 with the location too: an owner's stock report filtered by
-- storage area (the locations of the area) read the location of 20,000 balances from as many
-- scattered table blocks (300 ms cold, issue 20 target 5); with the location in the index the
-- totals are an index-only scan joined to the area's locations (25 ms). A location never changes
-- on a balance (it is part of the key), so postings update this index no more than before.
DROP INDEX IF EXISTS "bl_stock_owner_amounts_idx";
--> statement-breakpoint
CREATE INDEX "bl_stock_owner_amounts_idx" ON "bl_stock" USING btree ("tenant_id","customer_code","customer_batch_no","material_code")
  INCLUDE ("warehouse_place_code","qty","weg","qty_weg","board","volume") WHERE is_deleted = 0 AND qty <> 0;
