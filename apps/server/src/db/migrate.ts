import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import PgBoss from 'pg-boss';
import { appRole, type Database, type Db, queryRows, type Tx } from './database.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Tables with a tenant_id column that are global registries, not tenant data. */
const globalTables = ['blade_tenant'];

/**
 * Any stable number: several server processes starting at once take turns migrating and
 * seeding (server.ts), the first doing the work and the others finding it done.
 */
export const startupLockKey = 727_3001;

/** One statement per call: prepared statements take one command each. */
async function runStatements(exec: Db | Tx, statements: string[]): Promise<void> {
  for (const statement of statements) await exec.execute(sql.raw(statement));
}

/**
 * Creates the application role (if missing) and grants it the data, then puts every table that
 * has a `tenant_id` column under forced row-level security keyed on `app.tenant_id`. It runs
 * after each migration, so a table added later is covered without anyone remembering to.
 * (drizzle-kit writes neither FORCE nor an idempotent CREATE ROLE: ARCHITECTURE.md, traps.)
 */
export async function ensureTenantIsolation(exec: Db | Tx): Promise<void> {
  const globals = sql.join(
    globalTables.map((t) => sql`${t}`),
    sql`, `,
  );
  await runStatements(exec, [
    `DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${appRole}') THEN
        CREATE ROLE ${appRole} NOLOGIN NOSUPERUSER NOBYPASSRLS;
      END IF;
    END $$`,
    `GRANT USAGE ON SCHEMA public TO ${appRole}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${appRole}`,
    // The operation log is append-only for the application: it may add and read, not rewrite.
    `DO $$ BEGIN
      IF to_regclass('public.bl_auditlog') IS NOT NULL THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON bl_auditlog FROM ${appRole};
      END IF;
    END $$`,
  ]);
  // The catalogue itself, not information_schema: its views take a good part of a second on
  // the embedded database, on every start (ADR 0017). Ordinary and partitioned tables, as
  // information_schema's BASE TABLE.
  const tables = await queryRows<{ table_name: string }>(
    exec,
    sql`
    select k.relname as table_name from pg_class k
    join pg_attribute a on a.attrelid = k.oid and a.attname = 'tenant_id' and not a.attisdropped
    where k.relnamespace = 'public'::regnamespace and k.relkind in ('r', 'p')
      and k.relname not in (${globals})
      -- only tables not yet fully covered: a warm start has nothing to do here
      and (not k.relrowsecurity or not k.relforcerowsecurity or not exists (
        select 1 from pg_policy p where p.polrelid = k.oid and p.polname = 'tenant_isolation'))`,
  );
  for (const { table_name: table } of tables) {
    const name = `"${table.replaceAll('"', '""')}"`;
    await runStatements(exec, [
      `ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY`,
      `ALTER TABLE ${name} FORCE ROW LEVEL SECURITY`,
      `DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public'
                       AND tablename = '${table}' AND policyname = 'tenant_isolation') THEN
          CREATE POLICY tenant_isolation ON ${name}
            USING (tenant_id = current_setting('app.tenant_id', true))
            WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
        END IF;
      END $$`,
    ]);
  }
}

/**
 * Every catalogue table is listed newest first by default, a page at a time, per tenant:
 * one index per table serves that (the first page and deep pages alike) without anyone
 * writing it by hand for each of the ~150 entities.
 */
export async function ensureListIndexes(exec: Db | Tx): Promise<void> {
  const tables = await queryRows<{ table_name: string }>(
    exec,
    sql`select k.relname as table_name from pg_class k
        join pg_attribute a on a.attrelid = k.oid and not a.attisdropped
          and a.attname in ('tenant_id', 'create_time', 'is_deleted', 'version')
        where k.relnamespace = 'public'::regnamespace and k.relkind in ('r', 'p')
        group by k.relname having count(*) = 4
          and to_regclass(format('public.%I', k.relname || '_list_idx')) is null`,
  );
  for (const { table_name: table } of tables) {
    const name = `"${table.replaceAll('"', '""')}"`;
    const index = `"${`${table}_list_idx`.replaceAll('"', '""')}"`;
    await exec.execute(
      sql.raw(
        `CREATE INDEX IF NOT EXISTS ${index} ON ${name} (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0`,
      ),
    );
  }
}

/**
 * Applies the committed migrations, then the tenant-isolation and list-index steps, on `session`:
 * the connection holding the startup lock (see `migrate`).
 */
export async function migrateOn(database: Database, session: Db): Promise<void> {
  if (database.driver === 'postgres') {
    await migratePg(session as unknown as NodePgDatabase, { migrationsFolder });
  } else {
    await migratePglite(session as unknown as PgliteDatabase, { migrationsFolder });
  }
  await ensureTenantIsolation(session);
  await ensureListIndexes(session);
  await ensureJobSchema(database, session);
}

/** The schema pg-boss keeps its queues in (jobs/queue.ts). */
export const jobSchema = 'pgboss';

/**
 * Installs pg-boss's tables with the other migrations, under the same lock, so no process
 * starts its queue on a half-made schema (and the test template carries them ready-made).
 * pg-boss upgrades its own schema when a later version starts.
 */
async function ensureJobSchema(database: Database, session: Db): Promise<void> {
  const [found] = await queryRows<{ present: boolean }>(
    session,
    sql`select to_regclass(${`${jobSchema}.version`}) is not null as present`,
  );
  if (found?.present) return;
  await database.executeSql(PgBoss.getConstructionPlans(jobSchema));
}

/**
 * Migrates under the startup lock, held on a connection of its own for the whole run: the
 * migrator commits each migration, and a transaction-level lock would end with the first of
 * those commits, letting a second process in to run the same DDL (`tuple concurrently updated`).
 */
export async function migrate(database: Database): Promise<void> {
  await database.exclusively(startupLockKey, (session) => migrateOn(database, session));
}
