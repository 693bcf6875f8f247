import { Client, FilterParser, ResultCodeError } from 'ldapts';
import { type OutboundPolicy, OutboundRefused, OutboundTarget } from '../../http/outbound.ts';

/**
 * Talking to a tenant's directory (LDAP / Active Directory, ADR 0013) with ldapts: find a
 * person's entry with the service account, then bind as that entry with the password they typed.
 * Everything that can go wrong comes back as a `DirectoryError` with a reason the sign-in and the
 * settings screen turn into a message.
 */

/** The settings one exchange needs, the service password already decrypted. */
export interface DirectoryConfig {
  urls: string[];
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  loginAttributes: string[];
  userFilter: string;
  timeoutSeconds: number;
  rejectUnauthorized: boolean;
}

export type DirectoryFailure =
  /** No server answered: refused, unknown host, network down, or the time-out passed. */
  | 'unreachable'
  /** The server's address is one the outbound guard refuses (http/outbound.ts). */
  | 'notAllowed'
  /** ldaps:// and the server's certificate is not trusted (or names another host). */
  | 'tls'
  /** The server wants an encrypted connection (AD's LDAP signing): use ldaps://. */
  | 'encryption'
  /** The service account was refused. */
  | 'serviceBind'
  /** The search itself was refused (base DN unknown, no right to read). */
  | 'searchFailed'
  | 'notFound'
  /** More than one entry answers to the account. */
  | 'ambiguous'
  | 'wrongPassword'
  /** AD sub-codes of a refused bind (data 532, 773; 775; 533, 701): tell the person what to do. */
  | 'passwordExpired'
  | 'accountLocked'
  | 'accountDisabled';

export class DirectoryError extends Error {
  constructor(
    readonly reason: DirectoryFailure,
    /** What the directory or the network said, for administrators (never a password). */
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
    this.name = 'DirectoryError';
  }
}

/**
 * A value made safe inside an LDAP search filter (RFC 4515 §3): the filter's own characters
 * `\ * ( )` and NUL become `\XX` escapes, so an account such as `*)(uid=*` is looked for
 * literally and cannot widen the search to other people.
 */
