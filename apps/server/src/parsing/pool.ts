import { type Transferable, Worker } from 'node:worker_threads';
import { ResultCode } from '@bl/contract';
import { AppError } from '../http/errors.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/**
 * A small pool of worker threads that parse untrusted bytes (docs/adr/0035-untrusted-parsing.md):
 * spreadsheets, BPMN models. A parser that loops or swells stops a worker, never the event loop
 * that answers every tenant: each task has a deadline, each worker a heap limit, and a worker
 * that runs out of either is terminated and its task refused with a message; the next task
 * starts a fresh one. Workers start on first use, are unref'd (an idle pool keeps no process
 * alive) and are retired by `close()` (the app's onClose).
 */

/** What the worker posts back for a task. */
export type TaskReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: TaskFailure };

/** A task's failure as it crosses the thread boundary: an AppError keeps its code and message key. */
export interface TaskFailure {
  name: string;
  message: string;
  code?: number;
  key?: MessageKey;
  params?: MessageParams;
}

/** Rejects a task whose worker threw something other than an AppError (the name says what). */
export class WorkerTaskError extends Error {
  constructor(failure: TaskFailure) {
    super(failure.message);
    this.name = failure.name;
  }
}

/** Where a worker's code comes from: a module file, or a script run with `eval` (a bootstrap). */
export interface WorkerSource {
  code: string | URL;
  eval: boolean;
}

export interface PoolOptions {
  source: () => WorkerSource;
  /** Workers at most; tasks beyond wait in order. */
  size: number;
  /** A task running longer (counted from when a worker takes it) is refused and its worker ended. */
  timeoutMs: number;
  /** The old-generation heap limit of each worker. */
  memoryMb: number;
  /** Tasks waiting at most; more are refused (429) rather than held in memory. */
  maxQueue: number;
  /** A worker idle this long is ended: after a large file its heap holds hundreds of MB. */
  idleMs: number;
}

/** Per task: buffers handed over to the worker (not copied), and a deadline other than the pool's. */
export interface RunOptions {
  transfer?: Transferable[];
  timeoutMs?: number;
}

interface Task extends RunOptions {
  kind: string;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  task?: Task & { id: number; timer: NodeJS.Timeout };
  /** Ended by `close()`: terminated once its task is done. */
  retired: boolean;
  idle?: NodeJS.Timeout;
}

export class ParsePool {
  readonly options: PoolOptions;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  /** Workers started since the pool was made (a replaced worker counts again). */
  started = 0;

  constructor(options: PoolOptions) {
    this.options = { ...options };
  }

  /** Workers running now, busy or idle. */
  get workers(): number {
    return this.slots.size;
  }

  /** Changes limits for the tasks that start from now on (tests set a tiny deadline). */
  configure(options: Partial<Omit<PoolOptions, 'source'>>) {
    Object.assign(this.options, options);
  }

