import { type EntityDefinition, entities } from '@bl/entities/registry';
import { syscodeTable } from '@bl/entities/system/syscode';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { tenant } from '../../db/schema/index.ts';

/**
 * The prefix of each bill's default number (pinyin initials, as warehouses here write them:
 * 入库 → RK). A bill entity missing here still gets a rule, prefixed with its name's initials;
 * a test keeps this list in step with the catalogue and with migration 0021.
 */
export const billPrefixes: Readonly<Record<string, string>> = {
  orderisinstockbill: 'YRK',
  isinstockbill: 'RK',
  isrecbill: 'SH',
  ispurchaseapplybill: 'CGSQ',
  checkbill: 'ZJ',
  orderosoutstockbill: 'YCK',
  osoutstockbill: 'CK',
  stocksortingbill: 'FJ',
  osnoticedeliverybill: 'FHTZ',
  ossobill: 'XS',
  osbomapplybill: 'BOMLL',
  billwaves: 'BC',
  inventorylossbill: 'BS',
  wmstockcheckbill: 'PD',
  wmallocatebill: 'DB',
  warehousetransferbill: 'YK',
  diversecustomertransferbill: 'HQZY',
  packagetemporarybill: 'BZZ',
  temporarypackagebill: 'ZZB',
  secondaryprocess: 'ECJG',
  adjustpricebill: 'TJ',
  handlingbill: 'ZX',
  packagewarehousebill: 'BCG',
  rentwarehousebill: 'ZC',
  valueaddservicebill: 'ZZFW',
  ladingbill: 'TD',
  mailbill: 'YJ',
  baccount: 'JZ',
  monthbill: 'YJD',
  voucherbill: 'PZ',
  loadbill: 'ZCD',
  secbombill: 'BOM',
  secproductive: 'JGRW',
  consignmentbill: 'TY',
  dispatch: 'PC',
  loadingbill: 'FC',
  arrivalbill: 'DH',
  deliverybill: 'PS',
  costbill: 'FYZD',
  corefirmorder: 'HXDD',
  corefirmtransaction: 'HXJY',
};

/**
 * Entities whose records are numbered documents: a header users write with a required number
 * field (`billNo`, or the one it declares: EntityInput.numberField). The serial hook
 * (serials.ts) fills a blank one.
 */
export const isNumbered = (entity: EntityDefinition): boolean => entity.numberField !== undefined;

export const numberedEntities = (): EntityDefinition[] => entities.filter(isNumbered);

/** A bill's default rule: prefix + yyyyMMdd + a four-digit value that starts again each day. */
export function defaultRule(entity: EntityDefinition) {
  return {
    seqCode: entity.name,
    // Names are stored once; the serial screen is read mostly in Chinese, the default language.
    seqName: entity.label.zh,
    prefixValue: billPrefixes[entity.name] ?? entity.name.slice(0, 4).toUpperCase(),
    datePattern: 'yyyyMMdd',
    seqLength: 4,
    resetCycle: '1',
  };
}

/**
 * Gives a tenant the default numbering rule of every numbered entity it has none for (live or
 * deleted: a rule the tenant deleted stays deleted). Runs inside the tenant's transaction, when
 * a tenant is made, and for every tenant at each start (`syncSerials`), so a bill numbered
 * since (the cost bill, issue 29, 12) is numbered in tenants made before it.
 */
export async function seedSerials(tx: Tx, tenantId: string, userId?: string): Promise<void> {
  const existing = await tx
    .select({ seqCode: syscodeTable.seqCode })
    .from(syscodeTable)
    .where(eq(syscodeTable.tenantId, tenantId));
  const taken = new Set(existing.map((row) => row.seqCode));
  const rows = numberedEntities()
    .filter((entity) => !taken.has(entity.name))
    .map((entity) => ({
      id: nextId(),
      tenantId,
      ...defaultRule(entity),
      createUser: userId ?? null,
      updateUser: userId ?? null,
    }));
  if (rows.length > 0) await tx.insert(syscodeTable).values(rows).onConflictDoNothing();
}

/**
 * Every tenant's default rules in step with the numbered entities, at each start: one tenant
 * at a time in its own transaction (RLS), a rule already there (or deleted) left as it is.
 */
export async function syncSerials(database: Database): Promise<void> {
  const tenants = await database.db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(eq(tenant.isDeleted, 0));
  for (const { tenantId } of tenants) await database.withTenant(tenantId, (tx) => seedSerials(tx, tenantId));
}
