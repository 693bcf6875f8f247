import { entities } from '@bl/entities/registry';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRows, preparedSql } from '../src/db/prepared.ts';
import { tableRows } from '../src/db/rows.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/**
 * The helpers of the posting path (ADR 0028): rows read with `tableRows` are the rows drizzle's
 * `select()` gives, and prepared statements answer for the values they are given each time.
 */
describe.each(testDrivers())('prepared statements and table rows on %s', (driver) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('a line read through tableRows is the row drizzle selects: ids, dates, numbers, times and nulls alike', async () => {
    const lines = entities.find((e) => e.name === 'isinstockbilldetail');
    if (!lines) throw new Error('no isinstockbilldetail entity');
    const table = lines.table as PgTable;
    await test.database.withTenant('000000', async (tx) => {
      await tx.execute(sql`
        insert into bl_isinstockbilldetail (id, tenant_id, header_id, bill_no, line_number, material_code, unit_code,
                                            qty, qty_weg, product_date, create_time)
        values (9100000000000000001, '000000', 9100000000000000000, 'T-1', 1, 'M1', 'PCS', 12.5, 0.0001,
                date '2026-02-28', timestamptz '2026-03-01 08:30:15.123+08'),
               (9100000000000000002, '000000', 9100000000000000000, 'T-1', 2, 'M2', null, 3, null, null, now())`);
      const id = getTableColumns(table).id as PgColumn;
      const byDrizzle = await tx
        .select()
        .from(table)
        .where(sql`${id} >= 9100000000000000001`)
        .orderBy(asc(id));
      const read = tableRows(table);
      const byRows = (
        await preparedSql<Record<string, unknown>>(
          tx,
          sql`select ${read.columns} from ${table} where id >= 9100000000000000001 order by id`,
        )
      ).map(read.map);
      expect(byRows).toHaveLength(2);
      expect(byRows).toEqual(byDrizzle);
      expect(byRows[0]).toMatchObject({
        id: '9100000000000000001',
        lineNumber: 1,
        productDate: '2026-02-28',
      });
      expect(byRows[0]?.createTime).toBeInstanceOf(Date);
      expect(byRows[1]).toMatchObject({ unitCode: null, productDate: null });
    });
  });

  it('a prepared statement answers for the values of each call, past the calls a plan is cached after', async () => {
    await test.database.withTenant('000000', async (tx) => {
      for (let i = 0; i < 8; i++) {
        const [row] = await preparedRows<{ n: number }>(tx, 'select $1::int + 1 as n', [i]);
        expect(row?.n).toBe(i + 1);
      }
      // Another text is another statement, whatever was prepared before.
      const [other] = await preparedRows<{ n: number }>(tx, 'select $1::int * 10 as n', [4]);
      expect(other?.n).toBe(40);
      const [text] = await preparedSql<{ t: string }>(tx, sql`select ${'a'}::text || ${'b'}::text as t`);
      expect(text?.t).toBe('ab');
    });
  });
});
