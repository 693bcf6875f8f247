import { ok, statisticsButton, type UserInfo } from '@bl/contract';
import { idSchema, instantSchema } from '@bl/entities';
import { and, count, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { authSession, role, uiErrorLog, user } from '../../db/schema/index.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { buildButtonTree, buildMenuTree, grantedMenuRows, rowsUnder } from '../access/index.ts';
import { clearPasswordDue, hashPassword, revokeUserSessions, verifyPassword } from '../auth/index.ts';
import { registerTopMenuRoutes, topMenuCodes } from './topmenus.ts';

const menuNode: z.ZodType = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.number(),
    action: z.number(),
    isOpen: z.number(),
    isShow: z.number(),
    children: z.array(menuNode),
  }),
);

/** The most entries one upload may carry: the web app keeps at most 200 locally. */
export const maxUploadedErrors = 200;

/** One entry of the web app's local error log (spec 01 §3); long texts are cut, not refused. */
/** What a user may change of their own account on the personal-info page. */
const ownInfo = z.object({
  name: z.string().trim().min(1).max(64),
  realName: z.string().trim().max(64).default(''),
  phone: z.string().trim().max(32).default(''),
  email: z.union([z.literal(''), z.email().max(128)]).default(''),
});

/** Passwords travel as md5 hex, as on the sign-in page (spec 01 §7). */
const md5Hex = z.string().regex(/^[0-9a-fA-F]{32}$/);
const passwordChange = z.object({ oldPassword: md5Hex, newPassword: md5Hex, newPassword1: md5Hex });

const uploadedError = z.object({
  type: z.string().max(32).default(''),
  url: z
    .string()
    .default('')
    .transform((v) => v.slice(0, 2000)),
  message: z.string().transform((v) => v.slice(0, 10_000)),
  stack: z
    .string()
    .default('')
    .transform((v) => v.slice(0, 20_000)),
  info: z
    .string()
    .default('')
    .transform((v) => v.slice(0, 10_000)),
  time: instantSchema,
});

