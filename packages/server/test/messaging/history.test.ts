import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { THREAD_STATE_FIELDS, failing, gqlOk, send, threadState } from '../sync/support/gql';
import { PAGE, PEOPLE, viewerOf } from '../sync/support/world';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

interface Page {
  edges: { cursor: string; node: { seq_in_thread: number; text: string } }[];
  page_info: { has_next_page: boolean; has_previous_page: boolean; start_cursor: string | null };
}

const HISTORY = `query($id: ID!, $first: Int, $after: String, $last: Int, $before: String) {
  thread_messages(thread_id: $id, first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { seq_in_thread text } }
    page_info { has_next_page has_previous_page start_cursor }
  }
}`;

async function history(
  live: LiveApp,
  session: Session,
  vars: Record<string, unknown>,
): Promise<Page> {
  return (await gqlOk<{ thread_messages: Page }>(live.app, session, HISTORY, vars)).thread_messages;
}

const seqs = (page: Page): number[] => page.edges.map((e) => e.node.seq_in_thread);
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.each(dialects)('history, unread counts and badges (%s)', (dialect) => {
  let live: LiveApp;
  let threadId: string;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
    const ann = await viewerOf(live.db, PEOPLE.ann);
    const ben = await viewerOf(live.db, PEOPLE.ben);
    for (let i = 1; i <= 120; i += 1) {
      const sent = await sendMessage(live.ctx, i % 3 === 0 ? ben : ann, {
        ...(i === 1 ? { recipient_id: PEOPLE.ben } : { thread_id: threadId }),
        text: `message ${i}`,
        offline_threading_id: `h-${i}`,
      });
      threadId = sent.message.thread_id;
    }
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('pages back through the history 50 at a time, oldest first within a page', async () => {
    const ann = await live.session('ann');
    const newest = await history(live, ann, { id: threadId });
    expect(seqs(newest)).toEqual(range(71, 120));
    expect(newest.edges[0]?.node.text).toBe('message 71');
    expect(newest.page_info).toMatchObject({ has_previous_page: true, has_next_page: false });
    const older = await history(live, ann, {
      id: threadId,
      last: 50,
      before: newest.page_info.start_cursor,
    });
    expect(seqs(older)).toEqual(range(21, 70));
    const oldest = await history(live, ann, {
      id: threadId,
      last: 50,
      before: older.page_info.start_cursor,
    });
    expect(seqs(oldest)).toEqual(range(1, 20));
    expect(oldest.page_info.has_previous_page).toBe(false);
    // And forward again from a cursor.
    const forward = await history(live, ann, {
      id: threadId,
      first: 10,
      after: oldest.edges[19]?.cursor,
    });
    expect(seqs(forward)).toEqual(range(21, 30));
    expect(forward.page_info).toMatchObject({ has_next_page: true, has_previous_page: true });
    const start = await history(live, ann, { id: threadId, first: 5 });
    expect(seqs(start)).toEqual(range(1, 5));
  });

  it('serves history through the thread type as well', async () => {
    const data = await gqlOk<{ message_thread: { messages: Page } }>(
      live.app,
      await live.session('ben'),
      `query($id: ID!) { message_thread(thread_fbid: $id) { messages(last: 3) { edges { cursor node { seq_in_thread text } } page_info { has_next_page has_previous_page start_cursor } } } }`,
      { id: threadId },
    );
    expect(seqs(data.message_thread.messages)).toEqual([118, 119, 120]);
  });

  it.each([
    [{ last: 51 }, 'last'],
    [{ first: 0 }, 'first'],
    [{ before: 'bm90LWEtY3Vyc29y' }, 'before'],
    [{ after: 'x', before: 'y' }, 'after'],
  ])('refuses paging arguments %j naming %s', async (args, field) => {
    expect(
      await failing(live.app, await live.session('ann'), HISTORY, { id: threadId, ...args }),
    ).toEqual([{ code: 'bad_request', field }]);
  });

  it('counts unread messages from others and clears them on mark read', async () => {
    const ben = await live.session('ben');
    // Ben wrote every third message, the last at 120: he has read up to it.
    expect((await threadState(live.app, ben, threadId)).unread_count).toBe(0);
    const ann = await live.session('ann');
    // Ann wrote 119 and 118 after Ben's 117... and Ben wrote 120: one unread for Ann.
    expect((await threadState(live.app, ann, threadId)).unread_count).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      await send(live.app, ann, {
        thread_id: threadId,
        text: `more ${i}`,
        offline_threading_id: `u-${i}`,
      });
    }
    const listed = await gqlOk<{
      viewer: {
        message_threads: { edges: { node: { thread_id: string; unread_count: number } }[] };
      };
    }>(
      live.app,
      ben,
      `{ viewer { message_threads(first: 10) { edges { node { thread_id unread_count } } } } }`,
    );
    expect(
      listed.viewer.message_threads.edges.find((e) => e.node.thread_id === threadId)?.node
        .unread_count,
    ).toBe(3);
    const partial = await gqlOk<{ mark_thread_read: { unread_count: number } }>(
      live.app,
      ben,
      `mutation($id: ID!) { mark_thread_read(thread_id: $id, seq: 121) { ${THREAD_STATE_FIELDS} } }`,
      { id: threadId },
    );
    expect(partial.mark_thread_read.unread_count).toBe(2);
    const all = await gqlOk<{ mark_thread_read: { unread_count: number } }>(
      live.app,
      ben,
      `mutation($id: ID!) { mark_thread_read(thread_id: $id) { ${THREAD_STATE_FIELDS} } }`,
      { id: threadId },
    );
    expect(all.mark_thread_read.unread_count).toBe(0);
  });

  it("counts an administered page's unread threads as its badgingCount", async () => {
    const eve = await live.session('eve');
    const badge = async (): Promise<number | undefined> => {
      const data = await gqlOk<{
        viewer: { chat_sidebar_preload: { adminedPages: { id: string; badgingCount: number }[] } };
      }>(live.app, eve, `{ viewer { chat_sidebar_preload { adminedPages { id badgingCount } } } }`);
      return data.viewer.chat_sidebar_preload.adminedPages.find((p) => p.id === PAGE)?.badgingCount;
    };
    expect(await badge()).toBe(0);
    const fromCal = await send(live.app, await live.session('cal'), {
      recipient_id: PAGE,
      text: 'open sunday?',
      offline_threading_id: 'p-1',
    });
    await send(live.app, await live.session('dot'), {
      recipient_id: PAGE,
      text: 'do you deliver?',
      offline_threading_id: 'p-2',
    });
    expect(await badge()).toBe(2);
    await gqlOk(
      live.app,
      eve,
      `mutation($id: ID!) { mark_thread_read(thread_id: $id) { unread_count } }`,
      {
        id: fromCal.message.thread_id,
      },
    );
    expect(await badge()).toBe(1);
  });
});
