import { SYNC_CLOSE } from '@messenger/core';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import { eventually, type SyncClient } from './support/socket';
import { PEOPLE, viewerOf } from './support/world';

const dialects = await dialectsUnderTest();

/** The TCP socket under a `ws` client (not in its public types). */
const tcpOf = (client: SyncClient): Socket => (client.ws as unknown as { _socket: Socket })._socket;

/** 5,000 four-byte characters: about 20 KB per delta on the wire. */
const BIG = '🦆'.repeat(5000);
/** About 8 MB: more than loopback TCP buffers absorb (about 4.4 MB measured here). */
const MESSAGES = 400;

describe.each(dialects)('a slow consumer (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect, {
      // The default byte bounds; a socket 60 deltas behind while live counts as slow.
      sync: { maxLagDeltas: 60, stallTimeoutMs: 5000 },
    });
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('is cut off with 4008 while the other sockets keep receiving, and resumes from its seq', async () => {
    const slow = await live.socket('ben');
    const fast = await live.socket('ben');
    const friend = await live.socket('dot');
    await slow.hello(0);
    await fast.hello(0);
    await friend.hello(0);
    // The slow tab stops reading: the kernel buffers fill, then the server's.
    tcpOf(slow).pause();

    const ann = await viewerOf(live.db, PEOPLE.ann);
    const first = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: BIG,
      offline_threading_id: 'slow-0',
    });
    const threadId = first.message.thread_id;
    for (let i = 1; i < MESSAGES; i += 8) {
      const batch = Array.from({ length: Math.min(8, MESSAGES - i) }, (_, j) => i + j);
      await Promise.all(
        batch.map((n) =>
          sendMessage(live.ctx, ann, {
            thread_id: threadId,
            text: BIG,
            offline_threading_id: `slow-${n}`,
          }),
        ),
      );
      // Let the clients (in this same process) read, as separate machines would meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      if (i % 80 === 1) {
        await sendMessage(live.ctx, ann, {
          recipient_id: PEOPLE.dot,
          text: 'meanwhile',
          offline_threading_id: `slow-dot-${i}`,
        });
      }
    }
    const head = MESSAGES + 1; // the thread's snapshot, then every message
    await fast.waitForSeq(head, 15_000);
    await friend.waitForSeq(MESSAGES / 80 + 1, 15_000);
    expect(fast.deltaFrames().map((f) => f.seq)).toEqual(
      Array.from({ length: head }, (_, i) => i + 1),
    );

    // The server let the slow one go (and only it).
    await eventually(
      () => Promise.resolve(live.runtime.hub.connectionsOf(PEOPLE.ben).size),
      (size) => size === 1,
      10_000,
    );
    tcpOf(slow).resume();
    expect(await slow.closed).toMatchObject({ code: SYNC_CLOSE.slowConsumer });
    const got = slow.lastSeq();
    expect(got).toBeLessThan(head);
    expect(slow.deltaFrames().map((f) => f.seq)).toEqual(
      Array.from({ length: got }, (_, i) => i + 1),
    );

    // Reconnecting resumes from what it has: the rest, once each.
    const again = await live.socket('ben');
    const replay = await again.hello(got);
    expect(replay.deltas.map((f) => f.seq)).toEqual(
      Array.from({ length: head - got }, (_, i) => got + 1 + i),
    );
    expect(replay.seq).toBe(head);
  });
});
