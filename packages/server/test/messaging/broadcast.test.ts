import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { snapshotCounts } from '../sync/support/counts';
import { failing, gqlOk, threadState } from '../sync/support/gql';
import { block, PEOPLE } from '../sync/support/world';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

const BROADCAST = `mutation Broadcast($input: BroadcastMessageInput!) {
  broadcast_message(input: $input) {
    kind
    deliveries { recipient_id created message { id thread_id sender_id text entry_point offline_threading_id } }
  }
}`;

interface Delivery {
  recipient_id: string;
  created: boolean;
  message: {
    id: string;
    thread_id: string;
    sender_id: string;
    text: string;
    entry_point: string | null;
    offline_threading_id: string;
  };
}

describe.each(dialects)('broadcast_message (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  const broadcast = async (session: Session, input: Record<string, unknown>) =>
    (
      await gqlOk<{ broadcast_message: { kind: string; deliveries: Delivery[] } }>(
        live.app,
        session,
        BROADCAST,
        { input },
      )
    ).broadcast_message;

  it('sends the text to each recipient in their own one-to-one thread, and a retry sends nothing new', async () => {
    const ann = await live.session('ann');
    const input = {
      recipient_ids: [PEOPLE.ben, PEOPLE.dot, PEOPLE.cal],
      text: 'one for all',
      offline_threading_id: 'bc-1',
    };
    const result = await broadcast(ann, input);
    expect(result.kind).toBe('broadcast');
    expect(result.deliveries.map((d) => d.recipient_id)).toEqual(input.recipient_ids);
    expect(new Set(result.deliveries.map((d) => d.message.thread_id)).size).toBe(3);
    for (const [i, d] of result.deliveries.entries()) {
      expect(d).toMatchObject({
        created: true,
        message: {
          sender_id: PEOPLE.ann,
          text: 'one for all',
          entry_point: 'broadcast',
          offline_threading_id: `bc-1_${String(i)}`,
        },
      });
      const state = await threadState(live.app, ann, d.message.thread_id);
      expect(state.kind).toBe('one_to_one');
      expect(state.participants.map((p) => p.id).sort()).toEqual(
        [PEOPLE.ann, d.recipient_id].sort(),
      );
    }
    // The recipient sees it in the thread with the sender.
    const ben = await live.session('ben');
    const benState = await threadState(live.app, ben, result.deliveries[0]!.message.thread_id);
    expect(benState.unread_count).toBeGreaterThan(0);

    const before = await snapshotCounts(live.db);
    const retry = await broadcast(ann, input);
    expect(retry.deliveries.map((d) => d.created)).toEqual([false, false, false]);
    expect(retry.deliveries.map((d) => d.message.id)).toEqual(
      result.deliveries.map((d) => d.message.id),
    );
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('stores a share as such', async () => {
    const result = await broadcast(await live.session('ben'), {
      recipient_ids: [PEOPLE.dot],
      text: 'https://example.com/look',
      offline_threading_id: 'share-1',
      kind: 'share',
    });
    expect(result.kind).toBe('share');
    expect(result.deliveries[0]?.message.entry_point).toBe('share');
  });

  it('refuses the whole broadcast, naming the recipient, when one cannot be written to', async () => {
    await block(live.db, PEOPLE.cal, PEOPLE.dot);
    const dot = await live.session('dot');
    const before = await snapshotCounts(live.db);
    const refused = (recipient_ids: string[]) =>
      failing(live.app, dot, BROADCAST, {
        input: {
          recipient_ids,
          text: 'hi',
          offline_threading_id: `ref-${recipient_ids.join('-')}`,
        },
      });
    expect(await refused([PEOPLE.ann, PEOPLE.cal])).toEqual([
      { code: 'blocked', field: 'recipient_ids[1]' },
    ]);
    expect(await refused([PEOPLE.ann, PEOPLE.dot])).toEqual([
      { code: 'bad_request', field: 'recipient_ids[1]' },
    ]);
    expect(await refused([PEOPLE.moe])).toEqual([{ code: 'forbidden', field: 'recipient_ids[0]' }]);
    expect(await refused(['9999999'])).toEqual([{ code: 'not_found', field: 'recipient_ids[0]' }]);
    expect(await refused([PEOPLE.ann, PEOPLE.ann])).toEqual([
      { code: 'bad_request', field: 'recipient_ids[1]' },
    ]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('needs a session and a text', async () => {
    expect(
      await failing(live.app, null, BROADCAST, {
        input: { recipient_ids: [PEOPLE.ben], text: 'x', offline_threading_id: 'anon' },
      }),
    ).toEqual([{ code: 'unauthenticated' }]);
    expect(
      await failing(live.app, await live.session('ann'), BROADCAST, {
        input: { recipient_ids: [PEOPLE.ben], text: '  ', offline_threading_id: 'blank' },
      }),
    ).toEqual([{ code: 'bad_request', field: 'text' }]);
  });
});
