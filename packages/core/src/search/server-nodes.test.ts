import { describe, expect, it } from 'vitest';
import { searchResultEdgeSchema, searchResultNodeSchema } from './server-node-schemas';
import type { AnyUserNode, GroupThreadNode, SearchResultEdge } from './server-node-schemas';
import {
  entriesFromEdges,
  entryFromEdge,
  messageObjectId,
  pageEntryType,
  parseMessageObjectId,
  userEntryType,
} from './server-nodes';

const user = (over: Partial<AnyUserNode> = {}): AnyUserNode => ({
  __typename: 'User',
  id: '100',
  name: 'Ann Lee',
  is_messenger_user: true,
  friendship_status: 'friend',
  ...over,
});

describe('pageEntryType', () => {
  it('maps the two special categories and everything else to page', () => {
    expect(pageEntryType('WORKPLACE_BOT')).toBe('internal_bot_page');
    expect(pageEntryType('MEETING_ROOM')).toBe('meeting_room_page');
    expect(pageEntryType('BRAND')).toBe('page');
    expect(pageEntryType('workplace_bot')).toBe('page');
    expect(pageEntryType(null)).toBe('page');
    expect(pageEntryType(undefined)).toBe('page');
  });
});

describe('userEntryType', () => {
  it('uses the friendship status', () => {
    expect(userEntryType(user())).toBe('friend');
    expect(userEntryType(user({ friendship_status: 'fb4c', is_messenger_user: false }))).toBe(
      'fb4c',
    );
    expect(userEntryType(user({ friendship_status: 'non_friend' }))).toBe('non_friend');
  });

  it('drops a non-friend who is not a messenger user, but keeps a non-messenger friend', () => {
    expect(
      userEntryType(user({ friendship_status: 'non_friend', is_messenger_user: false })),
    ).toBeNull();
    expect(userEntryType(user({ is_messenger_user: false }))).toBe('friend');
  });
});

describe('message object ids', () => {
  it('joins and splits thread and message ids', () => {
    expect(messageObjectId('55', 'mid.$a_b')).toBe('55_mid.$a_b');
    expect(parseMessageObjectId('message:55_mid.$a_b')).toEqual({
      threadId: '55',
      messageId: 'mid.$a_b',
    });
    expect(parseMessageObjectId('55_m')).toEqual({ threadId: '55', messageId: 'm' });
  });

  it('rejects other types and missing halves', () => {
    expect(parseMessageObjectId('thread:55_m')).toBeNull();
    expect(parseMessageObjectId('message:55')).toBeNull();
    expect(parseMessageObjectId('message:_m')).toBeNull();
    expect(parseMessageObjectId('message:55_')).toBeNull();
  });
});

