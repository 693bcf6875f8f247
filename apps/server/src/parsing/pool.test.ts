import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../http/errors.ts';
import { ParsePool, WorkerTaskError } from './pool.ts';

/**
 * A stand-in worker (plain JavaScript, run with eval) that behaves as parsers misbehave: it
 * answers, refuses, throws, loops for ever, swells past its heap or exits.
 */
const fixture = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, kind, input }) => {
  const reply = (message) => parentPort.postMessage({ id, ...message });
  if (kind === 'echo') reply({ ok: true, value: { input, thread: threadId } });
  if (kind === 'length') reply({ ok: true, value: input.length });
  if (kind === 'refuse') reply({ ok: false, error: { name: 'AppError', message: 'x', code: 400, key: 'excel.noRows', params: {} } });
  if (kind === 'throw') reply({ ok: false, error: { name: 'TypeError', message: 'boom' } });
  if (kind === 'spin') for (;;) {}
  if (kind === 'swell') { const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length)); }
  if (kind === 'exit') process.exit(3);
});`;

const pools: ParsePool[] = [];
function pool(options: Partial<ConstructorParameters<typeof ParsePool>[0]> = {}) {
  const made = new ParsePool({
    source: () => ({ code: fixture, eval: true }),
    size: 1,
    timeoutMs: 10_000,
    memoryMb: 64,
    maxQueue: 8,
    idleMs: 60_000,
    ...options,
  });
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The rejection of a promise (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('parse pool', () => {
  it('runs tasks in a worker started on first use, and keeps it', async () => {
    const parse = pool();
    expect(parse.started).toBe(0);
    expect(await parse.run('echo', { a: 1 })).toMatchObject({ input: { a: 1 } });
    expect(await parse.run('echo', 'again')).toMatchObject({ input: 'again' });
    expect(parse.started).toBe(1);
  });

  it('hands transferred buffers over instead of copying them', async () => {
    const parse = pool();
    const bytes = new Uint8Array(1000);
    expect(await parse.run('length', bytes, { transfer: [bytes.buffer] })).toBe(1000);
    expect(bytes.byteLength).toBe(0); // detached: now the worker's
  });

  it('passes refusals as AppErrors and other failures by name', async () => {
    const parse = pool();
    const refused = await rejection(parse.run('refuse', null));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 400, messageKey: 'excel.noRows' });
    const thrown = await rejection(parse.run('throw', null));
    expect(thrown).toBeInstanceOf(WorkerTaskError);
    expect(thrown).toMatchObject({ name: 'TypeError', message: 'boom' });
    expect(parse.started).toBe(1); // an answer, even a refusal, leaves the worker in service
  });

  it('ends a worker that runs past the deadline, refuses its task, and replaces it', async () => {
    const parse = pool({ timeoutMs: 300 });
    const first = (await parse.run<{ thread: number }>('echo', null)).thread;
    const late = await rejection(parse.run('spin', null));
    expect(late).toMatchObject({ messageKey: 'parse.timeout', params: { seconds: 0.3 } });
    const next = await parse.run<{ input: string; thread: number }>('echo', 'next');
    expect(next.input).toBe('next');
    expect(next.thread).not.toBe(first);
    expect(parse.started).toBe(2);
    // A shorter deadline for one task; never a longer one than the pool's.
    const short = await rejection(parse.run('spin', null, { timeoutMs: 100 }));
    expect(short).toMatchObject({ params: { seconds: 0.1 } });
    const capped = await rejection(parse.run('spin', null, { timeoutMs: 60_000 }));
    expect(capped).toMatchObject({ params: { seconds: 0.3 } });
  });

  it('refuses a task whose worker runs out of heap, or exits, and serves the next', async () => {
    const parse = pool({ memoryMb: 32 });
    expect(await rejection(parse.run('swell', null))).toMatchObject({ messageKey: 'parse.outOfMemory' });
    expect(await parse.run('echo', 1)).toMatchObject({ input: 1 });
    const exited = await rejection(parse.run('exit', null));
    expect(exited).toBeInstanceOf(Error);
    expect(exited).not.toBeInstanceOf(AppError);
    expect(await parse.run('echo', 2)).toMatchObject({ input: 2 });
    expect(parse.started).toBe(3);
  });

  it('queues tasks beyond its workers, in order, and refuses past the queue limit', async () => {
    const parse = pool({ timeoutMs: 300, maxQueue: 2 });
    const spinning = rejection(parse.run('spin', null));
    const waiting = [parse.run('echo', 'a'), parse.run('echo', 'b')];
    const over = await rejection(parse.run('echo', 'c'));
    expect(over).toMatchObject({ code: 429, messageKey: 'parse.busy' });
    expect(await spinning).toMatchObject({ messageKey: 'parse.timeout' });
    expect(await Promise.all(waiting)).toMatchObject([{ input: 'a' }, { input: 'b' }]);
  });

  it('ends a worker left idle, and starts another for the next task', async () => {
    const parse = pool({ idleMs: 50 });
    await parse.run('echo', 1);
    await vi.waitFor(() => expect(parse.workers).toBe(0));
    expect(await parse.run('echo', 2)).toMatchObject({ input: 2 });
    expect(parse.started).toBe(2);
  });

  it('retires its workers on close, and starts new ones for later tasks', async () => {
    const parse = pool({ size: 2 });
    await Promise.all([parse.run('echo', 1), parse.run('echo', 2)]);
    expect(parse.started).toBe(2);
    await parse.close();
    expect(await parse.run('echo', 3)).toMatchObject({ input: 3 });
    expect(parse.started).toBe(3);
  });
});
