import { displayDecimal, type LineQuantities } from '@bl/entities';
import { sumDecimals } from './printLayout.ts';
import type { Row } from './values.ts';

/** `a - b` of exact decimal strings (blank is zero), without zeros after the point. */
export function subtractDecimals(a: unknown, b: unknown): string {
  const negated = String(b ?? '').trim();
  const minus = negated === '' ? '0' : negated.startsWith('-') ? negated.slice(1) : `-${negated}`;
  return displayDecimal(sumDecimals([a, minus], 4));
}

/**
 * The lines an action taking quantities may still act on, in line order, each with what is
 * open (`from` less `done`): the quantity the dialog starts at.
 */
export function openLines(record: Row, spec: LineQuantities): (Row & { open: string })[] {
  const lines = Array.isArray(record[spec.lines]) ? (record[spec.lines] as Row[]) : [];
  return lines
    .map((line): Row & { open: string } => ({
      ...line,
      open: subtractDecimals(line[spec.from], spec.done ? line[spec.done] : '0'),
    }))
    .filter((line) => !line.open.startsWith('-') && line.open !== '0')
    .sort((a, b) => Number(a.lineNumber ?? 0) - Number(b.lineNumber ?? 0));
}
