import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../../src/storage/db';
import { createTestApp, type TestApp } from '../support/session';
import { fixtureNetwork, PASSWORD, usernameOf, type ViewerName } from './fixture-network';
import { loadNetwork, sessionCache } from './support';

/* What the search suites share: the node selection every search connection asks for, and the fixture network's app with one session per viewer. */

export interface Edge {
  subtext: string | null;
  cursor: string;
  node: { __typename: string; id?: string; name?: string; [key: string]: unknown };
}
export interface Conn {
  edges: Edge[];
  page_info: { has_next_page: boolean; end_cursor: string | null };
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export const NODE = `__typename
  ... on MessagingUser { id name friendship_status is_messenger_user alias is_memorialized search_tokens profile_picture { uri } url }
  ... on MessengerViewerGroupThread { id name is_group_thread participant_names image { uri } url }
  ... on Page { id name category_type is_verified profile_picture { uri } url }
  ... on Game { id name }
  ... on MessageSearchResult { thread_id message_id thread_name snippet message_result_type }`;
export const CONN = `edges { cursor subtext node { ${NODE} } } page_info { has_next_page end_cursor } pageInfo { hasNextPage endCursor }`;

export const names = (conn: Conn): string[] => conn.edges.map((e) => e.node.name ?? '');

/** The fixture network's app for one dialect, built before the suite's tests and disposed after. */
export function searchApp(dialect: DialectName): {
  app: () => TestApp['app'];
  as: (viewer: ViewerName) => ReturnType<ReturnType<typeof sessionCache>>;
} {
  let t: TestApp | undefined;
  const app = () => {
    if (t === undefined) throw new Error('the search app is not built yet');
    return t.app;
  };
  const session = sessionCache(app);
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (db) => loadNetwork(db, fixtureNetwork()));
  });
  afterAll(async () => {
    await t?.dispose();
  });
  return { app, as: (viewer) => session(usernameOf(viewer), PASSWORD) };
}
