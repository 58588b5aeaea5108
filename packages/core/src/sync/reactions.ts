import { z } from 'zod';

/** The quick row of the reaction picker, in Messenger's order; any other emoji comes from the picker. */
export const QUICK_REACTIONS = ['❤️', '😆', '😮', '😢', '😠', '👍'] as const;

/** An emoji can be several code points (skin tones, ZWJ families, flags); none needs more. */
const EMOJI_MAX_LENGTH = 32;
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** One emoji: a single grapheme with a pictographic code point (no letters, no spaces). */
export function isOneEmoji(value: string): boolean {
  if (value === '' || value.length > EMOJI_MAX_LENGTH) return false;
  const parts = Array.from(graphemes.segment(value));
  return parts.length === 1 && PICTOGRAPHIC.test(value) && !/[\p{L}\p{N}\s]/u.test(value);
}

/** set_message_reaction's input: an emoji sets (or changes) the viewer's one reaction, null removes it. */
export const reactionInputSchema = z.object({
  message_id: z.string().min(1).max(128),
  emoji: z.string().refine(isOneEmoji, { error: 'expected one emoji' }).nullable(),
});
export type ReactionInput = z.infer<typeof reactionInputSchema>;

export const wireReactionSchema = z.object({
  /** The participant who reacted (a person, or a page answered by its admin). */
  user_id: z.string().regex(/^\d{1,32}$/),
  emoji: z.string().min(1).max(EMOJI_MAX_LENGTH),
});
export type WireReaction = z.infer<typeof wireReactionSchema>;

/** One emoji's tally under a message: how many, who, and whether the viewer is among them. */
export interface ReactionTally {
  emoji: string;
  count: number;
  userIds: string[];
  mine: boolean;
}

/** The tallies of a message's reactions, most given first, ties in the order first given. */
export function tallyReactions(
  reactions: readonly WireReaction[],
  viewerParticipantId: string,
): ReactionTally[] {
  const byEmoji = new Map<string, ReactionTally>();
  for (const reaction of reactions) {
    const tally = byEmoji.get(reaction.emoji) ?? {
      emoji: reaction.emoji,
      count: 0,
      userIds: [],
      mine: false,
    };
    tally.count += 1;
    tally.userIds.push(reaction.user_id);
    tally.mine ||= reaction.user_id === viewerParticipantId;
    byEmoji.set(reaction.emoji, tally);
  }
  return [...byEmoji.values()].sort((a, b) => b.count - a.count);
}
