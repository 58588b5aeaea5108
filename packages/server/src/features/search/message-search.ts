import { flattenName, wordsOf } from '@messenger/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../storage/database';
import type { MessageHitModel, ThreadRow } from '../social-graph/models';
import type { ViewerScope } from '../social-graph/scope';
import { loadThreadParticipants, titleOf } from '../social-graph/thread-participants';
import { allViewerThreads } from '../social-graph/threads-repo';
import type { SearchQuery } from './query';

/** Longest snippet returned; the typeahead shows one line. */
export const SNIPPET_MAX = 200;

/**
 * How the SQLite search finds the viewer's matches among a million messages
 * (newest stored first, stopping at `limit` hits):
 * - a viewer with a short history (at most viewerScanMax messages in their
 *   threads) has those messages read and matched in memory;
 * - otherwise the FTS5 index yields matches newest first, ftsWindow at a
 *   time, and those in the viewer's threads are kept; once as many matches
 *   as the viewer has messages were walked without enough hits, reading the
 *   viewer's history is the cheaper way to finish.
 * Either way the work is bounded by about twice the smaller of the viewer's
 * history and the number of matches, never by the size of the network.
 */
export interface MessageSearchTuning {
  viewerScanMax: number;
  ftsWindow: number;
}

export const MESSAGE_SEARCH_TUNING: MessageSearchTuning = {
  viewerScanMax: 3_000,
  ftsWindow: 2_000,
};

interface HitRow {
  rowid: number;
  id: string;
  thread_id: string;
  sender_id: string;
  text: string;
  created_at: number;
}

/** FTS5 query: every word as a quoted prefix term (words hold only letters and digits). */
function ftsQuery(words: readonly string[]): string {
  return words.map((w) => `"${w}"*`).join(' ');
}

/** PostgreSQL tsquery: every word as a prefix term, all required. */
function tsQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/** Anything but printable ASCII and ordinary white space. */
const NON_ASCII = /[^\t\n\r -~]/;

/** The in-memory twin of the FTS5 match: every query word starts some word of the text. */
export function textMatches(text: string, words: readonly string[]): boolean {
  // Folding diacritics is slow; ASCII text only needs lower case.
  const flat = NON_ASCII.test(text) ? flattenName(text) : text.toLowerCase();
  // Most messages lack some word altogether: reject them before splitting into words.
  if (!words.every((w) => flat.includes(w))) return false;
  const tokens = wordsOf(flat);
  return words.every((w) => tokens.some((t) => t.startsWith(w)));
}

const newestFirst = (a: HitRow, b: HitRow): number => b.rowid - a.rowid;

async function scanHistory(
  k: Kysely<Database>,
  threadIds: string,
  query: SearchQuery,
  limit: number,
): Promise<HitRow[]> {
  const texts = await sql<{ rowid: number; text: string }>`
    select m.rowid, m.text from messages m
    where m.thread_id in (select value from json_each(${threadIds}))`.execute(k);
  const matched = texts.rows
    .filter((row) => textMatches(row.text, query.words))
    .sort((a, b) => b.rowid - a.rowid)
    .slice(0, limit)
    .map((row) => row.rowid);
  return messagesByRowid(k, matched);
}

async function messagesByRowid(k: Kysely<Database>, rowids: readonly number[]): Promise<HitRow[]> {
  if (rowids.length === 0) return [];
  const hits = await sql<HitRow>`
    select m.rowid, m.id, m.thread_id, m.sender_id, m.text, m.created_at
    from json_each(${JSON.stringify(rowids)}) w cross join messages m on m.rowid = w.value`.execute(
    k,
  );
  return hits.rows.sort(newestFirst);
}

