import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import {
  fixtureNetwork,
  PAGES,
  PASSWORD,
  PEOPLE,
  THREADS,
  usernameOf,
  type ViewerName,
} from './fixture-network';
import { codesOf, gql, loadNetwork, sessionCache } from './support';

/**
 * Seed section 6 as a matrix: every gated call against ordinary, work,
 * employee and employee-with-work viewers (no gates), plus gated variants.
 * 'ok' means the call answers; otherwise the error code and field expected.
 */
type Outcome = 'ok' | { code: string; field?: string };

const ROLES = ['ordinary', 'work', 'employee', 'employeeWork', 'gated', 'workGated'] as const;
const F = (field?: string): Outcome =>
  field === undefined ? { code: 'forbidden' } : { code: 'forbidden', field };

interface GatedCall {
  name: string;
  query: string;
  expected: Record<(typeof ROLES)[number], Outcome>;
}

const CALLS: GatedCall[] = [
  {
    name: 'message search needs the message_search gate',
    query: '{ search_messages(query: "lunch") { edges { cursor } } }',
    expected: {
      ordinary: F(),
      work: F(),
      employee: F(),
      employeeWork: F(),
      gated: 'ok',
      workGated: 'ok',
    },
  },
  {
    name: 'meeting rooms are for employees or work users',
    query: '{ search_pages(query: "an", vc_endpoint: true) { edges { cursor } } }',
    expected: {
      ordinary: F('vc_endpoint'),
      work: 'ok',
      employee: 'ok',
      employeeWork: 'ok',
      gated: F('vc_endpoint'),
      workGated: 'ok',
    },
  },
  {
    name: 'internal bots are for users who are both employee and work',
    query: '{ search_pages(query: "an", internal_bot: true) { edges { cursor } } }',
    expected: {
      ordinary: F('internal_bot'),
      work: F('internal_bot'),
      employee: F('internal_bot'),
      employeeWork: 'ok',
      gated: F('internal_bot'),
      workGated: F('internal_bot'),
    },
  },
  {
    name: 'group search: employees always, others with the group_search gate',
    query: '{ search_groups(query: "annex") { edges { cursor } } }',
    expected: {
      ordinary: F(),
      work: F(),
      employee: 'ok',
      employeeWork: 'ok',
      gated: 'ok',
      workGated: F(),
    },
  },
  {
    name: 'see-all of groups follows group search',
    query:
      '{ search_see_all(query: "annex", supported_types: [{ type: GROUP, limit: 5 }]) { edges { cursor } } }',
    expected: {
      ordinary: F('supported_types[0].type'),
      work: F('supported_types[0].type'),
      employee: 'ok',
      employeeWork: 'ok',
      gated: 'ok',
      workGated: F('supported_types[0].type'),
    },
  },
  {
    name: 'the work-chat query is for work users',
    query: '{ search_workchat(query: "an") { user_group_results { edges { cursor } } } }',
    expected: {
      ordinary: F(),
      work: 'ok',
      employee: F(),
      employeeWork: 'ok',
      gated: F(),
      workGated: 'ok',
    },
  },
  {
    name: 'the workchat context needs a work user with the gate on',
    query: '{ search_profiles(search_query: "an", context: workchat) { edges { cursor } } }',
    expected: {
      ordinary: F('context'),
      work: F('context'),
      employee: F('context'),
      employeeWork: F('context'),
      gated: F('context'),
      workGated: 'ok',
    },
  },
  {
    name: 'meeting room entries of the generic source follow the same rule',
    query:
      '{ typeahead_source(value: "an", extra: { types: ["meeting_room_page"] }) { entries { uniqueID } } }',
    expected: {
      ordinary: F('extra.types[0]'),
      work: 'ok',
      employee: 'ok',
      employeeWork: 'ok',
      gated: F('extra.types[0]'),
      workGated: 'ok',
    },
  },
  {
    name: 'internal bot entries of the generic source follow the same rule',
    query:
      '{ typeahead_source(value: "an", extra: { types: ["internal_bot_page"] }) { entries { uniqueID } } }',
    expected: {
      ordinary: F('extra.types[0]'),
      work: F('extra.types[0]'),
      employee: F('extra.types[0]'),
      employeeWork: 'ok',
      gated: F('extra.types[0]'),
      workGated: F('extra.types[0]'),
    },
  },
];

