import {
  MESSAGING_LIMITS,
  createGroupInputSchema,
  flattenName,
  groupNameSchema,
  imageSrcSchema,
  nicknameSchema,
  type WireThread,
} from '@messenger/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { commitWithDeltas } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { viewingsAs, viewingsOf } from './audience';
import { landingFolders } from './folders';
import { newThreadId } from './ids';
import { parseInput } from './input';
import { blocked } from './send-service';
import { getParticipants, getThread, type K } from './repo';
import { blocksAmong, findPeople } from './relations-repo';
import { addThreadUpdates, threadSnapshot } from './snapshot';
import { stillIn, threadAction, type ThreadScope } from './thread-action';

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

/**
 * Checks people about to join a group: they exist, are not memorialized, and
 * neither block nor are blocked by the one adding them. Fields name the index.
 */
async function checkNewMembers(
  k: K,
  adderId: string,
  ids: readonly string[],
  given: readonly string[],
): Promise<void> {
  const people = await findPeople(k, ids);
  const { blockedBy, blocking } = await blocksAmong(k, adderId, ids);
  for (const personId of ids) {
    const field = `participant_ids[${given.indexOf(personId)}]`;
    const person = people.get(personId);
    if (person === undefined) throw badRequest(field, `${field}: there is no such person.`);
    if (person.memorialized) throw badRequest(field, `${field}: this account is memorialized.`);
    if (blockedBy.has(personId) || blocking.has(personId)) {
      throw blocked(field, `${field}: you cannot add a person you blocked or who blocked you.`);
    }
  }
}

/** Creates a group with its creator and at least two others; returns it as the creator sees it. */
export async function createGroup(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(createGroupInputSchema, raw);
  const others = [...new Set(input.participant_ids)].filter((p) => p !== viewer.id);
  if (others.length < MESSAGING_LIMITS.groupOthersMin) {
    throw badRequest(
      'participant_ids',
      'participant_ids: a group needs at least two other people.',
    );
  }
  return commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    await checkNewMembers(k, viewer.id, others, input.participant_ids);
    const now = ctx.clock.now();
    const threadId = newThreadId(now);
    const name = input.name ?? null;
    await k
      .insertInto('threads')
      .values({
        id: threadId,
        kind: 'group',
        name,
        name_flat: name === null ? null : flattenName(name),
        image_src: input.image_src ?? null,
        privacy_mode: 1,
        created_at: now,
        last_activity_at: now,
        last_message_seq: 0,
      })
      .execute();
    const folders = await landingFolders(k, viewer.id, others);
    await k
      .insertInto('thread_participants')
      .values(
        [viewer.id, ...others].map((personId) => ({
          thread_id: threadId,
          participant_id: personId,
          participant_kind: 'person' as const,
          folder: personId === viewer.id ? 'INBOX' : (folders.get(personId) ?? 'PENDING'),
          nickname: null,
          last_read_seq: 0,
          hidden: 0,
          joined_at: now,
        })),
      )
      .execute();
    const thread = await getThread(k, threadId);
    if (thread === undefined) throw new Error('group vanished');
    const participants = await getParticipants(k, threadId);
    await addThreadUpdates(k, sink, thread, participants, await viewingsOf(k, participants));
    return threadSnapshot(k, thread, participants, viewer.id);
  });
}

const onlyGroups = (scope: ThreadScope): void => {
  if (scope.thread.kind !== 'group') {
    throw badRequest('thread_id', 'thread_id: only group conversations can do this.');
  }
  if (scope.actor.kind !== 'person') {
    throw new AppError('forbidden', 'A page cannot manage a group.', 'thread_id');
  }
};

const addInput = z.object({
  thread_id: id,
  participant_ids: z.array(id).min(1).max(MESSAGING_LIMITS.groupParticipantsMax),
});

