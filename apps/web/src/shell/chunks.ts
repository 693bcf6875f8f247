import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { chunkLoadTimeoutMs } from '../utils/tokens.ts';

/** A screen's code that did not arrive in time (spec 01 §8, §9). */
export class ChunkTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`a screen's code did not load within ${ms / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/** `promise`, or a ChunkTimeoutError once `ms` have passed without an answer. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A lazily loaded screen whose code gives up after 120 s: a hung download then ends in the
 * route's error page (and the error log) instead of an endless spinner.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  ms: number = chunkLoadTimeoutMs,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load(), ms).then((component) => ({ default: component })));
}
