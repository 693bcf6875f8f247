import { sql } from 'drizzle-orm';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { type Balance, balanceSelect, type Movement, postMovements, type StockKey } from '../ledger/index.ts';

/** The stream's bill type of automatic status changes. */
export const statusChangeBillType = 'statuschange';

/**
 * The job's own identity in the stream and its stamps: it is nobody signed in. User 0 is
 * SpringBlade's "system" and never an account.
 */
function systemActor(tenantId: string): AuthContext {
  return {
    tenantId,
    userId: '0',
    sessionId: '',
    clientId: 'system',
    account: 'system',
    userName: 'system',
    roleIds: [],
    roleAliases: [],
    allPowerful: false,
    deptId: '',
  };
}

interface Due extends Balance {
  changeStatus: string;
  categoryCode: string;
}

/** A day as the stream's bill number part: 20261123. */
const dayStamp = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * One tenant's sweep (spec 02 §4 category): every balance whose material's category has
 * ifChangeStatus on, received at least `changeTime` days before `today` and not yet in the
 * category's `changeStatus`, moves to that status. A move is a conversion without fee: out of
 * the old key and into the same key with the new status, both stream rows flagged 2, dates
 * kept, so FIFO and billing see the goods as they were. Serialised per tenant by an advisory
 * lock and read after it, so two server processes never move the same goods twice.
 */
export async function changeDueStatuses(tx: Tx, tenantId: string, today: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bl-status-change:${tenantId}`}))`);
  // The balance columns are read from a subquery: material and category have columns of the
  // same names.
  const due = await queryRows<Due>(
    tx,
    sql`select ${balanceSelect}, change_status as "changeStatus", category_code as "categoryCode"
        from (
          select s.*, c.change_status, c.code as category_code
          from bl_stock s
          join bl_material m on m.tenant_id = s.tenant_id and m.code = s.material_code and m.is_deleted = 0
          join bl_category c on c.tenant_id = s.tenant_id and c.code = m.category_code and c.is_deleted = 0
          where s.tenant_id = ${tenantId} and s.is_deleted = 0 and s.qty > 0
            and c.if_change_status = '1' and c.change_status is not null and c.change_time is not null
            and s.stock_status <> c.change_status
            and s.instock_date is not null
            and s.instock_date <= ${today.toISOString().slice(0, 10)}::date - c.change_time
        ) due
        order by id`,
  );
  if (due.length === 0) return 0;
  const billNo = `SC${dayStamp(today)}`;
  const movements: Movement[] = due.flatMap((balance, index) => {
    const key: StockKey = {
      customerCode: balance.customerCode,
      materialCode: balance.materialCode,
      batchNo: balance.batchNo,
      customerBatchNo: balance.customerBatchNo,
      warehousePlaceCode: balance.warehousePlaceCode,
      barcode: balance.barcode,
      packspecCode: balance.packspecCode,
      stockStatus: balance.stockStatus,
    };
    const amounts = {
      qty: toUnits(balance.qty),
      weg: toUnits(balance.weg),
      qtyWeg: toUnits(balance.qtyWeg),
      board: toUnits(balance.board),
      volume: toUnits(balance.volume),
    };
    const common = {
      billType: statusChangeBillType,
      billNo,
      lineNumber: index + 1,
      streamStatus: '1' as const,
      unitCode: balance.unitCode,
      instockDate: balance.instockDate,
      productDate: balance.productDate,
      validityDate: balance.validityDate,
    };
    const negated = {
      qty: -amounts.qty,
      weg: -amounts.weg,
      qtyWeg: -amounts.qtyWeg,
      board: -amounts.board,
      volume: -amounts.volume,
    };
    return [
      { ...common, ...negated, key, direction: '2', instockStatus: null, outstockStatus: '2' },
      {
        ...common,
        ...amounts,
        key: { ...key, stockStatus: balance.changeStatus },
        direction: '1',
        instockStatus: '2',
        outstockStatus: null,
      },
    ] satisfies Movement[];
  });
  // Read under the lock just now: nothing can be short, but a refusal would still roll back.
  await postMovements(tx, systemActor(tenantId), movements, (movement) => ({
    key: 'ledger.negative',
    params: {
      bill: movement.billNo,
      line: movement.lineNumber,
      material: movement.key.materialCode,
      batch: movement.key.batchNo,
      place: movement.key.warehousePlaceCode,
      owner: movement.key.customerCode,
    },
  }));
  const categories = [...new Set(due.map((row) => row.categoryCode))];
  await tx.execute(
    sql`update bl_category set last_change_time = now()
        where tenant_id = ${tenantId} and is_deleted = 0
          and code in (${sql.join(
            categories.map((code) => sql`${code}`),
            sql`, `,
          )})`,
  );
  return due.length;
}

/** Every live tenant's sweep, each in its own transaction: one tenant's trouble stops no other. */
export async function runStatusChange(
  database: Database,
  today: Date,
  log: (error: unknown, tenantId: string) => void,
): Promise<number> {
  const tenants = await queryRows<{ tenantId: string }>(
    database.db,
    sql`select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 order by tenant_id`,
  );
  let moved = 0;
  for (const { tenantId } of tenants) {
    try {
      moved += await database.withTenant(tenantId, (tx) => changeDueStatuses(tx, tenantId, today));
    } catch (error) {
      log(error, tenantId);
    }
  }
  return moved;
}
