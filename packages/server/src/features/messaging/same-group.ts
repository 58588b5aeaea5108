import { createGroupInputSchema, type WireThread } from '@messenger/core';
import type { AppContext } from '../../context';
import type { Viewer } from '../accounts/viewer';
import { withSyncTables } from '../../storage/tables/sync';
import { parseInput } from './input';
import { getParticipants, getThread } from './repo';
import { threadSnapshot } from './snapshot';

const sameGroupInput = createGroupInputSchema.pick({ participant_ids: true });

/**
 * The viewer's most recently active group with exactly these other people,
 * or null. Creating a "new group" of the same people is offered this one
 * first (issue 31: a second thread appeared without a word).
 */
export async function groupWithSamePeople(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread | null> {
  const input = parseInput(sameGroupInput, raw);
  const wanted = new Set([viewer.id, ...input.participant_ids]);
  return ctx.db.read(async (db) => {
    const k = withSyncTables(db);
    const candidates = await k
      .selectFrom('thread_participants as mine')
      .innerJoin('threads', 'threads.id', 'mine.thread_id')
      .select('mine.thread_id')
      .where('mine.participant_id', '=', viewer.id)
      .where('threads.kind', '=', 'group')
      .orderBy('threads.last_activity_at', 'desc')
      .execute();
    for (const { thread_id: threadId } of candidates) {
      const participants = await getParticipants(k, threadId);
      if (participants.length !== wanted.size) continue;
      if (!participants.every((p) => wanted.has(p.participant_id))) continue;
      const thread = await getThread(k, threadId);
      if (thread !== undefined) return threadSnapshot(k, thread, participants, viewer.id);
    }
    return null;
  });
}
