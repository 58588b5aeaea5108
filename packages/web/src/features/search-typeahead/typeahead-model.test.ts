import { TYPEAHEAD } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import { matchSearchPage, messageSearchPath, routePath, seeAllPath } from './search-paths';
import { sidebarLocalCache, sidebarTypeaheadModel, typeaheadViewer } from './typeahead-model';

const TODAY = { day: 1, month: 1 };

describe('the sidebar typeahead model', () => {
  it('builds the local cache with the friend-list rules, top 50 people, then groups', () => {
    const people = Array.from({ length: 60 }, (_, i) => ({
      id: String(100 + i),
      name: `Person ${String(i)}`,
      type: 'friend',
      is_messenger_user: true,
    }));
    const cache = sidebarLocalCache(
      [
        { id: '1', name: 'Coworker', type: 'fb4c', is_messenger_user: true },
        { id: '2', name: 'Off Messenger', type: 'non_friend', is_messenger_user: false },
        { id: '3', name: 'On Messenger', type: 'non_friend', is_messenger_user: true },
        ...people,
      ],
      [{ id: '70', title: 'Book Club' }],
      { viewerIsWork: false, today: TODAY },
    );
    const ids = cache.map((e) => e.uniqueID);
    expect(ids).not.toContain('fb4c:1');
    expect(ids).not.toContain('non_friend:2');
    expect(ids[0]).toBe('non_friend:3');
    expect(ids.filter((id) => !id.startsWith('thread:'))).toHaveLength(
      TYPEAHEAD.localCacheTopFriends,
    );
    expect(ids.at(-1)).toBe('thread:70');
    const work = sidebarLocalCache([{ id: '1', name: 'Coworker', type: 'fb4c' }], [], {
      viewerIsWork: true,
      today: TODAY,
    });
    expect(work.map((e) => e.uniqueID)).toEqual(['fb4c:1']);
  });

  it('puts the search-messages row first only for gated viewers with a server query', () => {
    const cache = sidebarLocalCache([{ id: '1', name: 'Anna', type: 'friend' }], [], {
      viewerIsWork: false,
      today: TODAY,
    });
    const title = (q: string) => `Search messages for “${q}”`;
    const gated = sidebarTypeaheadModel(
      typeaheadViewer({ is_employee: false, is_work: false, gates: ['message_search'] }),
      title,
    );
    const plain = sidebarTypeaheadModel(
      typeaheadViewer({ is_employee: false, is_work: false, gates: [] }),
      title,
    );
    const typed = (model: typeof gated, query: string) =>
      model
        .sections(model.reduce(model.initialState(cache), { type: 'query_changed', query }).state)
        .map((s) => s.type);
    expect(typed(gated, 'an')).toEqual(['search', 'friend']);
    expect(typed(gated, 'a')).toEqual(['friend']);
    expect(typed(plain, 'an')).toEqual(['friend']);
  });

  it('names the see-all, message search and thread paths, and reads them back', () => {
    const seeAll = seeAllPath({ kind: 'see_all', query: 'an b', type: 'friend' });
    expect(seeAll).toBe('/messages/search?q=an+b&type=friend');
    expect(matchSearchPage('/messages/search', '?q=an+b&type=friend')).toEqual({
      kind: 'see_all',
      query: 'an b',
      type: 'friend',
    });
    expect(seeAllPath({ kind: 'message_search', query: 'lunch', type: 'message' })).toBe(
      messageSearchPath('lunch'),
    );
    expect(matchSearchPage('/messages/search/messages', '?q=lunch')).toEqual({
      kind: 'message_search',
      query: 'lunch',
    });
    expect(matchSearchPage('/messages/thread/4', '')).toBeNull();
    expect(routePath({ kind: 'thread', threadId: '4', messageId: '9' })).toBe(
      '/messages/thread/4?message=9',
    );
    expect(routePath({ kind: 'user', userId: '12' })).toBe('/messages/t/12');
  });
});
