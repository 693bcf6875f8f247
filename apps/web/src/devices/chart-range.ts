/**
 * Where a device chart's time axis starts (issue 29, 16): at the first reading of the range,
 * less a tenth of the span it covers (five minutes at least), never before the range itself. A
 * device installed an hour ago showed its hour squeezed into the right edge of a 24-hour axis.
 */
export function chartStart(from: number, to: number, readings: number[]): number {
  if (readings.length === 0) return from;
  const first = Math.min(...readings.filter((t) => t >= from));
  if (!Number.isFinite(first)) return from;
  const margin = Math.max((to - first) / 10, 5 * 60_000);
  return Math.max(from, first - margin);
}
