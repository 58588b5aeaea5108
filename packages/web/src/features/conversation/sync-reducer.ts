import type { Delta, WireMessage, WireThread } from '@messenger/core';
import { ConnectionHandler, type RecordProxy, type RecordSourceProxy } from 'relay-runtime';
import {
  linked,
  linkedList,
  raise,
  setReactions,
  editMessageRecord,
  unsendMessageRecord,
  hideMessageRecord,
  threadStateRecord,
  upsertMessage,
  valueOf,
} from '../sync/records';
import { NO_EFFECT, type DeltaReducer } from '../sync/delta-reducers';
import { quoteUnavailable } from '../sync/reply-records';

/** The `@connection` key of a thread's history (ConversationHistory.tsx). */
export const HISTORY_CONNECTION = 'ConversationHistory_thread_messages';

function participantState(state: RecordProxy, participantId: string): RecordProxy | null {
  return (
    linkedList(state, 'participants').find((p) => p && valueOf(p, 'id') === participantId) ?? null
  );
}

/**
 * Appends a message to the loaded history of its thread, once: a message the
 * history already holds (a replay, the sender's own echo) is left alone.
 */
export function conversationOnMessage(store: RecordSourceProxy, message: WireMessage): void {
  const state = threadStateRecord(store, message.thread_id);
  if (state) {
    raise(state, 'last_message_seq', message.seq_in_thread);
    // The sender has read their own message.
    const sender = participantState(state, message.sender_id);
    if (sender) {
      raise(sender, 'last_read_seq', message.seq_in_thread);
      raise(sender, 'last_delivered_seq', message.seq_in_thread);
    }
  }
  const history = ConnectionHandler.getConnection(store.getRoot(), HISTORY_CONNECTION, {
    thread_id: message.thread_id,
  });
  if (!history) return;
  const held = linkedList(history, 'edges').some(
    (edge) => edge !== null && linked(edge, 'node')?.getDataID() === message.id,
  );
  if (held) return;
  const node = upsertMessage(store, message);
  const edge = ConnectionHandler.createEdge(store, history, node, 'MessageEdge');
  edge.setValue(message.id, 'cursor');
  ConnectionHandler.insertEdgeAfter(history, edge);
}

function mark(
  store: RecordSourceProxy,
  threadId: string,
  userId: string,
  field: 'last_read_seq' | 'last_delivered_seq',
  seq: number,
): void {
  const state = threadStateRecord(store, threadId);
  const participant = state ? participantState(state, userId) : null;
  if (participant === null) return;
  raise(participant, field, seq);
  // Whoever has read a message has received it too.
  if (field === 'last_read_seq') raise(participant, 'last_delivered_seq', seq);
}

function conversationOnThreadUpdated(store: RecordSourceProxy, wire: WireThread): void {
  const state = threadStateRecord(store, wire.thread_id);
  if (state === null) return;
  raise(state, 'last_message_seq', wire.last_message_seq);
  state.setValue(wire.unread_count, 'unread_count');
  for (const participant of wire.participants) {
    const record = participantState(state, participant.id);
    if (record === null) continue;
    raise(record, 'last_read_seq', participant.last_read_seq);
    raise(record, 'last_delivered_seq', participant.last_delivered_seq);
  }
}

/** A deleted message leaves the loaded history (its images with it). */
function conversationOnDeleted(
  store: RecordSourceProxy,
  threadId: string,
  messageId: string,
): void {
  const history = ConnectionHandler.getConnection(store.getRoot(), HISTORY_CONNECTION, {
    thread_id: threadId,
  });
  if (history) ConnectionHandler.deleteNode(history, messageId);
  store.delete(messageId);
}

/** The conversation's reducer: history, read receipts and delivery marks. */
export function reduceConversation(store: RecordSourceProxy, delta: Delta): void {
  switch (delta.kind) {
    case 'message_new':
      conversationOnMessage(store, delta.message);
      return;
    case 'read_receipt':
      mark(store, delta.thread_id, delta.user_id, 'last_read_seq', delta.seq);
      return;
    case 'message_delivered':
      mark(store, delta.thread_id, delta.user_id, 'last_delivered_seq', delta.seq);
      return;
    case 'thread_updated':
      conversationOnThreadUpdated(store, delta.thread);
      return;
    case 'message_deleted':
      conversationOnDeleted(store, delta.thread_id, delta.message_id);
      return;
    case 'message_reactions':
      setReactions(store, delta.message_id, delta.reactions);
      return;
    case 'message_edited':
      editMessageRecord(store, delta.message_id, delta.text, delta.edited_at);
      return;
    case 'message_unsent':
      unsendMessageRecord(store, delta.message_id);
      quoteUnavailable(store, HISTORY_CONNECTION, delta.thread_id, delta.message_id);
      return;
    case 'message_hidden':
      hideMessageRecord(store, delta.message_id);
      quoteUnavailable(store, HISTORY_CONNECTION, delta.thread_id, delta.message_id);
      return;
    case 'thread_removed':
    case 'call_updated':
    case 'graph_changed':
      return;
  }
}

/** The conversation's part of the sync log, registered with sync by the app. */
export const conversationDeltaReducer: DeltaReducer = {
  onMessage: (store, message) => {
    conversationOnMessage(store, message);
    return NO_EFFECT;
  },
  onDelta: (store, delta) => {
    reduceConversation(store, delta);
    return NO_EFFECT;
  },
};