async function sqliteHits(
  k: Kysely<Database>,
  threads: readonly ThreadRow[],
  query: SearchQuery,
  limit: number,
  tuning: MessageSearchTuning,
): Promise<HitRow[]> {
  const threadIds = JSON.stringify(threads.map((t) => t.id));
  const history = threads.reduce((sum, t) => sum + t.last_message_seq, 0);
  if (history <= tuning.viewerScanMax) return scanHistory(k, threadIds, query, limit);

  const match = ftsQuery(query.words);
  const mine = new Set(threads.map((t) => t.id));
  const hitIds: number[] = [];
  let before = Number.MAX_SAFE_INTEGER;
  for (let walked = 0; walked < history; walked += tuning.ftsWindow) {
    const window = await sql<{ rowid: number }>`
      select rowid from messages_fts where messages_fts match ${match} and rowid < ${before}
      order by rowid desc limit ${tuning.ftsWindow}`.execute(k);
    // CROSS JOIN keeps SQLite on rowid lookups instead of reading the viewer's threads whole.
    const owners = await sql<{ rowid: number; thread_id: string }>`
      select m.rowid, m.thread_id from json_each(${JSON.stringify(window.rows.map((r) => r.rowid))}) w
      cross join messages m on m.rowid = w.value`.execute(k);
    for (const row of owners.rows.sort((a, b) => b.rowid - a.rowid)) {
      if (mine.has(row.thread_id) && hitIds.length < limit) hitIds.push(row.rowid);
    }
    const last = window.rows.at(-1);
    if (hitIds.length >= limit || window.rows.length < tuning.ftsWindow || last === undefined) {
      return messagesByRowid(k, hitIds);
    }
    before = last.rowid;
  }
  return scanHistory(k, threadIds, query, limit);
}

async function postgresHits(
  k: Kysely<Database>,
  viewerId: string,
  threads: readonly ThreadRow[],
  query: SearchQuery,
  limit: number,
  tuning: MessageSearchTuning,
): Promise<HitRow[]> {
  // The tsvector is built with the 'simple' configuration, which keeps accents: match the words as typed.
  const match = tsQuery(query.rawWords);
  const history = threads.reduce((sum, thread) => sum + thread.last_message_seq, 0);
  if (history <= tuning.viewerScanMax) {
    // A short history is cheaper to read through the thread index than to
    // intersect with every match in the network (a common word matches
    // hundreds of thousands of messages); the CTE keeps the planner to it.
    const rows = await sql<HitRow>`
      with mine as materialized (
        select m.rowid, m.id, m.thread_id, m.sender_id, m.text, m.created_at, m.text_tsv
        from messages m where m.thread_id = any(${threads.map((t) => t.id)}::text[])
      )
      select rowid, id, thread_id, sender_id, text, created_at from mine
      where text_tsv @@ to_tsquery('simple', ${match})
      order by rowid desc
      limit ${limit}`.execute(k);
    return rows.rows;
  }
  const rows = await sql<HitRow>`
    select m.rowid, m.id, m.thread_id, m.sender_id, m.text, m.created_at
    from messages m
    join thread_participants tp on tp.thread_id = m.thread_id
    where tp.participant_id = ${viewerId} and tp.hidden = 0
      and m.text_tsv @@ to_tsquery('simple', ${match})
    order by m.rowid desc
    limit ${limit}`.execute(k);
  return rows.rows;
}

/**
 * Messages of the viewer's threads that contain every query word (as a word
 * prefix), newest stored first. FTS5 on SQLite, tsvector on PostgreSQL.
 */
export async function searchMessages(
  scope: ViewerScope,
  query: SearchQuery,
  limit: number,
  tuning: MessageSearchTuning = MESSAGE_SEARCH_TUNING,
): Promise<MessageHitModel[]> {
  // A blank query has no words either: message search always needs one.
  if (query.kind !== 'words') return [];
  const viewerId = scope.viewer.id;
  const threads = await allViewerThreads(scope.db, viewerId);
  if (threads.length === 0) return [];
  const hits = await scope.db.read((k) =>
    scope.db.dialect === 'sqlite'
      ? sqliteHits(k, threads, query, limit, tuning)
      : postgresHits(k, viewerId, threads, query, limit, tuning),
  );
  if (hits.length === 0) return [];
  const threadById = new Map(threads.map((t) => [t.id, t]));
  const participants = await loadThreadParticipants(
    scope,
    hits.map((h) => h.thread_id),
  );
  return hits.flatMap((hit) => {
    const thread = threadById.get(hit.thread_id);
    if (thread === undefined) return [];
    const people = participants.filter((p) => p.threadId === hit.thread_id);
    return [
      {
        kind: 'message' as const,
        threadId: hit.thread_id,
        messageId: hit.id,
        threadName: titleOf(thread, people, viewerId),
        threadImage: thread.image_src,
        snippet: Array.from(hit.text).slice(0, SNIPPET_MAX).join(''),
        senderId: hit.sender_id,
        createdAt: hit.created_at,
      },
    ];
  });
}
