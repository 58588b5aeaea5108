import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from './database';

/**
 * The word indexes search reads (features/search/), one implementation per
 * dialect: FTS5 tables kept by triggers and binary-order ranges on SQLite
 * (sqlite/search-index.ts), `simple` tsvectors with GIN indexes and
 * text_pattern_ops LIKE on PostgreSQL (postgres/search-index.ts); migrations
 * 001-network and 004-search build them. Conditions may return a few extra
 * rows (a letter outside a-z counts as a word boundary): the core triage in
 * memory is what decides a match.
 */
export interface SearchIndex {
  /** `column` starts with `prefix` (a flattened query, whole). */
  startsWith(column: string, prefix: string): RawBuilder<boolean>;
  /** Some word of `column` starts with `word` (letters and digits only: core wordsOf). */
  hasWordStartingWith(column: string, word: string): RawBuilder<boolean>;
  /** Messages of the viewer's threads holding every query word (as a word prefix), newest stored first. */
  messageHits(k: Kysely<Database>, request: MessageHitsRequest): Promise<MessageHit[]>;
  /**
   * One batch of people whose name_flat has words starting with every query
   * word, in the index's order, after `afterKey` (null: from the start).
   */
  peopleByWords<Row extends { id: string }>(
    k: Kysely<Database>,
    request: PeopleByWordsRequest,
  ): Promise<WordBatch<Row>>;
  /**
   * Loading many messages at once: SQLite drops the FTS triggers while
   * writing and rebuilds the index once after. Undefined on PostgreSQL, whose
   * index is kept by the generated column at no extra cost per row.
   */
  readonly bulkLoad: MessageIndexBulkLoad | undefined;
}

/**
 * How the search finds the viewer's matches among a million messages
 * (newest stored first, stopping at `limit` hits):
 * - a viewer with a short history (at most viewerScanMax messages in their
 *   threads) has those messages read and matched (in memory on SQLite);
 * - otherwise SQLite's FTS5 index yields matches newest first, ftsWindow at a
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

export interface MessageHitsRequest {
  viewerId: string;
  /** The viewer's threads (last_message_seq: how many messages each holds). */
  threads: readonly { id: string; last_message_seq: number }[];
  /** Flattened query words (accents folded). */
  words: readonly string[];
  /** The words as typed (PostgreSQL's 'simple' tsvector keeps accents). */
  rawWords: readonly string[];
  limit: number;
  tuning: MessageSearchTuning;
}

export interface MessageHit {
  rowid: number;
  id: string;
  thread_id: string;
  sender_id: string;
  text: string;
  created_at: number;
}

export interface PeopleByWordsRequest {
  /** Columns to select, of `people` aliased `p`. */
  columns: readonly string[];
  words: readonly string[];
  /** Left out, as are memorialized people. */
  viewerId: string;
  /** Only people who can receive money. */
  canReceiveMoneyOnly: boolean;
  afterKey: string | null;
  limit: number;
}

export interface WordBatch<Row> {
  rows: Row[];
  /** Where the next batch starts; null when this one was the last. */
  lastKey: string | null;
}

export interface MessageIndexBulkLoad {
  /** Stops indexing each written message (in the loading transaction). */
  suspend(k: Kysely<Database>): Promise<void>;
  /** Indexes every message at once and resumes indexing each. */
  rebuild(k: Kysely<Database>): Promise<void>;
}
