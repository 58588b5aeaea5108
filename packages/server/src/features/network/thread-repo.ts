import { sql } from 'kysely';
import { IMPORTED_MESSAGE_COLUMNS } from '../../storage/records';
import type { MessageRow } from './rows';
import type { ThreadTable } from '../../storage/tables/network';
import { changed, chunks, excluded, type Db } from './upsert-sql';

/** Bulk reads and writes of threads and messages for the network import (see upsert-sql.ts). */
const THREAD_COLUMNS = [
  'kind',
  'name',
  'name_flat',
  'privacy_mode',
  'created_at',
  'last_activity_at',
  'last_message_seq',
] as const;
/** Without history a thread keeps the times it already has (its creation is not in the file). */
const EMPTY_THREAD_COLUMNS = [
  'kind',
  'name',
  'name_flat',
  'privacy_mode',
  'last_message_seq',
] as const;

export async function upsertThreads(
  db: Db,
  rows: ThreadTable[],
  hasHistory: boolean,
  onBatch: (count: number) => void,
): Promise<void> {
  const columns = hasHistory ? THREAD_COLUMNS : EMPTY_THREAD_COLUMNS;
  for (const batch of chunks(rows)) {
    await db
      .insertInto('threads')
      .values(batch)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(excluded(columns)).where(changed('threads', columns)),
      )
      .execute();
    onBatch(batch.length);
  }
}

export async function threadCreationTimes(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const batch of chunks(ids)) {
    const rows = await db
      .selectFrom('threads')
      .select(['id', 'created_at'])
      .where('id', 'in', batch)
      .execute();
    for (const row of rows) times.set(row.id, row.created_at);
  }
  return times;
}

/**
 * The file is the whole history of the threads it lists: participants are
 * replaced, and messages that are not the file's message at their place
 * (beyond its last one, or sent here since) are removed before the upsert.
 * Run after upsertThreads, which sets each thread's last_message_seq.
 */
export async function clearThreadContents(db: Db, threadIds: readonly string[]): Promise<void> {
  for (const batch of chunks(threadIds)) {
    await db.deleteFrom('thread_participants').where('thread_id', 'in', batch).execute();
    await db
      .deleteFrom('messages')
      .where('thread_id', 'in', batch)
      .where((eb) =>
        eb.or([
          eb(
            'seq_in_thread',
            '>',
            eb
              .selectFrom('threads')
              .select('threads.last_message_seq')
              .whereRef('threads.id', '=', 'messages.thread_id'),
          ),
          eb('id', '<>', sql<string>`'mid.' || thread_id || '.' || cast(seq_in_thread as text)`),
        ]),
      )
      .execute();
  }
}

export async function upsertMessages(db: Db, rows: MessageRow[]): Promise<void> {
  await db
    .insertInto('messages')
    .values(rows)
    .onConflict((oc) =>
      oc
        // The id is mid.<thread>.<seq>: the same row (migration 010 dropped the id's own index).
        .columns(['thread_id', 'seq_in_thread'])
        .doUpdateSet(excluded(IMPORTED_MESSAGE_COLUMNS))
        .where(changed('messages', IMPORTED_MESSAGE_COLUMNS)),
    )
    .execute();
}

export async function countMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which the driver may hand over as a string.
  return Number(row.count);
}
