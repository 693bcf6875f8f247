-- The stock reports filtered by owner (ADR 0019) read this index alone: the owner's entries are
-- together, in the owner-batch report's group order (owner, owner batch, material), with the
-- amounts in them, so neither the by-details totals nor the owner-batch groups visit the
-- scattered table blocks of 20,000 balances for rows the visibility map knows are visible.
CREATE INDEX "bl_stock_owner_amounts_idx" ON "bl_stock" USING btree ("tenant_id","customer_code","customer_batch_no","material_code")
  INCLUDE ("qty","weg","qty_weg","board","volume") WHERE is_deleted = 0 AND qty <> 0;
