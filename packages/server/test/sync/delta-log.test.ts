import type { Delta } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context';
import type { Runtime } from '../../src/runtime';
import { createTestRuntime } from '../support/runtime';
import { commitWithDeltas } from '../../src/features/sync/commit';
import { appendDeltas, pruneDeltas, readLogState } from '../../src/features/sync/delta-log';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { startLiveApp } from './support/app';
import { sendMessage } from '../../src/features/messaging/send-service';
import { readDeltas, receipt } from './support/deltas';
import { PEOPLE, viewerOf } from './support/world';

const dialects = await dialectsUnderTest();

describe.each(dialects)('the delta log (%s)', (dialect) => {
  let testDb: TestDb;
  let ctx: AppContext;
  let runtime: Runtime;
  beforeAll(async () => {
    testDb = await createTestDb(dialect);
    runtime = await createTestRuntime(testDb.db);
    ctx = runtime.ctx;
  });
  afterAll(async () => {
    await runtime.close();
    await testDb.dispose();
  });

  it('numbers each user 1, 2, 3... in the order given, separately per user', async () => {
    const notes = await testDb.db.transact((trx) =>
      appendDeltas(
        trx,
        [
          { userId: '20', delta: receipt(1) },
          { userId: '10', delta: receipt(2) },
          { userId: '20', delta: receipt(3) },
        ],
        1000,
        testDb.db,
      ),
    );
    expect(notes.map((n) => [n.userId, n.seq, n.deltas.map((d) => d.seq)])).toEqual([
      ['10', 1, [1]],
      ['20', 2, [1, 2]],
    ]);
    const log = await testDb.db.read((k) => readDeltas(k, '20', 0, 10));
    expect(log.map((d) => [d.seq, JSON.parse(d.payload) as Delta])).toEqual([
      [1, receipt(1)],
      [2, receipt(3)],
    ]);
    expect(await testDb.db.read((k) => readLogState(k, '20'))).toEqual({ head: 2, pruned: 0 });
    expect(await testDb.db.read((k) => readLogState(k, 'nobody'))).toEqual({ head: 0, pruned: 0 });
  });

  it('numbers a batch of many users, several deltas each, like one append per user', async () => {
    // More users than SQLite puts in one statement (16), with uneven counts.
    const users = Array.from({ length: 40 }, (_, i) => String(1000 + i));
    const entries = users.flatMap((userId, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, k) => ({ userId, delta: receipt(i * 10 + k) })),
    );
    await testDb.db.transact((trx) =>
      appendDeltas(trx, [{ userId: users[7]!, delta: receipt(1) }], 500, testDb.db),
    );
    const notes = await testDb.db.transact((trx) => appendDeltas(trx, entries, 1000, testDb.db));
    expect(notes.map((n) => n.userId)).toEqual(users);
    for (const [i, userId] of users.entries()) {
      const before = i === 7 ? 1 : 0;
      const count = 1 + (i % 3);
      const note = notes[i]!;
      expect(note.seq).toBe(before + count);
      expect(note.deltas.map((d) => d.seq)).toEqual(
        Array.from({ length: count }, (_, k) => before + k + 1),
      );
      const log = await testDb.db.read((k) => readDeltas(k, userId, before, 10));
      expect(log.map((d) => JSON.parse(d.payload) as Delta)).toEqual(
        Array.from({ length: count }, (_, k) => receipt(i * 10 + k)),
      );
      expect(await testDb.db.read((k) => readLogState(k, userId))).toEqual({
        head: before + count,
        pruned: 0,
      });
    }
  });

  it('leaves no trace of a transaction that fails', async () => {
    await expect(
      commitWithDeltas(ctx, async (_trx, sink) => {
        sink.add({ userId: '30', delta: receipt(1) });
        await Promise.resolve();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await expect(
      commitWithDeltas(ctx, async (trx) => {
        await appendDeltas(trx, [{ userId: '30', delta: receipt(1) }], 1, testDb.db);
        throw new Error('after append');
      }),
    ).rejects.toThrow('after append');
    expect(await testDb.db.read((k) => readLogState(k, '30'))).toEqual({ head: 0, pruned: 0 });
    expect(await testDb.db.read((k) => readDeltas(k, '30', 0, 10))).toEqual([]);
  });

  it('hands out every seq exactly once under concurrent commits', async () => {
    const users = ['41', '42', '43'];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        commitWithDeltas(ctx, async (_trx, sink) => {
          // Different orders in each commit: locks are still taken in id order.
          for (const userId of i % 2 === 0 ? users : [...users].reverse()) {
            sink.add({ userId, delta: receipt(i) });
          }
          await Promise.resolve();
        }),
      ),
    );
    for (const userId of users) {
      const log = await testDb.db.read((k) => readDeltas(k, userId, 0, 100));
      expect(log.map((d) => d.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(new Set(log.map((d) => (JSON.parse(d.payload) as { seq: number }).seq)).size).toBe(30);
    }
  });

  it('prunes beyond the newest N and older than the age limit, moving pruned_seq', async () => {
    // After the rows the tests above wrote at the system clock's time: pruning reads the log's old end in id order.
    const base = Date.now();
    await testDb.db.transact((trx) =>
      appendDeltas(
        trx,
        Array.from({ length: 10 }, (_, i) => ({ userId: '50', delta: receipt(i) })),
        base + 1_000,
        testDb.db,
      ),
    );
    await testDb.db.transact((trx) =>
      appendDeltas(
        trx,
        Array.from({ length: 5 }, (_, i) => ({ userId: '50', delta: receipt(i) })),
        base + 50_000,
        testDb.db,
      ),
    );
    // Count: keep the newest 12 of 15.
    await pruneDeltas(testDb.db, { maxDeltas: 12, maxAgeMs: 1e12 }, base + 60_000);
    expect(await testDb.db.read((k) => readLogState(k, '50'))).toEqual({ head: 15, pruned: 3 });
    expect((await testDb.db.read((k) => readDeltas(k, '50', 0, 100)))[0]?.seq).toBe(4);
    // Age: everything written at base + 1,000 is older than 20 s at base + 60,000.
    await pruneDeltas(testDb.db, { maxDeltas: 1000, maxAgeMs: 20_000 }, base + 60_000);
    expect(await testDb.db.read((k) => readLogState(k, '50'))).toEqual({ head: 15, pruned: 10 });
    expect((await testDb.db.read((k) => readDeltas(k, '50', 0, 100))).map((d) => d.seq)).toEqual([
      11, 12, 13, 14, 15,
    ]);
  });
});

describe.each(dialects)('the retention window on the socket (%s)', (dialect) => {
  it('tells a client whose last seq fell out of the window to resync, then streams from the head', async () => {
    const live = await startLiveApp(dialect, { sync: { retentionMaxDeltas: 3 } });
    try {
      const ann = await viewerOf(live.db, PEOPLE.ann);
      for (let i = 0; i < 5; i += 1) {
        await sendMessage(live.ctx, ann, {
          recipient_id: PEOPLE.ben,
          text: `m${i}`,
          offline_threading_id: `w-${i}`,
        });
      }
      // Ben's log: the thread's snapshot and 5 messages; keep the newest 3.
      await live.runtime.prune();
      const socket = await live.socket('ben');
      const start = await socket.hello(1);
      expect(start.resync).toEqual({ type: 'resync_required', reason: 'window_expired', seq: 6 });
      expect(start).toMatchObject({ seq: 6, deltas: [] });
      // Inside the window, the replay works as usual.
      const inside = await live.socket('ben');
      const replay = await inside.hello(3);
      expect(replay.resync).toBeNull();
      expect(replay.deltas.map((f) => f.seq)).toEqual([4, 5, 6]);
    } finally {
      await live.dispose();
    }
  });
});
