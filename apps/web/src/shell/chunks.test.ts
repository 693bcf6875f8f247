import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, withTimeout } from './chunks.ts';

describe('chunk load time-out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers with the chunk when it arrives in time', async () => {
    const arriving = new Promise<string>((resolve) => setTimeout(() => resolve('screen'), 119_999));
    const result = withTimeout(arriving, 120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    await expect(result).resolves.toBe('screen');
  });

  it('fails with a time-out once 120 s pass without it', async () => {
    const result = withTimeout(new Promise<string>(() => undefined), 120_000);
    const settled = expect(result).rejects.toBeInstanceOf(ChunkTimeoutError);
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
  });

  it('passes a load failure through unchanged', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withTimeout(Promise.reject(failure), 120_000)).rejects.toBe(failure);
  });
});