/** Adds people; they see the history, none of it unread. */
export async function addParticipants(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(addInput, raw);
  const thread = await threadAction(ctx, viewer, input.thread_id, async (scope) => {
    onlyGroups(scope);
    const present = new Set(scope.participants.map((p) => p.participant_id));
    const fresh = [...new Set(input.participant_ids)].filter((p) => !present.has(p));
    if (fresh.length === 0) return { changed: false };
    if (present.size + fresh.length > MESSAGING_LIMITS.groupParticipantsMax) {
      throw badRequest(
        'participant_ids',
        `participant_ids: a group has at most ${MESSAGING_LIMITS.groupParticipantsMax} people.`,
      );
    }
    await checkNewMembers(scope.k, viewer.id, fresh, input.participant_ids);
    const folders = await landingFolders(scope.k, viewer.id, fresh);
    await scope.k
      .insertInto('thread_participants')
      .values(
        fresh.map((personId) => ({
          thread_id: scope.thread.id,
          participant_id: personId,
          participant_kind: 'person' as const,
          folder: folders.get(personId) ?? 'PENDING',
          nickname: null,
          last_read_seq: scope.thread.last_message_seq,
          last_delivered_seq: scope.thread.last_message_seq,
          hidden: 0,
          joined_at: scope.now,
        })),
      )
      .execute();
    return { changed: true };
  });
  return stillIn(thread);
}

const removeInput = z.object({ thread_id: id, participant_id: id });

/** Removes someone (any member may), or leaves when it is oneself. */
export async function removeParticipant(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread | null> {
  const input = parseInput(removeInput, raw);
  const leaving = input.participant_id === viewer.id;
  const result = await threadAction(ctx, viewer, input.thread_id, async (scope) => {
    onlyGroups(scope);
    if (!scope.participants.some((p) => p.participant_id === input.participant_id)) {
      throw badRequest('participant_id', 'participant_id: not in this conversation.');
    }
    // Their devices learn first, while they can still be found among the participants.
    for (const viewing of await viewingsAs(scope.k, scope.participants, input.participant_id)) {
      scope.sink.add({
        userId: viewing.userId,
        delta: {
          kind: 'thread_removed',
          thread_id: scope.thread.id,
          reason: leaving ? 'left' : 'removed',
        },
      });
    }
    await scope.k
      .deleteFrom('thread_participants')
      .where('thread_id', '=', scope.thread.id)
      .where('participant_id', '=', input.participant_id)
      .execute();
    return { changed: true };
  });
  return leaving ? null : result;
}

const renameInput = z.object({ thread_id: id, name: groupNameSchema });

export async function renameThread(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(renameInput, raw);
  const thread = await threadAction(ctx, viewer, input.thread_id, async (scope) => {
    onlyGroups(scope);
    if (scope.thread.name === input.name) return { changed: false };
    await scope.k
      .updateTable('threads')
      .set({ name: input.name, name_flat: input.name === null ? null : flattenName(input.name) })
      .where('id', '=', scope.thread.id)
      .execute();
    return { changed: true };
  });
  return stillIn(thread);
}

const imageInput = z.object({ thread_id: id, image_src: imageSrcSchema });

export async function setThreadImage(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(imageInput, raw);
  const thread = await threadAction(ctx, viewer, input.thread_id, async (scope) => {
    onlyGroups(scope);
    if (scope.thread.image_src === input.image_src) return { changed: false };
    await scope.k
      .updateTable('threads')
      .set({ image_src: input.image_src })
      .where('id', '=', scope.thread.id)
      .execute();
    return { changed: true };
  });
  return stillIn(thread);
}

const nicknameInput = z.object({ thread_id: id, participant_id: id, nickname: nicknameSchema });

/** A custom nickname for a participant, seen by everyone in the thread (one-to-one or group). */
export async function setNickname(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(nicknameInput, raw);
  const thread = await threadAction(ctx, viewer, input.thread_id, async (scope) => {
    const target = scope.participants.find((p) => p.participant_id === input.participant_id);
    if (target === undefined) {
      throw badRequest('participant_id', 'participant_id: not in this conversation.');
    }
    if (target.nickname === input.nickname) return { changed: false };
    await scope.k
      .updateTable('thread_participants')
      .set({ nickname: input.nickname })
      .where('thread_id', '=', scope.thread.id)
      .where('participant_id', '=', input.participant_id)
      .execute();
    return { changed: true };
  });
  return stillIn(thread);
}
