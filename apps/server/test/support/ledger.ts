import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../src/db/database.ts';

/** Balances that differ from the sum of their stream rows, or went negative (every tenant). */
export async function ledgerProblems(database: Database) {
  return queryRows<Record<string, unknown>>(
    database.db,
    sql`with s as (
          select tenant_id, customer_code, material_code, batch_no, customer_batch_no, warehouse_place_code,
                 barcode, packspec_code, stock_status,
                 sum(qty) qty, sum(weg) weg, sum(qty_weg) qty_weg, sum(board) board, sum(volume) volume
          from bl_stockstream group by 1, 2, 3, 4, 5, 6, 7, 8, 9)
        select coalesce(b.material_code, s.material_code) material, b.qty::text balance, s.qty::text stream
        from (select * from bl_stock where is_deleted = 0) b
        full join s using (tenant_id, customer_code, material_code, batch_no, customer_batch_no,
                           warehouse_place_code, barcode, packspec_code, stock_status)
        where b.id is null and s.qty <> 0 or s.qty is null and b.qty <> 0
           or b.qty <> s.qty or b.weg <> s.weg or b.qty_weg <> s.qty_weg or b.board <> s.board
           or b.volume <> s.volume or b.qty < 0 or b.weg < 0 or b.qty_weg < 0`,
  );
}
