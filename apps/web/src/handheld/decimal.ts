/**
 * Quantities on the handheld as the server sends them (numeric text, 4 decimals), compared and
 * added in fixed-point integers: never JavaScript floats.
 */
const scale = 4;
const pattern = /^\d{1,14}(\.\d{1,4})?$/;

export function isQuantity(text: string): boolean {
  return pattern.test(text.trim());
}

export function toUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
}

/** For reading: trailing zeros of the fraction dropped (7.5000 → 7.5, 4.0000 → 4). */
export function showUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const base = 10n ** BigInt(scale);
  const fraction = (abs % base).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${sign}${abs / base}${fraction ? `.${fraction}` : ''}`;
}

export const showQty = (text: string) => showUnits(toUnits(text));
