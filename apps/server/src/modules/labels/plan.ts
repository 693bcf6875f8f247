/**
 * The print rules of spec 02 §5 for inbound labels, on exact quantities: printing is refused
 * when the labelled ("received") quantity of the line already reaches the bill quantity, and
 * when the print quantity is empty, 0 or less; a print quantity above what remains printable
 * is corrected down to it. Quantities are decimal strings with at most 4 places (the scale of
 * quantity columns); they are computed in ten-thousandths as bigints, never as floats.
 */

/** The smaller of two exact quantities (Math.min takes no bigints). */
const smaller = (a: bigint, b: bigint) => (a < b ? a : b);

const scale = 4;
const unit = 10n ** BigInt(scale);
const decimalPattern = /^\d+(\.\d{1,4})?$/;

/** A decimal string (up to 4 places, not negative) in ten-thousandths, or undefined if it is not one. */
export function toUnits(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (!decimalPattern.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return BigInt(whole) * unit + BigInt(fraction.padEnd(scale, '0'));
}

/** Ten-thousandths back to a plain decimal string ('12.5', '3'). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** What remains printable of a line: its quantity less what its labels already cover, never below 0. */
export function remainingUnits(lineQty: bigint, printed: bigint): bigint {
  return lineQty > printed ? lineQty - printed : 0n;
}

export type PlanProblem = 'quantityRequired' | 'perLabelInvalid' | 'fullyPrinted' | 'tooManyLabels';

export interface LabelPlan {
  /** The quantity that will be labelled (the request, corrected down to what remains). */
  quantity: bigint;
  /** Whether the request was corrected. */
  corrected: boolean;
  /** The quantity on each label: full labels of `perLabel`, the last one holding the rest. */
  labels: bigint[];
}

/** Most labels one print may make: a mistyped quantity must not feed a printer thousands of labels. */
export const maxLabelsPerPrint = 500;

export function planLabels(input: {
  lineQty: bigint;
  printed: bigint;
  requested: bigint | undefined;
  /** Units per label; undefined puts the whole quantity on one label. */
  perLabel: bigint | undefined;
}): { ok: true; plan: LabelPlan } | { ok: false; problem: PlanProblem } {
  const remaining = remainingUnits(input.lineQty, input.printed);
  if (remaining === 0n) return { ok: false, problem: 'fullyPrinted' };
  if (input.requested === undefined || input.requested <= 0n)
    return { ok: false, problem: 'quantityRequired' };
  if (input.perLabel !== undefined && input.perLabel <= 0n) return { ok: false, problem: 'perLabelInvalid' };
  const quantity = smaller(input.requested, remaining);
  const perLabel = input.perLabel ?? quantity;
  const count = (quantity + perLabel - 1n) / perLabel;
  if (count > BigInt(maxLabelsPerPrint)) return { ok: false, problem: 'tooManyLabels' };
  const labels: bigint[] = [];
  for (let left = quantity; left > 0n; left -= perLabel) labels.push(smaller(left, perLabel));
  return { ok: true, plan: { quantity, corrected: quantity !== input.requested, labels } };
}
