import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ModuleDefinition, TenantSeeder } from '../engine/module.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { AttemptCounter, CodeSender, SocialClient, TokenService } from './auth/index.ts';
import type { ApprovalStarter, FlowCode } from './flow/index.ts';
import type { WorkflowRuntime } from './workflow/index.ts';

/**
 * What the composition root (src/app.ts) gives every module: the application's database and
 * settings, and the services more than one module uses, made once per application. The job
 * queue and the workflow runtime exist only once every module is plugged (they are built from
 * what the modules declare): read them when a route, a handler or a schedule runs.
 */
export interface Shared {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  tokens: TokenService;
  /** Failed attempts per address, account or device (the database, or Redis when set). */
  attempts: AttemptCounter;
  codeSender: CodeSender;
  social: SocialClient;
  /** Where the server keeps files of its own (exports): the local disk or the configured bucket. */
  files: ObjectStore;
  /** A new tenant's first rows, of every module (seed/seed.ts). */
  seedTenant: TenantSeeder;
  jobs(): JobQueue;
  /** The merged flow code of every module. */
  flowCode(): FlowCode;
  workflow(): WorkflowRuntime;
  /** Starts the approval a tenant requires for a bill action (the workflow runtime's). */
  startApproval: ApprovalStarter;
}

/** A business module of this product (`modules/<area>/module.ts`), listed in `modules/index.ts`. */
export type AppModule = ModuleDefinition<Shared, FlowCode>;