  /** Runs the worker's parser `kind` on `input`; resolves with its plain answer. */
  run<T>(kind: string, input: unknown, options: RunOptions = {}): Promise<T> {
    if (this.queue.length >= this.options.maxQueue)
      return Promise.reject(new AppError(ResultCode.tooManyRequests, 'parse.busy'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ...options, kind, input, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Retires every worker: idle ones now, busy ones when their task ends. Later tasks start new ones. */
  async close(): Promise<void> {
    const ending: Promise<number>[] = [];
    for (const slot of this.slots) {
      slot.retired = true;
      if (!slot.task) {
        clearTimeout(slot.idle);
        this.slots.delete(slot);
        ending.push(slot.worker.terminate());
      }
    }
    await Promise.all(ending);
  }

  private pump() {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => !s.task && !s.retired);
      if (!slot) {
        if ([...this.slots].filter((s) => !s.retired).length >= this.options.size) return;
        slot = this.spawn();
      }
      this.dispatch(slot, this.queue.shift() as Task);
    }
  }

  private spawn(): Slot {
    const source = this.options.source();
    const worker = new Worker(source.code, {
      eval: source.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    const slot: Slot = { worker, retired: false };
    this.slots.add(slot);
    this.started += 1;
    worker.on('message', (reply: TaskReply) => this.settle(slot, reply));
    // An uncaught error or the heap limit ends the worker: its task is refused, the slot freed.
    worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError(ResultCode.failure, 'parse.outOfMemory')
          : error,
      ),
    );
    worker.on('exit', () => this.fail(slot, new Error('the parse worker stopped')));
    // Idle, a worker keeps no process alive (after the listeners: adding one refs it again).
    worker.unref();
    return slot;
  }

  private dispatch(slot: Slot, task: Task) {
    const id = this.nextId++;
    // The pool's deadline can only be shortened per task (tests shorten the pool's).
    const timeoutMs = Math.min(task.timeoutMs ?? this.options.timeoutMs, this.options.timeoutMs);
    const seconds = Math.round(timeoutMs / 100) / 10;
    const timer = setTimeout(
      () => this.fail(slot, new AppError(ResultCode.failure, 'parse.timeout', { seconds })),
      timeoutMs,
    );
    timer.unref();
    slot.task = { ...task, id, timer };
    // Busy, it does: a script awaiting a parse (make-template's seed) must not exit meanwhile.
    slot.worker.ref();
    clearTimeout(slot.idle);
    try {
      slot.worker.postMessage({ id, kind: task.kind, input: task.input }, task.transfer ?? []);
    } catch (error) {
      // Input that cannot be cloned: the worker never saw it and stays usable.
      clearTimeout(timer);
      slot.task = undefined;
      slot.worker.unref();
      this.retireWhenIdle(slot);
      task.reject(error);
    }
  }

  private settle(slot: Slot, reply: TaskReply) {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    clearTimeout(task.timer);
    slot.task = undefined;
    slot.worker.unref();
    if (reply.ok) task.resolve(reply.value);
    else {
      const { code, key, params } = reply.error;
      task.reject(
        key !== undefined
          ? new AppError(code ?? ResultCode.failure, key, params)
          : new WorkerTaskError(reply.error),
      );
    }
    if (slot.retired) {
      this.slots.delete(slot);
      void slot.worker.terminate();
    }
    this.pump();
    if (!slot.task && this.slots.has(slot)) this.retireWhenIdle(slot);
  }

  private retireWhenIdle(slot: Slot) {
    slot.idle = setTimeout(() => {
      if (slot.task || !this.slots.delete(slot)) return;
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.idle.unref();
  }

  /** Ends a worker (timed out, crashed, over its heap) and refuses its task; the next task starts another. */
  private fail(slot: Slot, error: unknown) {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.idle);
    const task = slot.task;
    slot.task = undefined;
    if (task) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    void slot.worker.terminate();
    this.pump();
  }
}

/**
 * The worker's code. Built (apps/server/dist), the server is one bundle and the worker another
 * beside it (scripts/build.mjs). Run from the sources (vitest, tsx), the worker is TypeScript:
 * a small ES module registers tsx's loader in the thread first (parse-worker-source.mjs).
 */
export function parseWorkerSource(): WorkerSource {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { code: new URL('./parse-worker.js', here), eval: false };
  return { code: new URL('../parse-worker-source.mjs', here), eval: false };
}

/**
 * The process's pool. Two workers: one slow file does not hold up everyone's imports, and two
 * heaps at their limit stay within a small server's memory. The deadline is generous: the
 * largest file accepted (10 MB, 50,000 rows of 40 columns) takes SheetJS about 13 s and 370 MB.
 */
export const parsePool = new ParsePool({
  source: parseWorkerSource,
  size: 2,
  timeoutMs: 60_000,
  memoryMb: 512,
  maxQueue: 64,
  idleMs: 60_000,
});
