import {
  ARCHIVED_FOLDER,
  FOLDERS,
  type Delta,
  type WireMessage,
  type WireThread,
} from '@messenger/core';
import { ConnectionHandler, type RecordSourceProxy } from 'relay-runtime';
import {
  editMessageRecord,
  linked,
  unsendMessageRecord,
  hideMessageRecord,
  raise,
  valueOf,
  threadRecord,
  upsertMessage,
  viewerRecord,
  type DeltaContext,
} from '../sync/records';
import {
  NO_EFFECT,
  type DeltaEffect,
  type DeltaReducer,
  type MessageNewContext,
} from '../sync/delta-reducers';

/** The `@connection` key of the thread list (ThreadList.tsx). */
export const THREAD_LIST_CONNECTION = 'ThreadList_message_threads';

/**
 * The folder a thread's record gets when it leaves the viewer's lists
 * (deleted, left, ignored): no list shows it, and a message that brings it
 * back has the lists read again.
 */
export const REMOVED_FOLDER = 'REMOVED';

/** Every list's folder: the thread list's connections are one per folder. */
const LIST_FOLDERS = [...FOLDERS, ARCHIVED_FOLDER] as const;
const REFETCH: DeltaEffect = { refetch: true };

/**
 * The thread list's part of a new message: the thread's last message (the
 * preview), its last activity (the order) and, for someone else's message,
 * its unread count. Only a fresh message counts, so a replayed delta or the
 * sender's own echo changes nothing twice.
 */
export function threadListOnMessage(
  store: RecordSourceProxy,
  message: WireMessage,
  ctx: MessageNewContext,
): DeltaEffect {
  const thread = threadRecord(store, message.thread_id);
  if (thread === null) return REFETCH;
  if (!ctx.fresh) return NO_EFFECT;
  // A conversation deleted for oneself, or an archived one-to-one, comes back with a new
  // message: the server puts it back in a list, which is read again.
  const folder = valueOf(thread, 'folder');
  const returns =
    folder === REMOVED_FOLDER ||
    (folder === ARCHIVED_FOLDER && valueOf(thread, 'is_group_thread') === false);
  const node = upsertMessage(store, message);
  const last = linked(thread, 'messages', { last: 1 });
  if (last !== null) {
    const edgeId = `client:last-message:${message.thread_id}:${message.id}`;
    const edge = store.get(edgeId) ?? store.create(edgeId, 'MessageEdge');
    edge.setLinkedRecord(node, 'node');
    edge.setValue(message.id, 'cursor');
    last.setLinkedRecords([edge], 'edges');
  }
  raise(thread, 'last_activity_time', message.created_at);
  if (message.sender_id !== ctx.viewerParticipantId) {
    const unread = valueOf(thread, 'unread_count');
    thread.setValue((typeof unread === 'number' ? unread : 0) + 1, 'unread_count');
    // Counted for the mentioned person whatever the thread's notifications (issue 33, item 7).
    if (message.mentions?.some((m) => m.id === ctx.viewerParticipantId) === true) {
      const mentions = valueOf(thread, 'mentions_unread');
      thread.setValue((typeof mentions === 'number' ? mentions : 0) + 1, 'mentions_unread');
    }
  }
  return returns ? REFETCH : NO_EFFECT;
}

/** The whole thread as the viewer now sees it: title parts, folder, unread count, activity. */
function threadListOnThreadUpdated(store: RecordSourceProxy, wire: WireThread): DeltaEffect {
  const thread = threadRecord(store, wire.thread_id);
  if (thread === null) return REFETCH;
  const movedFolder = valueOf(thread, 'folder') !== wire.folder;
  // A JSON scalar cannot be written through a record proxy (leaf values only):
  // a change of nicknames is read again from the server instead.
  const nicknamesChanged =
    JSON.stringify(valueOf(thread, 'custom_nickname') ?? {}) !==
    JSON.stringify(wire.custom_nickname);
  thread.setValue(wire.name, 'group_name');
  thread.setValue(wire.folder, 'folder');
  thread.setValue(wire.unread_count, 'unread_count');
  thread.setValue(wire.muted_until ?? null, 'muted_until');
  // Read up to the end: no mention is left unread.
  if (wire.unread_count === 0) thread.setValue(0, 'mentions_unread');
  raise(thread, 'last_activity_time', wire.last_activity_at);
  return movedFolder || nicknamesChanged ? REFETCH : NO_EFFECT;
}

function threadListOnRemoved(
  store: RecordSourceProxy,
  threadId: string,
  ctx: DeltaContext,
): DeltaEffect {
  threadRecord(store, threadId)?.setValue(REMOVED_FOLDER, 'folder');
  const viewer = viewerRecord(store, ctx.viewerId);
  if (viewer === null) return NO_EFFECT;
  for (const folder of LIST_FOLDERS) {
    const connection = ConnectionHandler.getConnection(viewer, THREAD_LIST_CONNECTION, { folder });
    if (connection) ConnectionHandler.deleteNode(connection, threadId);
  }
  return NO_EFFECT;
}

/** The thread list's reducer of the durable deltas other than message_new. */
export function reduceThreadList(
  store: RecordSourceProxy,
  delta: Delta,
  ctx: DeltaContext,
): DeltaEffect {
  switch (delta.kind) {
    case 'thread_updated':
      return threadListOnThreadUpdated(store, delta.thread);
    case 'thread_removed':
      return threadListOnRemoved(store, delta.thread_id, ctx);
    // The list may show the deleted message as its thread's preview: read the lists again.
    case 'message_deleted':
      return REFETCH;
    case 'message_reactions':
      threadListOnReaction(store, delta);
      return NO_EFFECT;
    // Friends, blocks and pages decide what the sidebar and the lists show: read them again.
    case 'graph_changed':
      return REFETCH;
    // A row's preview is the message's own record: it reads the new text or the tombstone.
    case 'message_edited':
      editMessageRecord(store, delta.message_id, delta.text, delta.edited_at);
      return NO_EFFECT;
    case 'message_unsent':
      unsendMessageRecord(store, delta.message_id);
      return NO_EFFECT;
    case 'message_hidden':
      hideMessageRecord(store, delta.message_id);
      return NO_EFFECT;
    case 'message_new':
    case 'read_receipt':
    case 'message_delivered':
    case 'call_updated':
      return NO_EFFECT;
  }
}

/** A reaction given or changed becomes the thread's newest: its row may preview it. */
function threadListOnReaction(
  store: RecordSourceProxy,
  delta: Extract<Delta, { kind: 'message_reactions' }>,
): void {
  const thread = threadRecord(store, delta.thread_id);
  if (thread === null || delta.emoji === null) return;
  const id = `client:last_reaction:${delta.thread_id}`;
  const record = store.get(id) ?? store.create(id, 'ThreadLastReaction');
  record.setValue(delta.actor_id, 'actor_id');
  record.setValue(delta.emoji, 'emoji');
  record.setValue(delta.message_id, 'message_id');
  record.setValue(delta.message_sender_id, 'message_sender_id');
  record.setValue(delta.at, 'at');
  thread.setLinkedRecord(record, 'last_reaction');
}

/** The thread list's part of the sync log, registered with sync by the app. */
export const threadListDeltaReducer: DeltaReducer = {
  onMessage: threadListOnMessage,
  onDelta: reduceThreadList,
};
