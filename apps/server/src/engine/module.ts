import type { Area } from '@bl/entities';
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../db/database.ts';
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

/**
 * A menu entry that is not one entity's screen (the catalogue gives each entity its own, see
 * seed/catalogue-menus.ts): a page of its own, or a second route onto an entity. Names are
 * Simplified Chinese (the menu admin's language); the web app shows `menu.<code>` from its
 * translations, so the menu reads in the user's language. They sit after the entity entries of
 * their area unless `sort` places them (entity entries sort from 100 in catalogue order).
 */
export interface SeedMenu {
  code: string;
  name: string;
  path: string;
  area: Area;
  sort?: number;
  /** Button codes `{code}_{action}` the screen's calls check (named as in catalogue-menus.ts). */
  buttons?: readonly string[];
}

/** Writes a new tenant's first rows of one module, or of every module (seed/seed.ts). */
export type TenantSeeder = (tx: Tx, tenantId: string, userId?: string) => Promise<void>;

/**
 * What a module puts in the database, apart from any application (seed/seed.ts walks every
 * module's): the menu entries of its own screens, synced at every start; a new tenant's first
 * rows (the tenant screen's new tenants and the demo tenants alike, in the tenant's creating
 * transaction); and what it keeps in step at every start, after the menus.
 */
export interface ModuleSeed {
  menus?: readonly SeedMenu[];
  tenant?: TenantSeeder;
  /** `demoTenants`: the demo tenants present when the demo is on, else none. */
  start?(database: Database, demoTenants: readonly string[]): Promise<void>;
}

/** One module: its name (its folder's), what it seeds, and how it plugs into an application. */
export interface ModuleDefinition<Shared, Code> {
  name: string;
  seed?: ModuleSeed;
  plug(shared: Shared): ModuleParts<Code> | Promise<ModuleParts<Code>>;
}
