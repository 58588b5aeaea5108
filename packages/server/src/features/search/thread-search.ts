import { threadModel, type ThreadModel, type ThreadRow } from '../social-graph/models';
import type { ViewerScope } from '../social-graph/scope';
import { loadThreadParticipants, otherNames, titleOf } from '../social-graph/thread-participants';
import { viewerGroupThreads } from '../social-graph/threads-repo';
import { matchesNothing, rankMatches, type SearchQuery } from './query';

export interface ThreadSearchOptions {
  limit: number;
  excludeIds?: ReadonlySet<string>;
  /** Rooms only: threads whose audience is open (privacy_mode 0). */
  roomsOnly?: boolean;
}

const byRecency = (a: ThreadRow, b: ThreadRow): number =>
  b.last_activity_at - a.last_activity_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Group threads the viewer takes part in, matched by their title (the group
 * name, or the participants' names for an unnamed group) and by participant
 * names, most recently active first within each triage bucket.
 */
export async function searchGroupThreads(
  scope: ViewerScope,
  query: SearchQuery,
  options: ThreadSearchOptions,
): Promise<ThreadModel[]> {
  if (matchesNothing(query)) return [];
  const all = await viewerGroupThreads(scope.db, scope.viewer.id);
  const threads = all.filter(
    (t) =>
      !(options.excludeIds?.has(t.id) ?? false) &&
      (options.roomsOnly !== true || t.privacy_mode === 0),
  );
  if (threads.length === 0) return [];
  const participants = await loadThreadParticipants(
    scope,
    threads.map((t) => t.id),
  );
  const byThread = new Map<string, typeof participants>();
  for (const p of participants) {
    const list = byThread.get(p.threadId) ?? [];
    list.push(p);
    byThread.set(p.threadId, list);
  }
  const ranked = rankMatches(
    query,
    threads,
    (t) => {
      const people = byThread.get(t.id) ?? [];
      return {
        name: titleOf(t, people, scope.viewer.id),
        tokens: otherNames(people, scope.viewer.id),
      };
    },
    byRecency,
  );
  return ranked.slice(0, options.limit).map(threadModel);
}
