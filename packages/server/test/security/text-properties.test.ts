import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../graphql/support';
import { asSession, type Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { PEOPLE } from '../sync/support/world';
import { arbitraryText, tableCounts } from './text-arbitraries';

/*
 * Issue 30: arbitrary Unicode (graphemes, and raw UTF-16 with lone surrogates) in every
 * text argument of the GraphQL mutations and the REST paths a person posts to: never a
 * 500 or an internal error, and a refused call writes nothing. (Search entry points:
 * graphql/search-symbols.test.ts.)
 */
const dialects = await dialectsUnderTest();

const RUNS = 20;

describe.each(dialects)('arbitrary text at the write paths (%s)', (dialect) => {
  let live: LiveApp;
  let ann: Session;
  let groupId: string;
  let counter = 0;
  const nextId = () => `prop-${String((counter += 1))}`;

  beforeAll(async () => {
    live = await startLiveApp(dialect);
    ann = await live.session('ann');
    const created = await gql<{ create_group_thread: { thread_id: string } }>(
      live.app,
      ann,
      'mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { thread_id } }',
      { i: { participant_ids: [PEOPLE.ben, PEOPLE.cal] } },
    );
    const id = created.data?.create_group_thread.thread_id;
    if (id === undefined) throw new Error(`no group: ${JSON.stringify(created.errors)}`);
    groupId = id;
  });
  afterAll(async () => {
    await live.dispose();
  });

  const counts = () => tableCounts(live.db);

  /** Runs one call per generated text; checks the status, the error codes, and no partial write. */
  const holds = (call: (t: string) => Promise<{ status: number; codes: string[] }>) =>
    fc.assert(
      fc.asyncProperty(arbitraryText, async (t) => {
        const before = await counts();
        const { status, codes } = await call(t);
        expect(status, JSON.stringify(t)).toBeLessThan(500);
        expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
        // A malformed operation would only exercise the validator, not the resolver.
        expect(codes).not.toContain('GRAPHQL_VALIDATION_FAILED');
        if (status >= 400 || codes.length > 0) expect(await counts()).toEqual(before);
      }),
      { numRuns: RUNS },
    );

  const mutation = async (query: string, variables: Record<string, unknown>) => {
    const answer = await gql(live.app, ann, query, variables);
    return {
      status: answer.status,
      codes: answer.errors.map((e) => e.extensions?.code ?? 'none'),
    };
  };

  const SEND = 'mutation($i: SendMessageInput!) { send_message(input: $i) { created } }';

  it('refuses U+0000 anywhere in the input with the field named, writing nothing', async () => {
    const before = await counts();
    const sent = await gql(live.app, ann, SEND, {
      i: { thread_id: groupId, text: 'a\u0000b', offline_threading_id: nextId() },
    });
    expect(sent.errors[0]?.extensions).toMatchObject({ code: 'bad_request', field: 'i.text' });
    const literal = await gql(
      live.app,
      ann,
      `mutation { send_message(input: { thread_id: "${groupId}", text: "a\\u0000b", offline_threading_id: "lit" }) { created } }`,
    );
    expect(literal.errors[0]?.extensions?.code).toBe('bad_request');
    const rest = await post('/qp/action/log/', {
      qp_id: 1,
      qp_action: 'view',
      qp_event: 'x\u0000',
    });
    expect(rest).toEqual({ status: 400, codes: ['bad_request'] });
    expect(await counts()).toEqual(before);
  });

  it('send_message text, to a thread and to a person', async () => {
    await holds((t) =>
      mutation(SEND, { i: { thread_id: groupId, text: t, offline_threading_id: nextId() } }),
    );
    await holds((t) =>
      mutation(SEND, { i: { recipient_id: PEOPLE.ben, text: t, offline_threading_id: nextId() } }),
    );
  });

  it('send_message offline_threading_id, entry_point and tags', async () => {
    await holds((t) =>
      mutation(SEND, { i: { thread_id: groupId, text: 'x', offline_threading_id: t } }),
    );
    await holds((t) =>
      mutation(SEND, {
        i: {
          thread_id: groupId,
          text: 'x',
          offline_threading_id: nextId(),
          entry_point: t,
          tags: [t],
        },
      }),
    );
  });

  it('thread name, image and nickname', async () => {
    await holds((t) =>
      mutation(
        'mutation($id: ID!, $n: String) { rename_thread(thread_id: $id, name: $n) { thread_id } }',
        {
          id: groupId,
          n: t,
        },
      ),
    );
    await holds((t) =>
      mutation(
        'mutation($id: ID!, $s: String) { set_thread_image(thread_id: $id, image_src: $s) { thread_id } }',
        { id: groupId, s: t },
      ),
    );
    await holds((t) =>
      mutation(
        'mutation($id: ID!, $p: ID!, $n: String) { set_thread_nickname(thread_id: $id, participant_id: $p, nickname: $n) { thread_id } }',
        { id: groupId, p: PEOPLE.ben, n: t },
      ),
    );
  });

  it('a new group’s name and image', async () => {
    await holds((t) =>
      mutation(
        'mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { thread_id } }',
        { i: { participant_ids: [PEOPLE.ben, PEOPLE.cal], name: t, image_src: t } },
      ),
    );
  });

  it('ids given as text', async () => {
    for (const query of [
      'mutation($id: ID!) { delete_message(message_id: $id) { message_id } }',
      'mutation($id: ID!) { ignore_message_request(thread_id: $id) }',
      'mutation($id: ID!) { accept_message_request(thread_id: $id) { thread_id } }',
      'mutation($id: ID!) { block_user(person_id: $id) }',
      'mutation($id: ID!) { unblock_user(person_id: $id) }',
    ]) {
      await holds((t) => mutation(query, { id: t }));
    }
    await holds((t) =>
      mutation('mutation($id: ID!) { mark_thread_read(thread_id: $id) { thread_id } }', { id: t }),
    );
    await holds((t) =>
      mutation(SEND, { i: { recipient_id: t, text: 'x', offline_threading_id: nextId() } }),
    );
  });

  it('broadcast_message text', async () => {
    await holds((t) =>
      mutation(
        'mutation($i: BroadcastMessageInput!) { broadcast_message(input: $i) { __typename } }',
        {
          i: {
            recipient_ids: [PEOPLE.ben],
            text: t,
            offline_threading_id: nextId(),
            kind: 'broadcast',
          },
        },
      ),
    );
  });

  const post = async (url: string, payload: unknown) => {
    const response = await asSession(live.app, ann, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    const body = response.json<{ error?: { code?: string } }>();
    return {
      status: response.statusCode,
      codes: body.error?.code === undefined ? [] : [body.error.code],
    };
  };

  it('REST: promotion log fields and the login form', async () => {
    await holds((t) =>
      post('/qp/action/log/', {
        qp_id: 1,
        qp_action: 'view',
        qp_event: t,
        qp_instance_log_data: { [t]: t },
      }),
    );
    await holds((t) => post('/qp/action/log/', { qp_id: 1, qp_action: t }));
    await holds(async (t) => {
      const response = await live.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: t, password: t }),
      });
      const body = response.json<{ error?: { code?: string } }>();
      return {
        status: response.statusCode,
        codes: body.error?.code === undefined ? [] : [body.error.code],
      };
    });
  });
});
