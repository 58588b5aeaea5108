import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * Replies and mentions (issue 33, items 5 and 7). On messages: the id of the
 * message a reply answers, and the JSON array of its mention ranges (core
 * mentionSchema, '[]' for none), written with the message in send_message's
 * insert. `message_mentions` has a row per person a message mentions, so the
 * thread list counts unread mentions without reading messages' JSON (also in
 * a muted thread: counting is the server's). Same statements on both dialects.
 */
export const repliesMentionsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('messages').addColumn('reply_to', 'text').execute();
    await db.schema
      .alterTable('messages')
      .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createTable('message_mentions')
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('thread_id', 'text', (c) => c.notNull())
      .addColumn('seq_in_thread', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_mentions_pk', ['person_id', 'thread_id', 'seq_in_thread'])
      .execute();
  },
};
