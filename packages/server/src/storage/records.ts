import type { Selectable } from 'kysely';
import type { Database } from './database';

/**
 * The rows of threads, participants and messages as the send path and the
 * messaging services read them, and the one list of each table's columns in
 * the order every statement that names them all uses: the Kysely selects of
 * messaging/repo.ts, the send path's SQL on both dialects (sqlite/,
 * postgres/) and the network import's upsert.
 */

export interface ThreadRecord {
  id: string;
  kind: Database['threads']['kind'];
  name: string | null;
  image_src: string | null;
  created_at: number;
  last_activity_at: number;
  last_message_seq: number;
}

export interface ParticipantRecord {
  thread_id: string;
  participant_id: string;
  participant_kind: Database['thread_participants']['participant_kind'];
  folder: string;
  nickname: string | null;
  last_read_seq: number;
  last_delivered_seq: number;
  hidden: number;
  joined_at: number;
}

/** A stored message as the services read it (the table row without its FTS rowid). */
export type MessageRecord = Omit<Selectable<Database['messages']>, 'rowid'>;

export const THREAD_COLUMNS = [
  'id',
  'kind',
  'name',
  'image_src',
  'created_at',
  'last_activity_at',
  'last_message_seq',
] as const;

export const PARTICIPANT_COLUMNS = [
  'thread_id',
  'participant_id',
  'participant_kind',
  'folder',
  'nickname',
  'last_read_seq',
  'last_delivered_seq',
  'hidden',
  'joined_at',
] as const;

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
] as const satisfies readonly (keyof MessageRecord)[];

/** MESSAGE_COLUMNS as an SQL select list. */
export const MESSAGE_SELECT_COLUMNS = MESSAGE_COLUMNS.join(', ');
