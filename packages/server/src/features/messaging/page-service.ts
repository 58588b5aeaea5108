import { MESSAGING_LIMITS, type WireThread } from '@messenger/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { withSyncTables } from '../../storage/tables/sync';
import { getParticipants, getThread, type K } from './repo';
import { threadSnapshot } from './snapshot';

/** Position in a thread list ordered by last activity, newest first. */
export interface ThreadListKey {
  at: number;
  id: string;
}

export interface PageThreads {
  threads: WireThread[];
  hasMore: boolean;
}

/** Only the admins of an existing page get past this (`not_found`, else `forbidden`). */
export async function requirePageAdmin(k: K, viewer: Viewer, pageId: string): Promise<void> {
  const page = await k.selectFrom('pages').select('id').where('id', '=', pageId).executeTakeFirst();
  if (page === undefined) throw new AppError('not_found', 'There is no such page.', 'page_id');
  const admin = await k
    .selectFrom('page_admins')
    .select('person_id')
    .where('page_id', '=', pageId)
    .where('person_id', '=', viewer.id)
    .executeTakeFirst();
  if (admin === undefined) {
    throw new AppError('forbidden', 'Only the admins of a page read its messages.', 'page_id');
  }
}

/**
 * A page's inbox for one of its admins: its threads, newest activity first
 * (keyset paging, stable while messages arrive), each as the page sees it.
 * Anyone else gets `forbidden` (or `not_found` for no such page).
 */
export async function pageThreads(
  ctx: AppContext,
  viewer: Viewer,
  pageId: string,
  options: { first?: number; after?: ThreadListKey | null } = {},
): Promise<PageThreads> {
  const first = Math.min(
    options.first ?? MESSAGING_LIMITS.threadListPage,
    MESSAGING_LIMITS.threadListPage,
  );
  return ctx.db.read(async (db) => {
    const k = withSyncTables(db);
    await requirePageAdmin(k, viewer, pageId);
    let query = k
      .selectFrom('thread_participants as tp')
      .innerJoin('threads as t', 't.id', 'tp.thread_id')
      .select(['t.id', 't.last_activity_at'])
      .where('tp.participant_id', '=', pageId)
      .where('tp.hidden', '=', 0);
    const after = options.after ?? null;
    if (after !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('t.last_activity_at', '<', after.at),
          eb.and([eb('t.last_activity_at', '=', after.at), eb('t.id', '<', after.id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(first + 1)
      .execute();
    const threads: WireThread[] = [];
    for (const row of rows.slice(0, first)) {
      const thread = await getThread(k, row.id);
      if (thread === undefined) continue;
      threads.push(await threadSnapshot(k, thread, await getParticipants(k, row.id), pageId));
    }
    return { threads, hasMore: rows.length > first };
  });
}
