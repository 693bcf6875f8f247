import { topmenusettingTable, topmenuTable } from '@bl/entities/system/topmenu';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { nextId } from '../db/ids.ts';

export interface SeedTopMenu {
  menuCode: string;
  menuName: string;
  icon: string;
  /** Side-menu codes (areas or single screens) the top menu shows, with what lies beneath. */
  menus: string[];
}

/**
 * The demo tenants' top menus: the side menu grouped the way a 3PL operator's desks divide the
 * work (the floor, the trucks, the invoices, the reference data, the administrator). A screen
 * may sit under two top menus where two desks use it: loading is both warehouse and transport
 * work, and agreement prices are master data that billing lives by. Names are Simplified
 * Chinese, as for menus; the web shows `topMenuName.<menuCode>` in the user's language.
 */
export const seedTopMenus: SeedTopMenu[] = [
  {
    menuCode: 'warehouse',
    menuName: '仓储作业',
    icon: 'DatabaseOutlined',
    menus: [
      'warehousingManagement',
      'outWarehouseManagement',
      'inWarehouseManagement',
      'loadHandle',
      'secondaryProcessing',
      'reportManagement',
      'device',
    ],
  },
  {
    menuCode: 'transport',
    menuName: '运输调度',
    icon: 'NodeIndexOutlined',
    menus: ['transport', 'loadHandle'],
  },
  {
    menuCode: 'billing',
    menuName: '计费结算',
    icon: 'AccountBookOutlined',
    menus: ['acct', 'otherBill', 'lgagreement', 'agreementdistribution', 'billingrules', 'costtype'],
  },
  {
    menuCode: 'masterData',
    menuName: '基础资料',
    icon: 'ApartmentOutlined',
    menus: ['basicData', 'supplyChain'],
  },
  {
    menuCode: 'system',
    menuName: '系统管理',
    icon: 'SettingOutlined',
    menus: ['system', 'develop'],
  },
];

/**
 * Gives a demo tenant the top menus above unless it has ever had any: a tenant whose
 * administrator deleted them all (logical deletes leave rows) keeps that choice. Runs at every
 * start, so databases seeded before top menus existed get them too.
 */
export async function seedDemoTopMenus(database: Database, tenantId: string): Promise<void> {
  await database.withTenant(tenantId, async (tx) => {
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(topmenuTable)
      .where(eq(topmenuTable.tenantId, tenantId));
    if (value > 0) return;
    for (const [index, item] of seedTopMenus.entries()) {
      const headerId = nextId();
      const created = await tx
        .insert(topmenuTable)
        .values({
          id: headerId,
          tenantId,
          menuCode: item.menuCode,
          menuName: item.menuName,
          icon: item.icon,
          sort: index + 1,
        })
        .onConflictDoNothing()
        .returning({ id: topmenuTable.id });
      if (created.length === 0) return; // another server process starting at once seeded them
      await tx.insert(topmenusettingTable).values(
        item.menus.map((menuCode, position) => ({
          id: nextId(),
          tenantId,
          headerId,
          menuCode,
          sort: position + 1,
        })),
      );
    }
  });
}
