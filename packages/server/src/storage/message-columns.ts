/**
 * The one list of the `messages` table's columns (without its FTS rowid), in
 * the order every statement that names them all uses: the Kysely selects of
 * messaging/repo.ts, the prepared SQL of the send path on both dialects, and
 * the network import's upsert (which writes the ones a network file holds).
 */

/** What a network file gives a message, beside the id the import derives (network/thread-repo.ts). */
export const IMPORTED_MESSAGE_COLUMNS = [
  'thread_id',
  'sender_id',
  'text',
  'created_at',
  'seq_in_thread',
  'offline_threading_id',
  'entry_point',
  'tags',
  'kind',
] as const;

export const MESSAGE_COLUMNS = [
  'id',
  ...IMPORTED_MESSAGE_COLUMNS,
  'attachments',
  'reply_to',
  'mentions',
] as const;

/** MESSAGE_COLUMNS as an SQL select list. */
export const MESSAGE_SELECT_COLUMNS = MESSAGE_COLUMNS.join(', ');
