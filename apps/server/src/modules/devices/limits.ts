import { createHash } from 'node:crypto';
import { ResultCode } from '@bl/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { AttemptCounter } from '../auth/index.ts';

/**
 * Failed device authentications (a wrong secret, a wrong or malformed signature; over HTTP or
 * at an MQTT connect to the embedded broker) counted per address and per device, as sign-in
 * counts them per address and account (ADR 0026): past `deviceAddressMaxFailures` from one
 * address, or `deviceMaxFailures` for one device, within `deviceLockSeconds`, every attempt is
 * refused with 429 before its credential is looked at. The counts live where sign-in keeps its
 * own (Redis when set, else the database), under keys of their own: a device's failures never
 * lock a person's sign-in, nor the reverse. A signature that is merely out of its time window
 * is no guess at the secret and is not counted.
 */
export interface FeedLimiter {
  /** Refuses (429) an attempt from an address, or for a device, that is over its limit. */
  check(address: string | undefined, tenantId: string, deviceCode: string): Promise<void>;
  /** Whether an attempt is over the limit (the MQTT broker refuses the connection). */
  blocked(address: string | undefined, tenantId: string, deviceCode: string): Promise<boolean>;
  /** Counts a failed authentication against the address and the device. */
  fail(address: string | undefined, tenantId: string, deviceCode: string): Promise<void>;
}

/** The counter's key of an address (`auth_address_failure.address` holds 64 characters). */
const addressKey = (address: string | undefined) => `device-addr:${address ?? 'unknown'}`;
/** The counter's key of a device: a digest, since a tenant and code may be 77 characters. */
const deviceKey = (tenantId: string, deviceCode: string) =>
  `device:${createHash('sha256').update(`${tenantId}\u0000${deviceCode}`).digest('hex').slice(0, 40)}`;

export function feedLimiter(
  config: Pick<Config, 'deviceMaxFailures' | 'deviceAddressMaxFailures' | 'deviceLockSeconds'>,
  counter: AttemptCounter,
): FeedLimiter {
  const window = config.deviceLockSeconds;
  const blocked = async (address: string | undefined, tenantId: string, deviceCode: string) => {
    const [byAddress, byDevice] = await Promise.all([
      counter.count(addressKey(address), window),
      counter.count(deviceKey(tenantId, deviceCode), window),
    ]);
    return byAddress >= config.deviceAddressMaxFailures || byDevice >= config.deviceMaxFailures;
  };
  return {
    blocked,
    async check(address, tenantId, deviceCode) {
      if (await blocked(address, tenantId, deviceCode))
        throw new AppError(ResultCode.tooManyRequests, 'device.tooManyFailures', {
          minutes: Math.ceil(window / 60),
        });
    },
    async fail(address, tenantId, deviceCode) {
      await Promise.all([
        counter.hit(addressKey(address), window),
        counter.hit(deviceKey(tenantId, deviceCode), window),
      ]);
    },
  };
}

/** Whether a refusal is a failed authentication that counts (401, except a signature out of its window). */
export const countsAsFailure = (error: unknown) =>
  error instanceof AppError &&
  error.code === ResultCode.unauthorized &&
  error.messageKey !== 'device.signatureExpired';
