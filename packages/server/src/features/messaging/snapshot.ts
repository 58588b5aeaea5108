import type { Delta, WireThread } from '@messenger/core';
import { viewerFolder } from '../../storage/viewer-folder';
import { readSettings } from '../../storage/conversation-settings';
import type { DeltaSink } from '../sync/commit';
import type { Viewing } from './audience';
import { unreadCount, type K, type ParticipantRecord, type ThreadRecord } from './repo';

/** The thread as one participant sees it (thread_updated deltas carry it whole). */
export async function threadSnapshot(
  k: K,
  thread: ThreadRecord,
  participants: readonly ParticipantRecord[],
  as: string,
): Promise<WireThread> {
  const own = participants.find((p) => p.participant_id === as);
  const lastRead = own?.last_read_seq ?? thread.last_message_seq;
  const unread =
    lastRead >= thread.last_message_seq ? 0 : await unreadCount(k, thread.id, as, lastRead);
  const nicknames: Record<string, string> = {};
  for (const p of participants) if (p.nickname !== null) nicknames[p.participant_id] = p.nickname;
  const settings = await readSettings(k, thread.id, as);
  return {
    thread_id: thread.id,
    kind: thread.kind,
    name: thread.name,
    image_src: thread.image_src,
    participants: participants.map((p) => ({
      id: p.participant_id,
      kind: p.participant_kind,
      last_read_seq: p.last_read_seq,
      last_delivered_seq: Math.max(p.last_delivered_seq, p.last_read_seq),
    })),
    custom_nickname: nicknames,
    viewer_participant_id: as,
    folder: viewerFolder(own?.folder ?? 'INBOX', thread.kind, thread.last_message_seq, settings),
    unread_count: unread,
    last_activity_at: thread.last_activity_at,
    last_message_seq: thread.last_message_seq,
    muted_until: settings.muted_until,
  };
}

/** A thread_updated delta for each viewing (one snapshot per participant seen as). */
export async function addThreadUpdates(
  k: K,
  sink: DeltaSink,
  thread: ThreadRecord,
  participants: readonly ParticipantRecord[],
  viewings: readonly Viewing[],
): Promise<void> {
  const snapshots = new Map<string, Delta>();
  for (const viewing of viewings) {
    let delta = snapshots.get(viewing.as);
    if (delta === undefined) {
      delta = {
        kind: 'thread_updated',
        thread: await threadSnapshot(k, thread, participants, viewing.as),
      };
      snapshots.set(viewing.as, delta);
    }
    sink.add({ userId: viewing.userId, delta });
  }
}
