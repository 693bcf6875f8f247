/**
 * A sweep's interval as a cron line for the job queue (jobs/queue.ts), which runs each slot
 * once across all server processes: every N minutes below an hour, else every N/60 hours on
 * the hour; undefined for 0 (never). A sweep only moves what is due, so running it often costs
 * a query per tenant and nothing more.
 */
export function everyMinutesCron(intervalMinutes: number): string | undefined {
  if (intervalMinutes <= 0) return undefined;
  if (intervalMinutes < 60) return `*/${intervalMinutes} * * * *`;
  const hours = Math.min(24, Math.round(intervalMinutes / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}
