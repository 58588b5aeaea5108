import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig, type Config } from '../config';

/** The SQLite file of DATA_DIR (storage/db.ts's default name). */
const SQLITE_FILE = 'messenger.db';

const say = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

function sqliteOnly(config: Config, command: string): boolean {
  if (config.databaseUrl === undefined) return true;
  say(
    `messenger ${command}: DATABASE_URL is PostgreSQL; use pg_dump / pg_restore (docs/operating.md, "Backups").`,
  );
  return false;
}

/** Opens a file that must be a messenger database: SQLite, intact, with the migration table. */
function checkDatabase(path: string): string | null {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `integrity check failed: ${String(check)}`;
    const migrated = db
      .prepare(
        "select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'",
      )
      .get() as { n: number };
    return migrated.n === 1 ? null : 'not a messenger database (no migration table)';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/**
 * `messenger backup FILE`: a consistent copy of the SQLite database while the
 * messenger keeps serving. SQLite's online backup copies every page in one
 * step, inside one read transaction: in WAL mode writers go on meanwhile, and
 * the copy is the database as of one commit (every message acknowledged
 * before the backup started is in it). Written beside FILE, checked, then
 * renamed into place: FILE is never a half-written backup.
 */
export async function backupCommand(args: string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length !== 1) {
    say('usage: messenger backup FILE');
    return 2;
  }
  const config = loadConfig(process.env);
  if (!sqliteOnly(config, 'backup')) return 2;
  const source = join(config.dataDir, SQLITE_FILE);
  if (!existsSync(source)) {
    say(`messenger backup: no database at ${source} (DATA_DIR)`);
    return 1;
  }
  const target = resolve(file);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // A long wait for a writer's lock rather than failing under load.
    db.pragma('busy_timeout = 30000');
    const started = performance.now();
    // progress() answers how many pages the next step copies: all of them, so no
    // commit by the server can restart the backup halfway.
    const result = await db.backup(partial, {
      progress: ({ totalPages }) => Math.max(totalPages, 100),
    });
    const problem = checkDatabase(partial);
    if (problem !== null) {
      rmSync(partial, { force: true });
      say(`messenger backup: the copy failed its check: ${problem}`);
      return 1;
    }
    renameSync(partial, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(`backed up ${String(result.totalPages)} pages of ${source} to ${target} in ${seconds} s`);
    return 0;
  } finally {
    db.close();
  }
}

/**
 * `messenger restore FILE`: replaces the SQLite database of DATA_DIR with a
 * backup. Every node using DATA_DIR must be stopped first (it keeps the old
 * file open). The file in place is kept as messenger.db.before-restore-<time>;
 * the next start migrates the restored database if it is older.
 */
export function restoreCommand(args: string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length !== 1) {
    say('usage: messenger restore FILE');
    return Promise.resolve(2);
  }
  const config = loadConfig(process.env);
  if (!sqliteOnly(config, 'restore')) return Promise.resolve(2);
  const backup = resolve(file);
  const problem = checkDatabase(backup);
  if (problem !== null) {
    say(`messenger restore: ${backup} cannot be restored: ${problem}`);
    return Promise.resolve(1);
  }
  // A new machine's data folder may not exist yet.
  mkdirSync(config.dataDir, { recursive: true });
  const target = join(config.dataDir, SQLITE_FILE);
  const incoming = `${target}.restoring`;
  const db = new SqliteDatabase(backup, { readonly: true });
  return db
    .backup(incoming)
    .then(() => {
      const kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      if (existsSync(target)) {
        renameSync(target, kept);
        say(`the database that was in place is kept as ${kept}`);
      }
      // Its write-ahead log goes with it (its last commits may be there, not yet in the
      // file), and must never be replayed into the restored database.
      for (const suffix of ['-wal', '-shm']) {
        if (existsSync(`${target}${suffix}`)) renameSync(`${target}${suffix}`, `${kept}${suffix}`);
      }
      renameSync(incoming, target);
      say(`restored ${backup} to ${target}; start the messenger`);
      return 0;
    })
    .finally(() => {
      db.close();
    });
}
