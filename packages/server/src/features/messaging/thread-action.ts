import type { WireThread } from '@messenger/core';
import type { AppContext } from '../../context';
import type { Viewer } from '../accounts/viewer';
import { commitWithDeltas, type DeltaSink } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { requireActor, unknownThread, viewingsOf, type Actor } from './audience';
import {
  getParticipants,
  getThread,
  type K,
  type ParticipantRecord,
  type ThreadRecord,
} from './repo';
import { addThreadUpdates, threadSnapshot } from './snapshot';

export interface ThreadScope {
  k: K;
  thread: ThreadRecord;
  participants: ParticipantRecord[];
  actor: Actor;
  sink: DeltaSink;
  now: number;
}

/**
 * One change to a thread the viewer takes part in, in one transaction: load
 * it (unknown: 404, not theirs: 403), apply `change`, and when it changed
 * anything, send every member's devices the new thread. Returns the thread
 * as the viewer now sees it, or null when they are no longer in it.
 */
export async function threadAction(
  ctx: AppContext,
  viewer: Viewer,
  threadId: string,
  change: (scope: ThreadScope) => Promise<{ changed: boolean }>,
): Promise<WireThread | null> {
  return commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const before = await getThread(k, threadId);
    if (before === undefined) throw unknownThread();
    const participants = await getParticipants(k, threadId);
    const actor = await requireActor(k, participants, viewer);
    const { changed } = await change({
      k,
      thread: before,
      participants,
      actor,
      sink,
      now: ctx.clock.now(),
    });
    const thread = changed ? await getThread(k, threadId) : before;
    if (thread === undefined) return null;
    const after = changed ? await getParticipants(k, threadId) : participants;
    if (changed) await addThreadUpdates(k, sink, thread, after, await viewingsOf(k, after));
    if (!after.some((p) => p.participant_id === actor.id)) return null;
    return threadSnapshot(k, thread, after, actor.id);
  });
}

/** For changes that cannot take the viewer out of the thread. */
export function stillIn(thread: WireThread | null): WireThread {
  if (thread === null) throw new Error('the viewer left the thread unexpectedly');
  return thread;
}
