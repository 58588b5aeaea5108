import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../src/features/accounts/viewer';
import { sendMessage } from '../../src/features/messaging/send-service';
import { InProcessBus, type BusMessage } from '../../src/features/sync/bus';
import type { DeltaNote } from '../../src/features/sync/delta-log';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import { pause } from './support/socket';
import { PEOPLE, viewerOf } from './support/world';

const dialects = await dialectsUnderTest();

/**
 * The in-process bus, except that notes for one user are held back until the
 * test hands them over (in any order) or drops them: what a node sees when
 * another node's notes come through Redis after its own.
 */
class HoldingBus extends InProcessBus {
  heldUser: string | null = null;
  readonly held: DeltaNote[] = [];

  override publish(message: BusMessage): Promise<void> {
    if (message.type !== 'deltas' || this.heldUser === null) return super.publish(message);
    const passing = message.notes.filter((note) => note.userId !== this.heldUser);
    this.held.push(...message.notes.filter((note) => note.userId === this.heldUser));
    return super.publish({ type: 'deltas', notes: passing });
  }

  /** Hands over the held note that ends at `seq`. */
  release(seq: number): Promise<void> {
    const note = this.held.find((n) => n.seq === seq);
    if (note === undefined) throw new Error(`no held note ends at ${seq}`);
    return super.publish({ type: 'deltas', notes: [note] });
  }
}

describe.each(dialects)('sync: notes that arrive out of order (%s)', (dialect) => {
  const grace = 300;
  const bus = new HoldingBus();
  let live: LiveApp;
  let ann: Viewer;
  let counter = 0;

  beforeAll(async () => {
    live = await startLiveApp(dialect, { bus, sync: { outOfOrderGraceMs: grace } });
    ann = await viewerOf(live.db, PEOPLE.ann);
  });
  afterAll(async () => {
    await live.dispose();
  });

  /** Two messages from ann to `to` whose notes the bus holds; returns the socket and its head before. */
  async function twoHeldMessages(to: 'ben' | 'cal') {
    const socket = await live.socket(to);
    await socket.hello(0);
    const say = async (): Promise<string> => {
      const text = `out of order ${++counter}`;
      await sendMessage(live.ctx, ann, {
        recipient_id: PEOPLE[to],
        text,
        offline_threading_id: `ooo-${counter}`,
      });
      return text;
    };
    // The thread first: its first message's note also carries the thread's snapshot.
    const first = await say();
    await socket.waitFor(
      (f) => f.type === 'delta' && f.delta.kind === 'message_new' && f.delta.message.text === first,
    );
    const seen = socket.lastSeq();
    bus.heldUser = PEOPLE[to];
    bus.held.length = 0;
    await say();
    await say();
    bus.heldUser = null;
    expect(bus.held.map((note) => note.seq)).toEqual([seen + 1, seen + 2]);
    return { socket, head: seen };
  }

  it('sends a later note first held back, then both in seq order from memory, without reading the log', async () => {
    const { socket, head } = await twoHeldMessages('ben');
    const reads = vi.spyOn(live.db, 'read');
    try {
      await bus.release(head + 2);
      await pause(30);
      expect(socket.lastSeq()).toBe(head);
      await bus.release(head + 1);
      await socket.waitForSeq(head + 2);
      expect(socket.deltaFrames().map((f) => f.seq)).toEqual(
        Array.from({ length: head + 2 }, (_, i) => i + 1),
      );
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('reads a delta whose note never comes from the log once the grace has passed', async () => {
    const { socket, head } = await twoHeldMessages('cal');
    const reads = vi.spyOn(live.db, 'read');
    try {
      const released = Date.now();
      await bus.release(head + 2);
      await socket.waitForSeq(head + 2);
      expect(Date.now() - released).toBeGreaterThanOrEqual(grace - 5);
      expect(reads).toHaveBeenCalled();
      expect(socket.deltaFrames().map((f) => f.seq)).toEqual(
        Array.from({ length: head + 2 }, (_, i) => i + 1),
      );
      const messages = socket.deltas('message_new').map((d) => d.message.text);
      expect(messages.slice(-2)).toEqual([
        `out of order ${counter - 1}`,
        `out of order ${counter}`,
      ]);
    } finally {
      reads.mockRestore();
    }
  });
});
