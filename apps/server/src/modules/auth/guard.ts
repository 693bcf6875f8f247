import { ResultCode } from '@bl/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { authSession } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { passwordDueAllowed } from './password-due.ts';
import { holdsAdministratorRole } from './sign-in.ts';
import type { TokenService } from './tokens.ts';

/**
 * Every API route is behind the token unless it says `config: { public: true }`; the web app's
 * files and the API docs are public. The token must be
 * ours, unexpired, and its session still open: logout, refresh reuse and changes to the account
 * close sessions (revocation.ts), and reading the row on every request is what makes a closed
 * session refused at once by every server process.
 */
export function registerTokenGuard(app: FastifyInstance, database: Database, tokens: TokenService) {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (request.routeOptions.config?.public || !url.startsWith('/api/') || url.startsWith('/api/docs'))
      return;
    const header = request.headers['blade-auth'];
    const raw = Array.isArray(header) ? header[0] : header;
    const match = /^bearer\s+(\S+)$/i.exec(raw?.trim() ?? '');
    if (!match?.[1]) throw unauthorized('auth.tokenMissing');
    const checked = await tokens.checkAccess(match[1]);
    if (!checked.ok) throw unauthorized('auth.tokenInvalid');
    const { claims } = checked;
    const { open, allPowerful } = await database.withTenant(claims.tid, async (tx) => ({
      open: await tx
        .select({
          id: authSession.id,
          passwordDue: sql<boolean>`exists (select 1 from auth_password_due d where d.user_id = auth_session.user_id)`,
        })
        .from(authSession)
        .where(
          and(
            eq(authSession.id, claims.sid),
            isNull(authSession.revokedAt),
            gt(authSession.expiresAt, new Date()),
          ),
        ),
      allPowerful: await holdsAdministratorRole(tx, claims.rid),
    }));
    if (!open[0]) throw unauthorized('auth.tokenInvalid');
    // A password others know (demo, default, reset) is changed before anything else is done.
    if (open[0].passwordDue && !passwordDueAllowed.has(url))
      throw new AppError(ResultCode.forbidden, 'auth.passwordChangeDue');
    request.auth = {
      tenantId: claims.tid,
      userId: checked.sub,
      sessionId: claims.sid,
      clientId: claims.cid,
      account: claims.acc,
      userName: claims.nm,
      roleIds: claims.rid,
      roleAliases: claims.ral,
      allPowerful,
      deptId: claims.dpt ?? '',
      ip: request.ip,
    };
  });
}
