import { entriesFromEdges } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { GAMES, PAGES, PEOPLE, THREADS, type ViewerName } from './fixture-network';
import { CONN, names, searchApp, type Conn } from './search-support';
import { codesOf, gql, gqlOk } from './support';

describe.each(await dialectsUnderTest())('search on %s', (dialect) => {
  const { app, as } = searchApp(dialect);

  const profiles = async (viewer: ViewerName, args: string) =>
    (
      await gqlOk<{ search_profiles: Conn }>(
        app(),
        await as(viewer),
        `{ search_profiles(${args}) { ${CONN} } }`,
      )
    ).search_profiles;

  it('ranks people by triage (exact, prefix, word prefix), then affinity', async () => {
    const result = await profiles('ordinary', 'search_query: "ann"');
    expect(names(result)).toEqual([
      PEOPLE.exactAnn.name, // exact, friend
      PEOPLE.annaFriend.name, // prefix, friend
      PEOPLE.annabelStranger.name, // prefix, shares threads with the viewer
      PEOPLE.zedFriend.name, // word prefix, friend
      PEOPLE.outsider.name, // word prefix, wrote to the viewer
      PEOPLE.coworker.name, // word prefix, stranger to a personal viewer
    ]);
    expect(result.edges.map((e) => e.node.friendship_status)).toEqual([
      'friend',
      'friend',
      'non_friend',
      'friend',
      'non_friend',
      'non_friend',
    ]);
    expect(result.page_info.has_next_page).toBe(false);
    expect(result.pageInfo.hasNextPage).toBe(false);
  });

  it('returns typed nodes that core converts into typeahead entries', async () => {
    const result = await profiles('ordinary', 'search_query: "an"');
    const entries = entriesFromEdges(result.edges);
    expect(entries.length).toBe(result.edges.length);
    expect(entries.map((e) => e.uniqueID)).toContain(`friend:${PEOPLE.annaFriend.id}`);
    expect(entries.map((e) => e.uniqueID)).toContain(`non_friend:${PEOPLE.annabelStranger.id}`);
    const anna = result.edges.find((e) => e.node.id === PEOPLE.annaFriend.id);
    expect(anna?.node.alias).toBe('Nana');
    expect(anna?.node.is_messenger_user).toBe(true);
  });

  it('gives Instagram and messenger-only people their own node types', async () => {
    const result = await profiles('ordinary', 'search_query: "ans"');
    const types = new Map(result.edges.map((e) => [e.node.id, e.node.__typename]));
    expect(types.get(PEOPLE.instaPerson.id)).toBe('InstagramMessagingUser');
    expect(types.get(PEOPLE.messengerOnly.id)).toBe('NeoApprovedUser');
  });

  it('finds people by the viewer’s alias and through folded diacritics', async () => {
    expect(names(await profiles('ordinary', 'search_query: "nana"'))).toEqual([
      PEOPLE.annaFriend.name,
    ]);
    expect(names(await profiles('ordinary', 'search_query: "eloise ang"'))).toEqual([
      PEOPLE.accented.name,
    ]);
    expect(names(await profiles('ordinary', 'search_query: "ÅNGSTRÖM"'))).toEqual([
      PEOPLE.accented.name,
    ]);
  });

  it('never returns memorialized or blocked people', async () => {
    for (const viewer of ['ordinary', 'work', 'employee'] as const) {
      const all = await profiles(viewer, 'search_query: "ann", result_limit: 10');
      const ids = all.edges.map((e) => e.node.id);
      expect(ids).not.toContain(PEOPLE.memorialFriend.id);
      expect(ids).not.toContain(PEOPLE.blockedFriend.id);
    }
    expect((await profiles('ordinary', 'search_query: "anne memorial"')).edges).toEqual([]);
    expect((await profiles('ordinary', 'search_query: "annika"')).edges).toEqual([]);
  });

  it('keeps within result_limit, says more exist, and honours exclude_ids', async () => {
    const two = await profiles('ordinary', 'search_query: "ann", result_limit: 2');
    expect(names(two)).toEqual([PEOPLE.exactAnn.name, PEOPLE.annaFriend.name]);
    expect(two.page_info.has_next_page).toBe(true);
    expect(two.page_info.end_cursor).toBe(two.edges[1]?.cursor);
    const excluded = await profiles(
      'ordinary',
      `search_query: "ann", exclude_ids: ["${PEOPLE.exactAnn.id}", "${PEOPLE.annaFriend.id}"]`,
    );
    expect(names(excluded)[0]).toBe(PEOPLE.annabelStranger.name);
  });

  it('applies the payment-recipient filter', async () => {
    const result = await profiles('ordinary', 'search_query: "ann", can_viewer_send_money: true');
    expect(names(result)).toEqual([PEOPLE.exactAnn.name, PEOPLE.annaFriend.name]);
  });

  it('shows coworkers of a work viewer as fb4c friends with the company as subtext', async () => {
    const result = await profiles('work', 'search_query: "ann"');
    const cora = result.edges.find((e) => e.node.id === PEOPLE.coworker.id);
    expect(cora?.node.friendship_status).toBe('fb4c');
    expect(cora?.subtext).toBe('Initrode');
    const otto = result.edges.find((e) => e.node.id === PEOPLE.outsider.id);
    expect(otto?.node.friendship_status).toBe('non_friend');
    // fb4c ranks with friends: before the stranger in the same (word prefix) bucket.
    expect(names(result).indexOf(PEOPLE.coworker.name)).toBeLessThan(
      names(result).indexOf(PEOPLE.outsider.name),
    );
  });

  it('runs no search under 2 characters unless allow_short_query is set', async () => {
    const short = await gql(
      app(),
      await as('ordinary'),
      '{ search_profiles(search_query: "a") { edges { cursor } } }',
    );
    expect(codesOf(short)).toEqual([{ code: 'query_too_short', field: 'search_query' }]);
    const allowed = await profiles('ordinary', 'search_query: "a", allow_short_query: true');
    expect(allowed.edges.length).toBeGreaterThan(0);
    // A blank query with the flag lists the viewer's circle by affinity: friends first.
    const blank = await profiles('ordinary', 'search_query: "", allow_short_query: true');
    expect(blank.edges[0]?.node.friendship_status).toBe('friend');
    const groupShort = await gql(
      app(),
      await as('gated'),
      '{ search_groups(query: "b") { edges { cursor } } }',
    );
    expect(codesOf(groupShort)).toEqual([{ code: 'query_too_short', field: 'query' }]);
  });

  it('searches group threads by name and participant names, most recent first', async () => {
    const result = (
      await gqlOk<{ search_groups: Conn }>(
        app(),
        await as('gated'),
        `{ search_groups(query: "annex") { ${CONN} } }`,
      )
    ).search_groups;
    // Both match; 'Annex Planning' is a prefix match, 'Book Annex' a word-prefix one.
    expect(names(result)).toEqual(['Annex Planning', 'Book Annex']);
    expect(result.edges.every((e) => e.node.__typename === 'MessengerViewerGroupThread')).toBe(
      true,
    );
    expect(result.edges.every((e) => e.node.is_group_thread === true)).toBe(true);
    expect(result.edges[0]?.subtext).toMatch(/Emma/);
    const unnamed = (
      await gqlOk<{ search_groups: Conn }>(
        app(),
        await as('gated'),
        `{ search_groups(query: "hanna") { ${CONN} } }`,
      )
    ).search_groups;
    expect(unnamed.edges.map((e) => e.node.id)).toEqual([THREADS.unnamed]);
    // An unnamed group is named after its other members.
    expect(unnamed.edges[0]?.node.name).toBe('Olive, Annabel and Hanna');
    const entry = entriesFromEdges(unnamed.edges)[0];
    expect(entry?.title).toBe('Olive, Annabel and Hanna');
    expect(entry?.keywordString).toContain(PEOPLE.hannaContact.name);
  });

  it('searches rooms: only privacy_mode 0 threads of the viewer', async () => {
    const rooms = async (viewer: ViewerName, q: string) =>
      (
        await gqlOk<{ search_rooms: Conn }>(
          app(),
          await as(viewer),
          `{ search_rooms(query: "${q}") { ${CONN} } }`,
        )
      ).search_rooms;
    expect((await rooms('ordinary', 'annex')).edges.map((e) => e.node.id)).toEqual([THREADS.room]);
    expect((await rooms('ordinary', 'planning')).edges).toEqual([]);
  });

  it('searches messages of the viewer’s threads only, 3 at most', async () => {
    const search = async (viewer: ViewerName, q: string) =>
      (
        await gqlOk<{ search_messages: Conn }>(
          app(),
          await as(viewer),
          `{ search_messages(query: "${q}") { ${CONN} } }`,
        )
      ).search_messages;
    const workGated = await search('workGated', 'lunch');
    expect(workGated.edges.map((e) => e.node.snippet).sort()).toEqual(
      ['lunch at the annex', 'lunch plans for the club', 'see the lunch menu'].sort(),
    );
    expect(workGated.page_info.has_next_page).toBe(false);
    for (const edge of workGated.edges) {
      expect(edge.node.__typename).toBe('MessageSearchResult');
      expect(edge.node.thread_id).toBe(THREADS.room);
      expect(edge.node.thread_name).toBe('Book Annex');
      expect(edge.subtext).toBe(edge.node.snippet);
    }
    const gated = await search('gated', 'lunch');
    expect(gated.edges).toHaveLength(3);
    expect(gated.page_info.has_next_page).toBe(true);
    const snippets = gated.edges.map((e) => e.node.snippet);
    expect(snippets).not.toContain('buy my lunch coupons');
    expect(snippets).not.toContain('lunch tomorrow?');
    expect(entriesFromEdges(gated.edges).every((e) => e.type === 'message')).toBe(true);
    expect((await search('gated', 'lunch club')).edges.map((e) => e.node.snippet)).toEqual([
      'lunch plans for the club',
    ]);
    if (dialect === 'sqlite') {
      // FTS5 folds diacritics; PostgreSQL's 'simple' tsvector keeps them.
      expect((await search('gated', 'creme brul')).edges.map((e) => e.node.snippet)).toEqual([
        'Crème brûlée recipe',
      ]);
    }
    expect((await search('gated', 'zzzz')).edges).toEqual([]);
  });

  it('gives the full message search more than 3 messages with a limit up to 50', async () => {
    const search = async (args: string) =>
      gql<{ search_messages: Conn }>(
        app(),
        await as('gated'),
        `{ search_messages(query: "lunch"${args}) { ${CONN} } }`,
      );
    const full = (await search(', limit: 50')).data?.search_messages;
    expect(full?.edges.length).toBeGreaterThan(3);
    expect(full?.page_info.has_next_page).toBe(false);
    const two = (await search(', limit: 2')).data?.search_messages;
    expect(two?.edges).toHaveLength(2);
    expect(two?.page_info.has_next_page).toBe(true);
    expect(codesOf(await search(', limit: 51'))).toEqual([{ code: 'bad_request', field: 'limit' }]);
  });

  it('searches pages, and on request commerce pages, games, meeting rooms and bots', async () => {
    const pages = async (viewer: ViewerName, args: string) =>
      (
        await gqlOk<{ search_pages: Conn }>(
          app(),
          await as(viewer),
          `{ search_pages(query: "an"${args}) { ${CONN} } }`,
        )
      ).search_pages;
    expect(names(await pages('ordinary', ''))).toEqual([PAGES.bakery.name, PAGES.fair.name]);
    expect(names(await pages('ordinary', ', messenger_commerce: true'))).toEqual([
      PAGES.bakery.name,
    ]);
    const withGames = await pages('ordinary', ', include_games: true');
    expect(withGames.edges.map((e) => e.node.__typename)).toEqual(['Page', 'Page', 'Game']);
    expect(names(withGames)[2]).toBe(GAMES.anagram.name);
    const rooms = await pages('work', ', vc_endpoint: true');
    const room = rooms.edges.find((e) => e.node.id === PAGES.room.id);
    expect(room?.node.category_type).toBe('MEETING_ROOM');
    const bots = await pages('employeeWork', ', internal_bot: true, vc_endpoint: true');
    expect(bots.edges.map((e) => e.node.category_type)).toEqual([
      'PAGE',
      'PAGE',
      'MEETING_ROOM',
      'WORKPLACE_BOT',
    ]);
    const types = entriesFromEdges(bots.edges).map((e) => e.type);
    expect(types).toEqual(['page', 'page', 'meeting_room_page', 'internal_bot_page']);
  });
});
