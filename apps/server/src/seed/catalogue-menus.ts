import { areas, specMenuPaths } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { nextId } from '../db/ids.ts';
import { menu } from '../db/schema/index.ts';
import type { SeedMenu } from '../engine/module.ts';
import { buttonCode, type CrudAction, crudActions } from '../engine/permissions.ts';
import { retiredMenuCodes } from './menus.ts';

const actionNames: Record<CrudAction, string> = {
  view: '查看',
  add: '新增',
  edit: '修改',
  delete: '删除',
  export: '导出',
  import: '导入',
};

/** Names of the other actions entities declare beyond the generic ones (`actions` in their definition). */
const extraActionNames: Record<string, string> = {
  print: '打印',
  approve: '审核通过',
  enable: '启用',
  disable: '停用',
  resetPassword: '重置密码',
  grant: '角色配置',
  bindBatch: '绑定批次',
  test: '测试连接',
  run: '计费',
  close: '月结',
  reopen: '反月结',
  take: '生成快照',
};

/** Where an entity's menu entry leads: its spec 01 §2 route, else `/{area}/{entity}`. */
export const entityMenuPath = (entity: { name: string; area: string }) =>
  specMenuPaths[entity.name] ?? `/${entity.area}/${entity.name}`;

/**
 * The menu tree, kept in step with the catalogue at every start: a group per area, an entry per
 * catalogue entity (detail lines excepted) at its menu path with its six buttons and its own
 * `actions`, then the entries the modules declare (`seed.menus`, engine/module.ts). Only adds what is missing, so menus an
 * administrator edited keep their edits; two changes of earlier versions are carried over: an
 * entity entry still at its old `/{area}/{entity}` path moves to its spec route, and the
 * retired duplicate entries are marked deleted.
 */
export async function syncCatalogueMenus(
  database: Database,
  modules: readonly { seed?: { menus?: readonly SeedMenu[] } }[],
): Promise<void> {
  const seedMenus = modules.flatMap((module) => module.seed?.menus ?? []);
  const listed = entities.filter((e) => !e.parent);
  const codes = [
    ...areas.map((a) => a.code),
    ...listed.flatMap((e) => [
      e.name,
      ...crudActions.map((a) => buttonCode(e.name, a)),
      ...e.actions.map((a) => `${e.name}_${a}`),
    ]),
    ...seedMenus.flatMap((m) => [m.code, ...(m.buttons ?? []).map((b) => `${m.code}_${b}`)]),
  ];
  const existing = await database.db
    .select({ id: menu.id, code: menu.code, path: menu.path })
    .from(menu)
    .where(inArray(menu.code, codes));
  const idOf = new Map(existing.map((m) => [m.code, m.id]));
  const rows: (typeof menu.$inferInsert)[] = [];
  const add = (row: Omit<typeof menu.$inferInsert, 'id'>) => {
    if (idOf.has(row.code)) return idOf.get(row.code) as string;
    const id = nextId();
    idOf.set(row.code, id);
    rows.push({ id, ...row });
    return id;
  };
  for (const [index, area] of areas.entries()) {
    const members = listed.filter((e) => e.area === area.code);
    const extras = seedMenus.filter((m) => m.area === area.code);
    if (members.length === 0 && extras.length === 0) continue;
    const areaId = add({
      parentId: null,
      code: area.code,
      name: area.label.zh,
      path: `/${area.code}`,
      source: area.icon,
      sort: index + 1,
      category: 1,
    });
    for (const [position, entity] of members.entries()) {
      const entityId = add({
        parentId: areaId,
        code: entity.name,
        name: entity.label.zh,
        path: entityMenuPath(entity),
        sort: 100 + position,
        category: 1,
      });
      const actions = entity.readOnly
        ? crudActions.filter((a) => a === 'view' || a === 'export')
        : crudActions;
      for (const [order, action] of actions.entries()) {
        add({
          parentId: entityId,
          code: buttonCode(entity.name, action),
          name: actionNames[action],
          sort: order + 1,
          category: 2,
        });
      }
      for (const [order, action] of entity.actions.entries()) {
        add({
          parentId: entityId,
          code: `${entity.name}_${action}`,
          // A bill's flow action is named by its declaration (flow.ts); others by the table above.
          name: entity.flow?.actions?.[action]?.label.zh ?? extraActionNames[action] ?? action,
          sort: actions.length + order + 1,
          category: 2,
        });
      }
    }
    for (const [position, extra] of extras.entries()) {
      const extraId = add({
        parentId: areaId,
        code: extra.code,
        name: extra.name,
        path: extra.path,
        sort: extra.sort ?? 200 + position,
        category: 1,
      });
      for (const [order, action] of (extra.buttons ?? []).entries()) {
        add({
          parentId: extraId,
          code: `${extra.code}_${action}`,
          name: actionNames[action as CrudAction] ?? extraActionNames[action] ?? action,
          sort: order + 1,
          category: 2,
        });
      }
    }
  }
  // One transaction: a start adds, moves and retires all of it or none.
  await database.db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(menu).values(rows).onConflictDoNothing();
    for (const entity of listed) {
      const path = entityMenuPath(entity);
      const old = `/${entity.area}/${entity.name}`;
      if (path === old) continue;
      if (!existing.some((m) => m.code === entity.name && m.path === old)) continue;
      await tx
        .update(menu)
        .set({ path })
        .where(and(eq(menu.code, entity.name), eq(menu.path, old)));
    }
    await tx
      .update(menu)
      .set({ isDeleted: 1 })
      .where(and(inArray(menu.code, [...retiredMenuCodes]), eq(menu.isDeleted, 0)));
  });
}
