import { describe, expect, it } from 'vitest';
import { isOneEmoji, reactionInputSchema, tallyReactions } from './reactions';

describe('isOneEmoji', () => {
  it('accepts one emoji, with skin tones, joiners and flags', () => {
    for (const emoji of ['❤️', '👍', '👍🏽', '👩‍👩‍👧', '🇫🇷', '😆']) expect(isOneEmoji(emoji)).toBe(true);
  });

  it('refuses text, two emoji, blanks and digits', () => {
    for (const value of ['', 'a', 'ok', '👍👍', ' 👍', '1', '#', '❤️x'])
      expect(isOneEmoji(value)).toBe(false);
  });
});

describe('reactionInputSchema', () => {
  it('takes an emoji or null, and names the field at fault', () => {
    expect(reactionInputSchema.parse({ message_id: 'mid.1.2', emoji: null }).emoji).toBeNull();
    const bad = reactionInputSchema.safeParse({ message_id: 'mid.1.2', emoji: 'lol' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['emoji']);
  });
});

describe('tallyReactions', () => {
  it('counts each emoji, lists who, marks the viewer, the most given first', () => {
    const tallies = tallyReactions(
      [
        { user_id: '1', emoji: '👍' },
        { user_id: '2', emoji: '❤️' },
        { user_id: '3', emoji: '❤️' },
      ],
      '3',
    );
    expect(tallies).toEqual([
      { emoji: '❤️', count: 2, userIds: ['2', '3'], mine: true },
      { emoji: '👍', count: 1, userIds: ['1'], mine: false },
    ]);
  });
});
