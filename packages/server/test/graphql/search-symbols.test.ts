import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { searchApp } from './search-support';
import { gql, type GqlResponse } from './support';

/*
 * Every search entry point with text that has no letter or digit, and with
 * arbitrary Unicode: never an internal error (FTS5 and tsquery choked on `""`
 * and `**`), and a query with no word finds nothing.
 */

const EDGES = 'edges { cursor node { __typename } }';
/** Each search field, with `$q` as its query text; allow_short_query so one-character text reaches it too. */
const ENTRY_POINTS: Record<string, string> = {
  search_profiles: `search_profiles(search_query: $q, allow_short_query: true) { ${EDGES} }`,
  search_groups: `search_groups(query: $q, allow_short_query: true) { ${EDGES} }`,
  search_messages: `search_messages(query: $q, allow_short_query: true) { ${EDGES} }`,
  search_rooms: `search_rooms(query: $q, allow_short_query: true) { ${EDGES} }`,
  search_pages: `search_pages(query: $q, include_games: true, allow_short_query: true) { ${EDGES} }`,
  search_combined: `search_combined(query: $q, allow_short_query: true) { module_type results { ${EDGES} } }`,
  search_see_all: `search_see_all(query: $q, supported_types: [{ type: USER, limit: 5 }, { type: GROUP, limit: 5 }, { type: PAGE, limit: 5 }], allow_short_query: true) { ${EDGES} }`,
  search_workchat: `search_workchat(query: $q, allow_short_query: true) { user_group_results { ${EDGES} } bot_results { ${EDGES} } vc_results { ${EDGES} } }`,
  typeahead_source: `typeahead_source(value: $q, allow_short_query: true) { entries { uniqueID } }`,
};

/** Viewers allowed to use each field (work chat is for work users; the rest for a gated personal user). */
const viewerFor = (field: string) => (field === 'search_workchat' ? 'workGated' : 'gated');

/** How many results an answer holds, wherever the field keeps them. */
function resultCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + resultCount(v), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.entries(value).reduce(
    (n, [key, v]) =>
      n + (key === 'edges' || key === 'entries' ? (v as unknown[]).length : resultCount(v)),
    0,
  );
}

/** Codes a search may answer bad text with: a stable, named refusal, never an internal error. */
const REFUSALS = new Set(['bad_argument', 'query_too_short', 'bad_request']);

describe.each(await dialectsUnderTest())('search text without words on %s', (dialect) => {
  const { app, as } = searchApp(dialect);
  const ask = async (field: string, q: string): Promise<GqlResponse> =>
    gql(app(), await as(viewerFor(field)), `query($q: String!) { ${ENTRY_POINTS[field]} }`, {
      q,
    });

  const SYMBOLS = ['""', "''", '**', '()', '--', '..', '$$', '🙂🙂', '"*', '\u0301\u0301', '™™'];

  it.each(Object.keys(ENTRY_POINTS))(
    '%s answers an empty result, never an error',
    async (field) => {
      for (const q of SYMBOLS) {
        const answer = await ask(field, q);
        expect({ q, status: answer.status, errors: answer.errors }).toEqual({
          q,
          status: 200,
          errors: [],
        });
        expect({ q, results: resultCount(answer.data) }).toEqual({ q, results: 0 });
      }
    },
  );

  it.each(Object.keys(ENTRY_POINTS))('%s survives arbitrary Unicode', async (field) => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 30 }), async (q) => {
        const answer = await ask(field, q);
        expect(answer.status).toBeLessThan(500);
        for (const error of answer.errors) {
          expect(REFUSALS).toContain(error.extensions?.code);
        }
        if (answer.errors.length === 0) expect(answer.data).not.toBeNull();
      }),
      { numRuns: 25 },
    );
  });
});
