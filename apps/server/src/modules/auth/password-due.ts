import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { passwordChangeDue } from '../../db/schema/index.ts';

/**
 * "Must change password" (issue 13, defect 7): an account whose password others know (the
 * seeded demo `admin` / `admin`, a new tenant's `admin` and any reset, both DEFAULT_PASSWORD)
 * is told so in the token answer (`passwordChangeDue`), and until the user changes it the token
 * guard refuses every call but the few that change it or leave (`passwordDueAllowed`). The web
 * app shows nothing but the change dialog meanwhile, so it needs no other call.
 */

/** What a session whose password change is due may still call. */
export const passwordDueAllowed = new Set([
  '/api/bl-system/user/update-password',
  '/api/bl-auth/logout',
  '/api/bl-system/user/getUserInfo',
]);

export async function markPasswordDue(tx: Tx, tenantId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(passwordChangeDue)
    .values(userIds.map((userId) => ({ userId, tenantId })))
    .onConflictDoNothing();
}

export async function clearPasswordDue(tx: Tx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(passwordChangeDue).where(inArray(passwordChangeDue.userId, userIds));
}

export async function isPasswordDue(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: passwordChangeDue.userId })
    .from(passwordChangeDue)
    .where(eq(passwordChangeDue.userId, userId));
  return rows.length > 0;
}
