import { UNSENT_MESSAGE_KIND } from '@messenger/core';
import type { Db } from '../../storage/db';
import { withMentionTables } from '../../storage/tables/mentions';
import { withSyncTables } from '../../storage/tables/sync';
import type { K } from '../messaging/repo';

/**
 * Messages mentioning `readerId` after their read mark, per thread (not their
 * own, not unsent ones). Counted whatever the thread's notification settings.
 */
export async function unreadMentionCounts(
  db: Db,
  readerId: string,
  threadIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (threadIds.length === 0) return counts;
  await db.read(async (k) => {
    const rows = await unreadMentionsQuery(withSyncTables(k), readerId, threadIds);
    for (const row of rows) counts.set(row.thread_id, Number(row.n));
  });
  return counts;
}

export function unreadMentionsQuery(k: K, readerId: string, threadIds: readonly string[]) {
  return withMentionTables(k)
    .selectFrom('message_mentions as mm')
    .innerJoin('thread_participants as tp', (join) =>
      join.onRef('tp.thread_id', '=', 'mm.thread_id').on('tp.participant_id', '=', readerId),
    )
    .innerJoin('messages as m', (join) =>
      join
        .onRef('m.thread_id', '=', 'mm.thread_id')
        .onRef('m.seq_in_thread', '=', 'mm.seq_in_thread'),
    )
    .select(['mm.thread_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('mm.person_id', '=', readerId)
    .where('mm.thread_id', 'in', [...new Set(threadIds)])
    .whereRef('mm.seq_in_thread', '>', 'tp.last_read_seq')
    .where('m.kind', '<>', UNSENT_MESSAGE_KIND)
    .groupBy('mm.thread_id')
    .execute();
}
