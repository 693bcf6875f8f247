import { ResultCode } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, literal } from '../../db/database.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { passwordDueAllowed } from './password-due.ts';
import type { TokenService } from './tokens.ts';

const digits = /^\d+$/;

/**
 * The session check as one statement: the session is open, whether its user must change the
 * password first, and whether one of the token's roles is the tenant's administrator role (as
 * `holdsAdministratorRole`). Raw SQL for `beginChecked`: every value is a literal from a token
 * whose signature was checked, and ids are digits or refused before they get here.
 */
function sessionCheck(sessionId: string, roleIds: string[], now: Date) {
  const roles = literal(`{${roleIds.filter((id) => digits.test(id)).join(',')}}`);
  return `select exists (select 1 from auth_password_due d where d.user_id = s.user_id) as password_due,
    exists (select 1 from blade_role r where r.id = any(${roles}::bigint[]) and r.is_deleted = 0
            and r.is_administrator) as all_powerful
    from auth_session s
    where s.id = ${literal(sessionId)} and s.revoked_at is null
      and s.expires_at > ${literal(now.toISOString())}::timestamptz`;
}

/**
 * Every API route is behind the token unless it says `config: { public: true }`; the web app's
 * files and the API docs are public. The token must be
 * ours, unexpired, and its session still open: logout, refresh reuse and changes to the account
 * close sessions (revocation.ts), and reading the row on every request is what makes a closed
 * session refused at once by every server process. The read is one statement sent with the
 * transaction's begin; the transaction stays open for the handler (ADR 0019), so a list or a
 * review costs no transaction of its own for the check. An upload (multipart, read by the
 * handler) commits it at once: it must not hold a pooled connection while its body arrives.
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
    if (!digits.test(claims.sid)) throw unauthorized('auth.tokenInvalid');
    // By now a JSON or form body has been read (preHandler); a multipart body is read by the
    // handler itself, so only an upload commits the check at once.
    const holds = !String(request.headers['content-type'] ?? '').startsWith('multipart/');
    const [open] = await database.beginChecked<{ password_due: boolean; all_powerful: boolean }>(
      claims.tid,
      sessionCheck(claims.sid, claims.rid, new Date()),
      holds ? { holdFor: request } : {},
    );
    if (!open) throw unauthorized('auth.tokenInvalid');
    // A password others know (demo, default, reset) is changed before anything else is done.
    if (open.password_due && !passwordDueAllowed.has(url))
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
      allPowerful: open.all_powerful,
      deptId: claims.dpt ?? '',
      ip: request.ip,
    };
  });
}
