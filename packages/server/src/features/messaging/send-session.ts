import type { SendMessageInput, WireMessage } from '@messenger/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Database } from '../../storage/database';
import type { SendStore } from '../../storage/send-store';
import { storesOf } from '../../storage/stores';
import type { Viewer } from '../accounts/viewer';
import { bindAttachments } from '../../storage/attachment-rows';
import { appendDeltas } from '../sync/delta-log';
import { withSyncTables } from '../../storage/tables/sync';
import { requireActor, requirePageActor, unknownThread, viewingsOf, type Actor } from './audience';
import { landingFolders } from './folders';
import { messageId, newThreadId } from './ids';
import type { BatchedSend, SendBatchStore, SendScope, SendSession } from './send-batcher';
import { blocked, type SentMessage } from './send-service';
import {
  findOneToOne,
  toWireMessage,
  type K,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from './repo';
import { blocksAmong, findParty } from './relations-repo';
import { RosterCache } from './roster-cache';
import { batchedStore } from './send-store-batched';
import { addThreadUpdates } from './snapshot';
import { checkMentions, checkReply, quotesIn, recordMentions } from './replies-mentions';

// send_message's checks and writes, one batch attempt at a time: the batcher
// (send-batcher.ts) opens a session per attempt and runs the batch's sends
// through it. The entry point is sendMessage in send-service.ts.

/** What the sends' checks and writes use of the runtime. */
type SessionDeps = Pick<AppContext, 'db' | 'clock'>;

/**
 * The send batcher's store: a session per batch attempt. The node's rosters
 * live as long as the store (one per runtime, built in runtime.ts).
 */
export function sendSessionStore(ctx: SessionDeps): SendBatchStore<SentMessage> {
  const rosters = new RosterCache();
  return { open: (trx, batch, guarded) => openSession(ctx, rosters, trx, batch, guarded) };
}

/**
 * The store a batch attempt's sends share. Unguarded: the batch's rows read
 * at once and its writes deferred to a few statements (send-store-batched.ts,
 * with the dialect's BatchIo: storage/sqlite/send-store.ts, storage/postgres/send-store.ts). Guarded
 * (each send in a savepoint, whose rollback must undo its writes): the plain
 * store, writing at once.
 */
async function openSession(
  ctx: SessionDeps,
  rosters: RosterCache,
  trx: Transaction<Database>,
  batch: readonly BatchedSend[],
  guarded: boolean,
): Promise<SendSession<SentMessage>> {
  const k = withSyncTables(trx);
  const storage = storesOf(ctx.db).send;
  const plain = storage.store(k);
  const store = guarded ? plain : await batchedStore(storage.batchIo(k, rosters), plain, batch);
  return {
    send: (scope, viewer, input) => sendIn(ctx, trx, k, store, scope, viewer, input),
    finish: async (entries, now) => {
      // PostgreSQL: the deferred writes ride in the append's statement, and the
      // batch's COMMIT right behind it (the batcher does nothing after it).
      const alongside = store.takeDeferredWrites?.();
      await store.flush();
      return appendDeltas(trx, entries, now, ctx.db, { alongside, endsTransaction: true });
    },
  };
}

interface Target {
  /** Undefined for a first message to someone: the thread is created here. */
  thread: ThreadRecord | undefined;
  participants: ParticipantRecord[];
  actorId: string;
  actor: Actor | null;
  field: 'thread_id' | 'recipient_id';
  recipientId?: string;
}

async function sendIn(
  ctx: SessionDeps,
  trx: Transaction<Database>,
  k: K,
  store: SendStore,
  { sink, startWriting }: SendScope,
  viewer: Viewer,
  input: SendMessageInput,
): Promise<SentMessage> {
  const now = ctx.clock.now();
  const target =
    input.thread_id !== undefined
      ? await threadTarget(k, store, viewer, input.thread_id, input.as_page_id)
      : await directTarget(ctx, trx, k, store, viewer, input.recipient_id ?? '');

  const existing = await store.messageByOfflineId(target.actorId, input.offline_threading_id);
  if (existing !== undefined) {
    if (target.thread === undefined || existing.thread_id !== target.thread.id) {
      throw badRequest(
        'offline_threading_id',
        'This offline_threading_id belongs to another message.',
      );
    }
    return { message: await withQuote(k, viewer, existing), created: false };
  }
  await checkBlocks(k, target);
  const quote = await checkReply(k, viewer.id, target.thread?.id, input.reply_to);
  const mentions = checkMentions(input, target.participants);

  // Everything above only read: a refusal there leaves nothing to roll back.
  startWriting();
  let threadId: string;
  let created = false;
  if (target.thread === undefined) {
    threadId = await createOneToOne(k, viewer, target.recipientId ?? '', now);
    created = true;
  } else {
    threadId = target.thread.id;
  }

  const seq = await store.nextMessageSeq(threadId, now);
  const id = messageId(threadId, seq);
  const attachments = input.attachments ?? [];
  // The uploader is the person, also when they answer as a page.
  await bindAttachments(trx, viewer.id, attachments, { threadId, messageId: id });
  const message: MessageRecord = {
    id,
    thread_id: threadId,
    sender_id: target.actorId,
    text: input.text,
    created_at: now,
    seq_in_thread: seq,
    offline_threading_id: input.offline_threading_id,
    entry_point: input.entry_point ?? null,
    tags: JSON.stringify(input.tags ?? []),
    kind: 'text',
    attachments: JSON.stringify(attachments),
    reply_to: input.reply_to ?? null,
    mentions: JSON.stringify(mentions),
  };
  await store.insertMessage(message);
  await recordMentions(k, threadId, seq, target.actorId, mentions);

  // The sender has read their own message; replying to a request (or an ignored one) accepts it.
  const own = target.actor?.row;
  const accepts = own !== undefined && (own.hidden === 1 || own.folder === 'PENDING');
  await store.markOwnRead(threadId, target.actorId, seq, accepts);

  // The rows read for the checks still hold, unless this send created the thread or unhid it.
  let participants = target.participants;
  let viewings: Awaited<ReturnType<typeof viewingsOf>>;
  if (created || accepts) {
    // The snapshots below count unread messages: the store's deferred writes go first.
    await store.flush();
    const thread = await store.thread(threadId);
    if (thread === undefined) throw new Error(`thread ${threadId} vanished`);
    participants = await store.participants(threadId);
    viewings = await viewingsOf(k, participants);
    const changed = created ? viewings : viewings.filter((v) => v.as === target.actorId);
    await addThreadUpdates(k, sink, thread, participants, changed);
  } else {
    viewings = await viewingsOf(k, participants);
  }
  const wire = { ...toWireMessage(message), ...(quote === undefined ? {} : { reply_to: quote }) };
  const delta = { kind: 'message_new', message: wire } as const;
  for (const viewing of viewings) {
    if (viewing.as === target.actorId) sink.add({ userId: viewing.userId, delta });
    else
      sink.add({
        userId: viewing.userId,
        delta,
        ack: { threadId, as: viewing.as, seqInThread: seq },
      });
  }
  return { message: wire, created: true };
}

/** A stored message as a retry gets it back: a reply with its original's quote. */
async function withQuote(k: K, viewer: Viewer, row: MessageRecord): Promise<WireMessage> {
  const wire = toWireMessage(row);
  if (row.reply_to === null) return wire;
  const quotes = await quotesIn(k, viewer.id, row.thread_id, [row.reply_to]);
  const quote = quotes.get(row.reply_to);
  return quote === undefined ? wire : { ...wire, reply_to: quote };
}

async function threadTarget(
  k: K,
  store: SendStore,
  viewer: Viewer,
  threadId: string,
  asPageId?: string,
): Promise<Target> {
  const thread = await store.thread(threadId);
  if (thread === undefined) throw unknownThread();
  const participants = await store.participants(threadId);
  const actor =
    asPageId === undefined
      ? await requireActor(k, participants, viewer)
      : await requirePageActor(k, participants, viewer, asPageId);
  return { thread, participants, actorId: actor.id, actor, field: 'thread_id' };
}

async function directTarget(
  ctx: SessionDeps,
  trx: Transaction<Database>,
  k: K,
  store: SendStore,
  viewer: Viewer,
  recipientId: string,
): Promise<Target> {
  if (recipientId === viewer.id) throw badRequest('recipient_id', 'You cannot message yourself.');
  const recipient = await findParty(k, recipientId);
  if (recipient === undefined) {
    const error = notFound('There is no such person or page.');
    throw error.withField('recipient_id');
  }
  if (recipient.memorialized) {
    throw new AppError('forbidden', 'This account is memorialized.', 'recipient_id');
  }
  // Two first messages between the same two people at once must not make two threads.
  const pair = [viewer.id, recipientId].sort().join(':');
  await storesOf(ctx.db).locks.exclusive(trx, `dm:${pair}`);
  const threadId = await findOneToOne(k, viewer.id, recipientId);
  if (threadId === undefined) {
    return {
      thread: undefined,
      participants: [],
      actorId: viewer.id,
      actor: null,
      field: 'recipient_id',
      recipientId,
    };
  }
  const target = await threadTarget(k, store, viewer, threadId);
  return { ...target, field: 'recipient_id', recipientId };
}

/** One-to-one only: neither may write when either blocked the other. Groups stay open. */
async function checkBlocks(k: K, target: Target): Promise<void> {
  if (target.actor?.kind === 'page') return;
  let otherId: string | undefined;
  if (target.thread === undefined) otherId = target.recipientId;
  else if (target.thread.kind === 'one_to_one') {
    otherId = target.participants.find(
      (p) => p.participant_id !== target.actorId && p.participant_kind === 'person',
    )?.participant_id;
  }
  if (otherId === undefined) return;
  const { blockedBy, blocking } = await blocksAmong(k, target.actorId, [otherId]);
  if (blockedBy.has(otherId)) throw blocked(target.field, 'You cannot message this person.');
  if (blocking.has(otherId))
    throw blocked(target.field, 'You blocked this person; unblock them to write.');
}

async function createOneToOne(
  k: K,
  viewer: Viewer,
  recipientId: string,
  now: number,
): Promise<string> {
  const recipient = await findParty(k, recipientId);
  const id = newThreadId(now);
  await k
    .insertInto('threads')
    .values({
      id,
      kind: 'one_to_one',
      name: null,
      name_flat: null,
      image_src: null,
      privacy_mode: 1,
      created_at: now,
      last_activity_at: now,
      last_message_seq: 0,
    })
    .execute();
  const folder =
    recipient?.kind === 'page'
      ? 'INBOX'
      : ((await landingFolders(k, viewer.id, [recipientId])).get(recipientId) ?? 'PENDING');
  const row = (participantId: string, kind: 'person' | 'page', f: string) => ({
    thread_id: id,
    participant_id: participantId,
    participant_kind: kind,
    folder: f,
    nickname: null,
    last_read_seq: 0,
    hidden: 0,
    joined_at: now,
  });
  await k
    .insertInto('thread_participants')
    .values([
      row(viewer.id, 'person', 'INBOX'),
      row(recipientId, recipient?.kind ?? 'person', folder),
    ])
    .execute();
  return id;
}
