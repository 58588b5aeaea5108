import { ARCHIVED_FOLDER } from '@messenger/core';
import { sql, type Kysely } from 'kysely';
import { viewerFolder } from '../../storage/viewer-folder';
import { withSettingsTables } from '../../storage/tables/conversation-settings';
import type { Database } from '../../storage/database';
import type { Db } from '../../storage/db';
import type { ThreadRow } from './models';
import { chunks } from './people-repo';

const THREAD_COLUMNS = [
  't.id',
  't.kind',
  't.name',
  't.name_flat',
  't.image_src',
  't.privacy_mode',
  't.last_activity_at',
  't.last_message_seq',
  'tp.folder',
  'tp.last_read_seq',
  'cs.muted_until',
  'cs.archived_seq',
] as const;

/**
 * The viewer's threads with their own settings (conversation_settings): a
 * thread they deleted for themselves is left out until a newer message.
 */
function viewerThreads(k: Kysely<Database>, viewerId: string) {
  return withSettingsTables(k)
    .selectFrom('thread_participants as tp')
    .innerJoin('threads as t', 't.id', 'tp.thread_id')
    .leftJoin('conversation_settings as cs', (join) =>
      join
        .onRef('cs.thread_id', '=', 'tp.thread_id')
        .onRef('cs.participant_id', '=', 'tp.participant_id'),
    )
    .select(THREAD_COLUMNS)
    .where('tp.participant_id', '=', viewerId)
    .where('tp.hidden', '=', 0)
    .where((eb) =>
      eb.or([
        eb('cs.cleared_seq', 'is', null),
        eb('t.last_message_seq', '>', eb.ref('cs.cleared_seq')),
      ]),
    );
}

/** SQL of core stillArchived: archived, and a group, or a one-to-one with nothing newer. */
const archivedNow = sql<boolean>`(cs.archived_seq is not null and (t.kind = 'group' or t.last_message_seq <= cs.archived_seq))`;

type RawThreadRow = Omit<ThreadRow, 'muted_until' | 'archived_seq'> & {
  muted_until: number | string | null;
  archived_seq: number | string | null;
};

/** The row with the folder the viewer sees it in (ARCHIVED while archived). */
function asViewerRow(row: RawThreadRow): ThreadRow {
  const archived = row.archived_seq === null ? null : Number(row.archived_seq);
  return {
    ...row,
    muted_until: row.muted_until === null ? null : Number(row.muted_until),
    archived_seq: archived,
    folder: viewerFolder(row.folder, row.kind, row.last_message_seq, { archived_seq: archived }),
  };
}

/** Position in a thread list ordered by last activity, newest first. */
export interface ThreadListKey {
  at: number;
  id: string;
}

/**
 * One page of the viewer's threads in a folder, newest activity first, after
 * `after` (keyset paging: stable while new messages arrive). Returns up to
 * `limit` rows.
 */
export async function threadListPage(
  db: Db,
  viewerId: string,
  folder: string,
  limit: number,
  after: ThreadListKey | null,
): Promise<ThreadRow[]> {
  const rows = await db.read((k) => {
    let query =
      folder === ARCHIVED_FOLDER
        ? viewerThreads(k, viewerId)
            .where('tp.folder', '<>', 'PENDING')
            .where(archivedNow, '=', sql<boolean>`true`)
        : viewerThreads(k, viewerId)
            .where('tp.folder', '=', folder)
            .where((eb) => eb.or([eb('tp.folder', '=', 'PENDING'), eb.not(archivedNow)]));
    if (after !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('t.last_activity_at', '<', after.at),
          eb.and([eb('t.last_activity_at', '=', after.at), eb('t.id', '<', after.id)]),
        ]),
      );
    }
    return query
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
  });
  return rows.map(asViewerRow);
}

/** The thread if the viewer takes part in it (and has not hidden it), else undefined. */
export async function threadForViewer(
  db: Db,
  viewerId: string,
  threadId: string,
): Promise<ThreadRow | undefined> {
  const row = await db.read((k) =>
    viewerThreads(k, viewerId).where('t.id', '=', threadId).executeTakeFirst(),
  );
  return row === undefined ? undefined : asViewerRow(row);
}

/**
 * The thread as a page the viewer administers sees it (they answer for the
 * page there), or undefined when no page of theirs takes part in it.
 */
