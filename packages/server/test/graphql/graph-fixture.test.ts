import { filterByPresence } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import {
  fixtureNetwork,
  PAGES,
  PASSWORD,
  PEOPLE,
  THREADS,
  usernameOf,
  VIEWERS,
  type ViewerName,
} from './fixture-network';
import { createNetworkApp, gqlOk, sessionCache, type GraphTestApp } from './support';

interface Conn<N> {
  edges: Array<{ cursor: string; node: N; affinity?: number }>;
  page_info: { has_next_page: boolean; end_cursor: string | null };
}

describe.each(await dialectsUnderTest())('graph reads on a handcrafted network (%s)', (dialect) => {
  let t: GraphTestApp;
  const session = sessionCache(() => t.app);
  const as = (viewer: ViewerName) => session(usernameOf(viewer), PASSWORD);

  beforeAll(async () => {
    t = await createNetworkApp(dialect, fixtureNetwork());
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('ranks suggestions: friends, then people by latest conversation, then by name', async () => {
    const s = await as('ordinary');
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const data: { viewer: { messenger_contextual_ranked_users: Conn<{ id: string }> } } =
        await gqlOk(
          t.app,
          s,
          `query($after: String) { viewer { messenger_contextual_ranked_users(
          original_participant_ids: ["${PEOPLE.annaFriend.id}"], count: 4, after: $after) {
          edges { cursor affinity node { id } } page_info { has_next_page end_cursor } } } }`,
          { after },
          'GET',
        );
      const conn = data.viewer.messenger_contextual_ranked_users;
      expect(conn.edges.length).toBeLessThanOrEqual(4);
      ids.push(...conn.edges.map((e) => e.node.id));
      after = conn.page_info.has_next_page ? conn.page_info.end_cursor : null;
      pages += 1;
    } while (after !== null);
    expect(pages).toBe(3);
    expect(ids).toEqual([
      PEOPLE.exactAnn.id,
      PEOPLE.birthday.id,
      PEOPLE.zedFriend.id,
      PEOPLE.outsider.id, // wrote most recently
      PEOPLE.annabelStranger.id, // the room's people, by name
      VIEWERS.employee.id,
      VIEWERS.employeeWork.id,
      VIEWERS.gated.id,
      VIEWERS.work.id,
      VIEWERS.workGated.id,
      PEOPLE.hannaContact.id,
      PEOPLE.talkedStranger.id,
    ]);
  });

  it('serves the friend list entry fields of seed 3', async () => {
    const data = await gqlOk<{
      viewer: {
        chat_buddylist: Conn<{
          __typename: string;
          id: string;
          name: string;
          thumbSrc: string | null;
          uri: string | null;
          searchTokens: string[];
          type: string;
          is_messenger_user: boolean;
          is_messenger_only: boolean;
          is_birthday: boolean;
        }>;
      };
    }>(
      t.app,
      await as('ordinary'),
      `{ viewer { chat_buddylist { edges { cursor node { __typename id name thumbSrc uri searchTokens type
        is_messenger_user is_messenger_only is_birthday } } page_info { has_next_page end_cursor } } } }`,
    );
    const byId = new Map(data.viewer.chat_buddylist.edges.map((e) => [e.node.id, e.node]));
    expect(byId.get(PEOPLE.birthday.id)?.is_birthday).toBe(true);
    expect(byId.get(PEOPLE.annaFriend.id)?.is_birthday).toBe(false);
    expect(byId.get(PEOPLE.hannaContact.id)?.type).toBe('non_friend');
    expect(byId.get(PEOPLE.annaFriend.id)?.type).toBe('friend');
    expect(byId.get(PEOPLE.annaFriend.id)?.uri).toBe(`/messages/t/${PEOPLE.annaFriend.id}`);
    expect(byId.has(PEOPLE.memorialFriend.id)).toBe(false);
    expect(byId.has(PEOPLE.blockedFriend.id)).toBe(false);
    const work = await gqlOk<{ viewer: { chat_buddylist: Conn<{ id: string; type: string }> } }>(
      t.app,
      await as('work'),
      '{ viewer { chat_buddylist { edges { cursor node { id type } } page_info { has_next_page end_cursor } } } }',
    );
    const workTypes = new Map(
      work.viewer.chat_buddylist.edges.map((e) => [e.node.id, e.node.type]),
    );
    expect(workTypes.get(PEOPLE.coworker.id)).toBe('fb4c');
    expect(workTypes.get(VIEWERS.employeeWork.id)).toBe('fb4c');
    expect(workTypes.has(PEOPLE.outsider.id)).toBe(false);
  });

  it('lists threads by folder with nicknames, page participants and unread counts', async () => {
    const threads = async (folder: string) =>
      (
        await gqlOk<{
          viewer: {
            message_threads: Conn<{
              thread_id: string;
              name: string;
              group_name: string | null;
              unread_count: number;
              custom_nickname: Record<string, string>;
              participants: Array<{ __typename: string; id: string }>;
            }>;
          };
        }>(
          t.app,
          await as('ordinary'),
          `{ viewer { message_threads(folder: ${folder}) { edges { cursor node {
            thread_id name group_name unread_count custom_nickname participants { __typename ... on MessagingUser { id } ... on Page { id } } } }
            page_info { has_next_page end_cursor } } } }`,
        )
      ).viewer.message_threads.edges.map((e) => e.node);
    const inbox = await threads('INBOX');
    expect(inbox.map((x) => x.thread_id)).toEqual([
      THREADS.direct,
      THREADS.toBakery,
      THREADS.room,
      THREADS.privateGroup,
      THREADS.unnamed,
      THREADS.talked,
    ]);
    const direct = inbox[0]!;
    expect(direct.custom_nickname).toEqual({ [PEOPLE.annaFriend.id]: 'Nana' });
    // The nickname names a one-to-one thread; two messages came after the viewer's own.
    expect(direct.name).toBe('Nana');
    expect(direct.group_name).toBeNull();
    expect(direct.unread_count).toBe(2);
    const bakery = inbox.find((x) => x.thread_id === THREADS.toBakery)!;
    expect(bakery.participants.map((p) => p.__typename).sort()).toEqual(['Page', 'User']);
    expect(bakery.unread_count).toBe(0);
    expect((await threads('OTHER')).map((x) => x.thread_id)).toEqual([THREADS.filtered]);
    expect(await threads('PENDING')).toEqual([]);
  });

  it('preloads the sidebar: pages, marketplace threads, people to message, presence', async () => {
    t.ctx.presence.set(PEOPLE.annaFriend.id, 'ACTIVE');
    t.ctx.presence.set(PEOPLE.zedFriend.id, 'IDLE');
    const { viewer } = await gqlOk<{
      viewer: {
        chat_sidebar_preload: {
          buddies: string[];
          adminedPages: Array<{
            id: string;
            name: string;
            uri: string;
            imgSize: number;
            badgingCount: number;
          }>;
          marketplaceThreads: Array<{ thread_id: string }>;
          recentPageList: string[];
          pageListModule: Array<{ id: string; category_type: string }>;
          pymmList: Array<{ id: string }>;
          profiles: Array<{ id: string }>;
          nearby: Array<{ id: string }>;
          groups: Array<{ uid: string; text: string }>;
        };
      };
    }>(
      t.app,
      await as('ordinary'),
      `{ viewer { chat_sidebar_preload {
        buddies adminedPages { id name uri imgSize badgingCount } marketplaceThreads { thread_id }
        recentPageList pageListModule { id category_type } pymmList { id } profiles { id } nearby { id }
        groups { uid text } } } }`,
    );
    const preload = viewer.chat_sidebar_preload;
    expect(filterByPresence(preload.buddies, 'ACTIVE')).toEqual([PEOPLE.annaFriend.id]);
    expect(filterByPresence(preload.buddies, 'IDLE')).toEqual([PEOPLE.zedFriend.id]);
    expect(preload.buddies).toContain(`${PEOPLE.exactAnn.id}-OFFLINE`);
    expect(preload.adminedPages).toEqual([
      {
        id: PAGES.bakery.id,
        name: PAGES.bakery.name,
        uri: `/messages/t/${PAGES.bakery.id}`,
        imgSize: 32,
        badgingCount: 1,
      },
    ]);
    expect(preload.marketplaceThreads.map((x) => x.thread_id)).toEqual([THREADS.toBakery]);
    expect(preload.recentPageList).toEqual([PAGES.bakery.id]);
    expect(preload.pageListModule.map((x) => x.id)).toEqual([PAGES.bakery.id]);
    expect(preload.profiles.map((x) => x.id)).toEqual([PAGES.bakery.id]);
    expect(preload.pymmList.map((x) => x.id)).toEqual([
      PEOPLE.exactAnn.id,
      PEOPLE.birthday.id,
      PEOPLE.zedFriend.id,
    ]);
    expect(preload.nearby).toEqual([]);
    expect(preload.groups.map((g) => [g.uid, g.text])).toEqual([
      [THREADS.room, 'Book Annex'],
      [THREADS.privateGroup, 'Annex Planning'],
      [THREADS.unnamed, 'Greta, Annabel and Hanna'],
    ]);
    t.ctx.presence.set(PEOPLE.annaFriend.id, 'OFFLINE');
  });
});
