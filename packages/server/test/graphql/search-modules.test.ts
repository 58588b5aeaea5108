import { describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { GAMES, PAGES, PEOPLE, type ViewerName } from './fixture-network';
import { CONN, names, searchApp, type Conn } from './search-support';
import { codesOf, gql, gqlOk } from './support';

describe.each(await dialectsUnderTest())('search modules on %s', (dialect) => {
  const { app, as } = searchApp(dialect);

  it('answers combined search with one module per type', async () => {
    interface Module {
      module_type: string;
      results: Conn;
    }
    const combined = async (viewer: ViewerName, args = '') =>
      (
        await gqlOk<{ search_combined: Module[] }>(
          app(),
          await as(viewer),
          `{ search_combined(query: "annex"${args}) { module_type results { ${CONN} } } }`,
        )
      ).search_combined;
    const ordinary = await combined('ordinary');
    expect(ordinary.map((m) => m.module_type)).toEqual(['USER', 'PAGE']);
    const employee = await combined('employee');
    expect(employee.map((m) => m.module_type)).toEqual(['USER', 'GROUP', 'PAGE']);
    expect(names(employee[1]!.results)).toEqual(['Annex Planning', 'Book Annex']);
    const capped = await combined('employee', ', num_users: 1, num_groups: 1, num_pages: 1');
    expect(capped[1]?.results.edges).toHaveLength(1);
    expect(capped[1]?.results.page_info.has_next_page).toBe(true);
  });

  it('answers see-all search in the order of supported_types', async () => {
    const result = (
      await gqlOk<{ search_see_all: Conn }>(
        app(),
        await as('ordinary'),
        `{ search_see_all(query: "ann", exclude_ids: ["${PEOPLE.exactAnn.id}"],
            supported_types: [{ type: USER, limit: 2 }, { type: PAGE, limit: 1 }]) { ${CONN} } }`,
      )
    ).search_see_all;
    expect(names(result)).toEqual([
      PEOPLE.annaFriend.name,
      PEOPLE.annabelStranger.name,
      PAGES.bakery.name,
    ]);
    expect(result.page_info.has_next_page).toBe(true);
  });

  it('answers the work-chat query with people and groups, meeting rooms and bots', async () => {
    interface Workchat {
      user_group_results: Conn;
      bot_results: Conn;
      vc_results: Conn;
    }
    const workchat = async (viewer: ViewerName, q: string) =>
      (
        await gqlOk<{ search_workchat: Workchat }>(
          app(),
          await as(viewer),
          `{ search_workchat(query: "${q}") { user_group_results { ${CONN} } bot_results { ${CONN} } vc_results { ${CONN} } } }`,
        )
      ).search_workchat;
    const work = await workchat('work', 'an');
    const ids = work.user_group_results.edges.map((e) => e.node.id);
    expect(ids).toContain(PEOPLE.coworker.id);
    expect(ids).toContain(PEOPLE.annaFriend.id);
    // Work chat stays inside the viewer's work world: no strangers.
    expect(ids).not.toContain(PEOPLE.annabelStranger.id);
    expect(ids).not.toContain(PEOPLE.outsider.id);
    expect(work.vc_results.edges.map((e) => e.node.id)).toEqual([PAGES.room.id]);
    expect(work.bot_results.edges).toEqual([]);
    const groups = await workchat('work', 'book');
    expect(groups.user_group_results.edges.map((e) => e.node.__typename)).toEqual([
      'MessengerViewerGroupThread',
    ]);
    const staff = await workchat('employeeWork', 'an');
    expect(staff.bot_results.edges.map((e) => e.node.id)).toEqual([PAGES.bot.id]);
  });

  it('serves the generic typeahead source without the ids already shown', async () => {
    interface Entry {
      uniqueID: string;
      title: string;
      type: string;
      order: number;
    }
    const source = async (viewer: ViewerName, args: string) =>
      gql<{ typeahead_source: { entries: Entry[] } }>(
        app(),
        await as(viewer),
        `{ typeahead_source(${args}) { entries { uniqueID order title subtitle keywordString type photo uri auxiliaryData { alias isMemorializedUser } } } }`,
      );
    const all = await source('ordinary', 'value: "an"');
    const ids = all.data?.typeahead_source.entries.map((e) => e.uniqueID) ?? [];
    expect(ids).toContain(`friend:${PEOPLE.exactAnn.id}`);
    expect(ids).toContain(`page:${PAGES.bakery.id}`);
    expect(ids).toContain(`game:${GAMES.anagram.id}`);
    expect(ids.some((id) => id.startsWith('meeting_room_page:'))).toBe(false);
    const without = await source(
      'ordinary',
      `value: "an", existing_ids: "friend:${PEOPLE.exactAnn.id},${PAGES.bakery.id}"`,
    );
    const rest = without.data?.typeahead_source.entries.map((e) => e.uniqueID) ?? [];
    expect(rest).not.toContain(`friend:${PEOPLE.exactAnn.id}`);
    expect(rest).not.toContain(`page:${PAGES.bakery.id}`);
    const onePage = await source('ordinary', 'value: "an", extra: { types: ["page"], limit: 1 }');
    expect(onePage.data?.typeahead_source.entries.map((e) => e.uniqueID)).toEqual([
      `page:${PAGES.bakery.id}`,
    ]);
    const forbidden = await source(
      'ordinary',
      'value: "an", extra: { types: ["page", "meeting_room_page"] }',
    );
    expect(codesOf(forbidden)).toEqual([{ code: 'forbidden', field: 'extra.types[1]' }]);
    const rooms = await source('work', 'value: "an", extra: { types: ["meeting_room_page"] }');
    expect(rooms.data?.typeahead_source.entries.map((e) => e.uniqueID)).toEqual([
      `meeting_room_page:${PAGES.room.id}`,
    ]);
    const unknown = await source('ordinary', 'value: "an", extra: { colour: "red" }');
    expect(codesOf(unknown)).toEqual([{ code: 'bad_request', field: 'extra' }]);
  });
});
