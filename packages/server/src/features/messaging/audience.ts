import type { Viewer } from '../accounts/viewer';
import { notFound, AppError } from '../../errors';
import { type K, type ParticipantRecord } from './repo';
import { pageAdmins } from './relations-repo';

/**
 * Who sees a thread: each participant that is a person sees it as
 * themselves; a page participant is seen by each of its admins, as the page
 * (they read and answer it for the page). An admin who is also a participant
 * sees it only as themselves.
 */
export interface Viewing {
  userId: string;
  /** The participant id the user acts as in this thread. */
  as: string;
}

export async function viewingsOf(
  k: K,
  participants: readonly ParticipantRecord[],
  options: { includeHidden?: boolean } = {},
): Promise<Viewing[]> {
  const visible = participants.filter((p) => options.includeHidden === true || p.hidden === 0);
  const people = new Set(
    participants.filter((p) => p.participant_kind === 'person').map((p) => p.participant_id),
  );
  const pages = visible.filter((p) => p.participant_kind === 'page').map((p) => p.participant_id);
  const admins = await pageAdmins(k, pages);
  const out: Viewing[] = [];
  for (const p of visible) {
    if (p.participant_kind === 'person') {
      out.push({ userId: p.participant_id, as: p.participant_id });
      continue;
    }
    for (const admin of admins.get(p.participant_id) ?? []) {
      if (!people.has(admin)) out.push({ userId: admin, as: p.participant_id });
    }
  }
  return out;
}

/** The viewings of one participant (a person: themselves; a page: its admins). */
export async function viewingsAs(
  k: K,
  participants: readonly ParticipantRecord[],
  participantId: string,
): Promise<Viewing[]> {
  const all = await viewingsOf(k, participants, { includeHidden: true });
  return all.filter((v) => v.as === participantId);
}

export interface Actor {
  /** The participant the viewer acts as. */
  id: string;
  kind: 'person' | 'page';
  row: ParticipantRecord;
}

/** How the viewer takes part in the thread, or null when they do not. */
export async function actorIn(
  k: K,
  participants: readonly ParticipantRecord[],
  viewerId: string,
): Promise<Actor | null> {
  const own = participants.find((p) => p.participant_id === viewerId);
  if (own !== undefined) return { id: viewerId, kind: 'person', row: own };
  const pages = participants.filter((p) => p.participant_kind === 'page');
  if (pages.length === 0) return null;
  const admins = await pageAdmins(
    k,
    pages.map((p) => p.participant_id),
  );
  const page = pages.find((p) => admins.get(p.participant_id)?.includes(viewerId) === true);
  return page === undefined ? null : { id: page.participant_id, kind: 'page', row: page };
}

export const notParticipant = (): AppError =>
  new AppError('forbidden', 'You are not in this conversation.', 'thread_id');

export const unknownThread = (): AppError => {
  const error = notFound('There is no such conversation.');
  return error.withField('thread_id');
};

/** The viewer's actor in the thread, or the errors a caller gets for a thread that is not theirs. */
export async function requireActor(
  k: K,
  participants: readonly ParticipantRecord[],
  viewer: Viewer,
): Promise<Actor> {
  const actor = await actorIn(k, participants, viewer.id);
  if (actor === null) throw notParticipant();
  return actor;
}

/**
 * The viewer acting as the page `pageId` in this thread (a send from the page
 * inbox names its page): only one of the page's admins, and only in one of
 * the page's threads. Each refusal has its own code, so a client can tell a
 * lost admin role from a wrong thread.
 */
export async function requirePageActor(
  k: K,
  participants: readonly ParticipantRecord[],
  viewer: Viewer,
  pageId: string,
): Promise<Actor> {
  const admins = await pageAdmins(k, [pageId]);
  if (admins.get(pageId)?.includes(viewer.id) !== true) {
    throw new AppError(
      'not_page_admin',
      'Only the admins of a page answer as the page.',
      'as_page_id',
    );
  }
  const page = participants.find(
    (p) => p.participant_id === pageId && p.participant_kind === 'page',
  );
  if (page === undefined) {
    throw new AppError(
      'not_page_thread',
      "This conversation is not one of the page's.",
      'thread_id',
    );
  }
  return { id: pageId, kind: 'page', row: page };
}
