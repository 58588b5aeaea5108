import { threadForViewer } from '../social-graph/threads-repo';
import {
  pageModel,
  personModel,
  type PageModel,
  type PersonModel,
  type ThreadRow,
} from '../social-graph/models';
import { pagesByIds } from '../social-graph/pages-repo';
import { peopleByIds } from '../social-graph/people-repo';
import type { ViewerScope } from '../social-graph/scope';
import { withSyncTables } from '../../storage/tables/sync';
import { findOneToOne } from './repo';
import { blocksAmong, findParty } from './relations-repo';

/** Why the viewer may not write to someone (send_message would refuse it the same way). */
export type DirectRestriction = 'self' | 'not_found' | 'memorialized' | 'blocked' | 'blocking';

/** The one-to-one conversation of the viewer with one person or page (the `/t/{userId}` permalink). */
export interface DirectLookup {
  userId: string;
  /** The existing one-to-one thread the viewer sees, or null: the first message creates it. */
  thread: ThreadRow | null;
  /** Whom the permalink names; null when there is no such person or page. */
  recipient: PersonModel | PageModel | null;
  /** Null when the viewer may write to them. */
  restriction: DirectRestriction | null;
}

/**
 * Resolves a user-id permalink with the same rules as a send_message by
 * recipient_id (directTarget, checkBlocks in send-service), so the client
 * can tell "write the first message" from "you cannot write here" before
 * anyone types.
 */
export async function directThread(scope: ViewerScope, userId: string): Promise<DirectLookup> {
  const viewerId = scope.viewer.id;
  const found = await scope.db.read(async (raw) => {
    const k = withSyncTables(raw);
    const party = await findParty(k, userId);
    if (party === undefined) return { party, threadId: undefined, blocks: null };
    const threadId = userId === viewerId ? undefined : await findOneToOne(k, viewerId, userId);
    const blocks = party.kind === 'person' ? await blocksAmong(k, viewerId, [userId]) : null;
    return { party, threadId, blocks };
  });
  const { party, threadId, blocks } = found;
  if (party === undefined)
    return { userId, thread: null, recipient: null, restriction: 'not_found' };

  let recipient: PersonModel | PageModel | null = null;
  if (party.kind === 'person') {
    const [row] = await peopleByIds(scope.db, [userId]);
    if (row !== undefined) recipient = personModel(await scope.circle(), row);
  } else {
    const [row] = await pagesByIds(scope.db, [userId]);
    if (row !== undefined) recipient = pageModel(row);
  }

  let restriction: DirectRestriction | null = null;
  if (userId === viewerId) restriction = 'self';
  else if (party.memorialized) restriction = 'memorialized';
  else if (blocks?.blockedBy.has(userId) === true) restriction = 'blocked';
  else if (blocks?.blocking.has(userId) === true) restriction = 'blocking';

  // A thread the viewer hid (an ignored request) reads as none: writing again brings it back.
  const thread =
    threadId === undefined ? null : ((await threadForViewer(scope.db, viewerId, threadId)) ?? null);
  return { userId, thread, recipient, restriction };
}
