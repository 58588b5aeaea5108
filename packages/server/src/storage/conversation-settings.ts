import { isMuted, type Clock } from '@messenger/core';
import type { Kysely } from 'kysely';
import { settingsOf, type SettingsTables, type Settings } from './tables/conversation-settings';

/** A connection or transaction of any table set: every database of the app has the table (migration 055). */
type AnyK = object;
const settingsDb = (k: AnyK): Kysely<SettingsTables> => k as unknown as Kysely<SettingsTables>;

/** The participant's settings of the thread (none stored: not muted, not archived, nothing cleared). */
export async function readSettings(
  k: AnyK,
  threadId: string,
  participantId: string,
): Promise<Settings> {
  const row = await settingsDb(k)
    .selectFrom('conversation_settings')
    .select(['muted_until', 'archived_seq', 'cleared_seq'])
    .where('thread_id', '=', threadId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return settingsOf(row);
}

/** Writes some of the participant's settings, keeping the others. */
export async function writeSettings(
  k: AnyK,
  threadId: string,
  participantId: string,
  change: Partial<Settings>,
): Promise<void> {
  const current = await readSettings(k, threadId, participantId);
  const next = { ...current, ...change };
  await settingsDb(k)
    .insertInto('conversation_settings')
    .values({ thread_id: threadId, participant_id: participantId, ...next })
    .onConflict((oc) => oc.columns(['thread_id', 'participant_id']).doUpdateSet(next))
    .execute();
}

/**
 * Whether the participant has the thread muted now, by the server's clock
 * (core isMuted). For the unread and notification rules that a mute
 * silences; a mention of the participant is meant to count even so.
 */
export async function isMutedFor(
  k: AnyK,
  threadId: string,
  participantId: string,
  clock: Clock,
): Promise<boolean> {
  return isMuted((await readSettings(k, threadId, participantId)).muted_until, clock);
}
