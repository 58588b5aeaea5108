import { muteChoiceSchema, mutedUntilFor, type WireThread } from '@messenger/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { requireActor, unknownThread, viewingsAs, type Actor } from '../messaging/audience';
import { parseInput } from '../messaging/input';
import { getParticipants, getThread, type K, type ThreadRecord } from '../messaging/repo';
import { addThreadUpdates, threadSnapshot } from '../messaging/snapshot';
import { commitWithDeltas, type DeltaSink } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { deletedForViewer, viewerFolder } from '../../storage/viewer-folder';
import { readSettings, writeSettings } from '../../storage/conversation-settings';
import type { Settings } from '../../storage/tables/conversation-settings';

/*
 * A viewer's own settings of a conversation (issue 33, item 8): mute,
 * archive, mark unread, delete for oneself. Each changes only what the
 * viewer (or the page they answer for) sees, so only their own devices get
 * a delta; a request that changes nothing writes and sends nothing.
 */

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

interface OwnScope {
  k: K;
  thread: ThreadRecord;
  actor: Actor;
  settings: Settings;
  now: number;
}

type Outcome = { changed: false } | { changed: true; removed?: boolean };

async function ownAction(
  ctx: AppContext,
  viewer: Viewer,
  threadId: string,
  change: (scope: OwnScope) => Promise<Outcome>,
  sinkRemoved?: (sink: DeltaSink, userIds: string[]) => void,
): Promise<WireThread> {
  return commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const thread = await getThread(k, threadId);
    if (thread === undefined) throw unknownThread();
    const participants = await getParticipants(k, threadId);
    const actor = await requireActor(k, participants, viewer);
    const settings = await readSettings(k, thread.id, actor.id);
    const outcome = await change({ k, thread, actor, settings, now: ctx.clock.now() });
    const after = outcome.changed ? await getParticipants(k, threadId) : participants;
    if (outcome.changed) {
      const own = await viewingsAs(k, after, actor.id);
      if (outcome.removed === true && sinkRemoved !== undefined) {
        sinkRemoved(
          sink,
          own.map((v) => v.userId),
        );
      } else {
        await addThreadUpdates(k, sink, thread, after, own);
      }
    }
    return threadSnapshot(k, thread, after, actor.id);
  });
}

const muteInput = z.object({ thread_id: id, mute: muteChoiceSchema.nullable() });

/** Mutes for 1, 8 or 24 hours or until unmuted (`mute: null` unmutes). */
export async function setMute(ctx: AppContext, viewer: Viewer, raw: unknown): Promise<WireThread> {
  const input = parseInput(muteInput, raw);
  return ownAction(ctx, viewer, input.thread_id, async (scope) => {
    const until = input.mute === null ? null : mutedUntilFor(input.mute, scope.now);
    if (until === scope.settings.muted_until) return { changed: false };
    await writeSettings(scope.k, scope.thread.id, scope.actor.id, { muted_until: until });
    return { changed: true };
  });
}

const archiveInput = z.object({ thread_id: id, archived: z.boolean() });

/** Archives (out of the inbox, into the Archived view) or unarchives. */
export async function setArchived(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(archiveInput, raw);
  return ownAction(ctx, viewer, input.thread_id, async ({ k, thread, actor, settings }) => {
    if (actor.row.folder === 'PENDING') {
      throw badRequest('thread_id', 'thread_id: a message request cannot be archived.');
    }
    const folder = viewerFolder(actor.row.folder, thread.kind, thread.last_message_seq, settings);
    if ((folder === 'ARCHIVED') === input.archived) return { changed: false };
    await writeSettings(k, thread.id, actor.id, {
      archived_seq: input.archived ? thread.last_message_seq : null,
    });
    return { changed: true };
  });
}

const threadInput = z.object({ thread_id: id });

/**
 * Mark as unread: the read mark goes back to just before the newest message
 * someone else wrote, so the row is bold and counted again. The others are
 * not told (their "seen" stays as it was shown).
 */
export async function markUnread(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(threadInput, raw);
  return ownAction(ctx, viewer, input.thread_id, async ({ k, thread, actor }) => {
    const newest = await k
      .selectFrom('messages')
      .select('seq_in_thread')
      .where('thread_id', '=', thread.id)
      .where('sender_id', '<>', actor.id)
      .orderBy('seq_in_thread', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest === undefined) {
      throw badRequest('thread_id', 'thread_id: there is no message from anyone else to mark.');
    }
    const mark = newest.seq_in_thread - 1;
    if (actor.row.last_read_seq <= mark) return { changed: false };
    await k
      .updateTable('thread_participants')
      .set({ last_read_seq: mark })
      .where('thread_id', '=', thread.id)
      .where('participant_id', '=', actor.id)
      .execute();
    return { changed: true };
  });
}

/**
 * Deletes the conversation for the viewer only: it leaves their lists and
 * its history up to now stays hidden from them, even when a new message
 * brings the conversation back. The others keep everything.
 */
export async function deleteForViewer(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<void> {
  const input = parseInput(threadInput, raw);
  await ownAction(
    ctx,
    viewer,
    input.thread_id,
    async ({ k, thread, actor, settings }) => {
      if (deletedForViewer(thread.last_message_seq, settings)) return { changed: false };
      const upTo = thread.last_message_seq;
      await writeSettings(k, thread.id, actor.id, { cleared_seq: upTo, archived_seq: null });
      await k
        .updateTable('thread_participants')
        .set({ last_read_seq: upTo, last_delivered_seq: upTo })
        .where('thread_id', '=', thread.id)
        .where('participant_id', '=', actor.id)
        .where('last_read_seq', '<', upTo)
        .execute();
      return { changed: true, removed: true };
    },
    (sink, userIds) => {
      for (const userId of userIds) {
        sink.add({
          userId,
          delta: { kind: 'thread_removed', thread_id: input.thread_id, reason: 'deleted' },
        });
      }
    },
  );
}
