import { sql, type Kysely } from 'kysely';
import { createMessageFtsTriggers, dropMessageFtsTriggers } from '../sqlite/message-fts';
import type { DialectMigration } from '../dialect-migration';
import { createOfflineIdIndex } from './001-network';

/**
 * A message's id is `mid.<thread>.<seq>` (features/messaging/ids.ts), unique
 * because (thread_id, seq_in_thread) is. Its own unique index held the same
 * entries again, each written at its thread's place in the index: about one
 * page per message that every commit wrote to the WAL and the checkpoint
 * copied again, a third of a send's pages. A message is found by its id
 * through (thread_id, seq_in_thread) now, and the index goes.
 *
 * SQLite cannot drop a column's UNIQUE: the table is rebuilt from its own
 * definition without it, rows and rowids kept (the FTS index points at
 * them), and its index and full-text triggers made again.
 */
export const messageIdUnindexedMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect): Promise<void> {
    if (dialect === 'postgres') {
      await sql`alter table messages drop constraint if exists messages_id_key`.execute(db);
      return;
    }
    const table = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'table' and name = 'messages'`.execute(db);
    const definition = table.rows[0]?.sql ?? '';
    const unique = /"id" text not null unique/i;
    if (!unique.test(definition)) return;
    const rebuilt = definition
      .replace(unique, '"id" text not null')
      .replace(/^CREATE TABLE "messages"/i, 'create table "messages_rebuilt"');
    await dropMessageFtsTriggers(db);
    await sql.raw(rebuilt).execute(db);
    await sql`insert into messages_rebuilt select * from messages`.execute(db);
    await sql`drop table messages`.execute(db);
    await sql`alter table messages_rebuilt rename to messages`.execute(db);
    await createOfflineIdIndex(db);
    await createMessageFtsTriggers(db);
  },
};
