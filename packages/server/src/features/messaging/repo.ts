import {
  attachmentRefSchema,
  mentionsSchema,
  type AttachmentRef,
  type Mention,
  type WireMessage,
} from '@messenger/core';
import type { Kysely } from 'kysely';
import { MESSAGE_COLUMNS, type MessageRecord } from '../../storage/records';
import type { SyncDatabase } from '../../storage/tables/sync';

/**
 * Queries of conversations and messages, on the network feature's tables
 * (plus the delivered mark of 003-sync). Every function takes the handle it
 * runs on: a transaction for writes, the shared handle for reads.
 */
export type K = Kysely<SyncDatabase>;

export type { MessageRecord, ParticipantRecord, ThreadRecord } from '../../storage/records';
export {
  getParticipants,
  getThread,
  insertMessage,
  messageByOfflineId,
  nextMessageSeq,
} from '../../storage/thread-queries';

/** The one-to-one thread of two participants, if they have one. */
export async function findOneToOne(k: K, a: string, b: string): Promise<string | undefined> {
  const row = await k
    .selectFrom('thread_participants as pa')
    .innerJoin('thread_participants as pb', 'pb.thread_id', 'pa.thread_id')
    .innerJoin('threads as t', 't.id', 'pa.thread_id')
    .select('t.id')
    .where('pa.participant_id', '=', a)
    .where('pb.participant_id', '=', b)
    .where('t.kind', '=', 'one_to_one')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Messages of a thread by seq_in_thread (the unique index serves it):
 * `before` pages back from the newest, `after` forward; oldest first.
 */
export async function messagePage(
  k: K,
  threadId: string,
  range: { before?: number; after?: number },
  limit: number,
): Promise<MessageRecord[]> {
  let query = k.selectFrom('messages').select(MESSAGE_COLUMNS).where('thread_id', '=', threadId);
  if (range.after !== undefined) {
    query = query.where('seq_in_thread', '>', range.after);
    const rows = await query.orderBy('seq_in_thread', 'asc').limit(limit).execute();
    return rows;
  }
  if (range.before !== undefined) query = query.where('seq_in_thread', '<', range.before);
  const rows = await query.orderBy('seq_in_thread', 'desc').limit(limit).execute();
  return rows.reverse();
}

/** Messages after `afterSeq` written by someone other than the participant. */
export async function unreadCount(
  k: K,
  threadId: string,
  participantId: string,
  afterSeq: number,
): Promise<number> {
  const row = await k
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('thread_id', '=', threadId)
    .where('seq_in_thread', '>', afterSeq)
    .where('sender_id', '<>', participantId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Distinct senders of the thread's messages in (from, to], other than `except`. */
export async function sendersBetween(
  k: K,
  threadId: string,
  from: number,
  to: number,
  except: string,
): Promise<string[]> {
  const rows = await k
    .selectFrom('messages')
    .select('sender_id')
    .distinct()
    .where('thread_id', '=', threadId)
    .where('seq_in_thread', '>', from)
    .where('seq_in_thread', '<=', to)
    .where('sender_id', '<>', except)
    .execute();
  return rows.map((row) => row.sender_id);
}

export function toWireMessage(row: MessageRecord): WireMessage {
  return {
    id: row.id,
    thread_id: row.thread_id,
    sender_id: row.sender_id,
    text: row.text,
    created_at: row.created_at,
    seq_in_thread: row.seq_in_thread,
    offline_threading_id: row.offline_threading_id,
    entry_point: row.entry_point,
    tags: parseTags(row.tags),
    kind: row.kind,
    // Only messages with images carry the field, so text messages look as they always did.
    ...attachmentsField(row.attachments),
    // Likewise mentions; a reply's quote is added by who reads the original (replies-mentions).
    ...mentionsField(row.mentions),
  };
}

function mentionsField(text: string): { mentions?: Mention[] } {
  if (text === '[]' || text === '') return {};
  try {
    const parsed = mentionsSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.length > 0 ? { mentions: parsed.data } : {};
  } catch {
    return {};
  }
}

function attachmentsField(text: string): { attachments?: AttachmentRef[] } {
  if (text === '[]') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return {};
    const refs = value.flatMap((item: unknown) => {
      const parsed = attachmentRefSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    return refs.length === 0 ? {} : { attachments: refs };
  } catch {
    return {};
  }
}

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
