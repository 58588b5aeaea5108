import { filterByPresence, parseBuddy } from '@messenger/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { model, type ModelNetwork, type ModelPerson } from './network-model';
import {
  codesOf,
  createNetworkApp,
  gql,
  gqlOk,
  readExampleNetwork,
  sessionCache,
  type GraphTestApp,
  type Session,
} from './support';

interface Page<N> {
  edges: Array<{ cursor: string; node: N }>;
  page_info: { has_next_page: boolean; end_cursor: string | null };
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Walks a connection page by page; checks that both paging shapes agree on every page. */
async function walk<N>(
  fetchPage: (after: string | null) => Promise<Page<N>>,
  maxPages = 100,
): Promise<{ nodes: N[]; pages: number }> {
  const nodes: N[] = [];
  let after: string | null = null;
  for (let pages = 1; pages <= maxPages; pages += 1) {
    const page = await fetchPage(after);
    expect(page.page_info.has_next_page).toBe(page.pageInfo.hasNextPage);
    expect(page.page_info.end_cursor).toBe(page.pageInfo.endCursor);
    expect(page.page_info.end_cursor).toBe(page.edges.at(-1)?.cursor ?? null);
    nodes.push(...page.edges.map((e) => e.node));
    if (!page.page_info.has_next_page) return { nodes, pages };
    after = page.page_info.end_cursor;
  }
  throw new Error('connection never ended');
}

const network = readExampleNetwork() as unknown as ModelNetwork & { format: string };
const m = model(network);

/** People picked by what they are, not by name: most friends, a work user, a page admin, an employee. */
const byFriends = [...network.people]
  .filter((p) => p.memorialized !== true)
  .sort((a, b) => m.friends(b.id).size - m.friends(a.id).size);
const picks: ModelPerson[] = [
  byFriends[0],
  network.people.find((p) => p.account === 'work' && p.memorialized !== true),
  network.people.find((p) => m.adminedPages(p.id).length > 0),
  network.people.find((p) => p.employee === true),
  network.people.find((p) =>
    network.threads.some((t) => t.privacy_mode === 0 && t.participants.includes(p.id)),
  ),
].filter((p): p is ModelPerson => p !== undefined);

describe.each(await dialectsUnderTest())('graph reads on the example network (%s)', (dialect) => {
  let t: GraphTestApp;
  let app: FastifyInstance;
  const session = sessionCache(() => app);
  const as = (p: ModelPerson): Promise<Session> => session(p.username, p.password);

  beforeAll(async () => {
    t = await createNetworkApp(dialect, network);
    app = t.app;
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('answers viewer with the person of the session', async () => {
    for (const p of picks) {
      const { viewer } = await gqlOk<{
        viewer: {
          id: string;
          name: string;
          short_name: string;
          username: string;
          is_employee: boolean;
          is_work_user: boolean;
          gates: string[];
          company: { prefix: string } | null;
        };
      }>(
        app,
        await as(p),
        '{ viewer { id name short_name username is_employee is_work_user gates company { prefix name } } }',
      );
      expect(viewer.id).toBe(p.id);
      expect(viewer.name).toBe(p.name);
      expect(viewer.short_name).toBe(p.short_name);
      expect(viewer.username).toBe(p.username);
      expect(viewer.is_employee).toBe(p.employee === true);
      expect(viewer.is_work_user).toBe(p.account === 'work');
      expect(viewer.gates).toEqual([...(p.gates ?? [])].sort());
      expect(viewer.company === null).toBe(p.account !== 'work');
    }
  });

  it('pages through all_friends and chat_buddylist with cursors, nothing lost or repeated', async () => {
    for (const p of picks) {
      const s = await as(p);
      for (const [field, expected] of [
        ['all_friends', m.friends(p.id)],
        ['chat_buddylist', m.buddies(p.id)],
      ] as const) {
        const { nodes } = await walk<{ id: string; is_memorialized: boolean }>(async (after) => {
          const data = await gqlOk<{
            viewer: Record<string, Page<{ id: string; is_memorialized: boolean }>>;
          }>(
            app,
            s,
            `query($after: String) { viewer { ${field}(first: 4, after: $after) {
              edges { cursor node { id is_memorialized } } page_info { has_next_page end_cursor } pageInfo { hasNextPage endCursor } } } }`,
            { after },
          );
          return data.viewer[field]!;
        });
        const ids = nodes.map((n) => n.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(expected);
        expect(nodes.some((n) => n.is_memorialized)).toBe(false);
      }
    }
  });

  it('pages through message_threads per folder, newest activity first, with unread counts', async () => {
    for (const p of picks) {
      const s = await as(p);
      for (const folder of ['INBOX', 'OTHER', 'PENDING'] as const) {
        const expected = m.threads(p.id, folder);
        interface ThreadNode {
          thread_id: string;
          unread_count: number;
          last_activity_time: number;
          folder: string;
          participants: Array<{ id: string }>;
          custom_nickname: Record<string, string>;
        }
        const { nodes } = await walk<ThreadNode>(async (after) => {
          const data = await gqlOk<{ viewer: { message_threads: Page<ThreadNode> } }>(
            app,
            s,
            `query($after: String, $folder: ThreadFolder) { viewer { message_threads(first: 3, after: $after, folder: $folder) {
              edges { cursor node { thread_id name image_src unread_count last_activity_time folder custom_nickname
                participants { ... on MessagingUser { id name short_name } ... on Page { id name short_name } } } }
              page_info { has_next_page end_cursor } pageInfo { hasNextPage endCursor } } } }`,
            { after, folder },
          );
          return data.viewer.message_threads;
        });
        expect(nodes.map((n) => n.thread_id).sort()).toEqual(expected.map((x) => x.id).sort());
        const times = nodes.map((n) => n.last_activity_time);
        expect(times).toEqual([...times].sort((a, b) => b - a));
        for (const node of nodes) {
          const thread = expected.find((x) => x.id === node.thread_id)!;
          expect(node.folder).toBe(folder);
          expect(node.unread_count).toBe(m.unread(thread, p.id));
          expect(node.participants.map((x) => x.id).sort()).toEqual(
            [...thread.participants].sort(),
          );
          expect(node.custom_nickname).toEqual(thread.nicknames ?? {});
        }
      }
    }
  });

  it('ranks participant suggestions by affinity and pages them with count', async () => {
    const p = picks[0]!;
    const s = await as(p);
    const friendIds = [...m.friends(p.id)];
    const original = friendIds.slice(0, 1);
    interface Suggestion {
      id: string;
      friendship_status: string;
      is_memorialized: boolean;
    }
    const { nodes } = await walk<Suggestion>(async (after) => {
      const data = await gqlOk<{ viewer: { messenger_contextual_ranked_users: Page<Suggestion> } }>(
        app,
        s,
        `query($ids: [ID!]!, $after: String) { viewer { messenger_contextual_ranked_users(original_participant_ids: $ids, count: 5, after: $after) {
          edges { cursor node { id friendship_status is_memorialized } } page_info { has_next_page end_cursor } pageInfo { hasNextPage endCursor } } } }`,
        { ids: original, after },
        'GET',
      );
      return data.viewer.messenger_contextual_ranked_users;
    });
    const ids = nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(original[0]);
    expect(ids).not.toContain(p.id);
    expect(nodes.some((n) => n.is_memorialized)).toBe(false);
    // Every friend other than the original participant is suggested, friends before anyone else.
    for (const id of friendIds.slice(1)) expect(ids).toContain(id);
    const firstStranger = nodes.findIndex((n) => n.friendship_status === 'non_friend');
    if (firstStranger >= 0) {
      expect(nodes.slice(firstStranger).every((n) => n.friendship_status === 'non_friend')).toBe(
        true,
      );
    }
  });

  it('lists a room audience (privacy_mode 0) thirty at a time', async () => {
    const room = network.threads.find((x) => x.privacy_mode === 0);
    if (room === undefined) return;
    const p = network.people.find(
      (x) => room.participants.includes(x.id) && x.memorialized !== true,
    )!;
    const s = await as(p);
    const { nodes } = await walk<{ id: string }>(async (after) => {
      const data = await gqlOk<{
        message_thread: { messaging_audience_list: Page<{ id: string }> };
      }>(
        app,
        s,
        `query($id: ID!, $after: String) { message_thread(thread_fbid: $id) { messaging_audience_list(first: 5, after: $after) {
          edges { cursor node { id } } page_info { has_next_page end_cursor } pageInfo { hasNextPage endCursor } } } }`,
        { id: room.id, after },
        'GET',
      );
      return data.message_thread.messaging_audience_list;
    });
    const expected = room.participants.filter(
      (id) =>
        id !== p.id &&
        !m.pageIds.has(id) &&
        m.person.get(id)?.memorialized !== true &&
        !network.blocks.some(([a, b]) => (a === p.id && b === id) || (a === id && b === p.id)),
    );
    expect(nodes.map((n) => n.id).sort()).toEqual(expected.sort());
  });

  it('preloads the chat sidebar with presence-suffixed buddies and administered pages', async () => {
    const admin = picks.find((p) => m.adminedPages(p.id).length > 0)!;
    const s = await as(admin);
    const buddies = [...m.buddies(admin.id)];
    const online = buddies[0]!;
    t.ctx.presence.set(online, 'ACTIVE');
    interface Preload {
      buddies: string[];
      shortProfiles: Array<{ id: string; type: string; is_memorialized: boolean }>;
      adminedPages: Array<{
        id: string;
        name: string;
        uri: string | null;
        imgSize: number;
        badgingCount: number;
      }>;
      groups: Array<{
        uid: string;
        text: string;
        mercury_thread: { name: string };
        participants_to_render: Array<{ id: string }>;
      }>;
      nearby: unknown[];
      marketplaceThreads: unknown[];
      pageListModule: unknown[];
      pymmList: unknown[];
      recentPageList: string[];
      profiles: unknown[];
    }
    const { viewer } = await gqlOk<{ viewer: { chat_sidebar_preload: Preload } }>(
      app,
      s,
      `{ viewer { chat_sidebar_preload {
        buddies shortProfiles { id type is_memorialized }
        adminedPages { id name uri imgSrc imgSize badgingCount }
        groups { uid text mercury_thread { name image_src participants { ... on MessagingUser { id } } } participants_to_render { ... on MessagingUser { id name short_name } } }
        nearby { id } marketplaceThreads { id } pageListModule { id name } pymmList { id } recentPageList profiles { id }
      } } }`,
    );
    const preload = viewer.chat_sidebar_preload;
    expect(preload.buddies.map((b) => parseBuddy(b)?.id).sort()).toEqual(buddies.sort());
    expect(filterByPresence(preload.buddies, 'ACTIVE')).toEqual([online]);
    expect(filterByPresence(preload.buddies, 'OFFLINE')).toHaveLength(buddies.length - 1);
    expect(preload.shortProfiles.map((x) => x.id).sort()).toEqual(buddies.sort());
    expect(preload.shortProfiles.some((x) => x.is_memorialized)).toBe(false);
    expect(preload.adminedPages.map((x) => x.id).sort()).toEqual(
      m
        .adminedPages(admin.id)
        .map((x) => x.id)
        .sort(),
    );
    for (const page of preload.adminedPages) {
      expect(page.badgingCount).toBe(m.badgingCount(page.id));
    }
    const groupIds = m
      .threads(admin.id, 'INBOX')
      .filter((x) => x.kind === 'group')
      .map((x) => x.id);
    expect(preload.groups.map((g) => g.uid).sort()).toEqual(groupIds.sort());
    for (const group of preload.groups) expect(group.text).toBe(group.mercury_thread.name);
    t.ctx.presence.set(online, 'OFFLINE');
  });

  it('refuses bad paging arguments with the argument named', async () => {
    const s = await as(picks[0]!);
    const cases: Array<[string, string]> = [
      ['{ viewer { all_friends(first: 101) { edges { cursor } } } }', 'first'],
      [
        '{ viewer { all_friends(first: 51, can_viewer_send_money: true) { edges { cursor } } } }',
        'first',
      ],
      ['{ viewer { all_friends(first: 0) { edges { cursor } } } }', 'first'],
      ['{ viewer { chat_buddylist(first: 10, after: "bm9wZQ") { edges { cursor } } } }', 'after'],
      [
        '{ viewer { messenger_contextual_ranked_users(original_participant_ids: [], count: 51) { edges { cursor } } } }',
        'count',
      ],
      [
        '{ viewer { messenger_contextual_ranked_users(original_participant_ids: ["x1"]) { edges { cursor } } } }',
        'original_participant_ids[0]',
      ],
      ['{ viewer { message_threads(first: 5, after: "!!") { edges { cursor } } } }', 'after'],
      ['{ message_thread(thread_fbid: "abc") { id } }', 'thread_fbid'],
    ];
    for (const [query, field] of cases) {
      expect(codesOf(await gql(app, s, query))).toEqual([{ code: 'bad_request', field }]);
    }
    // A cursor of one list is not a cursor of another.
    const friends = await gqlOk<{ viewer: { all_friends: Page<unknown> } }>(
      app,
      s,
      '{ viewer { all_friends(first: 1) { edges { cursor } page_info { has_next_page end_cursor } pageInfo { hasNextPage endCursor } } } }',
    );
    const cursor = friends.viewer.all_friends.page_info.end_cursor;
    const other = await gql(
      app,
      s,
      `{ viewer { chat_buddylist(first: 1, after: "${String(cursor)}") { edges { cursor } } } }`,
    );
    expect(codesOf(other)).toEqual([{ code: 'bad_request', field: 'after' }]);
  });
});
