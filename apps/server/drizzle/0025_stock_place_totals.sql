-- Stock held per location, kept by the ledger itself for the stock-by-area report (ADR 0019):
-- the report sums these few rows per location instead of grouping every balance row. Each
-- statement that changes bl_stock appends the change it made per location (a delta row); no row
-- is ever updated, so concurrent postings never wait on each other here. Reading folds the
-- deltas of a tenant into one row per location (reports/place-totals.ts).
CREATE TABLE "bl_stock_place_total" (
	"tenant_id" varchar(12) NOT NULL,
	"warehouse_place_code" varchar(64) NOT NULL,
	"line_count" bigint NOT NULL,
	"qty" numeric NOT NULL,
	"weg" numeric NOT NULL,
	"qty_weg" numeric NOT NULL,
	"board" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bl_stock_place_total_place_idx" ON "bl_stock_place_total" USING btree ("tenant_id","warehouse_place_code");
--> statement-breakpoint
CREATE INDEX "bl_stock_place_total_delta_idx" ON "bl_stock_place_total" USING btree ("tenant_id","warehouse_place_code") WHERE "delta";
--> statement-breakpoint
-- What a statement did to the held stock (is_deleted = 0, qty <> 0, as the report counts it),
-- per tenant and location: the rows before it subtracted, the rows after it added, netted.
CREATE FUNCTION "bl_stock_place_total_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bl_stock_place_total (tenant_id, warehouse_place_code, line_count, qty, weg, qty_weg, board, volume)
    SELECT tenant_id, warehouse_place_code, count(*), sum(qty), sum(weg), sum(qty_weg), sum(board), sum(volume)
    FROM new_rows WHERE is_deleted = 0 AND qty <> 0 GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bl_stock_place_total (tenant_id, warehouse_place_code, line_count, qty, weg, qty_weg, board, volume)
    SELECT tenant_id, warehouse_place_code, -count(*), -sum(qty), -sum(weg), -sum(qty_weg), -sum(board), -sum(volume)
    FROM old_rows WHERE is_deleted = 0 AND qty <> 0 GROUP BY 1, 2;
  ELSE
    INSERT INTO bl_stock_place_total (tenant_id, warehouse_place_code, line_count, qty, weg, qty_weg, board, volume)
    SELECT tenant_id, warehouse_place_code, sum(n), sum(qty), sum(weg), sum(qty_weg), sum(board), sum(volume)
    FROM (
      SELECT tenant_id, warehouse_place_code, -1 AS n, -qty AS qty, -weg AS weg, -qty_weg AS qty_weg,
             -board AS board, -volume AS volume
      FROM old_rows WHERE is_deleted = 0 AND qty <> 0
      UNION ALL
      SELECT tenant_id, warehouse_place_code, 1, qty, weg, qty_weg, board, volume
      FROM new_rows WHERE is_deleted = 0 AND qty <> 0
    ) change
    GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(qty) <> 0 OR sum(weg) <> 0 OR sum(qty_weg) <> 0 OR sum(board) <> 0
      OR sum(volume) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bl_stock_place_total_insert" AFTER INSERT ON "bl_stock"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bl_stock_place_total_track"();
--> statement-breakpoint
CREATE TRIGGER "bl_stock_place_total_update" AFTER UPDATE ON "bl_stock"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bl_stock_place_total_track"();
--> statement-breakpoint
CREATE TRIGGER "bl_stock_place_total_delete" AFTER DELETE ON "bl_stock"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bl_stock_place_total_track"();
--> statement-breakpoint
-- The stock already held (the migrating owner reads every tenant's rows).
INSERT INTO "bl_stock_place_total" ("tenant_id", "warehouse_place_code", "line_count", "qty", "weg", "qty_weg", "board", "volume", "delta")
  SELECT tenant_id, warehouse_place_code, count(*), sum(qty), sum(weg), sum(qty_weg), sum(board), sum(volume), false
  FROM "bl_stock" WHERE is_deleted = 0 AND qty <> 0 GROUP BY 1, 2;
