import type { Delta, WireMessage } from '@messenger/core';
import type { RecordSourceProxy } from 'relay-runtime';
import { reduceConversation } from '../conversation/sync-reducer';
import { reduceThreadDetails } from '../conversation/thread-details-reducer';
import {
  reduceThreadList,
  threadListOnMessage,
  type DeltaEffect,
} from '../thread-list/sync-reducer';
import {
  linked,
  linkedList,
  threadRecord,
  threadStateRecord,
  valueOf,
  type DeltaContext,
} from './records';

/** The newest seq_in_thread the store holds for a thread (list preview or open conversation). */
function heldSeq(store: RecordSourceProxy, threadId: string): number {
  let held = 0;
  const state = threadStateRecord(store, threadId);
  const stateSeq = state ? valueOf(state, 'last_message_seq') : null;
  if (typeof stateSeq === 'number') held = stateSeq;
  const thread = threadRecord(store, threadId);
  const last = thread ? linked(thread, 'messages', { last: 1 }) : null;
  const edge = last ? (linkedList(last, 'edges')[0] ?? null) : null;
  const node = edge ? linked(edge, 'node') : null;
  const lastSeq = node ? valueOf(node, 'seq_in_thread') : null;
  if (typeof lastSeq === 'number' && lastSeq > held) held = lastSeq;
  return held;
}

function viewerParticipant(store: RecordSourceProxy, threadId: string, viewerId: string): string {
  const state = threadStateRecord(store, threadId);
  const own = state ? valueOf(state, 'viewer_participant_id') : null;
  if (typeof own === 'string') return own;
  // A page inbox's row knows it is read as the page before its conversation was opened.
  const thread = threadRecord(store, threadId);
  const listed = thread ? valueOf(thread, 'viewer_participant_id') : null;
  return typeof listed === 'string' ? listed : viewerId;
}

/**
 * A new message, from the sync socket or the sender's own mutation response:
 * every feature sees it with the same freshness (decided before any applies it).
 */
export function applyMessageNew(
  store: RecordSourceProxy,
  message: WireMessage,
  ctx: DeltaContext,
): DeltaEffect {
  const fresh = message.seq_in_thread > heldSeq(store, message.thread_id);
  const viewerParticipantId = viewerParticipant(store, message.thread_id, ctx.viewerId);
  const effect = threadListOnMessage(store, message, { ...ctx, fresh, viewerParticipantId });
  reduceConversation(store, { kind: 'message_new', message });
  return effect;
}

/**
 * Applies one durable delta of the sync log to the Relay store: one small
 * reducer per feature (the thread list, the conversation), each idempotent.
 */
export function applyDelta(store: RecordSourceProxy, delta: Delta, ctx: DeltaContext): DeltaEffect {
  if (delta.kind === 'message_new') return applyMessageNew(store, delta.message, ctx);
  const effect = reduceThreadList(store, delta, ctx);
  reduceConversation(store, delta);
  const details = reduceThreadDetails(store, delta);
  return { refetch: effect.refetch || details.refetch };
}
