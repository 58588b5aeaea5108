import { sql, type Kysely } from 'kysely';
import type { Database } from '../database';
import type { MessageHit, MessageHitsRequest, SearchIndex } from '../search-index';

/** LIKE's wildcards and escape, escaped (LIKE's default escape is the backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** PostgreSQL tsquery: every word as a prefix term, all required. */
function tsQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/**
 * PostgreSQL (search-index.ts): `simple` tsvectors with GIN indexes (the
 * generated messages.text_tsv, people_name_words) and text_pattern_ops LIKE.
 */
export const postgresSearchIndex: SearchIndex = {
  startsWith: (column, prefix) =>
    sql<boolean>`(${sql.ref(column)} like ${`${escapeLike(prefix)}%`})`,
  // The words hold only letters and digits: no regex syntax can reach the pattern.
  hasWordStartingWith: (column, word) =>
    sql<boolean>`(${sql.ref(column)} ~ ${`(^|[^[:alnum:]])${word}`})`,
  messageHits,
  // Row: the shape of the caller's columns (request.columns), as any raw query's sql<Row>.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  peopleByWords: async <Row extends { id: string }>(
    k: Kysely<Database>,
    request: Parameters<SearchIndex['peopleByWords']>[1],
  ) => {
    const { columns, words, viewerId, canReceiveMoneyOnly, afterKey, limit } = request;
    const money = canReceiveMoneyOnly ? sql`and p.can_receive_money = 1` : sql``;
    const after = afterKey === null ? sql`` : sql`and p.id > ${afterKey}`;
    const result = await sql<Row>`
      select ${sql.join(columns.map((c) => sql.ref(c)))}
      from people p
      where to_tsvector('simple', p.name_flat) @@ to_tsquery('simple', ${tsQuery(words)}) ${after}
        and p.memorialized = 0 and p.id <> ${viewerId} ${money}
      order by p.id
      limit ${limit}`.execute(k);
    const last = result.rows.at(-1);
    return {
      rows: result.rows,
      lastKey: result.rows.length < limit || last === undefined ? null : last.id,
    };
  },
  bulkLoad: undefined,
};

async function messageHits(
  k: Kysely<Database>,
  { viewerId, threads, rawWords, limit, tuning }: MessageHitsRequest,
): Promise<MessageHit[]> {
  // The tsvector is built with the 'simple' configuration, which keeps accents: match the words as typed.
  const match = tsQuery(rawWords);
  const history = threads.reduce((sum, thread) => sum + thread.last_message_seq, 0);
  if (history <= tuning.viewerScanMax) {
    // A short history is cheaper to read through the thread index than to
    // intersect with every match in the network (a common word matches
    // hundreds of thousands of messages); the CTE keeps the planner to it.
    const rows = await sql<MessageHit>`
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
  const rows = await sql<MessageHit>`
    select m.rowid, m.id, m.thread_id, m.sender_id, m.text, m.created_at
    from messages m
    join thread_participants tp on tp.thread_id = m.thread_id
    where tp.participant_id = ${viewerId} and tp.hidden = 0
      and m.text_tsv @@ to_tsquery('simple', ${match})
    order by m.rowid desc
    limit ${limit}`.execute(k);
  return rows.rows;
}
