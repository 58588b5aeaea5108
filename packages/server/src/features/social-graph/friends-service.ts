import { forbidden, notFound } from '../../errors';
import { compareAffinity, isListable, type ViewerCircle } from './circle';
import { personModel, type PersonModel } from './models';
import { contactsOf, coworkersOf, friendsOf, peopleByIds, type PersonRow } from './people-repo';
import type { ViewerScope } from './scope';
import { participantsOfThreads, threadForViewer } from './threads-repo';

function rank(circle: ViewerCircle, rows: Iterable<PersonRow>): PersonModel[] {
  const byId = new Map<string, PersonRow>();
  for (const row of rows) if (isListable(circle, row) && !byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()].sort(compareAffinity(circle)).map((row) => personModel(circle, row));
}

/** Friends, plus fb4c coworkers for a work viewer (seed 6), living and unblocked. */
async function friendRows(scope: ViewerScope): Promise<PersonRow[]> {
  const { viewer } = scope;
  return scope.db.read(async (k) => {
    const friends = await friendsOf(k, viewer.id);
    if (!viewer.isWork || viewer.companyId === null) return friends;
    return [...friends, ...(await coworkersOf(k, viewer.id, viewer.companyId))];
  });
}

export interface AllFriendsOptions {
  /** The payment-recipient filter (seed 6): only people the viewer can send money to. */
  canViewerSendMoney: boolean;
}

/** viewer.all_friends: friends (and coworkers of a work viewer) by affinity. */
export async function allFriends(
  scope: ViewerScope,
  options: AllFriendsOptions,
): Promise<PersonModel[]> {
  const [circle, rows] = await Promise.all([scope.circle(), friendRows(scope)]);
  const eligible = options.canViewerSendMoney
    ? rows.filter((r) => r.can_receive_money === 1)
    : rows;
  return rank(circle, eligible);
}

/**
 * viewer.chat_buddylist: the friend list of seed 3 — friends, fb4c coworkers
 * for a work viewer, and non-friend messenger contacts.
 */
export async function buddyList(scope: ViewerScope): Promise<PersonModel[]> {
  const [circle, rows, contacts] = await Promise.all([
    scope.circle(),
    friendRows(scope),
    scope.db.read((k) => contactsOf(k, scope.viewer.id)),
  ]);
  return rank(circle, [...rows, ...contacts]);
}

/**
 * viewer.messenger_contextual_ranked_users: people to add to a conversation,
 * drawn from the viewer's circle (friends, coworkers, contacts, people they
 * have talked with), best affinity first, without the original participants.
 */
export async function contextualRankedUsers(
  scope: ViewerScope,
  originalParticipantIds: readonly string[],
): Promise<PersonModel[]> {
  const [circle, rows, contacts] = await Promise.all([
    scope.circle(),
    friendRows(scope),
    scope.db.read((k) => contactsOf(k, scope.viewer.id)),
  ]);
  const known = new Set([...rows, ...contacts].map((r) => r.id));
  const partnerIds = [...circle.lastTalked.keys()].filter((id) => !known.has(id));
  const partners = await peopleByIds(scope.db, partnerIds);
  const excluded = new Set(originalParticipantIds);
  return rank(
    circle,
    [...rows, ...contacts, ...partners].filter((r) => !excluded.has(r.id)),
  );
}

/**
 * message_thread.messaging_audience_list: the people of a room (privacy_mode
 * 0) other than the viewer, by affinity. Only a participant may list them.
 */
export async function roomAudience(scope: ViewerScope, threadId: string): Promise<PersonModel[]> {
  const thread = await threadForViewer(scope.db, scope.viewer.id, threadId);
  if (thread === undefined) throw notFound('No such thread.');
  if (thread.privacy_mode !== 0) {
    throw forbidden('The audience is listed only for rooms (privacy_mode 0).');
  }
  const participants = await participantsOfThreads(scope.db, [threadId]);
  const ids = participants
    .filter((p) => p.participant_kind === 'person')
    .map((p) => p.participant_id);
  const [circle, rows] = await Promise.all([scope.circle(), peopleByIds(scope.db, ids)]);
  return rank(circle, rows);
}
