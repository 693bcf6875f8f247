import { areas } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { nextId } from '../db/ids.ts';
import { menu } from '../db/schema/index.ts';
import { buttonCode, type CrudAction, crudActions } from '../engine/permissions.ts';

const actionNames: Record<CrudAction, string> = {
  view: '查看',
  add: '新增',
  edit: '修改',
  delete: '删除',
  export: '导出',
  import: '导入',
};

/** Names of the actions entities declare beyond the generic ones (`actions` in their definition). */
const extraActionNames: Record<string, string> = {
  print: '打印',
  review: '审核',
  unreview: '反审核',
  approve: '审核通过',
  enable: '启用',
  disable: '停用',
  resetPassword: '重置密码',
  grant: '角色配置',
  sort: '生成分拣单',
  load: '生成装车单',
  printSort: '打印分拣单',
  printBoard: '打印板单',
  receive: '接收',
  receiveAdvance: '提前接收',
};

/**
 * Gives every catalogue entity (detail lines excepted) a menu entry under its area,
 * `/{area}/{entity}`, with its six buttons and its own `actions`. Runs at every start and only adds what is
 * missing, so menus an administrator edited keep their edits.
 */
export async function syncCatalogueMenus(database: Database): Promise<void> {
  const listed = entities.filter((e) => !e.parent);
  const codes = [
    ...areas.map((a) => a.code),
    ...listed.flatMap((e) => [
      e.name,
      ...crudActions.map((a) => buttonCode(e.name, a)),
      ...e.actions.map((a) => `${e.name}_${a}`),
    ]),
  ];
  const existing = await database.db
    .select({ id: menu.id, code: menu.code })
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
    if (members.length === 0) continue;
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
        path: `/${area.code}/${entity.name}`,
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
          name: extraActionNames[action] ?? action,
          sort: actions.length + order + 1,
          category: 2,
        });
      }
    }
  }
  if (rows.length > 0) await database.db.insert(menu).values(rows).onConflictDoNothing();
}
