import { randomBytes, webcrypto } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import { type Database, queryRows } from '../../db/database.ts';
import { systemSecret } from '../../db/schema/index.ts';

const issuer = 'bl-3pl';

/** Verified access tokens a process remembers (about 1 KB each): a few thousand active users. */
const verifiedTokensKept = 5_000;

export interface AccessClaims {
  tid: string;
  sid: string;
  cid: string;
  acc: string;
  nm: string;
  rid: string[];
  ral: string[];
  /** The user's department id ('' when none). */
  dpt: string;
}

export interface RefreshClaims {
  tid: string;
  sid: string;
  cid: string;
}

/**
 * Short-lived tokens that open no API: `challenge` (password right, dynamic code still due),
 * `state` (a social sign-in under way, against forged callbacks) and `guest` (a social identity
 * not yet bound to an account, good only for registering it).
 */
export type TicketType = 'challenge' | 'state' | 'guest';

export type TokenCheck<T> =
  | { ok: true; sub: string; jti: string; claims: T }
  | { ok: false; expired: boolean };

/**
 * Signs and checks tokens with one HS256 key. The key is JWT_SECRET when set, otherwise one
 * made at random on first start and kept in the database, so restarts and other server
 * processes accept the same tokens.
 */
export class TokenService {
  private constructor(private readonly key: webcrypto.CryptoKey) {}

  /**
   * Access tokens whose signature was checked, with their expiry (ms): a token is the same bytes
   * on every request of its life, so its HMAC is checked once per process, not per request
   * (WebCrypto's verify was 7 % of a list request's CPU, issue 20). What a cached token may do
   * is still decided per request: the session check reads the session row every time.
   */
  private readonly verified = new Map<string, { check: TokenCheck<AccessClaims>; expires: number }>();

  /**
   * The HMAC key, imported once: jose imports a raw key on every sign and verify otherwise,
   * which was 8.8% of a list request's CPU (issue 20).
   */
  private static async of(secret: string): Promise<TokenService> {
    const key = await webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return new TokenService(key);
  }

  static async create(database: Database, configured: string | undefined): Promise<TokenService> {
    if (configured) return TokenService.of(configured);
    const made = randomBytes(48).toString('base64url');
    await database.db.insert(systemSecret).values({ name: 'jwt', value: made }).onConflictDoNothing();
    const rows = await queryRows<{ value: string }>(
      database.db,
      sql`select value from sys_secret where name = 'jwt'`,
    );
    const value = rows[0]?.value;
    if (!value) throw new Error('the token key could not be stored');
    return TokenService.of(value);
  }

  private sign(
    typ: 'access' | 'refresh' | TicketType,
    subject: string,
    jti: string,
    claims: object,
    seconds: number,
  ) {
    return new SignJWT({ ...claims, typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(this.key);
  }

  signAccess(userId: string, claims: AccessClaims, seconds: number) {
    return this.sign('access', userId, randomBytes(12).toString('base64url'), claims, seconds);
  }

  signRefresh(userId: string, jti: string, claims: RefreshClaims, seconds: number) {
    return this.sign('refresh', userId, jti, claims, seconds);
  }

  private async check<T>(token: string, typ: 'access' | 'refresh' | TicketType): Promise<TokenCheck<T>> {
    try {
      // Every claim the product signs is required: jose checks `exp` only when present, so a
      // token without one, signed with the real key, would never expire (issue 27, defect 8).
      const { payload } = await jwtVerify(token, this.key, {
        issuer,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      if (payload.typ !== typ || !payload.sub || !payload.jti) return { ok: false, expired: false };
      return { ok: true, sub: payload.sub, jti: payload.jti, claims: payload as unknown as T };
    } catch (error) {
      return { ok: false, expired: error instanceof errors.JWTExpired };
    }
  }

  signTicket(typ: TicketType, subject: string, claims: object, seconds: number) {
    return this.sign(typ, subject, randomBytes(12).toString('base64url'), claims, seconds);
  }

  checkTicket<T>(token: string, typ: TicketType) {
    return this.check<T>(token, typ);
  }

  async checkAccess(token: string): Promise<TokenCheck<AccessClaims>> {
    const cached = this.verified.get(token);
    if (cached && cached.expires > Date.now()) return cached.check;
    if (cached) this.verified.delete(token);
    const check = await this.check<AccessClaims>(token, 'access');
    const exp = check.ok ? (check.claims as { exp?: number }).exp : undefined;
    if (check.ok && exp !== undefined) {
      // Oldest first out: a Map iterates in insertion order.
      if (this.verified.size >= verifiedTokensKept) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, { check, expires: exp * 1000 });
    }
    return check;
  }

  checkRefresh(token: string) {
    return this.check<RefreshClaims>(token, 'refresh');
  }
}
