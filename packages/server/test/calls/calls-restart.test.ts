import { afterAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/messaging/send-service';
import { withCallTables } from '../../src/features/calls/tables';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { eventually } from '../sync/support/socket';
import { PEOPLE, viewerOf } from '../sync/support/world';

const dialects = await dialectsUnderTest();
const ENV = { CALL_RING_TIMEOUT_MS: '600', CALL_DROP_GRACE_MS: '200' };

/** A restart loses the timers and the sockets, not the calls: the new process finishes them. */
describe.each(dialects)('calls after a restart (%s)', (dialect) => {
  const apps: LiveApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.dispose();
  });

  it('drops a joined device that does not come back, and the ring still ends as no answer', async () => {
    const first = await startLiveApp(dialect, { env: ENV });
    apps.push(first);
    const ann = await viewerOf(first.db, PEOPLE.ann);
    const sent = await sendMessage(first.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'before the restart',
      offline_threading_id: 'calls-restart-1',
    });
    const a = await first.socket('ann');
    a.send({ type: 'hello', protocol: 1, last_seq: 0, device_id: 'ann-r1' });
    await a.waitFor((f) => f.type === 'ready');
    const start = (request: string, callId: string) => {
      a.send({
        type: 'call_action',
        request_id: request,
        action: 'start',
        call_id: callId,
        thread_id: sent.message.thread_id,
        kind: 'voice',
      });
      return a.waitFor((f) => f.type === 'call_result' && f.request_id === request);
    };
    const ringingId = `${String(Date.now())}01`;
    await start('s1', ringingId);
    // The process stops before the ring timer fires (its timers go with it).
    await first.app.close();

    const second = await startLiveApp(dialect, { db: first.db, env: ENV });
    apps.push(second);
    const statusOf = async (callId: string) =>
      (
        await withCallTables(second.db.kysely)
          .selectFrom('calls')
          .select('status')
          .where('id', '=', callId)
          .executeTakeFirst()
      )?.status;
    await eventually(
      () => statusOf(ringingId),
      (status) => status === 'ended',
    );
    const states = await withCallTables(second.db.kysely)
      .selectFrom('call_participants')
      .select(['user_id', 'state'])
      .where('call_id', '=', ringingId)
      .orderBy('position')
      .execute();
    expect(states).toEqual([
      { user_id: PEOPLE.ann, state: 'connection_dropped' },
      { user_id: PEOPLE.ben, state: 'no_answer' },
    ]);
  });
});
