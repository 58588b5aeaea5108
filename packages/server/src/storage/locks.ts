import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from './database';

/**
 * How a transaction keeps others off what it is about to change, one
 * implementation per dialect (stores.ts). PostgreSQL runs transactions side
 * by side: rows are locked `for update` and keys by advisory locks, both
 * held until commit. SQLite has one writer, so a write transaction already
 * excludes every other (and SQLite has no `for update`): both are no-ops.
 */
export interface Locks {
  /** The rows `query` reads, locked until commit. */
  forUpdate<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
  /** One transaction at a time holds `key`, until it ends. */
  exclusive(trx: Transaction<Database>, key: string): Promise<void>;
}