export async function threadForPageAdmin(
  db: Db,
  viewerId: string,
  threadId: string,
): Promise<{ row: ThreadRow; pageId: string } | undefined> {
  const found = await db.read((k) =>
    withSettingsTables(k)
      .selectFrom('thread_participants as tp')
      .innerJoin('threads as t', 't.id', 'tp.thread_id')
      .innerJoin('page_admins as pa', 'pa.page_id', 'tp.participant_id')
      // The page's own settings (mute, archive) in its thread, as its inbox reads them.
      .leftJoin('conversation_settings as cs', (join) =>
        join
          .onRef('cs.thread_id', '=', 'tp.thread_id')
          .onRef('cs.participant_id', '=', 'tp.participant_id'),
      )
      .select([...THREAD_COLUMNS, 'tp.participant_id'])
      .where('tp.thread_id', '=', threadId)
      .where('tp.participant_kind', '=', 'page')
      .where('tp.hidden', '=', 0)
      .where('pa.person_id', '=', viewerId)
      .orderBy('tp.participant_id')
      .executeTakeFirst(),
  );
  if (found === undefined) return undefined;
  const { participant_id: pageId, ...row } = found;
  return { row: asViewerRow(row), pageId };
}

/** One page of a page's threads (its inbox, for its admins), newest activity first (keyset). */
export async function pageThreadListPage(
  db: Db,
  pageId: string,
  limit: number,
  after: ThreadListKey | null,
): Promise<ThreadRow[]> {
  const rows = await db.read((k) => {
    let query = viewerThreads(k, pageId);
    if (after !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('t.last_activity_at', '<', after.at),
          eb.and([eb('t.last_activity_at', '=', after.at), eb('t.id', '<', after.id)]),
        ]),
      );
    }
    return query
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
  });
  return rows;
}

/** Every group thread of the viewer, newest first (group and room search filter these in memory). */
export async function viewerGroupThreads(db: Db, viewerId: string): Promise<ThreadRow[]> {
  const rows = await db.read((k) =>
    viewerThreads(k, viewerId)
      .where('t.kind', '=', 'group')
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute(),
  );
  return rows.map(asViewerRow);
}

/** Every thread of the viewer, newest first. */
export async function allViewerThreads(db: Db, viewerId: string): Promise<ThreadRow[]> {
  const rows = await db.read((k) =>
    viewerThreads(k, viewerId)
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute(),
  );
  return rows.map(asViewerRow);
}

export interface ParticipantRow {
  thread_id: string;
  participant_id: string;
  participant_kind: 'person' | 'page';
  nickname: string | null;
}

/** Participant rows of several threads, in the order they joined. */
export async function participantsOfThreads(
  db: Db,
  threadIds: readonly string[],
): Promise<ParticipantRow[]> {
  const unique = [...new Set(threadIds)];
  if (unique.length === 0) return [];
  return db.read(async (k) => {
    const out: ParticipantRow[] = [];
    for (const part of chunks(unique)) {
      const rows = await k
        .selectFrom('thread_participants')
        .select(['thread_id', 'participant_id', 'participant_kind', 'nickname'])
        .where('thread_id', 'in', part)
        .orderBy('thread_id')
        .orderBy('joined_at')
        .orderBy('participant_id')
        .execute();
      for (const row of rows) {
        out.push({ ...row, participant_kind: row.participant_kind === 'page' ? 'page' : 'person' });
      }
    }
    return out;
  });
}

/**
 * Unread messages per thread for one reader: messages after their read mark
 * written by someone else. Served by the (thread_id, seq_in_thread) index.
 */
export async function unreadCounts(
  db: Db,
  readerId: string,
  threadIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const unique = [...new Set(threadIds)];
  if (unique.length === 0) return counts;
  await db.read(async (k) => {
    for (const part of chunks(unique)) {
      const rows = await k
        .selectFrom('messages as m')
        .innerJoin('thread_participants as tp', (join) =>
          join.onRef('tp.thread_id', '=', 'm.thread_id').on('tp.participant_id', '=', readerId),
        )
        .select(['m.thread_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('m.thread_id', 'in', part)
        .whereRef('m.seq_in_thread', '>', 'tp.last_read_seq')
        .where('m.sender_id', '<>', readerId)
        .groupBy('m.thread_id')
        .execute();
      for (const row of rows) counts.set(row.thread_id, row.n);
    }
  });
  return counts;
}

/** How many of the viewer's threads wait in the requests (PENDING) and filtered (OTHER) folders. */
export async function folderCounts(
  db: Db,
  viewerId: string,
): Promise<{ requests: number; filtered: number }> {
  const rows = await db.read((k) =>
    k
      .selectFrom('thread_participants as tp')
      .select(['tp.folder', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('tp.participant_id', '=', viewerId)
      .where('tp.hidden', '=', 0)
      .where('tp.folder', 'in', ['PENDING', 'OTHER'])
      .groupBy('tp.folder')
      .execute(),
  );
  const count = (folder: string) => Number(rows.find((row) => row.folder === folder)?.n ?? 0);
  return { requests: count('PENDING'), filtered: count('OTHER') };
}
