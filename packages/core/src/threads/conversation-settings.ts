import type { Clock } from '../clock';
import { defineMessages } from '../i18n';

/*
 * A viewer's own settings of a conversation (issue 33, item 8): mute,
 * archive, delete for oneself, leave. Pure: the server and the web pass the
 * clock in.
 */

/** How long a mute lasts, as the conversation menu offers it. */
export const MUTE_CHOICES = ['1h', '8h', '24h', 'forever'] as const;
export type MuteChoice = (typeof MUTE_CHOICES)[number];

const HOUR = 60 * 60 * 1000;
const MUTE_MS: Record<Exclude<MuteChoice, 'forever'>, number> = {
  '1h': HOUR,
  '8h': 8 * HOUR,
  '24h': 24 * HOUR,
};

/**
 * "Until I turn it back on" is stored as this instant (31 Dec 9999), so that
 * one comparison with the clock answers every mute, in SQL as in code.
 */
export const MUTED_FOREVER = 253_402_300_799_999;

const MINUTE = 60 * 1000;

/**
 * The stored `muted_until` for a choice made at `now`, rounded up to the
 * minute: a retried request within the same minute asks for the same
 * instant, and so writes nothing again.
 */
export function mutedUntilFor(choice: MuteChoice, now: number): number {
  if (choice === 'forever') return MUTED_FOREVER;
  return Math.ceil((now + MUTE_MS[choice]) / MINUTE) * MINUTE;
}

/** What a stored `muted_until` means at the clock's time. */
export type MuteState =
  { kind: 'unmuted' } | { kind: 'muted_until'; until: number } | { kind: 'muted_forever' };

export function muteState(mutedUntil: number | null | undefined, clock: Clock): MuteState {
  if (mutedUntil === null || mutedUntil === undefined) return { kind: 'unmuted' };
  if (mutedUntil >= MUTED_FOREVER) return { kind: 'muted_forever' };
  // The instant itself is past: a one-hour mute set at 10:00 lets 11:00 through.
  return mutedUntil > clock.now()
    ? { kind: 'muted_until', until: mutedUntil }
    : { kind: 'unmuted' };
}

/** Whether the conversation is muted now (no toast, no sound, no count; mentions still count). */
export function isMuted(mutedUntil: number | null | undefined, clock: Clock): boolean {
  return muteState(mutedUntil, clock).kind !== 'unmuted';
}

/** The folder a thread list shows archived conversations under (besides INBOX, OTHER, PENDING). */
export const ARCHIVED_FOLDER = 'ARCHIVED';

/**
 * Whether an archived conversation is still archived: a one-to-one comes
 * back to the inbox with any message after the archiving (as Messenger
 * does); a group stays archived until unarchived.
 */
export function stillArchived(input: {
  kind: 'one_to_one' | 'group';
  archivedSeq: number | null;
  lastMessageSeq: number;
}): boolean {
  if (input.archivedSeq === null) return false;
  return input.kind === 'group' || input.lastMessageSeq <= input.archivedSeq;
}

/** A system message: `sender_id` left the group. */
export const PARTICIPANT_LEFT_KIND = 'participant_left';

export const conversationSettingsMessages = defineMessages({
  leftGroup: { id: 'core.conversation.leftGroup', defaultMessage: '{name} left the group' },
});