export function escapeFilterValue(value: string): string {
  let escaped = '';
  for (const char of value) {
    if (char === '\\' || char === '*' || char === '(' || char === ')' || char === '\0')
      escaped += `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else escaped += char;
  }
  return escaped;
}

/**
 * The name to look a domain account up by: a down-level logon name `CORP\zhang.san` is the
 * sAMAccountName `zhang.san` in its domain; `zhang.san` and `zhang.san@corp.example` (a user
 * principal name) are looked up as they are.
 */
export function accountForSearch(domainAccount: string): string {
  const trimmed = domainAccount.trim();
  const slash = trimmed.lastIndexOf('\\');
  return slash >= 0 ? trimmed.slice(slash + 1) : trimmed;
}

/** The filter finding `account` by any of the login attributes, within the administrator's extra filter. */
export function userSearchFilter(
  config: Pick<DirectoryConfig, 'loginAttributes' | 'userFilter'>,
  account: string,
) {
  const value = escapeFilterValue(account);
  const matches = config.loginAttributes.map((attribute) => `(${attribute}=${value})`);
  const byAccount = matches.length === 1 ? (matches[0] as string) : `(|${matches.join('')})`;
  const extra = config.userFilter.trim();
  return extra ? `(&${extra}${byAccount})` : byAccount;
}

/** Whether an administrator's extra filter is one well-formed LDAP filter. */
export function isValidFilter(filter: string): boolean {
  const trimmed = filter.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) return false;
  // One filter, its parentheses balanced (values escape theirs as \28 and \29): the parser
  // alone lets a missing closing one pass.
  let depth = 0;
  const chars = [...trimmed];
  for (const [index, char] of chars.entries()) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (depth < 0 || (depth === 0 && index < chars.length - 1)) return false;
  }
  if (depth !== 0) return false;
  try {
    FilterParser.parseString(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** Node's codes for a certificate it would not trust. */
const certificateCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** LDAP result codes (RFC 4511): strongerAuthRequired, confidentialityRequired. */
const encryptionCodes = new Set([8, 13]);

/** A failure that is not an answer of the directory: the network, TLS or a time-out. */
function transportFailure(error: unknown): DirectoryError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof OutboundRefused) return new DirectoryError('notAllowed', message);
  if (typeof code === 'string' && certificateCodes.has(code)) return new DirectoryError('tls', message);
  return new DirectoryError('unreachable', typeof code === 'string' ? `${code} ${message}` : message);
}

/** The AD sub-code of a refused bind ("…AcceptSecurityContext error, data 775, v4563"). */
function adSubCode(message: string): string | undefined {
  return /\bdata ([0-9a-f]{3,8})\b/i.exec(message)?.[1]?.toLowerCase();
}

/** A refused bind of the person: which of AD's reasons, else a wrong password. */
function userBindFailure(error: ResultCodeError): DirectoryError {
  if (encryptionCodes.has(error.code)) return new DirectoryError('encryption', error.message);
  if (error.code !== 49) return new DirectoryError('searchFailed', error.message);
  const sub = adSubCode(error.message);
  if (sub === '532' || sub === '773') return new DirectoryError('passwordExpired', error.message);
  if (sub === '775') return new DirectoryError('accountLocked', error.message);
  if (sub === '533' || sub === '701') return new DirectoryError('accountDisabled', error.message);
  return new DirectoryError('wrongPassword');
}

type Step = 'serviceBind' | 'search' | 'userBind';

/** Turns what a step threw into its reason. */
function failureOf(error: unknown, step: Step): DirectoryError {
  if (error instanceof DirectoryError) return error;
  if (!(error instanceof ResultCodeError)) return transportFailure(error);
  if (step === 'userBind') return userBindFailure(error);
  if (encryptionCodes.has(error.code)) return new DirectoryError('encryption', error.message);
  // sizeLimitExceeded: more entries match than the two asked for.
  if (step === 'search' && error.code === 4) return new DirectoryError('ambiguous', error.message);
  return new DirectoryError(step === 'serviceBind' ? 'serviceBind' : 'searchFailed', error.message);
}

/**
 * Runs `work` against the first server of the list that answers, all of it within the
 * time-out: a server that cannot be reached passes the turn to the next one; any answer of
 * a directory (even a refusal) ends the exchange. The connection is closed whatever happens.
 */
async function exchange<T>(
  config: DirectoryConfig,
  outbound: OutboundPolicy,
  work: (client: Client, url: string) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + config.timeoutSeconds * 1000;
  let unreachable = new DirectoryError('unreachable', 'no directory server is configured');
  for (const [index, url] of config.urls.entries()) {
    // Each server left gets an even share of what is left: a dead first server must leave the
    // next one time to answer.
    const remaining = (deadline - Date.now()) / (config.urls.length - index);
    if (remaining <= 0) {
      unreachable = new DirectoryError('unreachable', `no answer within ${config.timeoutSeconds} s`);
      break;
    }
    // Every connection goes through the outbound guard: to the address it checked.
    const parsed = new URL(url);
    const secure = parsed.protocol.toLowerCase() === 'ldaps:';
    const target = new OutboundTarget(outbound, parsed.hostname, Number(parsed.port) || (secure ? 636 : 389));
    const client = new Client({
      url,
      createConnection: () => target.connect(),
      createSecureConnection: () => target.connectTls({ rejectUnauthorized: config.rejectUnauthorized }),
      timeout: remaining,
      connectTimeout: remaining,
      // AD takes `svc@corp.example` and `CORP\svc` as bind names, which are not DNs.
      strictDN: false,
      // Only for ldaps://: ldapts speaks TLS whenever it is given TLS options, even to an ldap:// URL.
      ...(url.toLowerCase().startsWith('ldaps:') && {
        tlsOptions: { rejectUnauthorized: config.rejectUnauthorized },
      }),
    });
    let timer: NodeJS.Timeout | undefined;
    const running = work(client, url);
    // The work may still reject after the deadline has answered: that is expected, not unhandled.
    running.catch(() => undefined);
    try {
      return await Promise.race([
        running,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new DirectoryError(
                  'unreachable',
                  `${url}: no answer within ${(remaining / 1000).toFixed(1)} s`,
                ),
              ),
            remaining,
          );
        }),
      ]);
    } catch (error) {
      if (!(error instanceof DirectoryError)) throw error;
      if (error.reason !== 'unreachable' && error.reason !== 'notAllowed') throw error;
      unreachable = new DirectoryError(
        error.reason,
        error.detail.startsWith(url) ? error.detail : `${url}: ${error.detail}`,
      );
    } finally {
      clearTimeout(timer);
      await client.unbind().catch(() => undefined);
    }
  }
  throw unreachable;
}

async function step<T>(name: Step, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw failureOf(error, name);
  }
}

/** Binds as the service account, or stays anonymous when none is set. */
async function serviceBind(client: Client, config: DirectoryConfig) {
  if (!config.bindDn) return;
  await step('serviceBind', () => client.bind(config.bindDn, config.bindPassword));
}

/** The DN of the one entry answering to `account`. */
async function findUser(client: Client, config: DirectoryConfig, account: string): Promise<string> {
  const filter = userSearchFilter(config, account);
  const { searchEntries } = await step('search', () =>
    // Two are enough to tell "one" from "several"; "1.1" asks for no attributes (RFC 4511 §4.5.1.8).
    client.search(config.baseDn, { scope: 'sub', filter, sizeLimit: 2, attributes: ['1.1'] }),
  );
  if (searchEntries.length === 0) throw new DirectoryError('notFound');
  if (searchEntries.length > 1) throw new DirectoryError('ambiguous');
  const dn = searchEntries[0]?.dn ?? '';
  if (!dn) throw new DirectoryError('notFound');
  return dn;
}

/**
 * Proves a person's directory password: finds their entry by `account` and binds as it. An
 * empty password is refused here, before any connection: a simple bind with a name and no
 * password is an "unauthenticated bind" (RFC 4513 §5.1.2) that many servers answer with
 * success, which would let anyone in.
 */
export async function verifyDirectoryPassword(
  config: DirectoryConfig,
  outbound: OutboundPolicy,
  account: string,
  password: string,
): Promise<{ dn: string }> {
  if (password === '') throw new DirectoryError('wrongPassword', 'empty password');
  if (!account) throw new DirectoryError('notFound');
  return exchange(config, outbound, async (client) => {
    await serviceBind(client, config);
    const dn = await findUser(client, config, account);
    await step('userBind', () => client.bind(dn, password));
    return { dn };
  });
}

/**
 * The settings screen's "test connection": reaches a server, binds as the service account and,
 * given an account, looks it up (without any password of that person).
 */
export async function probeDirectory(
  config: DirectoryConfig,
  outbound: OutboundPolicy,
  account: string,
): Promise<{ server: string; dn: string | undefined }> {
  return exchange(config, outbound, async (client, url) => {
    await serviceBind(client, config);
    // Without an account a search of the base entry proves the server answers and may be read.
    if (!account) {
      await step('search', () =>
        client.search(config.baseDn, { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] }),
      );
      return { server: url, dn: undefined };
    }
    return { server: url, dn: await findUser(client, config, account) };
  });
}
