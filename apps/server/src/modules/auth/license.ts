import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/database.ts';
import { systemSecret } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * The vendor's licence key (Ed25519). Licences are signed with its private half, which is not
 * in this repository (scripts/sign-license.mjs signs with a key file); LICENSE_PUBLIC_KEY
 * replaces it for a vendor of one's own (and in tests).
 */
export const vendorPublicKey = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAyLMSDaUTVzC++XMf9hDxuCdWChyltjnED+iiUvaFoOI=
-----END PUBLIC KEY-----`;

/** What a licence grants: how many tenants and users, until when. */
export interface LicenseTerms {
  licensee: string;
  /** Most live tenants, the platform's own included. */
  tenants: number;
  /** Most live user accounts of any one tenant. */
  users: number;
  /** The last day the licence holds (yyyy-MM-dd, end of that day UTC). */
  expiresOn: string;
  issuedOn: string;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** `base64url(JSON terms).base64url(Ed25519 signature of the first part)`. */
export function signLicense(terms: LicenseTerms, privateKeyPem: string): string {
  const body = base64url(JSON.stringify(terms));
  return `${body}.${base64url(sign(null, Buffer.from(body), createPrivateKey(privateKeyPem)))}`;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isTerms = (value: unknown): value is LicenseTerms => {
  const t = value as Partial<LicenseTerms> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.licensee === 'string' &&
    t.licensee.length > 0 &&
    Number.isInteger(t.tenants) &&
    (t.tenants ?? 0) > 0 &&
    Number.isInteger(t.users) &&
    (t.users ?? 0) > 0 &&
    typeof t.expiresOn === 'string' &&
    datePattern.test(t.expiresOn) &&
    typeof t.issuedOn === 'string' &&
    datePattern.test(t.issuedOn)
  );
};

export const hasExpired = (terms: LicenseTerms, now = new Date()) =>
  now.getTime() > Date.parse(`${terms.expiresOn}T23:59:59.999Z`);

/** Reads and checks a licence: shape, signature, expiry; refuses with what is wrong. */
export function readLicense(text: string, publicKey: KeyObject, now = new Date()): LicenseTerms {
  const [body, signature, extra] = text.trim().split('.');
  if (!body || !signature || extra !== undefined) throw badRequest('license.malformed');
  let terms: unknown;
  try {
    terms = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('license.malformed');
  }
  if (!isTerms(terms)) throw badRequest('license.malformed');
  if (!verify(null, Buffer.from(body), publicKey, Buffer.from(signature, 'base64url')))
    throw badRequest('license.badSignature');
  if (hasExpired(terms, now)) throw badRequest('license.expired', { date: terms.expiresOn });
  return terms;
}

export const publicKeyOf = (pem: string | undefined) => createPublicKey(pem ?? vendorPublicKey);

/** The licence in force (kept in the database, so every server process has it), or none. */
export async function currentLicense(exec: Db | Tx, publicKey: KeyObject): Promise<LicenseTerms | undefined> {
  const [row] = await exec.select().from(systemSecret).where(eq(systemSecret.name, 'license'));
  if (!row) return undefined;
  try {
    return readLicense(row.value, publicKey, new Date(0));
  } catch {
    return undefined;
  }
}

export async function storeLicense(database: Database, text: string) {
  await database.db
    .insert(systemSecret)
    .values({ name: 'license', value: text.trim() })
    .onConflictDoUpdate({ target: systemSecret.name, set: { value: text.trim() } });
}
