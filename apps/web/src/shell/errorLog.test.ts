import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appendEntry, describeThrown, type ErrorLogEntry, entryOf, maxEntries } from './errorLog.ts';

const entry = (message: string): ErrorLogEntry => ({
  type: 'error',
  url: 'http://x/a',
  message,
  stack: '',
  time: '2026-01-01T00:00:00.000Z',
  info: '',
});

describe('error log rules', () => {
  it('describes errors, strings and other thrown values', () => {
    const error = new Error('boom');
    expect(describeThrown(error)).toEqual({ message: 'boom', stack: error.stack });
    expect(describeThrown('text')).toEqual({ message: 'text', stack: '' });
    expect(describeThrown({ code: 1 })).toEqual({ message: '{"code":1}', stack: '' });
    expect(describeThrown(undefined).message).toBe('undefined');
  });

  it('makes an entry with type, url, message, stack, time and info', () => {
    const made = entryOf('unhandledrejection', new TypeError('bad'), 'where', 'http://x/p', new Date(0));
    expect(made).toMatchObject({
      type: 'unhandledrejection',
      url: 'http://x/p',
      message: 'bad',
      time: '1970-01-01T00:00:00.000Z',
      info: 'where',
    });
    expect(made.stack).toContain('TypeError');
  });

  it('keeps only the newest entries', () => {
    let log: ErrorLogEntry[] = [];
    for (let i = 0; i < maxEntries + 5; i++) log = appendEntry(log, entry(String(i)));
    expect(log).toHaveLength(maxEntries);
    expect(log[0]?.message).toBe('5');
    expect(log.at(-1)?.message).toBe(String(maxEntries + 4));
  });
});

describe('the error log store', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    vi.resetModules();
    items = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
  });

  it('keeps entries in local storage until cleared', async () => {
    const first = await import('./errorLog.ts');
    first.useErrorLog.getState().add(entry('one'));
    vi.resetModules();
    const reloaded = await import('./errorLog.ts');
    expect(reloaded.useErrorLog.getState().entries.map((e) => e.message)).toEqual(['one']);
    reloaded.useErrorLog.getState().clear();
    expect(reloaded.useErrorLog.getState().entries).toEqual([]);
    expect(items.has('saber-error-log')).toBe(false);
  });

  it('drops the uploaded entries and keeps those caught meanwhile', async () => {
    const { useErrorLog } = await import('./errorLog.ts');
    for (const message of ['a', 'b', 'c']) useErrorLog.getState().add(entry(message));
    useErrorLog.getState().remove(2);
    expect(useErrorLog.getState().entries.map((e) => e.message)).toEqual(['c']);
    useErrorLog.getState().remove(1);
    expect(items.has('saber-error-log')).toBe(false);
  });

  it('captures uncaught errors and unhandled rejections of a window until stopped', async () => {
    const { captureUnhandledErrors, useErrorLog } = await import('./errorLog.ts');
    const target = new EventTarget();
    vi.stubGlobal('window', { location: { href: 'http://x/wel/index' } });
    const stop = captureUnhandledErrors(target as unknown as Window);
    const error = Object.assign(new Event('error'), {
      error: new Error('kaput'),
      message: 'kaput',
      filename: 'http://x/app.js',
      lineno: 3,
      colno: 7,
    });
    target.dispatchEvent(error);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nobody waited' }));
    stop();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after stop') }));
    expect(useErrorLog.getState().entries).toMatchObject([
      { type: 'error', message: 'kaput', info: 'http://x/app.js:3:7', url: 'http://x/wel/index' },
      { type: 'unhandledrejection', message: 'nobody waited' },
    ]);
  });
});
