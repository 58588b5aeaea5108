import { type K } from './repo';
import { findPeople, knownTo } from './relations-repo';

/**
 * Where a conversation started by `fromId` lands for each person: INBOX when
 * they know each other (friends, messenger contacts, or coworkers of one
 * company), else PENDING: a message request, until accepted.
 */
export async function landingFolders(
  k: K,
  fromId: string,
  recipientIds: readonly string[],
): Promise<Map<string, 'INBOX' | 'PENDING'>> {
  const folders = new Map<string, 'INBOX' | 'PENDING'>();
  if (recipientIds.length === 0) return folders;
  const people = await findPeople(k, [fromId, ...recipientIds]);
  const company = people.get(fromId)?.workCompanyId ?? null;
  const known = await knownTo(k, fromId, recipientIds);
  for (const id of recipientIds) {
    const coworker = company !== null && people.get(id)?.workCompanyId === company;
    folders.set(id, known.has(id) || coworker ? 'INBOX' : 'PENDING');
  }
  return folders;
}
