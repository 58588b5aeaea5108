import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../storage/database';

/**
 * Shared pieces of the import's bulk writes. Every statement carries at most
 * `BATCH_SIZE` rows (about 5,500 parameters: under SQLite's and PostgreSQL's
 * limits). Upserts only touch a row when a column differs, so re-importing an
 * unchanged file writes nothing and keeps PostgreSQL free of dead tuples.
 */
export const BATCH_SIZE = 500;

export type Db = Kysely<Database>;

export function chunks<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `set c = excluded.c` for every column. */
export function excluded<C extends string>(columns: readonly C[]): Record<C, RawBuilder<never>> {
  const set = {} as Record<C, RawBuilder<never>>;
  for (const column of columns) set[column] = sql<never>`excluded.${sql.ref(column)}`;
  return set;
}

/** True when any column of the stored row differs from the incoming one. */
export function changed(table: string, columns: readonly string[]): RawBuilder<SqlBool> {
  const tests = columns.map(
    (column) => sql`${sql.ref(`${table}.${column}`)} is distinct from excluded.${sql.ref(column)}`,
  );
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
