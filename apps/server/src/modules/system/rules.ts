import { roleTable } from '@bl/entities/system/role';
import { userTable } from '@bl/entities/system/user';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { removeRules, writeRules } from '../../engine/rules.ts';
import { badRequest } from '../../http/errors.ts';
import { hashPassword, passwordDigest } from '../auth/passwords.ts';
import { revokeOnUserChange, revokeRoleHolders, revokeUserSessions } from '../auth/revocation.ts';
import { checkAccountLimit } from './tenants.ts';

/** Fewest characters of a password set from the user screens. */
export const minPasswordLength = 6;

/** The role every tenant's administrator holds; spec 01 §6 gives it every right. */
export const administratorAlias = 'administrator';

/** The parent chain of a role, from its parent upwards (stops on a loop left by old data). */
async function ancestorsOf(tx: Tx, tenantId: string, parentId: string): Promise<string[]> {
  const chain: string[] = [];
  let next: string | null = parentId;
  while (next && !chain.includes(next)) {
    chain.push(next);
    const [row]: { parentId: string | null }[] = await tx
      .select({ parentId: roleTable.parentId })
      .from(roleTable)
      .where(and(eq(roleTable.tenantId, tenantId), eq(roleTable.id, next)));
    next = row?.parentId ?? null;
  }
  return chain;
}

/**
 * Rules of users and roles the generic engine cannot know: passwords are stored as argon2id
 * of their md5 (the sign-in page's digest), never as typed; an administrator cannot delete
 * their own account; the administrator role cannot be deleted; a role cannot sit below itself.
 */
export function registerSystemRules() {
  writeRules.user = async (tx, values, { auth, id }) => {
    if (id === undefined) await checkAccountLimit(tx, auth.tenantId);
    else {
      // A new password, role, department or account ends the user's sessions (the token's claims).
      const [before] = await tx.select().from(userTable).where(eq(userTable.id, id));
      if (before) await revokeOnUserChange(tx, id, before, values);
    }
    if (typeof values.password !== 'string') return;
    if (values.password.length < minPasswordLength)
      throw badRequest('user.passwordShort', { min: minPasswordLength });
    values.password = await hashPassword(passwordDigest(values.password));
  };
  removeRules.user = async (tx, rows, _language, auth) => {
    if (rows.some((row) => row.id === auth.userId)) throw badRequest('user.removeSelf');
    await revokeUserSessions(
      tx,
      rows.map((row) => String(row.id)),
      'account-removed',
    );
  };
  writeRules.role = async (tx, values, { auth, id }) => {
    if (id !== undefined) {
      // Tokens carry their roles' ids and aliases: a new alias or parent ends the holders' sessions.
      const [before] = await tx
        .select({ roleAlias: roleTable.roleAlias, parentId: roleTable.parentId })
        .from(roleTable)
        .where(eq(roleTable.id, id));
      const moved = (name: 'roleAlias' | 'parentId') =>
        values[name] !== undefined && String(values[name] ?? '') !== String(before?.[name] ?? '');
      if (before && (moved('roleAlias') || moved('parentId'))) await revokeRoleHolders(tx, [id]);
    }
    const parentId = values.parentId;
    if (id === undefined || typeof parentId !== 'string') return;
    if ((await ancestorsOf(tx, auth.tenantId, parentId)).includes(id)) throw badRequest('role.parentLoop');
  };
  removeRules.role = async (tx, rows) => {
    if (rows.some((row) => row.roleAlias === administratorAlias))
      throw badRequest('role.removeAdministrator');
    await revokeRoleHolders(
      tx,
      rows.map((row) => String(row.id)),
    );
  };
}
