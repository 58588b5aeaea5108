import type { Db } from '../../storage/db';
import type { PageRow } from './models';
import { chunks } from './people-repo';

export const PAGE_COLUMNS = [
  'pages.id',
  'pages.name',
  'pages.name_flat',
  'pages.category',
  'pages.verified',
  'pages.commerce',
] as const;

export async function pagesByIds(db: Db, ids: readonly string[]): Promise<PageRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.read(async (k) => {
    const rows: PageRow[] = [];
    for (const part of chunks(unique)) {
      rows.push(
        ...(await k.selectFrom('pages').select(PAGE_COLUMNS).where('id', 'in', part).execute()),
      );
    }
    return rows;
  });
}

/** Pages the person administers, by name. */
export async function adminedPages(db: Db, personId: string): Promise<PageRow[]> {
  return db.read((k) =>
    k
      .selectFrom('page_admins')
      .innerJoin('pages', 'pages.id', 'page_admins.page_id')
      .select(PAGE_COLUMNS)
      .where('page_admins.person_id', '=', personId)
      .orderBy('pages.name_flat')
      .orderBy('pages.id')
      .execute(),
  );
}

/**
 * The administered page's badgingCount: how many of its threads hold a message
 * from someone else after the page's read mark.
 */
export async function unreadThreadCounts(
  db: Db,
  pageIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (pageIds.length === 0) return counts;
  await db.read(async (k) => {
    const rows = await k
      .selectFrom('thread_participants as tp')
      .select(['tp.participant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tp.participant_id', 'in', [...new Set(pageIds)])
      .where('tp.participant_kind', '=', 'page')
      .where('tp.hidden', '=', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('messages as m')
            .select('m.rowid')
            .whereRef('m.thread_id', '=', 'tp.thread_id')
            .whereRef('m.seq_in_thread', '>', 'tp.last_read_seq')
            .whereRef('m.sender_id', '<>', 'tp.participant_id'),
        ),
      )
      .groupBy('tp.participant_id')
      .execute();
    for (const row of rows) counts.set(row.participant_id, row.n);
  });
  return counts;
}

export interface PageThreadRow {
  page_id: string;
  thread_id: string;
  last_activity_at: number;
}

/** The viewer's one-to-one threads with pages, newest first. */
export async function viewerPageThreads(db: Db, viewerId: string): Promise<PageThreadRow[]> {
  const rows = await db.read((k) =>
    k
      .selectFrom('thread_participants as me')
      .innerJoin('threads as t', 't.id', 'me.thread_id')
      .innerJoin('thread_participants as page', 'page.thread_id', 'me.thread_id')
      .select(['page.participant_id as page_id', 't.id as thread_id', 't.last_activity_at'])
      .where('me.participant_id', '=', viewerId)
      .where('me.hidden', '=', 0)
      .where('page.participant_kind', '=', 'page')
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute(),
  );
  return rows;
}
