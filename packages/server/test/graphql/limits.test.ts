import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_COST,
  MAX_DEPTH,
  MAX_INTROSPECTION_DEPTH,
  queryLimitRules,
} from '../../src/graphql/query-limits';
import { buildSchema } from '../../src/schema';
import { asSession } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { fixtureNetwork, PASSWORD, THREADS, usernameOf } from './fixture-network';
import { codesOf, createNetworkApp, gql, sessionCache, type GraphTestApp } from './support';

/** graphql's CommonJS build, the one the schema was built with (the test runner would load the ESM one). */
const { getIntrospectionQuery, parse, validate } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

const VIEWER_QUERY = 'query Me { viewer { id name } }';

describe.each(await dialectsUnderTest())('limits and bad input on %s', (dialect) => {
  let t: GraphTestApp;
  const session = sessionCache(() => t.app);
  const ordinary = () => session(usernameOf('ordinary'), PASSWORD);
  const gated = () => session(usernameOf('gated'), PASSWORD);

  beforeAll(async () => {
    t = await createNetworkApp(dialect, fixtureNetwork());
  });
  afterAll(async () => {
    await t.dispose();
  });

  it.each([
    [
      '{ search_profiles(search_query: "ann", result_limit: 11) { edges { cursor } } }',
      'result_limit',
    ],
    [
      '{ search_profiles(search_query: "ann", result_limit: 0) { edges { cursor } } }',
      'result_limit',
    ],
    [
      '{ search_profiles(search_query: "ann", exclude_ids: ["12", "x"]) { edges { cursor } } }',
      'exclude_ids[1]',
    ],
    [
      '{ search_profiles(search_query: "ann", session: "has spaces") { edges { cursor } } }',
      'session',
    ],
    [
      `{ search_profiles(search_query: "${'a'.repeat(101)}") { edges { cursor } } }`,
      'search_query',
    ],
    ['{ search_combined(query: "ann", num_users: 11) { module_type } }', 'num_users'],
    ['{ search_combined(query: "ann", num_groups: 0) { module_type } }', 'num_groups'],
    ['{ search_combined(query: "ann", num_pages: 6) { module_type } }', 'num_pages'],
    [
      '{ search_see_all(query: "ann", supported_types: [{ type: USER, limit: 51 }]) { edges { cursor } } }',
      'supported_types[0].limit',
    ],
    [
      '{ search_see_all(query: "ann", supported_types: [{ type: USER, limit: 2 }, { type: USER, limit: 3 }]) { edges { cursor } } }',
      'supported_types',
    ],
    [
      '{ search_see_all(query: "ann", supported_types: []) { edges { cursor } } }',
      'supported_types',
    ],
    [
      '{ typeahead_source(value: "an", existing_ids: "1 2") { entries { uniqueID } } }',
      'existing_ids',
    ],
    [
      '{ typeahead_source(value: "an", extra: { limit: 101 }) { entries { uniqueID } } }',
      'extra.limit',
    ],
    [
      '{ typeahead_source(value: "an", extra: { types: ["message"] }) { entries { uniqueID } } }',
      'extra.types[0]',
    ],
    ['{ typeahead_source(value: "an", extra: "text") { entries { uniqueID } } }', 'extra'],
    // GraphQL's own type checks answer in the same shape.
    [
      '{ search_profiles(search_query: "ann", result_limit: "ten") { edges { cursor } } }',
      'result_limit',
    ],
    ['{ search_profiles { edges { cursor } } }', 'search_query'],
    ['{ search_pages(query: "an", colour: 1) { edges { cursor } } }', 'colour'],
    ['{ viewer { message_threads(folder: SPAM) { edges { cursor } } } }', 'folder'],
  ])('refuses %s naming %s', async (query, field) => {
    const result = await gql(t.app, await ordinary(), query);
    expect(codesOf(result)).toEqual([{ code: 'bad_request', field }]);
    expect(result.data).toBeNull();
  });

  it('names the variable that failed coercion', async () => {
    const result = await gql(
      t.app,
      await ordinary(),
      'query($n: Int) { search_profiles(search_query: "ann", result_limit: $n) { edges { cursor } } }',
      { n: 'ten' },
    );
    expect(codesOf(result)).toEqual([{ code: 'bad_request', field: 'n' }]);
  });

  it('refuses a query that would cost too much with query_too_complex', async () => {
    const query = `{ viewer { message_threads(first: 100) { edges { node {
      messaging_audience_list(first: 30) { edges { node { id name short_name username is_birthday } } } } } } } }`;
    const result = await gql(t.app, await gated(), query);
    expect(codesOf(result)).toEqual([{ code: 'query_too_complex' }]);
    // The same shape with small pages runs.
    const small = await gql(
      t.app,
      await gated(),
      query.replace('first: 100', 'first: 2').replace('first: 30', 'first: 3'),
    );
    expect(small.errors.filter((e) => e.extensions?.code === 'query_too_complex')).toEqual([]);
  });

  it('counts an explicit small last: a 100-thread list with one preview message each runs', async () => {
    const list = (preview: number) => `query($folder: ThreadFolder!) { viewer { id
      message_threads(first: 100, folder: $folder) { edges { cursor node { id thread_id folder
        unread_count last_activity_time group_name custom_nickname
        participants_to_render { __typename ... on MessagingUser { id name short_name } ... on Page { id name } }
        messages(last: ${preview}) { edges { node { id text sender_id seq_in_thread } } }
      } } pageInfo { hasNextPage endCursor } } } }`;
    const accepted = await gql<{
      viewer: { message_threads: { edges: Array<{ node: { messages: { edges: unknown[] } } }> } };
    }>(t.app, await ordinary(), list(1), { folder: 'INBOX' });
    expect(accepted.errors).toEqual([]);
    const edges = accepted.data?.viewer.message_threads.edges ?? [];
    expect(edges.length).toBeGreaterThan(0);
    for (const edge of edges) expect(edge.node.messages.edges.length).toBeLessThanOrEqual(1);
    // The same list with a whole history page per thread is still over the limit.
    const refused = await gql(t.app, await ordinary(), list(50), { folder: 'INBOX' });
    expect(codesOf(refused)).toEqual([{ code: 'query_too_complex' }]);
  });

  it('runs the biggest bootstrap query of the client within the limits', async () => {
    const result = await gql(
      t.app,
      await ordinary(),
      `{ viewer { id name search_context
        all_friends(first: 100) { edges { cursor node { id name short_name thumbSrc uri searchTokens type is_messenger_user is_messenger_only is_birthday } } page_info { has_next_page end_cursor } }
        chat_buddylist(first: 100) { edges { cursor node { id name type } } pageInfo { hasNextPage endCursor } }
        message_threads(first: 100) { edges { cursor node { thread_id name image_src unread_count custom_nickname participants { ... on MessagingUser { id name short_name } ... on Page { id name short_name } } } } page_info { has_next_page end_cursor } }
      } }`,
    );
    expect(result.errors).toEqual([]);
  });

  it('accepts GET for queries and needs the CSRF token on POST', async () => {
    const s = await ordinary();
    const get = await gql(t.app, s, VIEWER_QUERY, {}, 'GET');
    expect(get.errors).toEqual([]);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie: s.cookie },
      payload: JSON.stringify({ query: VIEWER_QUERY }),
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json<{ error: { code: string } }>().error.code).toBe('csrf');
    const withToken = await asSession(t.app, s, {
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: VIEWER_QUERY }),
    });
    expect(withToken.statusCode).toBe(200);
  });

  it('answers message_thread for participants only', async () => {
    const mine = await gql<{ message_thread: { thread_id: string; is_group_thread: boolean } }>(
      t.app,
      await ordinary(),
      `{ message_thread(thread_fbid: "${THREADS.room}") { thread_id is_group_thread privacy_mode } }`,
    );
    expect(mine.data?.message_thread.thread_id).toBe(THREADS.room);
  });
});

