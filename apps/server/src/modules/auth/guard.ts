import { ResultCode } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, literal } from '../../db/database.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { type GuardedInterface, refuseInterface } from '../access/api-permissions.ts';
import { passwordDueAllowed } from './password-due.ts';
import type { TokenService } from './tokens.ts';

const digits = /^\d+$/;

/** The row of the session check. */
interface SessionCheck {
  password_due: boolean;
  all_powerful: boolean;
  /** With a route button: the tenant's package holds it (or nothing bounds the tenant). */
  packaged: boolean | null;
  /** With a route button: one of the token's roles is granted it. */
  role_granted: boolean | null;
  /** The tenant's interface permissions and whether the token's roles hold them. */
  interfaces: GuardedInterface[];
}

/**
 * The session check as one statement: `bl_request_check` (migration 0067) answers whether the
 * session is open, whether its user must change the password first, whether one of the token's
 * roles is the tenant's administrator role (as `holdsAdministratorRole`), the tenant's interface
 * permissions with those the roles hold (modules/access/api-permissions.ts), and with the
 * route's button the two halves of `requireButton` (the package bound and the role grant): no
 * permission costs a round trip, and the function's statements are planned once per connection.
 * Raw SQL for `beginChecked`: every value is a literal from a token whose signature was checked
 * or from the route's own declaration, and ids are digits or refused before they get here.
 */
function sessionCheck(tenantId: string, sessionId: string, roleIds: string[], now: Date, button?: string) {
  const roles = literal(`{${roleIds.filter((id) => digits.test(id)).join(',')}}`);
  const code = button === undefined ? 'null' : literal(button);
  return `select * from bl_request_check(${literal(tenantId)}, ${literal(sessionId)}::bigint, ${roles}::bigint[],
    ${literal(now.toISOString())}::timestamptz, ${code})`;
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
    const button = request.routeOptions.config?.button;
    const [open] = await database.beginChecked<SessionCheck>(
      claims.tid,
      sessionCheck(claims.tid, claims.sid, claims.rid, new Date(), button),
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
    refuseInterface(request.auth, request.url, open.interfaces);
    if (button !== undefined) {
      if (!(open.packaged && (open.all_powerful || open.role_granted)))
        throw new AppError(ResultCode.forbidden, 'crud.forbidden', { code: button });
      request.auth.grantedButton = button;
    }
  });
}
