import type { Language } from '@bl/contract';

/** Who is calling, from a verified access token and a live session. */
export interface AuthContext {
  tenantId: string;
  userId: string;
  sessionId: string;
  clientId: string;
  account: string;
  userName: string;
  roleIds: string[];
  /** For display and data-scope naming only: an alias is editable, so it never grants a right. */
  roleAliases: string[];
  /**
   * One of the caller's roles is their tenant's administrator role (`blade_role.is_administrator`,
   * read on every request): it holds every right of the tenant (spec 01 §6, ADR 0009).
   */
  allPowerful: boolean;
  /** The user's (first) department id, '' when none: stamped on rows as create_dept. */
  deptId: string;
  /** The caller's address, for the operation log. */
  ip?: string;
  /**
   * The button of the route (`config.button`) that the token guard found granted in its session
   * check: `requireButton` for this code needs no statement of its own (ADR 0019 amendment).
   */
  grantedButton?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** Set by the token guard on every non-public route. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** A route that needs no signed-in user (sign-in itself, health, docs). */
    public?: boolean;
    /**
     * The button the route needs, checked by the token guard in the statement of its session
     * check (no round trip of its own); the handler's `requireButton` for it is then free.
     */
    button?: string;
  }
}

/** The caller of a route behind the guard; the guard guarantees it is there. */
export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new Error('requireAuth on a public route');
  return auth;
}
