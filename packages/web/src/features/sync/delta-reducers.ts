import type { Delta, WireMessage } from '@messenger/core';
import type { RecordSourceProxy } from 'relay-runtime';
import {
  linked,
  linkedList,
  threadRecord,
  threadStateRecord,
  valueOf,
  type DeltaContext,
} from './records';

/** What a reducer asks of the sync client after applying a delta. */
export interface DeltaEffect {
  /** The store lacks what the delta is about (a new thread): refetch the lists. */
  refetch: boolean;
}

export const NO_EFFECT: DeltaEffect = { refetch: false };

/** A message_new together with whether it is newer than anything the store holds. */
export interface MessageNewContext extends DeltaContext {
  fresh: boolean;
  /** Who the viewer acts as in the thread (themselves, or a page they administer). */
  viewerParticipantId: string;
}

/**
 * One feature's part of the sync log: the features register theirs (the
 * app's composition root lists them), so sync imports none of them. Each is
 * idempotent: a replayed delta changes nothing twice.
 */
export interface DeltaReducer {
  /** A new message, with its freshness decided before any reducer applies it. */
  onMessage?: (
    store: RecordSourceProxy,
    message: WireMessage,
    ctx: MessageNewContext,
  ) => DeltaEffect;
  /** Any other delta. */
  onDelta?: (store: RecordSourceProxy, delta: Delta, ctx: DeltaContext) => DeltaEffect;
}

/** The registered reducers, applied in order to each delta. */
export interface DeltaReducers {
  /** Applies one durable delta of the sync log to the Relay store. */
  applyDelta: (store: RecordSourceProxy, delta: Delta, ctx: DeltaContext) => DeltaEffect;
  /** A new message, from the sync socket or the sender's own mutation response. */
  applyMessageNew: (
    store: RecordSourceProxy,
    message: WireMessage,
    ctx: DeltaContext,
  ) => DeltaEffect;
}

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

export function createDeltaReducers(reducers: readonly DeltaReducer[]): DeltaReducers {
  const applyMessageNew = (
    store: RecordSourceProxy,
    message: WireMessage,
    ctx: DeltaContext,
  ): DeltaEffect => {
    // Every feature sees the message with the same freshness, decided before any applies it.
    const fresh = message.seq_in_thread > heldSeq(store, message.thread_id);
    const viewerParticipantId = viewerParticipant(store, message.thread_id, ctx.viewerId);
    const messageCtx = { ...ctx, fresh, viewerParticipantId };
    let refetch = false;
    for (const reducer of reducers) {
      const effect = reducer.onMessage?.(store, message, messageCtx);
      if (effect?.refetch === true) refetch = true;
    }
    return { refetch };
  };
  return {
    applyMessageNew,
    applyDelta: (store, delta, ctx) => {
      if (delta.kind === 'message_new') return applyMessageNew(store, delta.message, ctx);
      let refetch = false;
      for (const reducer of reducers) {
        const effect = reducer.onDelta?.(store, delta, ctx);
        if (effect?.refetch === true) refetch = true;
      }
      return { refetch };
    },
  };
}
