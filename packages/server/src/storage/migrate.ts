import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { Database } from './database';
import type { DialectName, Db } from './db';
import { migrations } from './migrations';

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(migrations)) {
      out[name] = { up: (db) => migration.up(db, this.dialect) };
    }
    return Promise.resolve(out);
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` (tests of a migration's data step). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

/**
 * The session-level advisory lock that lets one node of a cluster migrate a
 * PostgreSQL schema at a time: nodes started together (a rolling upgrade, a
 * scaled deployment) wait for the first, then find nothing left to run. Keyed
 * by schema, so schemas side by side (tests) do not wait on each other.
 */
export function migrationLockKey(schema: string): string {
  return `messenger:migrate:${schema}`;
}

async function migrate(
  db: Db,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  if (db.dialect !== 'postgres') {
    await runMigrator(db.kysely, db.dialect, undefined, run);
    return;
  }
  // One connection holds the lock for the whole run, the bookkeeping tables' creation included.
  await db.kysely.connection().execute(async (connection) => {
    // On PostgreSQL the bookkeeping tables live in the schema we migrate, so that
    // schemas side by side in one database (tests, benchmarks) never share them.
    const schema = (
      await sql<{ schema: string }>`select current_schema() as schema`.execute(connection)
    ).rows[0]?.schema;
    if (schema === undefined) throw new Error('migration: PostgreSQL has no current schema');
    const key = migrationLockKey(schema);
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      await runMigrator(connection, db.dialect, schema, run);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

async function runMigrator(
  kysely: Kysely<Database>,
  dialect: DialectName,
  migrationTableSchema: string | undefined,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const migrator = new Migrator({
    db: kysely,
    provider: new StaticProvider(dialect),
    ...(migrationTableSchema !== undefined ? { migrationTableSchema } : {}),
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${reason}`);
  }
}
