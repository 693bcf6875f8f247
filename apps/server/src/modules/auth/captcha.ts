import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/database.ts';
import { authCaptcha } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';

/** How long a captcha may be answered. */
export const captchaLifetimeMs = 5 * 60_000;

/** The code as kept: its hash, case folded (spec: checked case-insensitively). */
const digest = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

/** Four characters as an SVG of paths; characters people confuse (0/o, 1/l/i) are left out. */
export const drawCaptcha = () =>
  svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: 120, height: 40 });

/**
 * A new captcha: the key the client sends back (`Captcha-Key`) and the image (an SVG data
 * URL, drawn as paths so the text is not in the markup). Kept in the database, so any server
 * process can check it; expired ones are swept as new ones are made.
 */
export async function createCaptcha(
  database: Database,
  draw: () => { text: string; data: string } = drawCaptcha,
  now = new Date(),
): Promise<{ key: string; image: string }> {
  const drawn = draw();
  const key = randomUUID();
  await database.db.delete(authCaptcha).where(lt(authCaptcha.expiresAt, now));
  await database.db
    .insert(authCaptcha)
    .values({ key, codeHash: digest(drawn.text), expiresAt: new Date(now.getTime() + captchaLifetimeMs) });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}` };
}

/**
 * Checks an answer and uses the captcha up whatever the answer: one guess per image, so it
 * cannot be tried over and over. Deleting and reading in one statement means two requests
 * racing with the same key cannot both pass.
 */
export async function checkCaptcha(database: Database, key: string | undefined, code: string | undefined) {
  if (!key || !code) throw badRequest('auth.captchaMissing');
  const [used] = await database.db
    .delete(authCaptcha)
    .where(and(eq(authCaptcha.key, key), gt(authCaptcha.expiresAt, sql`now()`)))
    .returning({ codeHash: authCaptcha.codeHash });
  if (!used) throw badRequest('auth.captchaExpired');
  if (used.codeHash !== digest(code)) throw badRequest('auth.captchaWrong');
}
