import { create } from 'zustand';
import { readJson, removeItem, writeJson } from '../storage.ts';

/** A UI error kept locally until it is uploaded or cleared (spec 01 §3 "local error log entry"). */
export interface ErrorLogEntry {
  /** What raised it: 'error' (window error), 'unhandledrejection', 'render' (a page that crashed). */
  type: string;
  url: string;
  message: string;
  stack: string;
  /** ISO time it happened. */
  time: string;
  /** Where it came from: the script and line of a window error, the component stack of a render error. */
  info: string;
}

/** The log keeps the newest entries only: an error in a loop must not fill local storage. */
export const maxEntries = 200;

const logKey = 'error-log';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isEntry(value: unknown): value is ErrorLogEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.message === 'string' && typeof entry.time === 'string';
}

export function readLog(): ErrorLogEntry[] {
  const stored = readJson(logKey);
  if (!Array.isArray(stored)) return [];
  return stored.filter(isEntry).map((e) => ({
    type: text(e.type),
    url: text(e.url),
    message: e.message,
    stack: text(e.stack),
    time: e.time,
    info: text(e.info),
  }));
}

/** Appends `entry`, dropping the oldest beyond `maxEntries`. */
export function appendEntry(log: readonly ErrorLogEntry[], entry: ErrorLogEntry): ErrorLogEntry[] {
  const next = [...log, entry];
  return next.length > maxEntries ? next.slice(next.length - maxEntries) : next;
}

/** The message and stack of anything thrown: errors, strings, and whatever else code throws. */
export function describeThrown(thrown: unknown): { message: string; stack: string } {
  if (thrown instanceof Error) return { message: thrown.message || thrown.name, stack: thrown.stack ?? '' };
  if (typeof thrown === 'string') return { message: thrown, stack: '' };
  try {
    return { message: JSON.stringify(thrown) ?? String(thrown), stack: '' };
  } catch {
    return { message: String(thrown), stack: '' };
  }
}

export function entryOf(
  type: string,
  thrown: unknown,
  info: string,
  url: string,
  now: Date = new Date(),
): ErrorLogEntry {
  return { type, url, ...describeThrown(thrown), time: now.toISOString(), info };
}

interface ErrorLogState {
  entries: ErrorLogEntry[];
  add(entry: ErrorLogEntry): void;
  /** Drops the oldest `count` entries (those just uploaded). */
  remove(count: number): void;
  clear(): void;
}

export const useErrorLog = create<ErrorLogState>((set, get) => ({
  entries: readLog(),
  add: (entry) => {
    const entries = appendEntry(get().entries, entry);
    writeJson(logKey, entries);
    set({ entries });
  },
  remove: (count) => {
    const entries = get().entries.slice(count);
    if (entries.length === 0) removeItem(logKey);
    else writeJson(logKey, entries);
    set({ entries });
  },
  clear: () => {
    removeItem(logKey);
    set({ entries: [] });
  },
}));

/** Records an error of this page under `type`. */
export function logError(type: string, thrown: unknown, info = ''): void {
  useErrorLog.getState().add(entryOf(type, thrown, info, window.location.href));
}

/**
 * Captures errors nothing else handled (spec 01 §8): uncaught exceptions and rejected promises
 * nobody awaited. Returns the function that stops capturing.
 */
export function captureUnhandledErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    logError('error', event.error ?? event.message, where);
  };
  const onRejection = (event: PromiseRejectionEvent) => logError('unhandledrejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