export function registerSystemRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bl-system/user/getUserInfo',
    { schema: { tags: ['system'], summary: 'The signed-in user with their roles' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const info = await database.withTenant(auth.tenantId, async (tx): Promise<UserInfo | undefined> => {
        const [found] = await tx
          .select()
          .from(user)
          .where(and(eq(user.id, auth.userId), eq(user.isDeleted, 0)));
        if (!found) return undefined;
        const roleIds = (found.roleId ?? '').split(',').filter(Boolean);
        const roles = roleIds.length
          ? await tx
              .select()
              .from(role)
              .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0)))
          : [];
        return {
          userId: found.id,
          tenantId: found.tenantId,
          account: found.account,
          userName: found.name,
          realName: found.realName ?? '',
          avatar: found.avatar ?? '',
          email: found.email ?? '',
          phone: found.phone ?? '',
          deptId: found.deptId ?? '',
          postId: found.postId ?? '',
          roleId: found.roleId ?? '',
          roleName: roles.map((r) => r.roleName).join(','),
          roles: roles.map((r) => r.roleAlias),
        };
      });
      if (!info) throw unauthorized('auth.tokenInvalid');
      return ok(info, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/menu/routes',
    {
      schema: {
        tags: ['system'],
        summary:
          'The side-menu tree of the signed-in user; with topMenuId, only the part that top menu shows',
        querystring: z.object({
          topMenuId: idSchema.optional(),
        }),
        response: {
          200: z.object({ code: z.number(), success: z.boolean(), msg: z.string(), data: z.array(menuNode) }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { topMenuId } = request.query;
      const rows = await database.withTenant(auth.tenantId, async (tx) => {
        const granted = await grantedMenuRows(tx, auth, 1);
        return topMenuId ? rowsUnder(granted, await topMenuCodes(tx, auth.tenantId, topMenuId)) : granted;
      });
      return ok(buildMenuTree(rows), translate('ok', request.language));
    },
  );

  registerTopMenuRoutes(
    app,
    database,
    async (tx, auth) => new Set((await grantedMenuRows(tx, auth, 1)).map((r) => r.code)),
  );

  api.get(
    '/api/bl-system/menu/buttons',
    { schema: { tags: ['system'], summary: 'The button-permission code tree of the signed-in user' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await database.withTenant(auth.tenantId, (tx) => grantedMenuRows(tx, auth, 2));
      return ok(buildButtonTree(buildMenuTree(rows)), translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/error-log/save',
    {
      schema: {
        tags: ['system'],
        summary: "Stores the caller's uploaded UI error log under their tenant",
        body: z.array(uploadedError).min(1).max(maxUploadedErrors),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = request.body.map((entry) => ({
        id: nextId(),
        tenantId: auth.tenantId,
        userId: auth.userId,
        account: auth.account,
        type: entry.type,
        url: entry.url,
        message: entry.message,
        stack: entry.stack,
        info: entry.info,
        errorTime: new Date(entry.time),
      }));
      await database.withTenant(auth.tenantId, (tx) => tx.insert(uiErrorLog).values(rows));
      return ok({ saved: rows.length }, translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/user/update-info',
    {
      schema: {
        tags: ['system'],
        summary: "Changes the signed-in user's own name, real name, phone and email",
        body: ownInfo,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const changes = request.body;
      const updated = await database.withTenant(auth.tenantId, (tx) =>
        tx
          .update(user)
          .set({
            name: changes.name,
            realName: changes.realName || null,
            phone: changes.phone || null,
            email: changes.email || null,
            updateUser: auth.userId,
            updateTime: new Date(),
            // Other editors of this user hold the old version: their stale edit is refused.
            version: sql`${user.version} + 1`,
          })
          .where(and(eq(user.id, auth.userId), eq(user.isDeleted, 0)))
          .returning({ id: user.id }),
      );
      if (updated.length === 0) throw unauthorized('auth.tokenInvalid');
      return ok(null, translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/user/update-password',
    {
      schema: {
        tags: ['system'],
        summary:
          "Changes the signed-in user's own password: the current one, then the new one twice (md5 hex)",
        body: passwordChange,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { oldPassword, newPassword, newPassword1 } = request.body;
      if (newPassword.toLowerCase() !== newPassword1.toLowerCase()) throw badRequest('user.passwordMismatch');
      // A password others may know (demo, reset) is only left behind by choosing another one.
      if (newPassword.toLowerCase() === oldPassword.toLowerCase()) throw badRequest('user.passwordUnchanged');
      const password = await hashPassword(newPassword);
      // One transaction: the check, the change and the end of the user's other sessions (signed
      // in elsewhere, possibly by whoever learnt the old password); this one stays open.
      await database.withTenant(auth.tenantId, async (tx) => {
        const [found] = await tx
          .select({ password: user.password })
          .from(user)
          .where(and(eq(user.id, auth.userId), eq(user.isDeleted, 0)))
          .for('update');
        if (!found) throw unauthorized('auth.tokenInvalid');
        if (!(await verifyPassword(found.password, oldPassword))) throw badRequest('user.oldPasswordWrong');
        await tx
          .update(user)
          .set({
            password,
            updateUser: auth.userId,
            updateTime: new Date(),
            version: sql`${user.version} + 1`,
          })
          .where(eq(user.id, auth.userId));
        await revokeUserSessions(tx, [auth.userId], 'password-changed', auth.sessionId);
        await clearPasswordDue(tx, [auth.userId]);
      });
      return ok(null, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/statistics',
    {
      schema: {
        tags: ['system'],
        summary: "The home page's figures for the caller's tenant since `since` (the caller's midnight)",
        querystring: z.object({ since: instantSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const since = new Date(request.query.since);
      const figures = await database.withTenant(auth.tenantId, async (tx) => {
        // The figures count the tenant's accounts and their sign-ins: whoever may list users.
        await requireButton(tx, auth, statisticsButton);
        const [users] = await tx
          .select({ total: count() })
          .from(user)
          .where(and(eq(user.tenantId, auth.tenantId), eq(user.isDeleted, 0)));
        // Registrations (spec 02 §2): accounts made today, by an administrator or a guest.
        const [registrations] = await tx
          .select({ total: count() })
          .from(user)
          .where(and(eq(user.tenantId, auth.tenantId), eq(user.isDeleted, 0), gte(user.createTime, since)));
        const [signIns] = await tx
          .select({ total: count(), people: countDistinct(authSession.userId) })
          .from(authSession)
          .where(and(eq(authSession.tenantId, auth.tenantId), gte(authSession.createdAt, since)));
        const [errors] = await tx
          .select({ total: count() })
          .from(uiErrorLog)
          .where(and(eq(uiErrorLog.tenantId, auth.tenantId), gte(uiErrorLog.createTime, since)));
        return {
          users: users?.total ?? 0,
          registrationsToday: registrations?.total ?? 0,
          signInsToday: signIns?.total ?? 0,
          usersSignedInToday: signIns?.people ?? 0,
          errorsReportedToday: errors?.total ?? 0,
        };
      });
      return ok(figures, translate('ok', request.language));
    },
  );
}
