import { ApiError } from '@bl/contract';
import { create } from 'zustand';
import { readJson, writeJson } from '../storage.ts';
import { api, messageOf, newKey, unreachable } from './api.ts';

/**
 * Steps kept on the device while the server cannot be reached (ADR 0041). Each step carries the
 * idempotency key it was first sent with, so resending never posts twice, however often the
 * answer was lost; they go in the order they were made, when the browser says the network is
 * back, at start, after any answered step and on "send now". A step the server refuses when it
 * finally arrives is not retried: it moves to `refused` with the server's message, for the
 * person to see. Kept in local storage: a few small JSON steps, read synchronously at start.
 */
export interface Step {
  key: string;
  path: string;
  body: Record<string, unknown>;
  /** What the step did, for the waiting list: "P1 → P2 M1 × 4". */
  label: string;
  madeAt: number;
}

export interface RefusedStep extends Step {
  message: string;
}

interface Queue {
  pending: Step[];
  refused: RefusedStep[];
}

const storageKeyOf = 'handheld-queue';

function load(): Queue {
  const stored = readJson(storageKeyOf) as Partial<Queue> | null;
  return {
    pending: Array.isArray(stored?.pending) ? stored.pending : [],
    refused: Array.isArray(stored?.refused) ? stored.refused : [],
  };
}

export const useQueue = create<Queue>(() => load());

function save(next: Queue): void {
  writeJson(storageKeyOf, next);
  useQueue.setState(next);
}

/** The answer of a step sent now, or `queued` when it is kept for later. */
export type Sent<T> = { sent: true; data: T } | { sent: false };

/** Sends a step now with a fresh key; keeps it when the server cannot be reached. A refusal throws. */
export async function sendStep<T>(
  path: string,
  body: Record<string, unknown>,
  label: string,
): Promise<Sent<T>> {
  const step: Step = { key: newKey(), path, body, label, madeAt: Date.now() };
  // Steps made earlier go first: a move must not overtake the one before it.
  if (useQueue.getState().pending.length > 0) {
    const state = useQueue.getState();
    save({ ...state, pending: [...state.pending, step] });
    void flush();
    return { sent: false };
  }
  try {
    const data = await post<T>(step);
    return { sent: true, data };
  } catch (error) {
    if (!unreachable(error)) throw error;
    const state = useQueue.getState();
    save({ ...state, pending: [...state.pending, step] });
    retryLater();
    return { sent: false };
  }
}

function post<T>(step: Step): Promise<T> {
  return api.request<T>('POST', step.path, {
    body: step.body,
    quiet: true,
    headers: { 'Idempotency-Key': step.key },
  });
}

let flushing: Promise<void> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let retryMs = 1000;
const longestRetryMs = 30_000;

/**
 * Tries again later, waiting longer each time: "online" says the device has a network, not that
 * the server answers (a Wi-Fi that has just come back, a captive portal, a server restarting).
 */
function retryLater(): void {
  clearTimeout(retry);
  retry = setTimeout(() => void flush(), retryMs);
  retryMs = Math.min(retryMs * 2, longestRetryMs);
}

/** Sends what is waiting, oldest first, until done or the network fails again. */
export function flush(): Promise<void> {
  clearTimeout(retry);
  // `.finally` settles after the assignment, also when nothing waits and the run ends at once.
  flushing ??= (async () => {
    for (;;) {
      const [step] = useQueue.getState().pending;
      if (!step) return;
      try {
        await post(step);
        retryMs = 1000;
        const state = useQueue.getState();
        save({ ...state, pending: state.pending.filter((s) => s.key !== step.key) });
      } catch (error) {
        if (unreachable(error)) return retryLater();
        // Signed out meanwhile: kept as it is, sent after the next sign-in.
        if (error instanceof ApiError && error.code === 401) return;
        const state = useQueue.getState();
        save({
          pending: state.pending.filter((s) => s.key !== step.key),
          refused: [...state.refused, { ...step, message: messageOf(error) }],
        });
      }
    }
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

export function dismissRefused(): void {
  save({ ...useQueue.getState(), refused: [] });
}

globalThis.window?.addEventListener('online', () => {
  retryMs = 1000;
  void flush();
});
