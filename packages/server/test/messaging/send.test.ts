import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import { SEND, failing, gqlOk, send, threadState } from '../sync/support/gql';
import { OTHER_PAGE, PAGE, PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

describe.each(dialects)('send_message (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('starts the one-to-one thread on a first message, then continues it by thread id', async () => {
    const ann = await live.session('ann');
    const first = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'first',
      offline_threading_id: 'send-1',
    });
    expect(first.created).toBe(true);
    expect(first.message).toMatchObject({
      sender_id: PEOPLE.ann,
      text: 'first',
      seq_in_thread: 1,
      offline_threading_id: 'send-1',
      kind: 'text',
      delivery_state: 'sent',
      receipts: [{ participant_id: PEOPLE.ben, state: 'sent' }],
    });
    const again = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'second, same thread',
      offline_threading_id: 'send-2',
    });
    expect(again.message.thread_id).toBe(first.message.thread_id);
    const third = await send(live.app, await live.session('ben'), {
      thread_id: first.message.thread_id,
      text: 'reply',
      offline_threading_id: 'send-3',
    });
    expect(third.message.seq_in_thread).toBe(3);
    const state = await threadState(live.app, ann, first.message.thread_id);
    expect(state).toMatchObject({
      kind: 'one_to_one',
      folder: 'INBOX',
      unread_count: 1,
      last_message_seq: 3,
    });
  });

  it('stores the entry point and attribution tags with the message', async () => {
    const sent = await send(live.app, await live.session('ann'), {
      recipient_id: PEOPLE.dot,
      text: 'from the search',
      offline_threading_id: 'send-tags',
      entry_point: 'messenger_search:typeahead',
      tags: ['messenger_web_search', 'bnp:trigger:hello'],
    });
    expect(sent.message).toMatchObject({
      entry_point: 'messenger_search:typeahead',
      tags: ['messenger_web_search', 'bnp:trigger:hello'],
    });
    const row = await live.db.kysely
      .selectFrom('messages')
      .select(['entry_point', 'tags'])
      .where('id', '=', sent.message.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      entry_point: 'messenger_search:typeahead',
      tags: JSON.stringify(['messenger_web_search', 'bnp:trigger:hello']),
    });
  });

  it('answers a retry with the same offline_threading_id with the same message and writes nothing', async () => {
    const ann = await live.session('ann');
    const input = { recipient_id: PEOPLE.ben, text: 'once only', offline_threading_id: 'retry-1' };
    const original = await send(live.app, ann, input);
    const before = await snapshotCounts(live.db);
    const logBefore = await logOf(live.db, PEOPLE.ben);
    const retry = await send(live.app, ann, input);
    expect(retry.created).toBe(false);
    expect(retry.message.id).toBe(original.message.id);
    expect(retry.message.seq_in_thread).toBe(original.message.seq_in_thread);
    expect(await snapshotCounts(live.db)).toEqual(before);
    expect(await logOf(live.db, PEOPLE.ben)).toEqual(logBefore);
    // By thread id too, even with other text: it is the same message.
    const byThread = await send(live.app, ann, {
      thread_id: original.message.thread_id,
      text: 'changed text',
      offline_threading_id: 'retry-1',
    });
    expect(byThread).toMatchObject({
      created: false,
      message: { id: original.message.id, text: 'once only' },
    });
  });

  it('answers concurrent retries of one message with one message', async () => {
    const ann = await live.session('ann');
    const input = { recipient_id: PEOPLE.dot, text: 'racing', offline_threading_id: 'race-1' };
    const results = await Promise.all([1, 2, 3, 4].map(() => send(live.app, ann, input)));
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('refuses an offline_threading_id already used in another conversation', async () => {
    const ann = await live.session('ann');
    await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'x',
      offline_threading_id: 'used-1',
    });
    const before = await snapshotCounts(live.db);
    expect(
      await failing(live.app, ann, SEND, {
        input: { recipient_id: PEOPLE.dot, text: 'y', offline_threading_id: 'used-1' },
      }),
    ).toEqual([{ code: 'bad_request', field: 'offline_threading_id' }]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('takes 5,000 characters (emoji count once) and refuses 5,001, naming text', async () => {
    const ann = await live.session('ann');
    const long = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: '😀'.repeat(5000),
      offline_threading_id: 'long-ok',
    });
    expect(Array.from(long.message.text)).toHaveLength(5000);
    const before = await snapshotCounts(live.db);
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          recipient_id: PEOPLE.ben,
          text: 'x'.repeat(5001),
          offline_threading_id: 'long-no',
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'text' }]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  describe('bad input gets its code and field and writes nothing', () => {
    const cases: [string, Record<string, unknown>, { code: string; field?: string }][] = [
      [
        'blank text',
        { recipient_id: PEOPLE.ben, text: '  ', offline_threading_id: 'b1' },
        { code: 'bad_request', field: 'text' },
      ],
      [
        'no thread or recipient',
        { text: 'x', offline_threading_id: 'b2' },
        { code: 'bad_request', field: 'thread_id' },
      ],
      [
        'both thread and recipient',
        { thread_id: '1', recipient_id: PEOPLE.ben, text: 'x', offline_threading_id: 'b3' },
        { code: 'bad_request', field: 'recipient_id' },
      ],
      [
        'a malformed offline id',
        { recipient_id: PEOPLE.ben, text: 'x', offline_threading_id: 'not ok' },
        { code: 'bad_request', field: 'offline_threading_id' },
      ],
      [
        'an unknown entry point',
        { recipient_id: PEOPLE.ben, text: 'x', offline_threading_id: 'b4', entry_point: 'nowhere' },
        { code: 'bad_request', field: 'entry_point' },
      ],
      [
        'an unknown attribution tag',
        { recipient_id: PEOPLE.ben, text: 'x', offline_threading_id: 'b5', tags: ['made_up'] },
        { code: 'bad_request', field: 'tags[0]' },
      ],
      [
        'an unknown thread',
        { thread_id: '999999999', text: 'x', offline_threading_id: 'b6' },
        { code: 'not_found', field: 'thread_id' },
      ],
      [
        'an unknown recipient',
        { recipient_id: '999999999', text: 'x', offline_threading_id: 'b7' },
        { code: 'not_found', field: 'recipient_id' },
      ],
      [
        'oneself',
        { recipient_id: PEOPLE.ann, text: 'x', offline_threading_id: 'b8' },
        { code: 'bad_request', field: 'recipient_id' },
      ],
      [
        'a memorialized person',
        { recipient_id: PEOPLE.moe, text: 'x', offline_threading_id: 'b9' },
        { code: 'forbidden', field: 'recipient_id' },
      ],
    ];
    it.each(cases)('%s', async (_name, input, expected) => {
      const before = await snapshotCounts(live.db);
      expect(await failing(live.app, await live.session('ann'), SEND, { input })).toEqual([
        expected,
      ]);
      expect(await snapshotCounts(live.db)).toEqual(before);
    });

    it('a thread the sender is not in', async () => {
      const ben = await live.session('ben');
      const theirs = await send(live.app, ben, {
        recipient_id: PEOPLE.dot,
        text: 'private',
        offline_threading_id: 'private-1',
      });
      const before = await snapshotCounts(live.db);
      expect(
        await failing(live.app, await live.session('cal'), SEND, {
          input: {
            thread_id: theirs.message.thread_id,
            text: 'let me in',
            offline_threading_id: 'b10',
          },
        }),
      ).toEqual([{ code: 'forbidden', field: 'thread_id' }]);
      expect(await snapshotCounts(live.db)).toEqual(before);
    });

    it('no session', async () => {
      expect(
        await failing(live.app, null, SEND, {
          input: { recipient_id: PEOPLE.ben, text: 'x', offline_threading_id: 'b11' },
        }),
      ).toEqual([{ code: 'unauthenticated' }]);
    });
  });

  describe('pages', () => {
    it('a person writes to a page; its admin reads and answers as the page', async () => {
      const cal = await live.session('cal');
      const eve = await live.session('eve');
      const question = await send(live.app, cal, {
        recipient_id: PAGE,
        text: 'are you open?',
        offline_threading_id: 'page-1',
      });
      const asAdmin = await threadState(live.app, eve, question.message.thread_id);
      expect(asAdmin).toMatchObject({
        viewer_participant_id: PAGE,
        folder: 'INBOX',
        unread_count: 1,
      });
      const history = await gqlOk<{ thread_messages: { edges: { node: { text: string } }[] } }>(
        live.app,
        eve,
        `query($id: ID!) { thread_messages(thread_id: $id) { edges { node { text } } } }`,
        { id: question.message.thread_id },
      );
      expect(history.thread_messages.edges.map((e) => e.node.text)).toEqual(['are you open?']);
      const answer = await send(live.app, eve, {
        thread_id: question.message.thread_id,
        text: 'until six',
        offline_threading_id: 'page-2',
      });
      expect(answer.message.sender_id).toBe(PAGE);
      expect((await threadState(live.app, eve, question.message.thread_id)).unread_count).toBe(0);
      expect((await threadState(live.app, cal, question.message.thread_id)).unread_count).toBe(1);
    });

    it("lists a page's threads for its admins, newest first, and for nobody else", async () => {
      const query = `query($page: ID!, $first: Int, $after: String) {
        page_message_threads(page_id: $page, first: $first, after: $after) {
          edges { cursor node { thread_id viewer_participant_id unread_count } }
          page_info { has_next_page end_cursor }
        }
      }`;
      const dot = await send(live.app, await live.session('dot'), {
        recipient_id: PAGE,
        text: 'later one',
        offline_threading_id: 'page-list-1',
      });
      const eve = await live.session('eve');
      interface Listed {
        page_message_threads: {
          edges: { node: { thread_id: string; viewer_participant_id: string } }[];
          page_info: { has_next_page: boolean; end_cursor: string | null };
        };
      }
      const firstPage = await gqlOk<Listed>(live.app, eve, query, { page: PAGE, first: 1 });
      expect(firstPage.page_message_threads.edges.map((e) => e.node)).toMatchObject([
        { thread_id: dot.message.thread_id, viewer_participant_id: PAGE },
      ]);
      expect(firstPage.page_message_threads.page_info.has_next_page).toBe(true);
      const rest = await gqlOk<Listed>(live.app, eve, query, {
        page: PAGE,
        after: firstPage.page_message_threads.page_info.end_cursor,
      });
      expect(rest.page_message_threads.edges.length).toBeGreaterThan(0);
      expect(rest.page_message_threads.edges.map((e) => e.node.thread_id)).not.toContain(
        dot.message.thread_id,
      );
      expect(await failing(live.app, await live.session('cal'), query, { page: PAGE })).toEqual([
        { code: 'forbidden', field: 'page_id' },
      ]);
      expect(await failing(live.app, eve, query, { page: '99999' })).toEqual([
        { code: 'not_found', field: 'page_id' },
      ]);
    });

    it('someone who does not administer the page cannot answer for it', async () => {
      const cal = await live.session('cal');
      const question = await send(live.app, cal, {
        recipient_id: OTHER_PAGE,
        text: 'hello?',
        offline_threading_id: 'page-3',
      });
      expect(
        await failing(live.app, await live.session('eve'), SEND, {
          input: {
            thread_id: question.message.thread_id,
            text: 'not mine',
            offline_threading_id: 'page-4',
          },
        }),
      ).toEqual([{ code: 'forbidden', field: 'thread_id' }]);
    });
  });
});
