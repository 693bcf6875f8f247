import { ResultCode } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, literal } from '../../db/database.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { type GuardedInterface, refuseInterface } from '../access/index.ts';
import { passwordDueAllowed } from './password-due.ts';
import type { TokenService } from './tokens.ts';

const digits = /^\d+$/;

/** The grants' half of the session check: what one tenant, set of roles and button are allowed. */
interface Grants {
  all_powerful: boolean;
  /** With a route button: the tenant's package holds it (or nothing bounds the tenant). */
  packaged: boolean | null;
  /** With a route button: one of the token's roles is granted it. */
  role_granted: boolean | null;
  /** The tenant's interface permissions and whether the token's roles hold them. */
  interfaces: GuardedInterface[];
}

/** The row of the session check: the grants' half is null when the caller's stamp is current. */
interface SessionCheck extends Partial<Grants> {
  password_due: boolean;
  /** The grant version the answers belong to (migration 0068): a string, or a bigint on PGlite. */
  grants: string | bigint;
}

/** Grants kept by this process, with the version they were read at (migration 0068). */
const keptGrantsLimit = 5000;

/**
 * The session check as one statement: `bl_request_check` (migrations 0067, 0068) answers whether
 * the session is open and whether its user must change the password first, on every request;
 * and, when `known` (the version of the grants this process kept for the same tenant, roles and
 * button) is not the current grant version, whether one of the token's roles is the tenant's
 * administrator role (as `holdsAdministratorRole`), the tenant's interface permissions with
 * those the roles hold (modules/access/api-permissions.ts), and with the route's button the two
 * halves of `requireButton` (the package bound and the role grant). No permission costs a round
 * trip, and the function's statements are planned once per connection.
 * Raw SQL for `beginChecked`: every value is a literal from a token whose signature was checked
 * or from the route's own declaration, and ids are digits or refused before they get here.
 */
function sessionCheck(
  tenantId: string,
  sessionId: string,
  roles: string,
  now: Date,
  button: string | undefined,
  known: string | undefined,
) {
  const code = button === undefined ? 'null' : literal(button);
  const stamp = known === undefined ? 'null' : literal(known);
  return `select * from bl_request_check(${literal(tenantId)}, ${literal(sessionId)}::bigint, ${literal(roles)}::bigint[],
    ${literal(now.toISOString())}::timestamptz, ${code}, ${stamp}::bigint)`;
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
  // Per application, not per module: two applications in one process (tests) have two databases.
  const kept = new Map<string, { version: string; grants: Grants }>();
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
    const roles = `{${claims.rid.filter((id) => digits.test(id)).join(',')}}`;
    const key = `${claims.tid} ${roles} ${button ?? ''}`;
    const known = kept.get(key);
    const [open] = await database.beginChecked<SessionCheck>(
      claims.tid,
      sessionCheck(claims.tid, claims.sid, roles, new Date(), button, known?.version),
      holds ? { holdFor: request } : {},
    );
    if (!open) throw unauthorized('auth.tokenInvalid');
    const version = String(open.grants);
    let grants: Grants;
    if (known && version === known.version) grants = known.grants;
    else {
      grants = {
        all_powerful: open.all_powerful === true,
        packaged: open.packaged ?? null,
        role_granted: open.role_granted ?? null,
        interfaces: open.interfaces ?? [],
      };
      // Bounded: past the limit the oldest half is read again on its next request.
      if (kept.size >= keptGrantsLimit)
        for (const old of [...kept.keys()].slice(0, keptGrantsLimit / 2)) kept.delete(old);
      kept.set(key, { version, grants });
    }
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
      allPowerful: grants.all_powerful,
      deptId: claims.dpt ?? '',
      ip: request.ip,
    };
    refuseInterface(request.auth, request.url, grants.interfaces);
    if (button !== undefined) {
      if (!(grants.packaged && (grants.all_powerful || grants.role_granted)))
        throw new AppError(ResultCode.forbidden, 'crud.forbidden', { code: button });
      request.auth.grantedButton = button;
    }
  });
}
