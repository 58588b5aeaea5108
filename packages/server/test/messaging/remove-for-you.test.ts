import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import { failing, gqlOk, send } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

const REMOVE = `mutation($m: ID!) { remove_message_for_you(message_id: $m) { message_id thread_id } }`;
const HISTORY = `query($id: ID!) {
  thread_messages(thread_id: $id, last: 50) { edges { node { id removed_for_you } } }
}`;

describe.each(dialects)('remove for you (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  const removed = async (session: Session, threadId: string, id: string): Promise<boolean> => {
    const data = await gqlOk<{
      thread_messages: { edges: { node: { id: string; removed_for_you: boolean } }[] };
    }>(live.app, session, HISTORY, { id: threadId });
    return data.thread_messages.edges.find((e) => e.node.id === id)?.node.removed_for_you ?? false;
  };

  it('hides a message for the one who removes it only, a delta to them alone; again writes nothing', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'only ben hides this',
      offline_threading_id: 'h-1',
    });
    const { id, thread_id: threadId } = sent.message;
    const annLog = (await logOf(live.db, PEOPLE.ann)).length;
    await gqlOk(live.app, ben, REMOVE, { m: id });
    expect(await removed(ben, threadId, id)).toBe(true);
    expect(await removed(ann, threadId, id)).toBe(false);
    expect((await logOf(live.db, PEOPLE.ben)).at(-1)?.delta).toMatchObject({
      kind: 'message_hidden',
      message_id: id,
    });
    expect(await logOf(live.db, PEOPLE.ann)).toHaveLength(annLog);
    const before = await snapshotCounts(live.db);
    await gqlOk(live.app, ben, REMOVE, { m: id });
    expect(await snapshotCounts(live.db)).toEqual(before);
    // Someone outside the thread cannot even learn it exists.
    expect(await failing(live.app, await live.session('cal'), REMOVE, { m: id })).toEqual([
      { code: 'not_found', field: 'message_id' },
    ]);
  });
});
