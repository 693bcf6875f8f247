import { reservedRoleAliases } from '@bl/contract';
import { isId } from '@bl/entities';
import { dataScopeTable } from '@bl/entities/system/datascope';
import { roleTable } from '@bl/entities/system/role';
import { userTable } from '@bl/entities/system/user';
import { useroauthTable } from '@bl/entities/system/useroauth';
import { userwcTable } from '@bl/entities/system/userwc';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { removeRules, writeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import {
  holdsScope,
  requireUserWithinOwn,
  requireWithinOwn,
  rightsOf,
  rightsOfRoles,
  scopeKey,
  seesAll,
} from '../access/index.ts';
import {
  hashPassword,
  passwordDigest,
  revokeOnUserChange,
  revokeRoleHolders,
  revokeUserSessions,
} from '../auth/index.ts';
import { checkAccountLimit } from './tenants.ts';

/** Fewest characters of a password set from the user screens. */
export const minPasswordLength = 6;

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

/** A role that a caller edits, deletes or places another under must be within their own. */
async function requireRoleWithinOwn(tx: Tx, auth: AuthContext, roleId: string, name: unknown) {
  if (auth.allPowerful) return;
  await requireWithinOwn(tx, auth, await rightsOfRoles(tx, auth.tenantId, [roleId]), String(name));
}

const isReservedAlias = (alias: string) =>
  (reservedRoleAliases as readonly string[]).includes(alias.trim().toLowerCase());

/**
 * Rules of users and roles the generic engine cannot know: passwords are stored as argon2id
 * of their md5 (the sign-in page's digest), never as typed; an administrator cannot delete
 * their own account; the administrator role cannot be deleted; a role cannot sit below itself.
 * Who may grant what (ADR 0009): a caller who is not an administrator may give a user only
 * roles within what they hold themselves, and may change or delete only users and roles within
 * it (so never an administrator, whose password they could otherwise reset).
 */
export function registerSystemRules() {
  writeRules.user = async (tx, values, { auth, id }) => {
    if (id === undefined) await checkAccountLimit(tx, auth.tenantId);
    if (!auth.allPowerful) {
      if (id !== undefined) {
        const [current] = await tx
          .select({ roleId: userTable.roleId, account: userTable.account })
          .from(userTable)
          .where(and(eq(userTable.tenantId, auth.tenantId), eq(userTable.id, id)));
        if (current) await requireUserWithinOwn(tx, auth, current.roleId, current.account);
      }
      if (values.roleId !== undefined)
        await requireUserWithinOwn(tx, auth, values.roleId, values.account ?? '');
    }
    if (id !== undefined) {
      // A new password, role, department or account ends the user's sessions (the token's claims).
      const [before] = await tx.select().from(userTable).where(eq(userTable.id, id));
      if (before) await revokeOnUserChange(tx, id, before, values);
    }
    if (typeof values.password !== 'string') return;
    if (values.password.length < minPasswordLength)
      throw badRequest('user.passwordShort', { min: minPasswordLength });
    values.password = await hashPassword(passwordDigest(values.password));
  };
  // A provider identity bound to a user signs in as that user: binding one, or changing a
  // binding, is changing that user (never an administrator's, for anyone but administrators).
  const bindings = [
    ['useroauth', useroauthTable],
    ['userwc', userwcTable],
  ] as const;
  for (const [name, entity] of bindings) {
    writeRules[name] = async (tx, values, { auth, id }) => {
      const [current] =
        id === undefined
          ? []
          : await tx
              .select({ userId: entity.userId })
              .from(entity)
              .where(and(eq(entity.tenantId, auth.tenantId), eq(entity.id, id)));
      // When the WeChat identity was bound to its user (issue 28): stamped when the user
      // changes, cleared when the binding is undone; the provider's own time is not ours.
      if (name === 'userwc' && 'userId' in values) {
        const userId = values.userId === null || values.userId === '' ? null : values.userId;
        if (userId === null) values.bindTime = null;
        else if (userId !== current?.userId) values.bindTime = new Date();
      }
      if (auth.allPowerful) return;
      const bound = [current?.userId, values.userId].filter(
        (u): u is string => typeof u === 'string' && u !== '',
      );
      for (const userId of new Set(bound)) {
        if (!isId(userId)) continue;
        const [boundUser] = await tx
          .select({ roleId: userTable.roleId, account: userTable.account })
          .from(userTable)
          .where(and(eq(userTable.tenantId, auth.tenantId), eq(userTable.id, userId)));
        if (boundUser) await requireUserWithinOwn(tx, auth, boundUser.roleId, boundUser.account);
      }
    };
  }
  removeRules.user = async (tx, rows, _language, auth) => {
    if (rows.some((row) => row.id === auth.userId)) throw badRequest('user.removeSelf');
    for (const row of rows) await requireUserWithinOwn(tx, auth, row.roleId, row.account);
    await revokeUserSessions(
      tx,
      rows.map((row) => String(row.id)),
      'account-removed',
    );
  };
  writeRules.role = async (tx, values, { auth, id }) => {
    const [current] =
      id === undefined
        ? []
        : await tx
            .select()
            .from(roleTable)
            .where(and(eq(roleTable.tenantId, auth.tenantId), eq(roleTable.id, id)));
    if (current) await requireRoleWithinOwn(tx, auth, current.id, current.roleName);
    // The alias is a name, not a right: the administrator role keeps its own, no other takes one.
    const alias = typeof values.roleAlias === 'string' ? values.roleAlias : undefined;
    if (alias !== undefined && isReservedAlias(alias) && !current?.isAdministrator)
      throw forbidden('role.aliasReserved', { alias });
    // Tokens carry their roles' ids and aliases: a new alias or parent ends the holders' sessions.
    const moved = (name: 'roleAlias' | 'parentId') =>
      values[name] !== undefined && String(values[name] ?? '') !== String(current?.[name] ?? '');
    if (current && (moved('roleAlias') || moved('parentId'))) await revokeRoleHolders(tx, [current.id]);
    const parentId = values.parentId;
    if (typeof parentId === 'string') {
      const [parent] = await tx
        .select({ id: roleTable.id, roleName: roleTable.roleName })
        .from(roleTable)
        .where(and(eq(roleTable.tenantId, auth.tenantId), eq(roleTable.id, parentId)));
      if (parent) await requireRoleWithinOwn(tx, auth, parent.id, parent.roleName);
      if (id !== undefined && (await ancestorsOf(tx, auth.tenantId, parentId)).includes(id))
        throw badRequest('role.parentLoop');
    }
    // Data scopes name their role by alias: they follow a renamed role instead of falling off it
    // (which would let the role see everything). Rules left by a deleted role of the new alias go.
    if (current && alias !== undefined && alias !== current.roleAlias) {
      const scopes = and(eq(dataScopeTable.tenantId, auth.tenantId), eq(dataScopeTable.isDeleted, 0));
      await tx
        .update(dataScopeTable)
        .set({ isDeleted: 1, updateUser: auth.userId, updateTime: new Date() })
        .where(and(scopes, eq(dataScopeTable.roleAlias, alias)));
      await tx
        .update(dataScopeTable)
        .set({ roleAlias: alias, updateUser: auth.userId, updateTime: new Date() })
        .where(and(scopes, eq(dataScopeTable.roleAlias, current.roleAlias)));
    }
  };
  // Data scopes only within one's own: where the caller's own view of an entity is bounded,
  // they may set only rules they hold, and may not remove or move a rule (that widens a role).
  writeRules.datascope = async (tx, values, { auth, id }) => {
    if (auth.allPowerful) return;
    const own = await rightsOf(tx, auth);
    const [current] =
      id === undefined
        ? []
        : await tx
            .select()
            .from(dataScopeTable)
            .where(and(eq(dataScopeTable.tenantId, auth.tenantId), eq(dataScopeTable.id, id)));
    const next = { ...current, ...values } as Record<string, unknown>;
    const resource = String(next.resourceCode ?? '');
    const moved = current && (resource !== current.resourceCode || next.roleAlias !== current.roleAlias);
    if (current && moved && !seesAll(own, current.resourceCode))
      throw forbidden('access.scopeOutside', { resource: current.resourceCode });
    if (!holdsScope(own, resource, scopeKey(String(next.scopeType ?? ''), next.scopeValue as string | null)))
      throw forbidden('access.scopeOutside', { resource });
  };
  removeRules.datascope = async (tx, rows, _language, auth) => {
    if (auth.allPowerful) return;
    const own = await rightsOf(tx, auth);
    const bounded = rows.find((row) => !seesAll(own, String(row.resourceCode)));
    if (bounded) throw forbidden('access.scopeOutside', { resource: String(bounded.resourceCode) });
  };
  removeRules.role = async (tx, rows, _language, auth) => {
    if (rows.some((row) => row.isAdministrator === true)) throw badRequest('role.removeAdministrator');
    for (const row of rows) await requireRoleWithinOwn(tx, auth, String(row.id), row.roleName);
    await revokeRoleHolders(
      tx,
      rows.map((row) => String(row.id)),
    );
  };
}
