// Apart from validate.ts: the route guard needs only this, and validate.ts brings the entity
// catalogue's checks (and zod) along, which /login must not download (ADR 0017).

/**
 * Whether a signed-in user has a valid userId (spec 01 §5): a social sign-in of an identity no
 * account holds answers -1, and such a session may only register. Missing, non-numeric, zero
 * and negative ids are all "not valid"; ids are 64-bit, so they are compared as text, not numbers.
 */
export function hasValidUserId(userId: string | null | undefined): boolean {
  return typeof userId === 'string' && /^0*[1-9]\d*$/.test(userId);
}
