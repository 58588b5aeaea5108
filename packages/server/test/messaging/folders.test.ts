import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import { SEND, THREAD_STATE_FIELDS, failing, gqlOk, send, threadState } from '../sync/support/gql';
import { pause } from '../sync/support/socket';
import { PEOPLE, block } from '../sync/support/world';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

const THREADS = `query($folder: ThreadFolder) {
  viewer { message_threads(folder: $folder, first: 50) { edges { node { thread_id folder unread_count } } } }
}`;

async function folderOf(live: LiveApp, session: Session, folder: string): Promise<string[]> {
  const data = await gqlOk<{
    viewer: { message_threads: { edges: { node: { thread_id: string } }[] } };
  }>(live.app, session, THREADS, { folder });
  return data.viewer.message_threads.edges.map((e) => e.node.thread_id);
}

const mutation = (name: string, extra = '') =>
  `mutation($id: ID!${extra}) { ${name}(thread_id: $id) { ${THREAD_STATE_FIELDS} } }`;

describe.each(dialects)('folders, requests and blocking (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it("puts a stranger's first message in the recipient's PENDING and the sender's INBOX", async () => {
    const cal = await live.session('cal');
    const ann = await live.session('ann');
    const sent = await send(live.app, cal, {
      recipient_id: PEOPLE.ann,
      text: 'hi, we met at the fair',
      offline_threading_id: 'req-1',
    });
    const threadId = sent.message.thread_id;
    expect(await folderOf(live, ann, 'PENDING')).toContain(threadId);
    expect(await folderOf(live, ann, 'INBOX')).not.toContain(threadId);
    expect(await folderOf(live, cal, 'INBOX')).toContain(threadId);
    expect((await threadState(live.app, ann, threadId)).folder).toBe('PENDING');
  });

  it('counts the requests and filtered folders, as the folder entries show them (issue 31)', async () => {
    const COUNTS = `{ viewer { folder_counts { requests filtered } } }`;
    type Counts = { viewer: { folder_counts: { requests: number; filtered: number } } };
    const eve = await live.session('eve');
    const before = (await gqlOk<Counts>(live.app, eve, COUNTS)).viewer.folder_counts;
    const pending = await folderOf(live, eve, 'PENDING');
    const filtered = await folderOf(live, eve, 'OTHER');
    expect(before).toEqual({ requests: pending.length, filtered: filtered.length });
    await send(live.app, await live.session('cal'), {
      recipient_id: PEOPLE.eve,
      text: 'a stranger says hello',
      offline_threading_id: 'req-count-2',
    });
    const after = (await gqlOk<Counts>(live.app, eve, COUNTS)).viewer.folder_counts;
    expect(after.requests).toBe((await folderOf(live, eve, 'PENDING')).length);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.filtered).toBe((await folderOf(live, eve, 'OTHER')).length);
  });

  it('puts a first message between coworkers and between friends in INBOX', async () => {
    const fromCoworker = await send(live.app, await live.session('fay'), {
      recipient_id: PEOPLE.gus,
      text: 'standup?',
      offline_threading_id: 'cw-1',
    });
    expect(
      (await threadState(live.app, await live.session('gus'), fromCoworker.message.thread_id))
        .folder,
    ).toBe('INBOX');
    const fromFriend = await send(live.app, await live.session('dot'), {
      recipient_id: PEOPLE.ann,
      text: 'lunch?',
      offline_threading_id: 'fr-1',
    });
    expect(
      (await threadState(live.app, await live.session('ann'), fromFriend.message.thread_id)).folder,
    ).toBe('INBOX');
  });

  it('keeps "seen" from the sender until the request is accepted; accepting moves it to INBOX', async () => {
    const cal = await live.session('cal');
    const ben = await live.session('ben');
    const sent = await send(live.app, cal, {
      recipient_id: PEOPLE.ben,
      text: 'about your bike ad',
      offline_threading_id: 'req-2',
    });
    const threadId = sent.message.thread_id;
    const read = await gqlOk<{ mark_thread_read: { unread_count: number; folder: string } }>(
      live.app,
      ben,
      mutation('mark_thread_read'),
      { id: threadId },
    );
    expect(read.mark_thread_read).toMatchObject({ unread_count: 0, folder: 'PENDING' });
    const calLog = await logOf(live.db, PEOPLE.cal);
    expect(calLog.filter((d) => d.delta.kind === 'read_receipt')).toEqual([]);
    const history = await gqlOk<{
      thread_messages: { edges: { node: { delivery_state: string } }[] };
    }>(
      live.app,
      cal,
      `query($id: ID!) { thread_messages(thread_id: $id) { edges { node { delivery_state } } } }`,
      { id: threadId },
    );
    expect(history.thread_messages.edges[0]?.node.delivery_state).toBe('delivered');

    const accepted = await gqlOk<{ accept_message_request: { folder: string } }>(
      live.app,
      ben,
      mutation('accept_message_request'),
      { id: threadId },
    );
    expect(accepted.accept_message_request.folder).toBe('INBOX');
    expect(await folderOf(live, ben, 'INBOX')).toContain(threadId);
    expect(await folderOf(live, ben, 'PENDING')).not.toContain(threadId);
    const receipts = (await logOf(live.db, PEOPLE.cal)).filter(
      (d) => d.delta.kind === 'read_receipt',
    );
    expect(receipts.map((d) => d.delta)).toEqual([
      { kind: 'read_receipt', thread_id: threadId, user_id: PEOPLE.ben, seq: 1 },
    ]);
  });

  it('hides an ignored request from every folder; new messages reach no device until a reply', async () => {
    const cal = await live.session('cal');
    const dot = await live.session('dot');
    const sent = await send(live.app, cal, {
      recipient_id: PEOPLE.dot,
      text: 'buy my course',
      offline_threading_id: 'req-3',
    });
    const threadId = sent.message.thread_id;
    const dotSocket = await live.socket('dot');
    const { seq } = await dotSocket.hello((await logOf(live.db, PEOPLE.dot)).length);
    const ignored = await gqlOk<{ ignore_message_request: boolean }>(
      live.app,
      dot,
      `mutation($id: ID!) { ignore_message_request(thread_id: $id) }`,
      { id: threadId },
    );
    expect(ignored.ignore_message_request).toBe(true);
    const removed = await dotSocket.waitFor(
      (f) => f.type === 'delta' && f.delta.kind === 'thread_removed',
    );
    expect(removed).toMatchObject({
      seq: seq + 1,
      delta: { thread_id: threadId, reason: 'ignored' },
    });
    for (const folder of ['INBOX', 'PENDING', 'OTHER']) {
      expect(await folderOf(live, dot, folder)).not.toContain(threadId);
    }
    // The sender is not told, and can still write; nothing reaches dot's devices.
    await send(live.app, cal, {
      thread_id: threadId,
      text: 'last chance',
      offline_threading_id: 'req-4',
    });
    await pause(150);
    expect(dotSocket.lastSeq()).toBe(seq + 1);
    // Replying accepts the request: the thread is back, in INBOX.
    await send(live.app, dot, {
      thread_id: threadId,
      text: 'no thanks',
      offline_threading_id: 'req-5',
    });
    expect(await folderOf(live, dot, 'INBOX')).toContain(threadId);
  });

  it('refuses to ignore a thread that is not a request', async () => {
    const ann = await live.session('ann');
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'hey',
      offline_threading_id: 'inb-1',
    });
    const before = await snapshotCounts(live.db);
    expect(
      await failing(
        live.app,
        ann,
        `mutation($id: ID!) { ignore_message_request(thread_id: $id) }`,
        {
          id: sent.message.thread_id,
        },
      ),
    ).toEqual([{ code: 'bad_request', field: 'thread_id' }]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  describe('blocking', () => {
    it('a blocked person cannot message the blocker, nor the blocker them; groups stay open', async () => {
      const ben = await live.session('ben');
      const dot = await live.session('dot');
      const thread = await send(live.app, ben, {
        recipient_id: PEOPLE.dot,
        text: 'yo',
        offline_threading_id: 'blk-1',
      });
      await gqlOk(live.app, dot, `mutation($p: ID!) { block_user(person_id: $p) }`, {
        p: PEOPLE.ben,
      });
      const before = await snapshotCounts(live.db);
      expect(
        await failing(live.app, ben, SEND, {
          input: {
            thread_id: thread.message.thread_id,
            text: 'hello?',
            offline_threading_id: 'blk-2',
          },
        }),
      ).toEqual([{ code: 'blocked', field: 'thread_id' }]);
      expect(
        await failing(live.app, ben, SEND, {
          input: { recipient_id: PEOPLE.dot, text: 'hello?', offline_threading_id: 'blk-3' },
        }),
      ).toEqual([{ code: 'blocked', field: 'recipient_id' }]);
      expect(
        await failing(live.app, dot, SEND, {
          input: { recipient_id: PEOPLE.ben, text: 'bye', offline_threading_id: 'blk-4' },
        }),
      ).toEqual([{ code: 'blocked', field: 'recipient_id' }]);
      expect(await snapshotCounts(live.db)).toEqual(before);

      await gqlOk(live.app, dot, `mutation($p: ID!) { unblock_user(person_id: $p) }`, {
        p: PEOPLE.ben,
      });
      const after = await send(live.app, ben, {
        thread_id: thread.message.thread_id,
        text: 'sorry',
        offline_threading_id: 'blk-5',
      });
      expect(after.created).toBe(true);
    });

    it('blocks seeded by the network import count too, and a blocked person cannot be added to a group', async () => {
      await block(live.db, PEOPLE.ann, PEOPLE.cal);
      const cal = await live.session('cal');
      expect(
        await failing(live.app, cal, SEND, {
          input: { recipient_id: PEOPLE.ann, text: 'hi again', offline_threading_id: 'blk-6' },
        }),
      ).toEqual([{ code: 'blocked', field: 'recipient_id' }]);
      expect(
        await failing(
          live.app,
          cal,
          `mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { thread_id } }`,
          { i: { participant_ids: [PEOPLE.ben, PEOPLE.ann] } },
        ),
      ).toEqual([{ code: 'blocked', field: 'participant_ids[1]' }]);
    });

    it('refuses to block oneself or nobody', async () => {
      const ann = await live.session('ann');
      const query = `mutation($p: ID!) { block_user(person_id: $p) }`;
      expect(await failing(live.app, ann, query, { p: PEOPLE.ann })).toEqual([
        { code: 'bad_request', field: 'person_id' },
      ]);
      expect(await failing(live.app, ann, query, { p: '999999' })).toEqual([
        { code: 'bad_request', field: 'person_id' },
      ]);
    });
  });
});
