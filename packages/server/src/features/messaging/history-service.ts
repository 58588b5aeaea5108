import { MESSAGING_LIMITS, type WireMessage, type WireThread } from '@messenger/core';
import type { AppContext } from '../../context';
import type { Viewer } from '../accounts/viewer';
import { readSettings } from '../../storage/conversation-settings';
import { withSyncTables } from '../../storage/tables/sync';
import { requireActor, unknownThread } from './audience';
import {
  getParticipants,
  getThread,
  messagePage,
  toWireMessage,
  type ParticipantRecord,
} from './repo';
import { threadSnapshot } from './snapshot';

export interface HistoryPage {
  messages: WireMessage[];
  /** More messages before the first one returned (older). */
  hasOlder: boolean;
  /** More messages after the last one returned (newer). */
  hasNewer: boolean;
}

export interface HistoryRange {
  /** Messages with seq_in_thread below this, newest of them (a page back in time). */
  before?: number;
  /** Messages with seq_in_thread above this, oldest of them (a page forward). */
  after?: number;
  limit?: number;
}

/**
 * One page of a thread's history by seq_in_thread, oldest first within the
 * page. Without a range: the newest page. Only participants (and the admins
 * of a page participant) may read it.
 */
export async function historyPage(
  ctx: AppContext,
  viewer: Viewer,
  threadId: string,
  range: HistoryRange = {},
): Promise<HistoryPage> {
  const limit = Math.min(range.limit ?? MESSAGING_LIMITS.historyPage, MESSAGING_LIMITS.historyPage);
  return ctx.db.read(async (db) => {
    const k = withSyncTables(db);
    const thread = await getThread(k, threadId);
    if (thread === undefined) throw unknownThread();
    const actor = await requireActor(k, await getParticipants(k, threadId), viewer);
    // What the viewer deleted for themselves (delete conversation) stays out of their history.
    const { cleared_seq: cleared } = await readSettings(k, threadId, actor.id);
    const rows = (await messagePage(k, threadId, range, limit + 1)).filter(
      (row) => row.seq_in_thread > cleared,
    );
    const forward = range.after !== undefined;
    const extra = rows.length > limit;
    const page = extra ? (forward ? rows.slice(0, limit) : rows.slice(1)) : rows;
    const first = page[0]?.seq_in_thread;
    const last = page[page.length - 1]?.seq_in_thread;
    return {
      messages: page.map(toWireMessage),
      hasOlder: forward ? first !== undefined && first > cleared + 1 : extra,
      hasNewer: forward ? extra : last !== undefined && last < thread.last_message_seq,
    };
  });
}

/** The thread as the viewer sees it (as themselves or as the page they answer for). */
export async function threadForViewer(
  ctx: AppContext,
  viewer: Viewer,
  threadId: string,
): Promise<WireThread> {
  return ctx.db.read(async (db) => {
    const k = withSyncTables(db);
    const thread = await getThread(k, threadId);
    if (thread === undefined) throw unknownThread();
    const participants = await getParticipants(k, threadId);
    const actor = await requireActor(k, participants, viewer);
    return threadSnapshot(k, thread, participants, actor.id);
  });
}

export type DeliveryState = 'sent' | 'delivered' | 'seen';

/**
 * A message's state for each other participant: seen when they read up to
 * it, delivered when a device of theirs acked it, else sent. A reader still
 * holding the thread as a message request shows at most delivered.
 */
export function deliveryStates(
  message: Pick<WireMessage, 'sender_id' | 'seq_in_thread'>,
  participants: readonly Pick<
    ParticipantRecord,
    'participant_id' | 'last_read_seq' | 'last_delivered_seq' | 'folder'
  >[],
): { participant_id: string; state: DeliveryState }[] {
  return participants
    .filter((p) => p.participant_id !== message.sender_id)
    .map((p) => {
      const seen = p.folder !== 'PENDING' && p.last_read_seq >= message.seq_in_thread;
      const delivered = Math.max(p.last_delivered_seq, p.last_read_seq) >= message.seq_in_thread;
      return {
        participant_id: p.participant_id,
        state: seen ? 'seen' : delivered ? 'delivered' : 'sent',
      };
    });
}

/** The overall state the sender sees: the least advanced among the others. */
export function overallState(states: readonly { state: DeliveryState }[]): DeliveryState {
  if (states.length === 0) return 'sent';
  if (states.every((s) => s.state === 'seen')) return 'seen';
  if (states.every((s) => s.state !== 'sent')) return 'delivered';
  return 'sent';
}
