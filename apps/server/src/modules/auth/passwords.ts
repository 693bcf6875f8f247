import { createHash } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the enum is a const enum, which isolated modules cannot read. */
const argon2id = 2 as Algorithm;

/** What the sign-in page sends for a typed password: its md5 hex (spec 01 §7). */
export const passwordDigest = (plain: string) => createHash('md5').update(plain).digest('hex');

/** The browser sends md5 hex of the password (spec 01 §7); we keep argon2id of that. */
export function hashPassword(md5Hex: string): Promise<string> {
  return hash(md5Hex.toLowerCase(), { algorithm: argon2id });
}

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5Hex.toLowerCase());
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the time of a real check when the account does not exist, so response times do not
 * tell an attacker which accounts exist.
 */
export async function verifyAgainstNothing(md5Hex: string): Promise<false> {
  dummy ??= hashPassword('00000000000000000000000000000000');
  await verifyPassword(await dummy, md5Hex);
  return false;
}
