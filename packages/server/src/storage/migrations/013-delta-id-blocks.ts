import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/** Ids one PostgreSQL append may use: each takes the block that starts at its `nextval`. */
export const DELTA_ID_BLOCK = 65_536;

/**
 * PostgreSQL's append (storage/postgres/delta-log.ts) drew one id per row
 * from `delta_log_id_seq`: a call, a lock of the sequence's page and every
 * 32 ids a WAL record, for each recipient of each message. This sequence
 * steps by a whole block: an append calls it once and numbers its rows
 * within the block, which also lets the node work out each row's link and
 * payload holder before sending (no window functions over the rows).
 *
 * It starts past every id the old sequence handed out. Ids stay unique and
 * keep growing from one append to the next; only the gaps are new, and
 * nothing reads ids as counts.
 */
export const deltaIdBlocksMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect): Promise<void> {
    if (dialect !== 'postgres') return;
    await sql`create sequence delta_log_block_seq as bigint
      increment by ${sql.lit(DELTA_ID_BLOCK)} minvalue 1`.execute(db);
    await sql`select setval('delta_log_block_seq',
      greatest((select last_value from delta_log_id_seq), (select coalesce(max(id), 0) from delta_log)) + 1,
      false)`.execute(db);
  },
};
