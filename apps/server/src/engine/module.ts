import type { FastifyInstance } from 'fastify';
import type { JobHandler } from '../jobs/queue.ts';

/** A sweep that runs once per slot across server processes (pg-boss schedule). */
export interface Schedule {
  cron: string;
  run: () => Promise<void>;
}

/**
 * What a business module adds to the product, for one application (tests build several in one
 * process, so anything stateful lives in the closure `plug` makes, never in the module's file).
 * The composition root (src/app.ts) plugs every module of `modules/index.ts` in the same order
 * of phases: all `rules` first (the engine's registries: write, remove, read and totals rules,
 * create hooks), then the flow code of every module is merged for the bill-flow routes and the
 * workflow runtime, the job queue starts with every module's handlers, internal queues and
 * schedules, and last every module's `routes`, then the generic entity routes. `stop` runs when
 * the application closes, for the long-lived parts `plug` started (an MQTT feed).
 *
 * `Code` is the flow code's type (modules/flow): the engine layer does not name it.
 */
export interface ModuleParts<Code> {
  rules?(): void;
  /** Code of the bill-flow declarations' steps, by bill and action (ADR 0016). */
  flowCode?: Code;
  /** Job handlers by kind: work a user starts and follows on a page. */
  jobs?: Record<string, JobHandler>;
  /** Internal queues (a workflow instance's timers): queue name → work on the job's data. */
  internal?: Record<string, (data: Record<string, string>) => Promise<void>>;
  schedules?: Record<string, Schedule>;
  routes?(app: FastifyInstance): void | Promise<void>;
  stop?(): Promise<void>;
}

/** One module: its name (its folder's) and how it plugs into an application. */
export interface ModuleDefinition<Shared, Code> {
  name: string;
  plug(shared: Shared): ModuleParts<Code> | Promise<ModuleParts<Code>>;
}
