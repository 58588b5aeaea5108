import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COST, MAX_INTROSPECTION_DEPTH } from '../../src/graphql/query-limits';
import { fixtureNetwork, PASSWORD, usernameOf } from './fixture-network';
import { codesOf, createNetworkApp, gql, sessionCache, type GraphTestApp } from './support';

/*
 * Each limit at its edge on the real app (Fastify + Yoga + the plugin): a query
 * just under it runs, one just over is refused as query_too_complex.
 */

const { getIntrospectionQuery } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

/** `count` aliased selections of a scalar: each costs 1 times the page sizes above it. */
const ids = (count: number) => Array.from({ length: count }, (_, i) => `i${i}: id`).join(' ');

/** viewer 1 + all_friends 1 + first × (edges 1 + node 1 + 200 ids) = 2 + first × 202. */
const friends = (first: string) =>
  `all_friends(first: ${first}) { edges { node { ${ids(200)} } } }`;

/** Nested 9 deep (as deep as the schema goes), or 8 without the last level. */
const deepQuery = (levels: 8 | 9) =>
  `{ viewer { message_threads(first: 2) { edges { node { messages(last: 1) {
    edges { node { ${levels === 9 ? 'reactions { emoji }' : 'id'} } } } } } } } }`;

/** An introspection chain `levels` deep: __type, then ofType after ofType, then name. */
const ofTypeChain = (levels: number) =>
  `{ __type(name: "Query") { ${'ofType { '.repeat(levels - 2)}name${' }'.repeat(levels - 2)} } }`;

const tooComplex = (message: string) => [{ code: 'query_too_complex', message }];
const refusal = (result: Awaited<ReturnType<typeof gql>>) =>
  result.errors.map((e) => ({ code: e.extensions?.code, message: e.message }));

describe('query limits on the real app with the default limits', () => {
  let t: GraphTestApp;
  const session = sessionCache(() => t.app);
  const ordinary = () => session(usernameOf('ordinary'), PASSWORD);

  beforeAll(async () => {
    t = await createNetworkApp('sqlite', fixtureNetwork());
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('runs a query that costs exactly the limit and refuses one costing one more', async () => {
    expect(MAX_COST).toBe(20_000);
    // 2 + 99 × 202 = 20,000.
    const at = await gql(t.app, await ordinary(), `{ viewer { ${friends('99')} } }`);
    expect(at.errors).toEqual([]);
    const over = await gql(t.app, await ordinary(), `{ viewer { id ${friends('99')} } }`);
    expect(refusal(over)).toEqual(
      tooComplex('The query would cost about 20001; the limit is 20000. Ask for smaller pages.'),
    );
    expect(over.data).toBeNull();
  });

  it('counts a page size given through a variable at its value, request by request', async () => {
    // One document: Yoga caches its validation by document, the cost must not be cached with it.
    const query = `query($n: Int) { viewer { ${friends('$n')} } }`;
    const s = await ordinary();
    expect(codesOf(await gql(t.app, s, query, { n: 100 }))).toEqual([
      { code: 'query_too_complex' },
    ]);
    expect((await gql(t.app, s, query, { n: 99 })).errors).toEqual([]);
    expect(codesOf(await gql(t.app, s, query, { n: 100 }))).toEqual([
      { code: 'query_too_complex' },
    ]);
  });

  it('runs the deepest query the schema allows under the depth limit', async () => {
    const result = await gql(t.app, await ordinary(), deepQuery(9));
    expect(result.errors).toEqual([]);
  });

  it('holds introspection to its own depth limit: 15 deep runs, 16 is refused', async () => {
    expect(MAX_INTROSPECTION_DEPTH).toBe(15);
    const at = await gql(t.app, await ordinary(), ofTypeChain(15));
    expect(at.errors).toEqual([]);
    const over = await gql(t.app, await ordinary(), ofTypeChain(16));
    expect(refusal(over)).toEqual(
      tooComplex('The introspection query is nested 16 deep; the limit is 15.'),
    );
    // GraphiQL's own introspection query still runs (development: arbitrary documents allowed).
    const graphiql = await gql(t.app, await ordinary(), getIntrospectionQuery());
    expect(graphiql.errors).toEqual([]);
  });
});

describe('query limits on the real app with GRAPHQL_MAX_DEPTH and GRAPHQL_MAX_COST set', () => {
  let t: GraphTestApp;
  const session = sessionCache(() => t.app);
  const ordinary = () => session(usernameOf('ordinary'), PASSWORD);

  beforeAll(async () => {
    t = await createNetworkApp('sqlite', fixtureNetwork(), {
      GRAPHQL_MAX_DEPTH: '8',
      GRAPHQL_MAX_COST: '10000',
    });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('runs a query nested as deep as the limit and refuses one level more', async () => {
    const at = await gql(t.app, await ordinary(), deepQuery(8));
    expect(at.errors).toEqual([]);
    const over = await gql(t.app, await ordinary(), deepQuery(9));
    expect(refusal(over)).toEqual(tooComplex('The query is nested 9 deep; the limit is 8.'));
  });

  it('applies the configured cost limit', async () => {
    // 2 + 49 × 202 = 9,900 runs; 2 + 50 × 202 = 10,102 does not.
    expect((await gql(t.app, await ordinary(), `{ viewer { ${friends('49')} } }`)).errors).toEqual(
      [],
    );
    const over = await gql(t.app, await ordinary(), `{ viewer { ${friends('50')} } }`);
    expect(refusal(over)).toEqual(
      tooComplex('The query would cost about 10102; the limit is 10000. Ask for smaller pages.'),
    );
  });
});