const ANONYMOUS_QUERIES = [
  '{ viewer { id } }',
  `{ message_thread(thread_fbid: "${THREADS.room}") { id } }`,
  '{ search_profiles(search_query: "an") { edges { cursor } } }',
  '{ search_groups(query: "an") { edges { cursor } } }',
  '{ search_messages(query: "an") { edges { cursor } } }',
  '{ search_pages(query: "an") { edges { cursor } } }',
  '{ search_rooms(query: "an") { edges { cursor } } }',
  '{ search_combined(query: "an") { module_type } }',
  '{ search_see_all(query: "an", supported_types: [{ type: USER, limit: 2 }]) { edges { cursor } } }',
  '{ search_workchat(query: "an") { vc_results { edges { cursor } } } }',
  '{ typeahead_source(value: "an") { entries { uniqueID } } }',
];

describe.each(await dialectsUnderTest())('permissions on %s', (dialect) => {
  let t: TestApp;
  const session = sessionCache(() => t.app);
  const as = (viewer: ViewerName) => session(usernameOf(viewer), PASSWORD);

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (db) => loadNetwork(db, fixtureNetwork()));
  });
  afterAll(async () => {
    await t.dispose();
  });

  describe.each(CALLS)('$name', (call) => {
    it.each(ROLES)('as %s', async (role) => {
      const result = await gql(t.app, await as(role), call.query);
      const expected = call.expected[role];
      if (expected === 'ok') {
        expect(result.errors).toEqual([]);
        expect(result.data).not.toBeNull();
      } else {
        expect(codesOf(result)).toEqual([expected]);
        expect(result.data).toBeNull();
      }
    });
  });

  it('returns bot results in the work-chat query only to employees with a work account', async () => {
    const bots = async (role: ViewerName) => {
      const result = await gql<{
        search_workchat: { bot_results: { edges: unknown[] }; vc_results: { edges: unknown[] } };
      }>(
        t.app,
        await as(role),
        '{ search_workchat(query: "an") { bot_results { edges { cursor } } vc_results { edges { cursor } } } }',
      );
      return result.data?.search_workchat;
    };
    expect((await bots('work'))?.bot_results.edges).toHaveLength(0);
    expect((await bots('work'))?.vc_results.edges).toHaveLength(1);
    expect((await bots('employeeWork'))?.bot_results.edges).toHaveLength(1);
  });

  it('offers the group module of combined search only to viewers allowed to search groups', async () => {
    for (const [role, hasGroups] of [
      ['ordinary', false],
      ['work', false],
      ['employee', true],
      ['employeeWork', true],
      ['gated', true],
    ] as const) {
      const result = await gql<{ search_combined: Array<{ module_type: string }> }>(
        t.app,
        await as(role),
        '{ search_combined(query: "an") { module_type } }',
      );
      expect(result.data?.search_combined.map((m) => m.module_type).includes('GROUP')).toBe(
        hasGroups,
      );
    }
  });

  it('restricts payment friends to people the viewer can send money to', async () => {
    const friends = async (role: ViewerName, pay: boolean) => {
      const result = await gql<{
        viewer: {
          all_friends: { edges: Array<{ node: { id: string; can_viewer_send_money: boolean } }> };
        };
      }>(
        t.app,
        await as(role),
        `{ viewer { all_friends(first: 50, can_viewer_send_money: ${String(pay)}) { edges { node { id can_viewer_send_money } } } } }`,
      );
      return result.data?.viewer.all_friends.edges.map((e) => e.node) ?? [];
    };
    for (const role of ['ordinary', 'work', 'employee', 'employeeWork'] as const) {
      const all = await friends(role, false);
      const paying = await friends(role, true);
      expect(paying.length).toBeGreaterThan(0);
      expect(paying.length).toBeLessThan(all.length);
      expect(paying.every((p) => p.can_viewer_send_money)).toBe(true);
      expect(paying.map((p) => p.id)).toEqual(
        all.filter((p) => p.can_viewer_send_money).map((p) => p.id),
      );
    }
    expect((await friends('ordinary', true)).map((p) => p.id)).toEqual([
      PEOPLE.annaFriend.id,
      PEOPLE.exactAnn.id,
    ]);
  });

  it('counts fb4c coworkers as friends for work viewers only', async () => {
    const friendTypes = async (role: ViewerName) => {
      const result = await gql<{
        viewer: {
          all_friends: { edges: Array<{ node: { id: string; friendship_status: string } }> };
        };
      }>(
        t.app,
        await as(role),
        '{ viewer { all_friends { edges { node { id friendship_status } } } } }',
      );
      return new Map(
        result.data?.viewer.all_friends.edges.map((e) => [e.node.id, e.node.friendship_status]),
      );
    };
    const work = await friendTypes('work');
    expect(work.get(PEOPLE.coworker.id)).toBe('fb4c');
    expect(work.has(PEOPLE.outsider.id)).toBe(false);
    const employeeWork = await friendTypes('employeeWork');
    expect(employeeWork.get(PEOPLE.coworker.id)).toBe('fb4c');
    for (const role of ['ordinary', 'employee'] as const) {
      expect((await friendTypes(role)).has(PEOPLE.coworker.id)).toBe(false);
    }
  });

  it('gives the search context of the core rule', async () => {
    const contextOf = async (role: ViewerName) =>
      (
        await gql<{ viewer: { search_context: string } }>(
          t.app,
          await as(role),
          '{ viewer { search_context } }',
        )
      ).data?.viewer.search_context;
    expect(await contextOf('workGated')).toBe('workchat');
    expect(await contextOf('work')).toBe('web_messenger_composer');
    expect(await contextOf('ordinary')).toBe('web_messenger_composer');
    expect(await contextOf('employeeWork')).toBe('web_messenger_composer');
  });

  it.each(ANONYMOUS_QUERIES)('refuses anonymous callers: %s', async (query) => {
    const result = await gql(t.app, null, query);
    expect(codesOf(result)).toEqual([{ code: 'unauthenticated' }]);
    expect(result.data).toBeNull();
    const get = await gql(t.app, null, query, {}, 'GET');
    expect(codesOf(get)).toEqual([{ code: 'unauthenticated' }]);
  });

  it('lists a room audience only for participants of a privacy_mode 0 thread', async () => {
    const audience = async (role: ViewerName, threadId: string) =>
      gql(
        t.app,
        await as(role),
        `{ message_thread(thread_fbid: "${threadId}") { messaging_audience_list(first: 30) { edges { node { id } } } } }`,
      );
    expect((await audience('work', THREADS.room)).errors).toEqual([]);
    // A participant of a private group: the thread answers, its audience does not.
    const privateGroup = await audience('gated', THREADS.privateGroup);
    expect(codesOf(privateGroup)).toEqual([{ code: 'forbidden' }]);
    // Not a participant: the thread itself is refused.
    expect(codesOf(await audience('work', THREADS.direct))).toEqual([
      { code: 'forbidden', field: 'thread_fbid' },
    ]);
    expect(codesOf(await audience('work', '999999999'))).toEqual([
      { code: 'forbidden', field: 'thread_fbid' },
    ]);
  });

  it('shows meeting rooms to allowed viewers in their results, never to others', async () => {
    const ids = async (role: ViewerName) => {
      const result = await gql<{ typeahead_source: { entries: Array<{ uniqueID: string }> } }>(
        t.app,
        await as(role),
        '{ typeahead_source(value: "an") { entries { uniqueID } } }',
      );
      return result.data?.typeahead_source.entries.map((e) => e.uniqueID) ?? [];
    };
    expect(await ids('ordinary')).not.toContain(`meeting_room_page:${PAGES.room.id}`);
    expect(await ids('employee')).toContain(`meeting_room_page:${PAGES.room.id}`);
    expect(await ids('employee')).not.toContain(`internal_bot_page:${PAGES.bot.id}`);
    expect(await ids('employeeWork')).toContain(`internal_bot_page:${PAGES.bot.id}`);
  });
});
