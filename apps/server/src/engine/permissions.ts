import { ResultCode } from '@bl/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { menu, roleMenu } from '../db/schema/index.ts';
import type { AuthContext } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { isAllPowerful } from '../modules/auth/sign-in.ts';

/** The actions of the generic screens; the button code is `{entity}_{action}`. */
export const crudActions = ['view', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type CrudAction = (typeof crudActions)[number];

export const buttonCode = (entity: string, action: CrudAction) => `${entity}_${action}`;

/**
 * Actions some entities add to the generic six, with their button names (Simplified
 * Chinese, the menu admin's language): bill reviews post stock (modules/wms).
 */
export const entityActions: Partial<Record<string, { action: string; name: string }[]>> = {
  isinstockbill: [
    { action: 'review', name: '审核' },
    { action: 'unreview', name: '反审核' },
  ],
  osoutstockbill: [
    { action: 'review', name: '审核' },
    { action: 'unreview', name: '反审核' },
  ],
};

/**
 * Refuses the call unless one of the caller's roles is granted the button (spec 01 §6:
 * administrators hold every button). Checked on the server for every action.
 */
export async function requireButton(tx: Tx, auth: AuthContext, code: string): Promise<void> {
  if (isAllPowerful(auth.roleAliases)) return;
  if (auth.roleIds.length > 0) {
    const granted = await tx
      .select({ id: menu.id })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(inArray(roleMenu.roleId, auth.roleIds), eq(menu.code, code), eq(menu.isDeleted, 0)))
      .limit(1);
    if (granted.length > 0) return;
  }
  throw new AppError(ResultCode.forbidden, 'crud.forbidden', { code });
}
