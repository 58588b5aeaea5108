import type { MessageSearchTuning } from '../../storage/search-index';
import { storesOf } from '../../storage/stores';
import type { MessageHitModel } from '../social-graph/models';
import type { ViewerScope } from '../social-graph/scope';
import { loadThreadParticipants, titleOf } from '../social-graph/thread-participants';
import { allViewerThreads } from '../social-graph/threads-repo';
import type { SearchQuery } from './query';

export type { MessageSearchTuning } from '../../storage/search-index';
/** The in-memory twin of SQLite's FTS5 match (its short-history plan). */
export { textMatches } from '../../storage/sqlite/search-index';

/** Longest snippet returned; the typeahead shows one line. */
export const SNIPPET_MAX = 200;

/** The plans' thresholds (storage/search-index.ts, MessageSearchTuning). */
export const MESSAGE_SEARCH_TUNING: MessageSearchTuning = {
  viewerScanMax: 3_000,
  ftsWindow: 2_000,
};

/**
 * Messages of the viewer's threads that contain every query word (as a word
 * prefix), newest stored first. FTS5 on SQLite, tsvector on PostgreSQL.
 */
export async function searchMessages(
  scope: ViewerScope,
  query: SearchQuery,
  limit: number,
  tuning: MessageSearchTuning = MESSAGE_SEARCH_TUNING,
): Promise<MessageHitModel[]> {
  // A blank query has no words either: message search always needs one.
  if (query.kind !== 'words') return [];
  const viewerId = scope.viewer.id;
  const threads = await allViewerThreads(scope.db, viewerId);
  if (threads.length === 0) return [];
  const search = storesOf(scope.db).search;
  const hits = await scope.db.read((k) =>
    search.messageHits(k, {
      viewerId,
      threads,
      words: query.words,
      rawWords: query.rawWords,
      limit,
      tuning,
    }),
  );
  if (hits.length === 0) return [];
  const threadById = new Map(threads.map((t) => [t.id, t]));
  const participants = await loadThreadParticipants(
    scope,
    hits.map((h) => h.thread_id),
  );
  return hits.flatMap((hit) => {
    const thread = threadById.get(hit.thread_id);
    if (thread === undefined) return [];
    const people = participants.filter((p) => p.threadId === hit.thread_id);
    return [
      {
        kind: 'message' as const,
        threadId: hit.thread_id,
        messageId: hit.id,
        threadName: titleOf(thread, people, viewerId),
        threadImage: thread.image_src,
        snippet: Array.from(hit.text).slice(0, SNIPPET_MAX).join(''),
        senderId: hit.sender_id,
        createdAt: hit.created_at,
      },
    ];
  });
}
