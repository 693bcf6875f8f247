import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { directorySetting, systemSecret } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { type DirectoryConfig, isValidFilter } from './ldap.ts';

export type DirectoryRow = typeof directorySetting.$inferSelect;

/** What the settings screen is shown: everything but the service password, which only says whether it is set. */
export interface DirectoryView {
  enabled: boolean;
  url: string;
  bindDn: string;
  bindPasswordSet: boolean;
  baseDn: string;
  loginAttributes: string;
  userFilter: string;
  timeoutSeconds: number;
  rejectUnauthorized: boolean;
  updateTime: string | null;
}

/** A tenant without a row: Active Directory's usual attributes, nothing to connect to. */
export const defaultView: DirectoryView = {
  enabled: false,
  url: '',
  bindDn: '',
  bindPasswordSet: false,
  baseDn: '',
  loginAttributes: 'sAMAccountName,userPrincipalName',
  userFilter: '(objectClass=person)',
  timeoutSeconds: 5,
  rejectUnauthorized: true,
  updateTime: null,
};

export function viewOf(row: DirectoryRow | undefined): DirectoryView {
  if (!row) return defaultView;
  return {
    enabled: row.enabled,
    url: row.url,
    bindDn: row.bindDn,
    bindPasswordSet: row.bindPassword !== '',
    baseDn: row.baseDn,
    loginAttributes: row.loginAttributes,
    userFilter: row.userFilter,
    timeoutSeconds: row.timeoutSeconds,
    rejectUnauthorized: row.rejectUnauthorized,
    updateTime: row.updateTime.toISOString(),
  };
}

export async function readDirectoryRow(tx: Tx, tenantId: string): Promise<DirectoryRow | undefined> {
  const [row] = await tx.select().from(directorySetting).where(eq(directorySetting.tenantId, tenantId));
  return row;
}

/** The settings as the form sends them; a blank `bindPassword` keeps the stored one. */
export interface DirectoryInput {
  enabled: boolean;
  url: string;
  bindDn: string;
  bindPassword?: string | undefined;
  /** Forget the stored service password (the directory is searched anonymously from now on). */
  clearBindPassword?: boolean | undefined;
  baseDn: string;
  loginAttributes: string;
  userFilter: string;
  timeoutSeconds: number;
  rejectUnauthorized: boolean;
}

export const maxTimeoutSeconds = 30;
const maxServers = 5;

export const splitUrls = (text: string) => text.split(/[\s,]+/).filter(Boolean);
export const splitAttributes = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** An attribute description (RFC 4512 §2.5): a name or a numeric OID. */
const attributePattern = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)$/;

/** ldap:// or ldaps://, a host and maybe a port; nothing else (no path, query or credentials). */
function isDirectoryUrl(text: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'ldap:' || parsed.protocol === 'ldaps:') &&
    parsed.hostname !== '' &&
    !parsed.username &&
    !parsed.password &&
    (parsed.pathname === '' || parsed.pathname === '/') &&
    !parsed.search &&
    !parsed.hash
  );
}

/**
 * Checks the settings a form sent, with the messages the settings screen shows. `complete`
 * (enabled settings, and any connection test) also asks for what a connection needs: a server,
 * a base DN and, with a service account, its password (sent now or stored before).
 */
export function checkInput(input: DirectoryInput, complete: boolean, storedPassword: boolean) {
  const urls = splitUrls(input.url);
  if (complete && urls.length === 0) throw badRequest('directory.urlRequired');
  if (urls.length > maxServers) throw badRequest('directory.urlTooMany', { max: maxServers });
  const wrongUrl = urls.find((url) => !isDirectoryUrl(url));
  if (wrongUrl) throw badRequest('directory.urlInvalid', { url: wrongUrl });
  const baseDn = input.baseDn.trim();
  if (complete && !baseDn) throw badRequest('directory.baseDnRequired');
  if (baseDn && !/^[A-Za-z][\w.-]*\s*=/.test(baseDn)) throw badRequest('directory.baseDnInvalid');
  const attributes = splitAttributes(input.loginAttributes);
  if (attributes.length === 0) throw badRequest('directory.attributesRequired');
  const wrongAttribute = attributes.find((name) => !attributePattern.test(name));
  if (wrongAttribute) throw badRequest('directory.attributeInvalid', { name: wrongAttribute });
  if (attributes.length > maxServers) throw badRequest('directory.attributesTooMany', { max: maxServers });
  if (input.userFilter.trim() && !isValidFilter(input.userFilter))
    throw badRequest('directory.filterInvalid');
  if (
    !Number.isInteger(input.timeoutSeconds) ||
    input.timeoutSeconds < 1 ||
    input.timeoutSeconds > maxTimeoutSeconds
  )
    throw badRequest('directory.timeoutInvalid', { max: maxTimeoutSeconds });
  const passwordGiven = !!input.bindPassword;
  const passwordKept = storedPassword && !input.clearBindPassword;
  if (complete && input.bindDn.trim() && !passwordGiven && !passwordKept)
    throw badRequest('directory.bindPasswordMissing');
  return { urls, baseDn, attributes };
}

/** The key the service passwords are encrypted with: made once, kept in `sys_secret` like the token key. */
const keys = new WeakMap<Database, Buffer>();
async function secretKey(database: Database): Promise<Buffer> {
  const known = keys.get(database);
  if (known) return known;
  await database.db
    .insert(systemSecret)
    .values({ name: 'directory', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await queryRows<{ value: string }>(
    database.db,
    sql`select value from sys_secret where name = 'directory'`,
  );
  if (!row) throw new Error('the directory key could not be stored');
  const key = Buffer.from(row.value, 'base64url');
  keys.set(database, key);
  return key;
}

/**
 * The service password at rest: AES-256-GCM, so the settings table (a backup of it, a look at
 * it in a database console) does not give away the password of an account of the company's
 * directory.
 */
export async function sealPassword(database: Database, password: string): Promise<string> {
  if (!password) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secretKey(database), iv);
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export async function openPassword(database: Database, sealed: string): Promise<string> {
  if (!sealed) return '';
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || text === undefined)
    throw new Error('unknown sealed password format');
  const decipher = createDecipheriv('aes-256-gcm', await secretKey(database), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
}

/** The settings of one exchange with the directory, from what is stored (and, for a test, what the form holds). */
export function configOf(
  values: Omit<DirectoryInput, 'bindPassword' | 'clearBindPassword'>,
  bindPassword: string,
): DirectoryConfig {
  return {
    urls: splitUrls(values.url),
    bindDn: values.bindDn.trim(),
    bindPassword,
    baseDn: values.baseDn.trim(),
    loginAttributes: splitAttributes(values.loginAttributes),
    userFilter: values.userFilter.trim(),
    timeoutSeconds: values.timeoutSeconds,
    rejectUnauthorized: values.rejectUnauthorized,
  };
}

/** The stored settings of a tenant, ready to connect, or undefined when domain sign-in is off there. */
export async function enabledConfig(database: Database, row: DirectoryRow | undefined) {
  if (!row?.enabled || !row.url || !row.baseDn) return undefined;
  return configOf(row, await openPassword(database, row.bindPassword));
}
