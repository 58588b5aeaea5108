import { UNSENT_MESSAGE_KIND, editMessageInputSchema } from '@messenger/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Database } from '../../storage/database';
import { storesOf } from '../../storage/stores';
import type { Viewer } from '../accounts/viewer';
import { removeBlobs, unbindMessageAttachments } from '../../storage/attachment-rows';
import { actorIn, viewingsOf } from '../messaging/audience';
import { parseMessageId } from '../messaging/ids';
import { getParticipants, type ParticipantRecord } from '../messaging/repo';
import { removeReactionsOf, withReactionTables } from '../../storage/tables/reactions';
import { commitWithDeltas, type DeltaSink } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { withEditTables } from './tables';

const noSuchMessage = (): AppError => {
  const error = notFound('There is no such message.');
  return error.withField('message_id');
};

const notOwn = (what: string): AppError =>
  new AppError('forbidden', `You can ${what} only your own messages.`, 'message_id');

const windowClosed = (what: string): AppError =>
  new AppError('window_closed', `This message is too old to ${what}.`, 'message_id');

interface OwnMessage {
  id: string;
  thread_id: string;
  seq: number;
  kind: string;
  text: string;
  created_at: number;
  participants: ParticipantRecord[];
}

/** The viewer's own message (as themselves or as their page), else the error a client can act on. */
async function ownMessage(
  trx: Transaction<Database>,
  ctx: AppContext,
  viewer: Viewer,
  messageId: string,
  what: string,
): Promise<OwnMessage> {
  const k = withSyncTables(trx);
  const place = parseMessageId(messageId);
  if (place === null) throw noSuchMessage();
  // An edit and an unsend of one message at once: one waits for the other.
  const message = await storesOf(ctx.db)
    .locks.forUpdate(
      k
        .selectFrom('messages')
        .select(['id', 'thread_id', 'sender_id', 'kind', 'text', 'created_at'])
        .where('thread_id', '=', place.threadId)
        .where('seq_in_thread', '=', place.seq),
    )
    .executeTakeFirst();
  if (message === undefined) throw noSuchMessage();
  const participants = await getParticipants(k, message.thread_id);
  const actor = await actorIn(k, participants, viewer.id);
  if (actor === null) throw noSuchMessage();
  if (actor.id !== message.sender_id) throw notOwn(what);
  return {
    id: message.id,
    thread_id: message.thread_id,
    seq: place.seq,
    kind: message.kind,
    text: message.text,
    created_at: message.created_at,
    participants,
  };
}

async function tellEveryone(
  trx: Transaction<Database>,
  sink: DeltaSink,
  participants: readonly ParticipantRecord[],
  delta: Parameters<DeltaSink['add']>[0]['delta'],
): Promise<void> {
  for (const viewing of await viewingsOf(withSyncTables(trx), participants)) {
    sink.add({ userId: viewing.userId, delta });
  }
}

function parseId(messageId: unknown): string {
  if (typeof messageId !== 'string' || messageId === '' || messageId.length > 128) {
    throw badRequest('message_id', 'message_id: expected a message id.');
  }
  return messageId;
}

/**
 * edit_message: the sender changes the text of their own text message within
 * the edit window (MESSAGE_EDIT_WINDOW_MS). The same text again changes
 * nothing and appends no delta (a retry is harmless); the search index follows
 * the new text in the same transaction.
 */
export async function editMessage(
  ctx: AppContext,
  viewer: Viewer,
  input: unknown,
): Promise<{ message_id: string; thread_id: string; text: string; edited_at: number | null }> {
  const parsed = editMessageInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : 'input';
    throw badRequest(field, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  const { message_id: messageId, text } = parsed.data;
  return commitWithDeltas(ctx, async (trx, sink) => {
    const message = await ownMessage(trx, ctx, viewer, messageId, 'edit');
    if (message.kind !== 'text') throw notOwn('edit');
    const k = withEditTables(withSyncTables(trx));
    if (message.text === text) {
      const row = await k
        .selectFrom('messages')
        .select('edited_at')
        .where('thread_id', '=', message.thread_id)
        .where('seq_in_thread', '=', message.seq)
        .executeTakeFirst();
      const editedAt = row?.edited_at ?? null;
      return {
        message_id: message.id,
        thread_id: message.thread_id,
        text,
        edited_at: editedAt,
      };
    }
    const now = ctx.clock.now();
    if (now - message.created_at > ctx.config.messageEditWindowMs) throw windowClosed('edit');
    await k
      .updateTable('messages')
      .set({ text, edited_at: now })
      .where('thread_id', '=', message.thread_id)
      .where('seq_in_thread', '=', message.seq)
      .execute();
    await tellEveryone(trx, sink, message.participants, {
      kind: 'message_edited',
      thread_id: message.thread_id,
      message_id: message.id,
      text,
      edited_at: now,
    });
    return { message_id: message.id, thread_id: message.thread_id, text, edited_at: now };
  });
}

/**
 * unsend_message: the sender takes back their own message for everyone within
 * the unsend window (MESSAGE_UNSEND_WINDOW_MS). It stays in its place as a
 * tombstone ("You unsent a message"): its text (and so its search entry), its
 * images' rows and reactions go in the transaction, the images' encrypted
 * blobs right after it. Unsending it again answers the same and writes nothing.
 */
export async function unsendMessage(
  ctx: AppContext,
  viewer: Viewer,
  rawMessageId: unknown,
): Promise<{ message_id: string; thread_id: string }> {
  const messageId = parseId(rawMessageId);
  const { threadId, blobs } = await commitWithDeltas(ctx, async (trx, sink) => {
    const message = await ownMessage(trx, ctx, viewer, messageId, 'unsend');
    if (message.kind === UNSENT_MESSAGE_KIND) return { threadId: message.thread_id, blobs: [] };
    if (message.kind !== 'text') throw notOwn('unsend');
    if (ctx.clock.now() - message.created_at > ctx.config.messageUnsendWindowMs) {
      throw windowClosed('unsend');
    }
    const ids = await unbindMessageAttachments(trx, message.id);
    await removeReactionsOf(withReactionTables(withSyncTables(trx)), message.id);
    await withEditTables(withSyncTables(trx))
      .updateTable('messages')
      .set({ text: '', kind: UNSENT_MESSAGE_KIND, attachments: '[]', edited_at: null })
      .where('thread_id', '=', message.thread_id)
      .where('seq_in_thread', '=', message.seq)
      .execute();
    await tellEveryone(trx, sink, message.participants, {
      kind: 'message_unsent',
      thread_id: message.thread_id,
      message_id: message.id,
    });
    return { threadId: message.thread_id, blobs: ids };
  });
  await removeBlobs(ctx, blobs);
  return { message_id: messageId, thread_id: threadId };
}
