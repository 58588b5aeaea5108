import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import { ELLIPSIS, threadTitle, truncateWithEllipsis } from './thread-title';
import type { TitleParticipant } from './thread-title';

describe('truncateWithEllipsis', () => {
  it('keeps text of length max, truncates max+1 to exactly max with the ellipsis', () => {
    expect(truncateWithEllipsis('abcde', 5)).toBe('abcde');
    expect(truncateWithEllipsis('abcd', 5)).toBe('abcd');
    expect(truncateWithEllipsis('abcdef', 5)).toBe(`abcd${ELLIPSIS}`);
    expect(truncateWithEllipsis('abcdef', 5)).toHaveLength(5);
    expect(truncateWithEllipsis('abcdef', 1)).toBe(ELLIPSIS);
  });

  it('drops spaces before the ellipsis, staying under max', () => {
    expect(truncateWithEllipsis('Ann, Bob', 6)).toBe(`Ann,${ELLIPSIS}`);
  });

  it('counts code points and never splits an emoji', () => {
    expect(truncateWithEllipsis('😀😀😀', 3)).toBe('😀😀😀');
    expect(truncateWithEllipsis('😀😀😀😀', 3)).toBe(`😀😀${ELLIPSIS}`);
  });

  it('requires a positive integer maximum', () => {
    expect(() => truncateWithEllipsis('a', 0)).toThrow(
      expect.objectContaining({ code: 'invalid_max_length' }),
    );
    expect(() => truncateWithEllipsis('a', 2.5)).toThrow(CoreError);
  });
});

const me: TitleParticipant = { id: '1', name: 'Me Myself', shortName: 'Me' };
const ann: TitleParticipant = { id: '2', name: 'Ann Lee', shortName: 'Ann' };
const bob: TitleParticipant = { id: '3', name: 'Bob Ray', shortName: 'Bob' };
const cat: TitleParticipant = { id: '4', name: 'Cat Kim', shortName: 'Cat' };
const dan: TitleParticipant = { id: '5', name: 'Dan Roe', shortName: null };
const eve: TitleParticipant = { id: '6', name: 'Eve Ash' };

describe('threadTitle', () => {
  it("uses the group's own name when it has one", () => {
    expect(threadTitle({ name: 'Book club', participants: [me, ann], viewerId: '1' })).toBe(
      'Book club',
    );
    expect(threadTitle({ name: '  Book club ', participants: [], viewerId: '1' })).toBe(
      'Book club',
    );
  });

  it('derives the title from the other participants, leaving the viewer out', () => {
    expect(threadTitle({ participants: [me, ann], viewerId: '1' })).toBe('Ann Lee');
    expect(threadTitle({ name: ' ', participants: [me, ann, bob], viewerId: '1' })).toBe(
      'Ann and Bob',
    );
    expect(
      threadTitle({ name: null, participants: [ann, me, bob, cat, dan, eve], viewerId: '1' }),
    ).toBe('Ann, Bob, Cat and 2 others');
  });

  it('falls back to the full name when there is no short name', () => {
    expect(threadTitle({ participants: [me, dan, eve], viewerId: '1' })).toBe(
      'Dan Roe and Eve Ash',
    );
  });

  it('prefers custom nicknames, ignoring blank ones', () => {
    const customNicknames = { '2': 'Annie', '3': ' ' };
    expect(threadTitle({ participants: [me, ann], viewerId: '1', customNicknames })).toBe('Annie');
    expect(threadTitle({ participants: [me, ann, bob], viewerId: '1', customNicknames })).toBe(
      'Annie and Bob',
    );
    expect(
      threadTitle({ participants: [me], viewerId: '1', customNicknames: { '1': 'Boss' } }),
    ).toBe('Boss');
  });

  it("shows the viewer's name for a note to self and '' for an empty thread", () => {
    expect(threadTitle({ participants: [me], viewerId: '1' })).toBe('Me Myself');
    expect(threadTitle({ participants: [], viewerId: '1' })).toBe('');
  });

  it('truncates with an ellipsis only when a maximum length is given', () => {
    const input = { participants: [me, ann, bob, cat], viewerId: '1' };
    const full = 'Ann, Bob and Cat';
    expect(threadTitle(input)).toBe(full);
    expect(threadTitle({ ...input, maxLength: full.length })).toBe(full);
    expect(threadTitle({ ...input, maxLength: full.length - 1 })).toBe(`Ann, Bob and C${ELLIPSIS}`);
    expect(threadTitle({ name: 'Book club', participants: [], viewerId: '1', maxLength: 5 })).toBe(
      `Book${ELLIPSIS}`,
    );
  });
});