describe('the complexity rule', () => {
  const schema = buildSchema();
  const check = (query: string, limits: { maxDepth: number; maxCost: number }) =>
    validate(schema, parse(query), queryLimitRules(limits)).map((e) => ({
      code: e.extensions.code,
      message: e.message,
    }));

  it('refuses operations nested deeper than the limit, fragments included', () => {
    const deep = `{ viewer { chat_sidebar_preload { groups { mercury_thread { ...T } } } } }
      fragment T on MessageThread { messaging_audience_list { edges { node { profile_picture { uri } } } } }`;
    expect(check(deep, { maxDepth: 9, maxCost: MAX_COST })).toEqual([]);
    expect(check(deep, { maxDepth: 8, maxCost: MAX_COST })).toEqual([
      { code: 'query_too_complex', message: 'The query is nested 9 deep; the limit is 8.' },
    ]);
  });

  it('takes last like first, the larger of the two, and a variable at the most a page holds', () => {
    const cost = (args: string) =>
      `{ thread_messages(thread_id: "1", ${args}) { edges { node { id text } } } }`;
    // thread_messages 1 + (edges, node, id, text) x size.
    expect(check(cost('last: 2'), { maxDepth: 12, maxCost: 9 })).toEqual([]);
    expect(check(cost('last: 2'), { maxDepth: 12, maxCost: 8 })[0]?.code).toBe('query_too_complex');
    expect(check(cost('first: 1, last: 3'), { maxDepth: 12, maxCost: 13 })).toEqual([]);
    expect(check(cost('first: 1, last: 3'), { maxDepth: 12, maxCost: 12 })).not.toEqual([]);
    const variable = `query($n: Int) { thread_messages(thread_id: "1", last: $n) { edges { node { id text } } } }`;
    expect(check(variable, { maxDepth: 12, maxCost: 401 })).toEqual([]);
    expect(check(variable, { maxDepth: 12, maxCost: 400 })).not.toEqual([]);
  });

  it('multiplies page sizes down the tree; introspection has its own depth limit', () => {
    const query = '{ viewer { all_friends(first: 10) { edges { node { id name } } } } }';
    // viewer 1 + all_friends 1 + (edges, node, id, name) x 10.
    expect(check(query, { maxDepth: 12, maxCost: 42 })).toEqual([]);
    expect(check(query, { maxDepth: 12, maxCost: 41 })[0]?.code).toBe('query_too_complex');
    const introspection =
      '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }';
    // Introspection costs nothing and is not held to the data depth: it reads the schema.
    expect(check(introspection, { maxDepth: 2, maxCost: 1 })).toEqual([]);
    // GraphiQL's own introspection query fits the default limits.
    expect(check(getIntrospectionQuery(), { maxDepth: MAX_DEPTH, maxCost: MAX_COST })).toEqual([]);
    // A chain of ofType (no list, so graphql's MaxIntrospectionDepthRule lets it through) does not.
    const chain = `{ __type(name: "Query") { ${'ofType { '.repeat(MAX_INTROSPECTION_DEPTH)}name${' }'.repeat(MAX_INTROSPECTION_DEPTH)} } }`;
    expect(check(chain, { maxDepth: MAX_DEPTH, maxCost: MAX_COST })[0]?.code).toBe(
      'query_too_complex',
    );
    // Also through a fragment on an introspection type.
    const viaFragment = `query { __type(name: "Query") { ...Deep } } fragment Deep on __Type { ${'ofType { '.repeat(MAX_INTROSPECTION_DEPTH)}name${' }'.repeat(MAX_INTROSPECTION_DEPTH)} }`;
    expect(check(viaFragment, { maxDepth: MAX_DEPTH, maxCost: MAX_COST })[0]?.code).toBe(
      'query_too_complex',
    );
  });
});

