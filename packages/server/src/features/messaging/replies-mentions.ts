import {
  UNSENT_MESSAGE_KIND,
  attachmentRefSchema,
  mentionedIds,
  quoteText,
  type Mention,
  type SendMessageInput,
  type WireReplyQuote,
} from '@messenger/core';
import { badRequest } from '../../errors';
import { withHiddenTables } from '../../storage/tables/hidden-messages';
import { parseMessageId } from './ids';
import type { K, ParticipantRecord } from './repo';
import { withMentionTables } from '../../storage/tables/mentions';

/*
 * Replies and mentions of send_message (issue 33, items 5 and 7). The checks
 * only read, so a refusal leaves nothing written; the writes ride in the
 * send's transaction (the mention rows next to the message's insert). They
 * are part of sending and of reading history, so they live in messaging;
 * features/replies-mentions builds on them (the GraphQL fields, the unread
 * mention counts) and messaging imports nothing from it (issue 32).
 */

interface OriginalRow {
  id: string;
  thread_id: string;
  sender_id: string;
  text: string;
  kind: string;
  attachments: string;
  seq_in_thread: number;
}

async function originals(
  k: K,
  threadId: string,
  seqs: readonly number[],
): Promise<Map<number, OriginalRow>> {
  if (seqs.length === 0) return new Map();
  const rows = await k
    .selectFrom('messages')
    .select(['id', 'thread_id', 'sender_id', 'text', 'kind', 'attachments', 'seq_in_thread'])
    .where('thread_id', '=', threadId)
    .where('seq_in_thread', 'in', [...new Set(seqs)])
    .execute();
  return new Map(rows.map((row) => [row.seq_in_thread, row]));
}

async function hiddenBy(k: K, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await withHiddenTables(k)
    .selectFrom('hidden_messages')
    .select('message_id')
    .where('user_id', '=', userId)
    .where('message_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.message_id));
}

function firstImage(attachments: string): WireReplyQuote['image'] {
  try {
    const value: unknown = JSON.parse(attachments);
    if (!Array.isArray(value) || value.length === 0) return undefined;
    const parsed = attachmentRefSchema.safeParse(value[0]);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What a reply shows of its original; `unavailable` when the viewer may not see it. */
function quoteOf(messageId: string, row: OriginalRow | undefined, hidden: boolean): WireReplyQuote {
  if (row === undefined || hidden || row.kind === UNSENT_MESSAGE_KIND) {
    return { message_id: messageId, sender_id: row?.sender_id ?? '0', text: '', available: false };
  }
  const image = firstImage(row.attachments);
  return {
    message_id: messageId,
    sender_id: row.sender_id,
    text: quoteText(row.text),
    ...(image === undefined ? {} : { image }),
    available: true,
  };
}

/**
 * The quote of a new reply, after checking its original: a message of the
 * same thread that its sender still sees (not unsent, deleted or removed
 * for them). Anything else is a 400 on `reply_to`.
 */
export async function checkReply(
  k: K,
  userId: string,
  threadId: string | undefined,
  replyTo: string | undefined,
): Promise<WireReplyQuote | undefined> {
  if (replyTo === undefined) return undefined;
  const place = parseMessageId(replyTo);
  if (threadId === undefined || place === null || place.threadId !== threadId) {
    throw badRequest('reply_to', 'You can reply only to a message of this conversation.');
  }
  const row = (await originals(k, threadId, [place.seq])).get(place.seq);
  const hidden = row !== undefined && (await hiddenBy(k, userId, [row.id])).has(row.id);
  const quote = quoteOf(replyTo, row, hidden);
  if (!quote.available || row?.id !== replyTo) {
    throw badRequest('reply_to', 'This message is not available to reply to.');
  }
  return quote;
}

/** Each mentioned person must be a person taking part in the thread (400 on the mention's id). */
export function checkMentions(
  input: Pick<SendMessageInput, 'mentions'>,
  participants: readonly ParticipantRecord[],
): Mention[] {
  const mentions = input.mentions ?? [];
  const people = new Set(
    participants.filter((p) => p.participant_kind === 'person').map((p) => p.participant_id),
  );
  for (const [index, mention] of mentions.entries()) {
    if (!people.has(mention.id)) {
      throw badRequest(
        `mentions[${String(index)}].id`,
        'You can mention only people in this group.',
      );
    }
  }
  return mentions;
}

/** The mention rows of a new message (its sender mentioning themselves counts for nobody). */
export async function recordMentions(
  k: K,
  threadId: string,
  seq: number,
  senderId: string,
  mentions: readonly Mention[],
): Promise<void> {
  const ids = mentionedIds(mentions).filter((id) => id !== senderId);
  if (ids.length === 0) return;
  await withMentionTables(k)
    .insertInto('message_mentions')
    .values(ids.map((id) => ({ person_id: id, thread_id: threadId, seq_in_thread: seq })))
    .execute();
}

/** Quotes of replies of one thread, as `userId` sees their originals (history pages). */
export async function quotesIn(
  k: K,
  userId: string,
  threadId: string,
  replyTo: readonly string[],
): Promise<Map<string, WireReplyQuote>> {
  const places = replyTo.map((id) => ({ id, place: parseMessageId(id) }));
  const rows = await originals(
    k,
    threadId,
    places.flatMap(({ place }) => (place?.threadId === threadId ? [place.seq] : [])),
  );
  const hidden = await hiddenBy(
    k,
    userId,
    [...rows.values()].map((row) => row.id),
  );
  return new Map(
    places.map(({ id, place }) => {
      const row = place?.threadId === threadId ? rows.get(place.seq) : undefined;
      return [id, quoteOf(id, row?.id === id ? row : undefined, row ? hidden.has(row.id) : false)];
    }),
  );
}
