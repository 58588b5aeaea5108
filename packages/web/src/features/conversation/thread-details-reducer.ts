import type { Delta, WireThread } from '@messenger/core';
import type { RecordSourceProxy } from 'relay-runtime';
import { linkedList, threadRecord, valueOf } from '../sync/records';
import { NO_EFFECT, type DeltaEffect, type DeltaReducer } from '../sync/delta-reducers';

/** The participant ids a thread record's participants_to_render holds, or null when not loaded. */
function heldParticipantIds(store: RecordSourceProxy, threadId: string): string[] | null {
  const thread = threadRecord(store, threadId);
  if (thread === null) return null;
  // An unloaded list reads as undefined (the types say otherwise); a loaded one is an array.
  const loaded = thread.getLinkedRecords('participants_to_render') as unknown;
  if (!Array.isArray(loaded)) return null;
  const ids: string[] = [];
  for (const p of linkedList(thread, 'participants_to_render')) {
    const id = p === null ? null : valueOf(p, 'id');
    if (typeof id === 'string') ids.push(id);
  }
  return ids;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * The header's part of a thread_updated: a group renamed shows at once (the
 * thread list reducer writes group_name on the same record); people added or
 * removed need their names, which the delta does not carry, so the open
 * screens read them again.
 */
function threadDetailsOnUpdated(store: RecordSourceProxy, wire: WireThread): DeltaEffect {
  threadRecord(store, wire.thread_id)?.setValue(wire.name, 'group_name');
  const held = heldParticipantIds(store, wire.thread_id);
  if (held === null) return NO_EFFECT;
  const changed = !sameSet(
    held,
    wire.participants.map((p) => p.id),
  );
  return changed ? { refetch: true } : NO_EFFECT;
}

/** The thread header's reducer (title, facepile, participant text). */
export function reduceThreadDetails(store: RecordSourceProxy, delta: Delta): DeltaEffect {
  switch (delta.kind) {
    case 'thread_updated':
      return threadDetailsOnUpdated(store, delta.thread);
    case 'message_new':
    case 'message_deleted':
    case 'message_reactions':
    case 'message_edited':
    case 'message_unsent':
    case 'message_hidden':
    case 'read_receipt':
    case 'message_delivered':
    case 'thread_removed':
    case 'call_updated':
    case 'graph_changed':
      return NO_EFFECT;
  }
}

/** The thread header's part of the sync log, registered with sync by the app. */
export const threadDetailsDeltaReducer: DeltaReducer = { onDelta: reduceThreadDetails };
