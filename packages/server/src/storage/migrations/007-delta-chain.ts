import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * The delta log becomes an append-only table whose rows link each user's
 * deltas (features/sync/delta-log.ts). `user_deltas` was keyed by
 * (user_id, seq): every recipient's delta went to that user's own page of the
 * key, so a batch of sends to groups of ten dirtied about one page per
 * recipient (10 per message), which the commit wrote to the WAL and the
 * checkpoint copied again. Rows of `delta_log` are appended under a growing
 * id, each pointing at the same user's previous delta (`prev_id`), and
 * `user_sync.head_id` at the newest: a batch writes a few pages at the end of
 * the table, and a user's deltas are read by walking back from the head.
 *
 * Existing deltas are copied with their links, so clients resume as before.
 */
export const deltaChainMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect): Promise<void> {
    await db.schema
      .createTable('delta_log')
      // SQLite: the rowid. PostgreSQL: a sequence (ids are taken in the append's statement).
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      /** The user's delta seq - 1, or null for their first (or one whose predecessor was pruned). */
      .addColumn('prev_id', 'bigint')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ack_thread_id', 'text')
      .addColumn('ack_as', 'text')
      .addColumn('ack_seq', 'integer')
      .execute();
    // Pruning by age deletes from the old end: a range of this index, written in time order.
    await db.schema
      .createIndex('delta_log_created_at')
      .on('delta_log')
      .column('created_at')
      .execute();
    await db.schema
      .alterTable('user_sync')
      .addColumn('head_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    // Ids in (user, seq) order: a user's consecutive deltas get consecutive ids.
    await sql`insert into delta_log
        (id, user_id, seq, prev_id, payload, created_at, ack_thread_id, ack_as, ack_seq)
      select row_number() over (order by user_id, seq), user_id, seq, null, payload, created_at,
        ack_thread_id, ack_as, ack_seq
      from user_deltas`.execute(db);
    await sql`update delta_log set prev_id = id - 1
      where exists (select 1 from delta_log p
        where p.id = delta_log.id - 1 and p.user_id = delta_log.user_id and p.seq = delta_log.seq - 1)`.execute(
      db,
    );
    await sql`update user_sync set head_id = h.id
      from (select user_id, max(id) as id from delta_log group by user_id) h
      where h.user_id = user_sync.user_id`.execute(db);
    if (dialect === 'postgres') {
      await sql`select setval('delta_log_id_seq', coalesce((select max(id) from delta_log), 0) + 1, false)`.execute(
        db,
      );
    }
    await db.schema.dropTable('user_deltas').execute();
  },
};
