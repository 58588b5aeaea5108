import type { Insertable } from 'kysely';
import {
  DEFAULT_FOLDER,
  flattenName,
  messageTimeMs,
  type Network,
  type NetworkPair,
  type NetworkPerson,
  type NetworkThread,
} from '@messenger/core';
import type {
  ImportedPerson,
  MessageTable,
  ThreadParticipantTable,
  ThreadTable,
} from '../../storage/tables/network';

/**
 * Pure mapping of a validated network onto table rows (tables.ts). Nothing
 * here reads a clock or the database: the import service supplies both.
 */

const flag = (value: boolean): number => (value ? 1 : 0);

export function personRow(person: NetworkPerson, passwordHash: string): ImportedPerson {
  return {
    id: person.id,
    name: person.name,
    short_name: person.short_name,
    name_flat: flattenName(person.name),
    username: person.username,
    password_hash: passwordHash,
    account: person.account,
    // A personal account belongs to no company, whatever the file says.
    company_id: person.account === 'work' ? person.company : null,
    employee: flag(person.employee),
    messenger_only: flag(person.messenger_only),
    memorialized: flag(person.memorialized),
    instagram: flag(person.instagram),
    birth_day: person.birthdate?.day ?? null,
    birth_month: person.birthdate?.month ?? null,
    birth_year: person.birthdate?.year ?? null,
    picture: person.picture,
    can_receive_money: flag(person.can_receive_money),
    gates: JSON.stringify([...new Set(person.gates)]),
  };
}

/** Unordered pairs, each once, in file order (a listed pair and its reverse are one). */
export function uniquePairs(pairs: readonly NetworkPair[]): NetworkPair[] {
  const seen = new Set<string>();
  const out: NetworkPair[] = [];
  for (const [a, b] of pairs) {
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([a, b]);
  }
  return out;
}

/** Ordered pairs (blocks): the same pair listed twice is one row. */
export function uniqueOrderedPairs(pairs: readonly NetworkPair[]): NetworkPair[] {
  const seen = new Set<string>();
  return pairs.filter(([a, b]) => {
    const key = `${a} ${b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Imported messages get ids from their place in the file, so a re-import upserts them. */
export function importedMessageId(threadId: string, seq: number): string {
  return `mid.${threadId}.${String(seq)}`;
}

export interface ThreadTimes {
  created_at: number;
  last_activity_at: number;
}

/** First and newest message times; null for a thread without history. */
export function threadTimes(thread: NetworkThread): ThreadTimes | null {
  if (thread.messages.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const message of thread.messages) {
    const at = messageTimeMs(message.at);
    first = Math.min(first, at);
    last = Math.max(last, at);
  }
  return { created_at: first, last_activity_at: last };
}

export function threadRow(thread: NetworkThread, times: ThreadTimes): ThreadTable {
  return {
    id: thread.id,
    kind: thread.kind,
    name: thread.name,
    name_flat: thread.name === null ? null : flattenName(thread.name),
    image_src: null,
    privacy_mode: thread.privacy_mode,
    created_at: times.created_at,
    last_activity_at: times.last_activity_at,
    last_message_seq: thread.messages.length,
  };
}

/**
 * A participant has read everything up to and including their own last
 * message; what others wrote after it is unread (0: nothing read).
 */
export function lastReadSeqs(thread: NetworkThread): Map<string, number> {
  const seqs = new Map<string, number>();
  thread.messages.forEach((message, index) => seqs.set(message.from, index + 1));
  return seqs;
}

export function participantRows(
  thread: NetworkThread,
  pageIds: ReadonlySet<string>,
  joinedAt: number,
): ThreadParticipantTable[] {
  const lastRead = lastReadSeqs(thread);
  return thread.participants.map((id) => ({
    thread_id: thread.id,
    participant_id: id,
    participant_kind: pageIds.has(id) ? 'page' : 'person',
    folder: thread.folders[id] ?? DEFAULT_FOLDER,
    nickname: thread.nicknames[id] ?? null,
    last_read_seq: lastRead.get(id) ?? 0,
    hidden: 0,
    joined_at: joinedAt,
  }));
}

export type MessageRow = Omit<Insertable<MessageTable>, 'rowid'> & {
  id: string;
  tags: string;
  kind: string;
};

/** Message rows of every thread, streamed: a million of them need not sit in memory at once. */
export function* messageRows(network: Network): Generator<MessageRow> {
  for (const thread of network.threads) {
    for (const [index, message] of thread.messages.entries()) {
      const seq = index + 1;
      yield {
        id: importedMessageId(thread.id, seq),
        thread_id: thread.id,
        sender_id: message.from,
        text: message.text,
        created_at: messageTimeMs(message.at),
        seq_in_thread: seq,
        offline_threading_id: null,
        entry_point: null,
        tags: '[]',
        kind: 'text',
      };
    }
  }
}

/** Splits any iterable into arrays of at most `size` items. */
export function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
