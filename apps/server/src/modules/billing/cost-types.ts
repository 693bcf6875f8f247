import { feeCostTypes } from '@bl/entities/billing/cost-types';
import { costTypeTable } from '@bl/entities/master-data/costtype';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';

/**
 * Gives a tenant the cost types the fee engine charges under (feeCostTypes), skipping codes it
 * already has (live or deleted: a type the tenant deleted stays deleted). Runs inside the
 * tenant's transaction when a tenant is made; migration 0049 did the same for the tenants that
 * existed before.
 */
export async function seedCostTypes(tx: Tx, tenantId: string, userId?: string): Promise<void> {
  const existing = await tx
    .select({ code: costTypeTable.code })
    .from(costTypeTable)
    .where(eq(costTypeTable.tenantId, tenantId));
  const taken = new Set(existing.map((row) => row.code));
  const rows = Object.values(feeCostTypes)
    .filter((type) => !taken.has(type.code))
    .map((type) => ({
      id: nextId(),
      tenantId,
      code: type.code,
      name: type.name,
      category: type.category,
      createUser: userId ?? null,
      updateUser: userId ?? null,
    }));
  if (rows.length > 0) await tx.insert(costTypeTable).values(rows).onConflictDoNothing();
}
