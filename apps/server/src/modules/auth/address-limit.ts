import { ResultCode } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { type Database, queryRows } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Failed sign-ins counted per address over a window, so one address cannot try passwords
 * against many accounts (the per-account lock does not see that). Kept where every server
 * process sees it: Redis when `REDIS_URL` is set, else the database.
 */
export interface AttemptCounter {
  /** Counts one more failure; answers the failures in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** The failures in the current window. */
  count(key: string, windowSeconds: number): Promise<number>;
  close(): Promise<void>;
}

/** The database keeps the counts in `auth_address_failure` (a window starts at the first failure). */
export function databaseCounter(database: Database): AttemptCounter {
  return {
    async hit(key, windowSeconds) {
      const [row] = await queryRows<{ failures: number }>(
        database.db,
        sql`insert into auth_address_failure (address, failures, window_start) values (${key}, 1, now())
          on conflict (address) do update set
            failures = case when auth_address_failure.window_start < now() - make_interval(secs => ${windowSeconds})
                            then 1 else auth_address_failure.failures + 1 end,
            window_start = case when auth_address_failure.window_start < now() - make_interval(secs => ${windowSeconds})
                                then now() else auth_address_failure.window_start end
          returning failures`,
      );
      return row?.failures ?? 1;
    },
    async count(key, windowSeconds) {
      const [row] = await queryRows<{ failures: number }>(
        database.db,
        sql`select failures from auth_address_failure
          where address = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`,
      );
      return row?.failures ?? 0;
    },
    close: async () => {},
  };
}

/** What the counters log through (Fastify's logger fits). */
export interface CounterLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * Redis keeps the counts under `bl:signin:addr:<address>`, expiring with their window. While
 * Redis cannot be reached the database counts instead (`fallback`), so a Redis outage costs the
 * shared counts of that spell, not every sign-in: one warning when it goes, one line when it is
 * back. Commands fail at once while the connection is down (no offline queue), and the client
 * keeps reconnecting on its own.
 */
export function redisCounter(url: string, fallback: AttemptCounter, log: CounterLog): AttemptCounter {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let down = false;
  const wentDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis unreachable: counting sign-in attempts in the database until it is back');
  };
  // Without a listener ioredis prints every failed reconnection as an unhandled error.
  redis.on('error', wentDown);
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis reachable again: counting sign-in attempts in Redis');
  });
  const name = (key: string) => `bl:signin:addr:${key}`;
  // The first connection, made at start: requests wait for its outcome rather than count
  // their first attempts in the database while Redis is merely still connecting.
  const firstConnection = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
    setTimeout(resolve, 2500).unref();
  });
  const viaRedis = async <T>(work: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> => {
    await firstConnection;
    if (redis.status !== 'ready') return otherwise();
    try {
      return await work();
    } catch (error) {
      wentDown(error);
      return otherwise();
    }
  };
  return {
    hit(key, windowSeconds) {
      return viaRedis(
        async () => {
          const [[, failures] = [null, 1]] = (await redis
            .multi()
            .incr(name(key))
            .expire(name(key), windowSeconds, 'NX')
            .exec()) as [Error | null, number][];
          return Number(failures);
        },
        () => fallback.hit(key, windowSeconds),
      );
    },
    count(key, windowSeconds) {
      return viaRedis(
        async () => Number((await redis.get(name(key))) ?? 0),
        () => fallback.count(key, windowSeconds),
      );
    },
    async close() {
      await redis.quit().catch(() => undefined);
      redis.disconnect();
      await fallback.close();
    },
  };
}

/**
 * A per-address hourly allowance for an unauthenticated write (a captcha, a guest
 * registration): counts this one and refuses it with 429 past `maxPerHour`. The same counter as
 * the sign-in failures, under its own key, so every server process shares it.
 */
export async function spendAllowance(
  counter: AttemptCounter,
  purpose: 'captcha' | 'register',
  address: string | undefined,
  maxPerHour: number,
): Promise<void> {
  const used = await counter.hit(`${purpose}:${address ?? 'unknown'}`, 3600);
  if (used > maxPerHour) throw new AppError(ResultCode.tooManyRequests, 'error.tooManyRequests');
}
