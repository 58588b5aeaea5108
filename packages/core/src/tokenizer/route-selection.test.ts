import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import type { EntryType, SearchEntry } from '../search/types';
import { routeSelection } from './route-selection';
import type { SelectionLookups } from './route-selection';

function entry(type: EntryType, uniqueID: string, extra: Partial<SearchEntry> = {}): SearchEntry {
  return {
    uniqueID,
    order: 0,
    title: 'Title',
    subtitle: null,
    keywordString: '',
    type,
    photo: null,
    uri: null,
    auxiliaryData: {},
    ...extra,
  };
}

const lookups: SelectionLookups = {
  threadIdForGroup: (serverId) => `client-${serverId}`,
  threadIdForUser: (userId) => (userId === '7' ? 'thread-with-7' : null),
};

describe('routeSelection', () => {
  it('opens the game player with the object id', () => {
    expect(routeSelection(entry('game', 'game:55'), lookups)).toEqual({
      kind: 'game',
      gameId: '55',
    });
  });

  it('enters message search with the query', () => {
    expect(
      routeSelection(entry('search', 'search:x', { keywordString: ' pizza ' }), lookups),
    ).toEqual({ kind: 'message_search', query: 'pizza' });
    expect(
      routeSelection(entry('search', 'search:x', { keywordString: ' ', title: 'tacos' }), lookups),
    ).toEqual({ kind: 'message_search', query: 'tacos' });
  });

  it("opens a message's thread at that message, mapping the server thread id", () => {
    expect(routeSelection(entry('message', 'message:12_345'), lookups)).toEqual({
      kind: 'thread',
      threadId: 'client-12',
      messageId: '345',
    });
  });

  it('refuses a message entry whose id does not name thread and message', () => {
    for (const id of ['message:12', 'message:_345', 'message:12_']) {
      expect(() => routeSelection(entry('message', id), lookups)).toThrow(CoreError);
    }
  });

  it('resolves a group through the server-to-client id mapping', () => {
    expect(routeSelection(entry('thread', 'thread:900'), lookups)).toEqual({
      kind: 'thread',
      threadId: 'client-900',
      messageId: null,
    });
  });

  it('resolves people and pages through the thread-id lookup', () => {
    for (const type of [
      'friend',
      'fb4c',
      'non_friend',
      'page',
      'meeting_room_page',
      'internal_bot_page',
    ] as const) {
      expect(routeSelection(entry(type, `${type}:7`), lookups)).toEqual({
        kind: 'thread',
        threadId: 'thread-with-7',
        messageId: null,
      });
      expect(routeSelection(entry(type, `${type}:8`), lookups)).toEqual({
        kind: 'user',
        userId: '8',
      });
    }
  });

  it('uses the last colon-separated part as the object id', () => {
    expect(routeSelection(entry('friend', 'friend:x:8'), lookups)).toEqual({
      kind: 'user',
      userId: '8',
    });
  });
});
