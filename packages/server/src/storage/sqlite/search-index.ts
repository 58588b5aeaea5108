import { flattenName, wordsOf } from '@messenger/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database';
import type { MessageHit, MessageHitsRequest, SearchIndex } from '../search-index';
import { createMessageFtsTriggers, dropMessageFtsTriggers, rebuildMessageFts } from './message-fts';

/** Largest code point: `name >= q and name < q || MAX` is the prefix range in binary order. */
const MAX_CHAR = '\u{10FFFF}';

/** FTS5 query: every word as a quoted prefix term (words hold only letters and digits). */
function ftsQuery(words: readonly string[]): string {
  return words.map((w) => `"${w}"*`).join(' ');
}

/** SQLite (search-index.ts): FTS5 tables (message-fts.ts, migration 004-search) and b-tree ranges. */
export const sqliteSearchIndex: SearchIndex = {
  startsWith: (column, prefix) => {
    const ref = sql.ref(column);
    return sql<boolean>`(${ref} >= ${prefix} and ${ref} < ${prefix + MAX_CHAR})`;
  },
  // GLOB: the words hold no GLOB syntax (letters and digits only).
  hasWordStartingWith: (column, word) => {
    const ref = sql.ref(column);
    return sql<boolean>`(${ref} glob ${`${word}*`} or ${ref} glob ${`*[^a-z0-9]${word}*`})`;
  },
  messageHits,
  // Row: the shape of the caller's columns (request.columns), as any raw query's sql<Row>.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  peopleByWords: async <Row extends { id: string }>(
    k: Kysely<Database>,
    request: Parameters<SearchIndex['peopleByWords']>[1],
  ) => {
    const { columns, words, viewerId, canReceiveMoneyOnly, afterKey, limit } = request;
    const money = canReceiveMoneyOnly ? sql`and p.can_receive_money = 1` : sql``;
    // FTS5 hands out matches in rowid order, so the LIMIT stops the walk early.
    const after = afterKey === null ? sql`` : sql`and f.rowid > ${Number(afterKey)}`;
    const result = await sql<Row & { search_key: number }>`
      select ${sql.join(columns.map((c) => sql.ref(c)))}, f.rowid as search_key
      from people_fts f join people p on p.rowid = f.rowid
      where people_fts match ${ftsQuery(words)} ${after}
        and p.memorialized = 0 and p.id <> ${viewerId} ${money}
      order by f.rowid
      limit ${limit}`.execute(k);
    const last = result.rows.at(-1);
    return {
      rows: result.rows,
      lastKey: result.rows.length < limit || last === undefined ? null : String(last.search_key),
    };
  },
  bulkLoad: {
    suspend: (k) => dropMessageFtsTriggers(k),
    rebuild: async (k) => {
      await rebuildMessageFts(k);
      await createMessageFtsTriggers(k);
    },
  },
};

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

const newestFirst = (a: MessageHit, b: MessageHit): number => b.rowid - a.rowid;

async function scanHistory(
  k: Kysely<Database>,
  threadIds: string,
  words: readonly string[],
  limit: number,
): Promise<MessageHit[]> {
  const texts = await sql<{ rowid: number; text: string }>`
    select m.rowid, m.text from messages m
    where m.thread_id in (select value from json_each(${threadIds}))`.execute(k);
  const matched = texts.rows
    .filter((row) => textMatches(row.text, words))
    .sort((a, b) => b.rowid - a.rowid)
    .slice(0, limit)
    .map((row) => row.rowid);
  return messagesByRowid(k, matched);
}

async function messagesByRowid(
  k: Kysely<Database>,
  rowids: readonly number[],
): Promise<MessageHit[]> {
  if (rowids.length === 0) return [];
  const hits = await sql<MessageHit>`
    select m.rowid, m.id, m.thread_id, m.sender_id, m.text, m.created_at
    from json_each(${JSON.stringify(rowids)}) w cross join messages m on m.rowid = w.value`.execute(
    k,
  );
  return hits.rows.sort(newestFirst);
}

async function messageHits(
  k: Kysely<Database>,
  { threads, words, limit, tuning }: MessageHitsRequest,
): Promise<MessageHit[]> {
  const threadIds = JSON.stringify(threads.map((t) => t.id));
  const history = threads.reduce((sum, t) => sum + t.last_message_seq, 0);
  if (history <= tuning.viewerScanMax) return scanHistory(k, threadIds, words, limit);

  const match = ftsQuery(words);
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
  return scanHistory(k, threadIds, words, limit);
}
