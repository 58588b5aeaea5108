import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { SEND, failing, gqlOk, send } from '../sync/support/gql';
import { OTHER_PAGE, PAGE, PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const PAGE_INBOX = `query($page: ID!, $first: Int, $after: String) {
  page_inbox(page_id: $page, first: $first, after: $after) {
    edges { node { thread_id name unread_count viewer_participant_id last_activity_time } }
    page_info { has_next_page end_cursor }
  }
}`;

interface PageInbox {
  page_inbox: {
    edges: {
      node: {
        thread_id: string;
        name: string;
        unread_count: number;
        viewer_participant_id: string;
        last_activity_time: number;
      };
    }[];
    page_info: { has_next_page: boolean; end_cursor: string | null };
  };
}

describe.each(dialects)('the page inbox: answering as a page (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
    // A second admin of the page: the page's deltas reach every admin.
    await live.db.kysely
      .insertInto('page_admins')
      .values({ page_id: PAGE, person_id: PEOPLE.gus })
      .execute();
  });
  afterAll(async () => {
    await live.dispose();
  });

  it("an admin answers as the page: the person and the page's other admins get it live", async () => {
    const cal = await live.session('cal');
    const eve = await live.session('eve');
    const question = await send(live.app, cal, {
      recipient_id: PAGE,
      text: 'do you deliver?',
      offline_threading_id: 'inbox-1',
    });
    const threadId = question.message.thread_id;

    const person = await live.socket('cal');
    const otherAdmin = await live.socket('gus');
    const { seq: personSeq } = await person.hello(0);
    const { seq: adminSeq } = await otherAdmin.hello(0);

    // The page inbox lists it for its admins, read as the page: one unread, titled by the person.
    const inbox = await gqlOk<PageInbox>(live.app, eve, PAGE_INBOX, { page: PAGE });
    expect(inbox.page_inbox.edges.map((e) => e.node)).toContainEqual(
      expect.objectContaining({
        thread_id: threadId,
        unread_count: 1,
        viewer_participant_id: PAGE,
        name: 'Cal Tester',
      }),
    );

    const answer = await send(live.app, eve, {
      thread_id: threadId,
      text: 'every day',
      offline_threading_id: 'inbox-2',
      as_page_id: PAGE,
    });
    expect(answer.message.sender_id).toBe(PAGE);

    for (const [socket, seq] of [
      [person, personSeq],
      [otherAdmin, adminSeq],
    ] as const) {
      await socket.waitFor(
        (f) =>
          f.type === 'delta' &&
          f.seq > seq &&
          f.delta.kind === 'message_new' &&
          f.delta.message.text === 'every day',
      );
      const delta = socket.deltas('message_new').find((d) => d.message.text === 'every day');
      expect(delta?.message.sender_id).toBe(PAGE);
    }

    // The page's own message leaves nothing unread for the page; the person has one to read.
    const after = await gqlOk<PageInbox>(live.app, await live.session('gus'), PAGE_INBOX, {
      page: PAGE,
    });
    expect(after.page_inbox.edges[0]?.node).toMatchObject({ thread_id: threadId, unread_count: 0 });
    const asPerson = await gqlOk<{ message_thread: { unread_count: number; name: string } }>(
      live.app,
      cal,
      `query($id: ID!) { message_thread(thread_fbid: $id) { unread_count name } }`,
      { id: threadId },
    );
    expect(asPerson.message_thread).toEqual({ unread_count: 1, name: 'Corner Shop' });
    // The admin opens the thread itself as the page.
    const asAdmin = await gqlOk<{
      message_thread: { viewer_participant_id: string; name: string };
    }>(
      live.app,
      eve,
      `query($id: ID!) { message_thread(thread_fbid: $id) { viewer_participant_id name } }`,
      { id: threadId },
    );
    expect(asAdmin.message_thread).toEqual({ viewer_participant_id: PAGE, name: 'Cal Tester' });
  });

  it('someone who does not administer the page is refused, and nothing is written', async () => {
    const cal = await live.session('cal');
    const question = await send(live.app, cal, {
      recipient_id: PAGE,
      text: 'anyone there?',
      offline_threading_id: 'inbox-3',
    });
    const threadId = question.message.thread_id;
    // The person in the thread, and someone outside it, cannot speak for the page.
    for (const name of ['cal', 'ben'] as const) {
      expect(
        await failing(live.app, await live.session(name), SEND, {
          input: {
            thread_id: threadId,
            text: 'as the page',
            offline_threading_id: `inbox-4-${name}`,
            as_page_id: PAGE,
          },
        }),
      ).toEqual([{ code: 'not_page_admin', field: 'as_page_id' }]);
    }
    expect(await failing(live.app, cal, PAGE_INBOX, { page: PAGE })).toEqual([
      { code: 'forbidden', field: 'page_id' },
    ]);
    const history = await gqlOk<{ thread_messages: { edges: { node: { text: string } }[] } }>(
      live.app,
      cal,
      `query($id: ID!) { thread_messages(thread_id: $id) { edges { node { text } } } }`,
      { id: threadId },
    );
    expect(history.thread_messages.edges.map((e) => e.node.text)).not.toContain('as the page');
  });

  it("an admin cannot answer as their page in a thread that is not the page's", async () => {
    const cal = await live.session('cal');
    const eve = await live.session('eve');
    // A thread of another page (eve does not administer it), and a thread between people.
    const otherPages = await send(live.app, cal, {
      recipient_id: OTHER_PAGE,
      text: 'hello other page',
      offline_threading_id: 'inbox-5',
    });
    const between = await send(live.app, cal, {
      recipient_id: PEOPLE.eve,
      text: 'hello eve',
      offline_threading_id: 'inbox-6',
    });
    expect(
      await failing(live.app, eve, SEND, {
        input: {
          thread_id: otherPages.message.thread_id,
          text: 'wrong thread',
          offline_threading_id: 'inbox-7',
          as_page_id: PAGE,
        },
      }),
    ).toEqual([{ code: 'not_page_thread', field: 'thread_id' }]);
    expect(
      await failing(live.app, eve, SEND, {
        input: {
          thread_id: between.message.thread_id,
          text: 'wrong thread',
          offline_threading_id: 'inbox-8',
          as_page_id: PAGE,
        },
      }),
    ).toEqual([{ code: 'not_page_thread', field: 'thread_id' }]);
    // Another page's inbox is not theirs either; a page answers only in its threads.
    expect(await failing(live.app, eve, PAGE_INBOX, { page: OTHER_PAGE })).toEqual([
      { code: 'forbidden', field: 'page_id' },
    ]);
    expect(
      await failing(live.app, eve, SEND, {
        input: {
          recipient_id: PEOPLE.cal,
          text: 'starting as the page',
          offline_threading_id: 'inbox-9',
          as_page_id: PAGE,
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'as_page_id' }]);
  });
});
