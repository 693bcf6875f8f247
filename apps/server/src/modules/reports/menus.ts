import { areas } from '@bl/entities';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { menu } from '../../db/schema/index.ts';
import { boardCode, boardRoute, reports, showRoute } from './definitions.ts';

/** The report screens of the menu, with the buttons the server checks (`{code}_view`, `{code}_export`). */
export const reportMenus: {
  code: string;
  name: string;
  path: string;
  isShow: 0 | 1;
  buttons: string[];
  /** The area whose menu holds it (the reports' own unless said). */
  area?: 'reportManagement' | 'acct';
}[] = [
  ...reports.map((r) => ({
    code: r.code,
    name: r.label.zh,
    path: r.route,
    isShow: 1 as const,
    buttons: ['view', 'export'],
    ...(r.area && { area: r.area }),
  })),
  { code: boardCode, name: '库位看板', path: boardRoute, isShow: 1, buttons: ['view'] },
  // Opened from the detail report's rows, not from the menu; it checks stockDetail_view.
  { code: 'stockDetailShow', name: '库存详情查看', path: showRoute, isShow: 0, buttons: [] },
];

const buttonNames: Record<string, string> = { view: '查看', export: '导出' };

/**
 * Puts the report screens and their buttons under the Reports area of the menu. Runs at every
 * start and only adds what is missing (the seed's first screens keep their rows), so menus an
 * administrator edited keep their edits.
 */
export async function syncReportMenus(database: Database): Promise<void> {
  const areaOf = (code: string) => {
    const found = areas.find((a) => a.code === code);
    if (!found) throw new Error(`the ${code} area is not in the catalogue`);
    return found;
  };
  const areaCodes = ['reportManagement', 'acct'] as const;
  const codes = [
    ...areaCodes,
    ...reportMenus.flatMap((m) => [m.code, ...m.buttons.map((b) => `${m.code}_${b}`)]),
  ];
  const existing = await database.db
    .select({ id: menu.id, code: menu.code })
    .from(menu)
    .where(inArray(menu.code, codes));
  const idOf = new Map(existing.map((m) => [m.code, m.id]));
  const rows: (typeof menu.$inferInsert)[] = [];
  const add = (row: Omit<typeof menu.$inferInsert, 'id'>) => {
    const found = idOf.get(row.code);
    if (found) return found;
    const id = nextId();
    idOf.set(row.code, id);
    rows.push({ id, ...row });
    return id;
  };
  const areaIds = new Map(
    areaCodes.map((code) => {
      const area = areaOf(code);
      const id = add({
        parentId: null,
        code: area.code,
        name: area.label.zh,
        path: `/${area.code}`,
        source: area.icon,
        sort: areas.indexOf(area) + 1,
        category: 1,
      });
      return [code, id] as const;
    }),
  );
  for (const [position, item] of reportMenus.entries()) {
    const screenId = add({
      parentId: areaIds.get(item.area ?? 'reportManagement') ?? null,
      code: item.code,
      name: item.name,
      path: item.path,
      // Billing's reports after its bills and details, the reports' own from the top.
      sort: (item.area === 'acct' ? 100 : 10) + position,
      category: 1,
      isShow: item.isShow,
    });
    for (const [order, button] of item.buttons.entries()) {
      add({
        parentId: screenId,
        code: `${item.code}_${button}`,
        name: buttonNames[button] ?? button,
        sort: order + 1,
        category: 2,
      });
    }
  }
  if (rows.length > 0) await database.db.insert(menu).values(rows).onConflictDoNothing();
}