describe('entryFromEdge', () => {
  it('converts the three user node types', () => {
    for (const __typename of ['User', 'InstagramMessagingUser', 'NeoApprovedUser'] as const) {
      const entry = entryFromEdge({
        node: user({
          __typename,
          profile_picture: { uri: 'pic' },
          url: '/ann',
          alias: 'Annie',
          is_memorialized: false,
          search_tokens: ['lee', 'ann'],
        }),
        subtext: 'Works at X',
      });
      expect(entry).toEqual({
        uniqueID: 'friend:100',
        order: 0,
        title: 'Ann Lee',
        subtitle: 'Works at X',
        keywordString: 'lee ann',
        type: 'friend',
        photo: 'pic',
        uri: '/ann',
        auxiliaryData: { alias: 'Annie', isMemorializedUser: false },
      });
    }
  });

  it('gives a user without optional fields empty defaults', () => {
    expect(entryFromEdge({ node: user({ alias: null }) }, 2)).toMatchObject({
      order: 2,
      subtitle: null,
      photo: null,
      uri: null,
      keywordString: '',
      auxiliaryData: {},
    });
  });

  it('drops a non-messenger non-friend user', () => {
    expect(
      entryFromEdge({ node: user({ friendship_status: 'non_friend', is_messenger_user: false }) }),
    ).toBeNull();
  });

  it('converts a named group thread', () => {
    const edge: SearchResultEdge = {
      node: {
        __typename: 'MessengerViewerGroupThread',
        id: '900',
        name: 'Climbing',
        image: { uri: 'g.png' },
        url: '/t/900',
        is_group_thread: true,
        participant_names: ['Ann', 'Bo'],
      },
    };
    expect(entryFromEdge(edge)).toMatchObject({
      uniqueID: 'thread:900',
      type: 'thread',
      title: 'Climbing',
      keywordString: 'Ann Bo',
      photo: 'g.png',
      uri: '/t/900',
    });
  });

  it('titles an unnamed group by participants and drops it when there are none', () => {
    const node: GroupThreadNode = {
      __typename: 'MessengerViewerGroupThread',
      id: '900',
      name: ' ',
      is_group_thread: true,
      participant_names: ['Ann', 'Bo'],
    };
    expect(entryFromEdge({ node })?.title).toBe('Ann, Bo');
    expect(entryFromEdge({ node: { ...node, name: null, participant_names: [] } })).toBeNull();
    expect(
      entryFromEdge({ node: { ...node, name: null, participant_names: undefined } }),
    ).toBeNull();
  });

  it('leaves out a subtext that only repeats the title, keeps one that says more', () => {
    const node: GroupThreadNode = {
      __typename: 'MessengerViewerGroupThread',
      id: '901',
      name: 'Ann, Bo and 2 others',
      is_group_thread: true,
      participant_names: ['Ann', 'Bo', 'Cy', 'Di'],
    };
    expect(entryFromEdge({ node, subtext: 'Ann, Bo and 2 others ' })?.subtitle).toBeNull();
    expect(entryFromEdge({ node, subtext: 'Ann, Bo, Cy and Di' })?.subtitle).toBe(
      'Ann, Bo, Cy and Di',
    );
  });

  it('drops a thread that is not a group', () => {
    expect(
      entryFromEdge({
        node: {
          __typename: 'MessengerViewerGroupThread',
          id: '1',
          name: 'X',
          is_group_thread: false,
        },
      }),
    ).toBeNull();
  });

  it('converts pages by category', () => {
    const page = (category_type: string | null) =>
      entryFromEdge({
        node: { __typename: 'Page', id: '7', name: 'Bot', category_type },
        subtext: 'Bot · 1k likes',
      });
    expect(page('WORKPLACE_BOT')).toMatchObject({
      uniqueID: 'internal_bot_page:7',
      type: 'internal_bot_page',
      subtitle: 'Bot · 1k likes',
    });
    expect(page('MEETING_ROOM')?.uniqueID).toBe('meeting_room_page:7');
    expect(page(null)?.uniqueID).toBe('page:7');
  });

  it('converts a message result', () => {
    const node = {
      __typename: 'MessageSearchResult',
      thread_id: '55',
      message_id: 'm1',
      thread_name: 'Ann Lee',
      snippet: 'see you at the crag',
      message_result_type: 'MESSAGE',
    } as const;
    expect(entryFromEdge({ node })).toEqual({
      uniqueID: 'message:55_m1',
      order: 0,
      title: 'Ann Lee',
      subtitle: 'see you at the crag',
      keywordString: 'see you at the crag',
      type: 'message',
      photo: null,
      uri: null,
      auxiliaryData: { messageResultType: 'MESSAGE' },
    });
    const plain = entryFromEdge({
      node: { ...node, message_result_type: undefined, thread_image: { uri: 't.png' } },
      subtext: 'override',
    });
    expect(plain).toMatchObject({ auxiliaryData: {}, subtitle: 'override', photo: 't.png' });
  });
});

describe('schemas', () => {
  it('rejects unknown node types and ids with a colon', () => {
    expect(searchResultNodeSchema.safeParse({ __typename: 'Event', id: '1' }).success).toBe(false);
    expect(searchResultNodeSchema.safeParse({ ...user(), id: 'a:b' }).success).toBe(false);
    expect(searchResultNodeSchema.safeParse(user()).success).toBe(true);
  });

  it('rejects a message thread id with an underscore', () => {
    const node = {
      __typename: 'MessageSearchResult',
      thread_id: '5_5',
      message_id: 'm',
      thread_name: 'T',
      snippet: 's',
    };
    expect(searchResultEdgeSchema.safeParse({ node }).success).toBe(false);
    expect(searchResultEdgeSchema.safeParse({ node: { ...node, thread_id: '55' } }).success).toBe(
      true,
    );
  });
});

describe('entriesFromEdges', () => {
  it('drops unknown and malformed edges and null conversions, and dedupes', () => {
    const entries = entriesFromEdges([
      { node: user() },
      { node: { __typename: 'Event', id: '1', name: 'Party' } },
      { node: user({ friendship_status: 'non_friend', is_messenger_user: false, id: '2' }) },
      null,
      { node: { __typename: 'Page', id: '3', name: 'Shop' } },
      { node: user({ name: 'Ann again' }) },
    ]);
    expect(entries.map((e) => [e.uniqueID, e.order])).toEqual([
      ['friend:100', 0],
      ['page:3', 4],
    ]);
  });
});
