-- The totals of one owner's held stock (stock reports filtered by owner, ADR 0019) read from this
-- index alone: the owner's entries are together, the amounts are in them, and no scattered
-- table block is visited for rows the visibility map knows are visible.
CREATE INDEX "bl_stock_owner_amounts_idx" ON "bl_stock" USING btree ("tenant_id","customer_code")
  INCLUDE ("qty","weg","qty_weg","board","volume") WHERE is_deleted = 0 AND qty <> 0;
