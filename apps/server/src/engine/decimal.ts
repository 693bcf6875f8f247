/**
 * Fixed-point amounts for the ledger: quantities and weights are numeric(18,4), so they are
 * carried as BigInt counts of 1/10 000 and never as JavaScript floats (ARCHITECTURE.md).
 */
export const scale = 4;
const factor = 10n ** BigInt(scale);
const pattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/** '12.5', '-3.0000', 7 → units of 1/10 000; null, undefined and '' are 0. */
export function toUnits(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  const match = pattern.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale)))
    throw new Error(`more than ${scale} decimals: ${text}`);
  const units = BigInt(whole) * factor + BigInt(fraction.slice(0, scale).padEnd(scale, '0'));
  return sign ? -units : units;
}

/** Units back to the decimal text PostgreSQL reads, e.g. 125000n → '12.5000'. */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % factor).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${abs / factor}.${fraction}`;
}

/** `part` of `total` applied to `amount`, rounded half away from zero to 1/10 000. */
export function proportion(amount: bigint, part: bigint, total: bigint): bigint {
  if (total === 0n) return 0n;
  const scaled = amount * part;
  const quotient = scaled / total;
  const remainder = scaled % total;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const bound = total < 0n ? -total : total;
  if (twice < bound) return quotient;
  return scaled < 0n !== total < 0n ? quotient - 1n : quotient + 1n;
}

/** Plain text of an amount for messages: '12.5', '3'. */
export function display(units: bigint): string {
  return fromUnits(units).replace(/\.?0+$/, '');
}

/** The smaller of two amounts (Math.min takes no BigInt). */
export const minUnits = (a: bigint, b: bigint): bigint => (a <= b ? a : b);