describe.each(await dialectsUnderTest())('persisted operations in production on %s', (dialect) => {
  let t: GraphTestApp;
  let dir: string;
  const session = sessionCache(() => t.app);
  const previous = process.env.PERSISTED_OPERATIONS;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'persisted-'));
    const file = join(dir, 'persisted.json');
    writeFileSync(file, JSON.stringify({ me1: VIEWER_QUERY }));
    process.env.PERSISTED_OPERATIONS = file;
    t = await createNetworkApp(dialect, fixtureNetwork(), { NODE_ENV: 'production' });
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.PERSISTED_OPERATIONS;
    else process.env.PERSISTED_OPERATIONS = previous;
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (body: Record<string, unknown>) => {
    const s = await session(usernameOf('ordinary'), PASSWORD);
    const response = await asSession(t.app, s, {
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      body: response.json<{
        data?: { viewer?: { id: string } };
        errors?: Array<{ extensions?: { code?: string } }>;
      }>(),
    };
  };

  it('refuses an arbitrary document', async () => {
    const raw = await post({ query: VIEWER_QUERY });
    expect(raw.status).toBe(400);
    expect(raw.body.errors?.map((e) => e.extensions?.code)).toEqual(['persisted_query_only']);
  });

  it('runs a persisted operation given by id, in every usual spelling', async () => {
    for (const body of [
      { doc_id: 'me1' },
      { documentId: 'me1' },
      { id: 'me1' },
      { extensions: { persistedQuery: { version: 1, sha256Hash: 'me1' } } },
    ]) {
      const result = await post(body);
      expect(result.body.errors).toBeUndefined();
      expect(result.body.data?.viewer?.id).toBeDefined();
    }
  });

  it('refuses an unknown id', async () => {
    const unknown = await post({ doc_id: 'nope' });
    expect(unknown.body.errors?.map((e) => e.extensions?.code)).toEqual([
      'persisted_query_not_found',
    ]);
  });
});
