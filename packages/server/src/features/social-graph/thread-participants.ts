import { threadTitle } from '@messenger/core';
import { pageModel, personModel, type PageModel, type PersonModel, type ThreadRow } from './models';
import { pagesByIds } from './pages-repo';
import { peopleByIds } from './people-repo';
import type { ViewerScope } from './scope';
import { participantsOfThreads } from './threads-repo';

/** One participant of one thread, as a node (person or page) plus the thread's nickname for them. */
export interface ThreadParticipant {
  threadId: string;
  nickname: string | null;
  node: PersonModel | PageModel;
}

export function participantName(p: ThreadParticipant): string {
  return p.node.row.name;
}

export function participantShortName(p: ThreadParticipant): string {
  return p.node.kind === 'person' ? p.node.row.short_name : p.node.row.name;
}

/** Participants of several threads (a participant whose record is gone is left out). */
export async function loadThreadParticipants(
  scope: ViewerScope,
  threadIds: readonly string[],
): Promise<ThreadParticipant[]> {
  const rows = await participantsOfThreads(scope.db, threadIds);
  const personIds = rows
    .filter((r) => r.participant_kind === 'person')
    .map((r) => r.participant_id);
  const pageIds = rows.filter((r) => r.participant_kind === 'page').map((r) => r.participant_id);
  const [circle, people, pages] = await Promise.all([
    scope.circle(),
    peopleByIds(scope.db, personIds),
    pagesByIds(scope.db, pageIds),
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const pageById = new Map(pages.map((p) => [p.id, p]));
  const out: ThreadParticipant[] = [];
  for (const row of rows) {
    const person =
      row.participant_kind === 'person' ? personById.get(row.participant_id) : undefined;
    const page = row.participant_kind === 'page' ? pageById.get(row.participant_id) : undefined;
    const node = person ? personModel(circle, person) : page ? pageModel(page) : null;
    if (node !== null) out.push({ threadId: row.thread_id, nickname: row.nickname, node });
  }
  return out;
}

/** The thread's custom_nickname map: participant id → nickname. */
export function nicknameMap(participants: readonly ThreadParticipant[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const p of participants) {
    if (p.nickname !== null && p.nickname.trim() !== '') map[p.node.row.id] = p.nickname;
  }
  return map;
}

/** The title the viewer sees: the group's name, else built from the others (core threadTitle). */
export function titleOf(
  thread: Pick<ThreadRow, 'name'>,
  participants: readonly ThreadParticipant[],
  viewerId: string,
): string {
  return threadTitle({
    name: thread.name,
    viewerId,
    customNicknames: nicknameMap(participants),
    participants: participants.map((p) => ({
      id: p.node.row.id,
      name: participantName(p),
      shortName: participantShortName(p),
    })),
  });
}

/** Names of the participants other than the viewer (an unnamed group's search tokens). */
export function otherNames(participants: readonly ThreadParticipant[], viewerId: string): string[] {
  return participants.filter((p) => p.node.row.id !== viewerId).map(participantName);
}
