import { and, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { authSession } from '../../db/schema/index.ts';

/**
 * Sessions end when the account behind them changes (issue 13, defect 3). The token guard
 * reads the session row on every request and a refresh reads it too, so setting `revoked_at`
 * is enough: the next call with that session's access token answers 401 and its refresh token
 * is refused, on every server process, since they all read the same database. No process keeps
 * session state in memory or in Redis (Redis only counts failed sign-ins per address), so there
 * is nothing else to invalidate.
 *
 * Callers revoke inside the transaction of the change itself: a change that fails and rolls
 * back revokes nothing.
 *
 * What needs no revocation: menu and button grants (`role/grant`), interface permissions and
 * data-scope rules are read from the database per request by role id, so a new grant takes
 * effect on the next call. What the access token does carry (AccessClaims: role ids `rid`, role
 * aliases `ral`, department `dpt`, account `acc`) would go stale, so changing any of it ends
 * the session, and the user signs in again to get claims that match.
 */

/** Why a session ended, kept in `auth_session.revoke_reason` (at most 32 characters). */
export type RevokeReason =
  | 'logout'
  | 'refresh-reuse'
  | 'account-changed'
  | 'account-removed'
  | 'password-changed'
  | 'role-changed'
  | 'tenant-closed'
  | 'terminal-disabled';

/**
 * Ends every open session of these users; `keep` spares one session (the caller's own, when
 * they change their own password and expect to stay signed in where they did it).
 */
export async function revokeUserSessions(
  tx: Tx,
  userIds: string[],
  reason: RevokeReason,
  keep?: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(authSession)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        inArray(authSession.userId, userIds),
        isNull(authSession.revokedAt),
        keep === undefined ? undefined : ne(authSession.id, keep),
      ),
    );
}

/**
 * Ends the open sessions named by id (the sessions a handheld terminal was registered on, when an
 * administrator disables or removes the terminal: modules/handheld).
 */
export async function revokeSessions(tx: Tx, sessionIds: string[], reason: RevokeReason): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx
    .update(authSession)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(inArray(authSession.id, sessionIds), isNull(authSession.revokedAt)));
}

/**
 * Ends every open session of the tenant the transaction is set to (row-level security scopes
 * the update): a tenant disabled, expired or deleted signs nobody in, so nobody stays signed in.
 */
export async function revokeTenantSessions(tx: Tx): Promise<void> {
  await tx
    .update(authSession)
    .set({ revokedAt: new Date(), revokeReason: 'tenant-closed' })
    .where(isNull(authSession.revokedAt));
}

/**
 * Columns of `blade_user` whose change ends the user's sessions: the credentials and whether
 * the account may sign in at all, and every column an access token carries a claim of. The
 * display name (`nm`) is left out: it is shown, never checked.
 */
const sessionColumns = ['password', 'status', 'isDeleted', 'account', 'roleId', 'deptId'] as const;

type UserLike = Partial<Record<(typeof sessionColumns)[number], unknown>>;

/** Whether going from `before` to `after` changes anything a session depends on. */
export function userSessionChange(before: UserLike, after: UserLike): RevokeReason | undefined {
  const differs = (column: (typeof sessionColumns)[number]) =>
    after[column] !== undefined && String(after[column] ?? '') !== String(before[column] ?? '');
  if (differs('password')) return 'password-changed';
  if (differs('roleId')) return 'role-changed';
  return sessionColumns.some(differs) ? 'account-changed' : undefined;
}

/** Ends the sessions of one user when the change from `before` to `after` calls for it. */
export async function revokeOnUserChange(
  tx: Tx,
  userId: string,
  before: UserLike,
  after: UserLike,
): Promise<void> {
  const reason = userSessionChange(before, after);
  if (reason) await revokeUserSessions(tx, [userId], reason);
}

/**
 * Ends the sessions of every user holding one of these roles (a role removed, or its alias or
 * parent changed): their tokens carry the role's id and alias. `role_id` is SpringBlade's comma
 * list of role ids.
 */
export async function revokeRoleHolders(tx: Tx, roleIds: string[]): Promise<void> {
  if (roleIds.length === 0) return;
  const holders = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from blade_user
      where is_deleted = 0
        and string_to_array(coalesce(role_id, ''), ',') && ${sql`array[${sql.join(
          roleIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`}`,
  );
  await revokeUserSessions(
    tx,
    holders.map((h) => h.id),
    'role-changed',
  );
}
