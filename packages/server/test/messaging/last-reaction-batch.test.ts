import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { gqlOk, send } from '../sync/support/gql';
import { PEOPLE, type PersonName } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const REACT = `mutation($m: ID!, $e: String) { set_message_reaction(message_id: $m, emoji: $e) { message_id } }`;
const LIST = `query($n: Int) { viewer { message_threads(first: $n, folder: INBOX) {
  edges { node { thread_id last_reaction { actor_id emoji message_id } } } } } }`;

interface Row {
  thread_id: string;
  last_reaction: { actor_id: string; emoji: string; message_id: string } | null;
}

/*
 * Defect 9b: the thread list's newest-reaction preview ran one query per
 * thread. A page of threads now reads it in one: the reads a request makes
 * do not grow with the number of threads on the page.
 */
describe.each(dialects)('the thread list reads last reactions in one query (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('answers each thread its own newest reaction, with as many reads for 3 threads as for 1', async () => {
    const ann = await live.session('ann');
    const expected = new Map<string, { actor_id: string; emoji: string; message_id: string }>();
    const friends: [PersonName, string][] = [
      ['ben', '👍'],
      ['dot', '😮'],
    ];
    let n = 0;
    for (const [name, emoji] of friends) {
      const friend = await live.session(name);
      const sent = await send(live.app, ann, {
        recipient_id: PEOPLE[name],
        text: `react to me ${name}`,
        offline_threading_id: `lr-${++n}`,
      });
      await gqlOk(live.app, friend, REACT, { m: sent.message.id, e: '❤️' });
      await gqlOk(live.app, friend, REACT, { m: sent.message.id, e: emoji });
      expected.set(sent.message.thread_id, {
        actor_id: PEOPLE[name],
        emoji,
        message_id: sent.message.id,
      });
    }
    // A third thread without any reaction.
    const quiet = await send(live.app, await live.session('ben'), {
      recipient_id: PEOPLE.dot,
      text: 'no reactions here',
      offline_threading_id: `lr-${++n}`,
    });
    const dot = await live.session('dot');

    const readsFor = async (session: typeof ann, first: number) => {
      const db = live.db;
      const original = db.read.bind(db);
      let reads = 0;
      db.read = ((fn: Parameters<typeof original>[0]) => {
        reads += 1;
        return original(fn);
      }) as typeof db.read;
      try {
        const data = await gqlOk<{ viewer: { message_threads: { edges: { node: Row }[] } } }>(
          live.app,
          session,
          LIST,
          { n: first },
        );
        return { reads, rows: data.viewer.message_threads.edges.map((e) => e.node) };
      } finally {
        db.read = original;
      }
    };
    const one = await readsFor(ann, 1);
    const all = await readsFor(ann, 50);
    expect(all.rows.length).toBeGreaterThanOrEqual(2);
    expect(all.reads).toBe(one.reads);
    for (const row of all.rows) {
      const want = expected.get(row.thread_id);
      if (want !== undefined) expect(row.last_reaction).toEqual(want);
    }
    const dotRows = (await readsFor(dot, 50)).rows;
    expect(dotRows.find((r) => r.thread_id === quiet.message.thread_id)?.last_reaction).toBeNull();
  });
});
