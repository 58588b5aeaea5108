import type { Delta } from '@messenger/core';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appendDeltas,
  pruneDeltas,
  readDeltaPlan,
  readLogState,
} from '../../src/features/sync/delta-log';
import { withSyncTables } from '../../src/storage/tables/sync';
import { migrateToLatest } from '../../src/storage/migrate';
import { DELTA_ID_BLOCK } from '../../src/storage/migrations/013-delta-id-blocks';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { sendMessage } from '../../src/features/messaging/send-service';
import { startLiveApp } from './support/app';
import { countRows } from './support/counts';
import { readDeltas, receipt } from './support/deltas';
import { PEOPLE, viewerOf } from './support/world';

const dialects = await dialectsUnderTest();

const seqsOf = async (testDb: TestDb, userId: string, after = 0): Promise<number[]> =>
  (await testDb.db.read((k) => readDeltas(k, userId, after, 1000))).map((d) => d.seq);

const rowIds = async (testDb: TestDb, userId: string): Promise<number[]> =>
  (
    await withSyncTables(testDb.db.kysely)
      .selectFrom('delta_log')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute()
  ).map((row) => row.id);

/** Where an append's ids start, counted from the first append's first id. */
const startOfSecondAppend = (dialect: string, rowsOfFirst: number): number =>
  dialect === 'postgres' ? DELTA_ID_BLOCK : rowsOfFirst;

describe.each(dialects)('the linked delta log (%s)', (dialect) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.dispose();
    testDb = undefined;
  });

  it('copies a log of the old layout with its links, and later appends continue it', async () => {
    testDb = await createTestDb(dialect, '006-calls');
    const old = testDb.db.kysely;
    const row = (userId: string, seq: number, ackAs: string | null = null) => ({
      user_id: userId,
      seq,
      payload: JSON.stringify(receipt(seq)),
      created_at: 1000 + seq,
      ack_thread_id: ackAs === null ? null : '9',
      ack_as: ackAs,
      ack_seq: ackAs === null ? null : seq,
    });
    // Ann: 1..3. Ben: 1..2 pruned, 3..4 kept.
    await sql`insert into user_deltas
        (user_id, seq, payload, created_at, ack_thread_id, ack_as, ack_seq)
      values ${sql.join(
        [row('71', 1), row('71', 2, '71'), row('71', 3), row('72', 3), row('72', 4)].map(
          (r) =>
            sql`(${r.user_id}, ${r.seq}, ${r.payload}, ${r.created_at}, ${r.ack_thread_id}, ${r.ack_as}, ${r.ack_seq})`,
        ),
      )}`.execute(old);
    await sql`insert into user_sync (user_id, head_seq, pruned_seq)
      values ('71', 3, 0), ('72', 4, 2)`.execute(old);

    await migrateToLatest(testDb.db);

    expect(await seqsOf(testDb, '71')).toEqual([1, 2, 3]);
    expect(await seqsOf(testDb, '72')).toEqual([3, 4]);
    expect(await testDb.db.read((k) => readLogState(k, '72'))).toEqual({ head: 4, pruned: 2 });
    const payloads = await testDb.db.read((k) => readDeltas(k, '71', 1, 10));
    expect(payloads.map((d) => JSON.parse(d.payload) as Delta)).toEqual([receipt(2), receipt(3)]);

    const db = testDb.db;
    const notes = await db.transact((trx) =>
      appendDeltas(
        trx,
        [
          { userId: '71', delta: receipt(4) },
          { userId: '72', delta: receipt(5) },
        ],
        5000,
        db,
      ),
    );
    expect(notes.map((n) => [n.userId, n.seq])).toEqual([
      ['71', 4],
      ['72', 5],
    ]);
    expect(await seqsOf(testDb, '71')).toEqual([1, 2, 3, 4]);
    expect(await seqsOf(testDb, '72', 2)).toEqual([3, 4, 5]);
  });

  it('appends each batch after the rows already there, in one run of ids', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const batch = (users: string[], n: number) =>
      db.transact((trx) =>
        appendDeltas(
          trx,
          users.map((userId) => ({ userId, delta: receipt(n) })),
          n,
          db,
        ),
      );
    await batch(['83', '81', '82'], 1);
    await batch(['82', '81'], 2);
    const ids = [...(await rowIds(testDb, '81')), ...(await rowIds(testDb, '82'))].sort(
      (a, b) => a - b,
    );
    const all = (await rowIds(testDb, '83')).concat(ids).sort((a, b) => a - b);
    // Five rows, a run of consecutive ids per batch: nothing is written anywhere but
    // the table's end. PostgreSQL starts each append at its own block of ids.
    expect(all).toHaveLength(5);
    const second = startOfSecondAppend(dialect, 3);
    expect(all.map((id) => id - all[0]!)).toEqual([0, 1, 2, second, second + 1]);
    expect(Math.min(...(await rowIds(testDb, '81')).slice(1))).toBeGreaterThan(
      Math.max(...(await rowIds(testDb, '83'))),
    );
  });

  it('appends for users with a log and users without one in the same batch', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const append = (users: string[], n: number) =>
      db.transact((trx) =>
        appendDeltas(
          trx,
          users.map((userId) => ({ userId, delta: receipt(n) })),
          n,
          db,
        ),
      );
    await append(['86'], 1);
    const notes = await append(['88', '86', '87'], 2);
    expect(notes.map((n) => [n.userId, n.seq])).toEqual([
      ['86', 2],
      ['87', 1],
      ['88', 1],
    ]);
    expect(await seqsOf(testDb, '86')).toEqual([1, 2]);
    expect(await seqsOf(testDb, '87')).toEqual([1]);
    expect(await db.read((k) => readLogState(k, '88'))).toEqual({ head: 1, pruned: 0 });
  });

  it('reads a missing link as a gap: the walk stops there', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    await db.transact((trx) =>
      appendDeltas(
        trx,
        Array.from({ length: 5 }, (_, i) => ({ userId: '91', delta: receipt(i + 1) })),
        1000,
        db,
      ),
    );
    await withSyncTables(db.kysely)
      .deleteFrom('delta_log')
      .where('user_id', '=', '91')
      .where('seq', '=', 3)
      .execute();
    const plan = await db.read((k) => readDeltaPlan(k, '91', 0));
    expect(plan.map((ref) => ref.seq)).toEqual([4, 5]);
    expect(await seqsOf(testDb, '91', 3)).toEqual([4, 5]);
  });

  it('stores a payload its rows share once, in the last of them, and prunes it with them', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const append = (entries: { userId: string; delta: Delta }[], at: number) =>
      db.transact((trx) => appendDeltas(trx, entries, at, db));
    const message = receipt(7);
    await append(
      [
        { userId: '93', delta: message },
        { userId: '91', delta: message },
        { userId: '92', delta: message },
        { userId: '91', delta: receipt(8) },
      ],
      1_000,
    );
    await append([{ userId: '92', delta: receipt(9) }], 50_000);
    const payloadsOf = async (userId: string) =>
      (await db.read((k) => readDeltas(k, userId, 0, 10))).map(
        (d) => JSON.parse(d.payload) as Delta,
      );
    expect(await payloadsOf('91')).toEqual([receipt(7), receipt(8)]);
    expect(await payloadsOf('92')).toEqual([receipt(7), receipt(9)]);
    expect(await payloadsOf('93')).toEqual([receipt(7)]);
    const rows = await withSyncTables(db.kysely)
      .selectFrom('delta_log')
      .select(['id', 'user_id', 'payload', 'payload_of'])
      .orderBy('id')
      .execute();
    const first = rows[0]!.id;
    const layout = rows.map((r) => [
      r.id - first,
      r.user_id,
      r.payload === '' ? '' : (JSON.parse(r.payload) as { seq: number }).seq,
      r.payload_of === null ? null : r.payload_of - first,
    ]);
    // Users in id order: 91 (7, 8), 92 (7), 93 (7); the last row of the 7s holds it.
    expect(layout).toEqual([
      [0, '91', '', 3],
      [1, '91', 8, null],
      [2, '92', '', 3],
      [3, '93', 7, null],
      [startOfSecondAppend(dialect, 4), '92', 9, null],
    ]);
    // The first append's rows are old: they go together, holder and all.
    expect(await pruneDeltas(db, { maxDeltas: 100, maxAgeMs: 20_000 }, 60_000)).toBe(4);
    expect(await payloadsOf('92')).toEqual([receipt(9)]);
    expect(await payloadsOf('91')).toEqual([]);
  });

  it('appends more rows than one block of ids holds, each user whole and linked', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const shared = receipt(-1);
    // 61's rows and 62's do not fit one block together: PostgreSQL writes them in two.
    const counts = { '61': 40_000, '62': DELTA_ID_BLOCK - 40_000 } as const;
    const entries = Object.entries(counts).flatMap(([userId, count]) => [
      ...Array.from({ length: count }, (_, i) => ({ userId, delta: receipt(i + 1) })),
      { userId, delta: shared },
    ]);
    const notes = await db.transact((trx) => appendDeltas(trx, entries, 1_000, db));
    expect(notes.map((n) => [n.userId, n.seq, n.deltas.length])).toEqual([
      ['61', 40_001, 40_001],
      ['62', counts['62'] + 1, counts['62'] + 1],
    ]);
    for (const [userId, count] of Object.entries(counts)) {
      const tail = (await db.read((k) => readDeltas(k, userId, count - 2, 10))).map(
        (d) => JSON.parse(d.payload) as Delta,
      );
      expect(tail).toEqual([receipt(count - 1), receipt(count), shared]);
      expect(await db.read((k) => readLogState(k, userId))).toMatchObject({ head: count + 1 });
    }
    // The next append's ids clear the rows of both.
    await db.transact((trx) =>
      appendDeltas(
        trx,
        [1, 2, 3].map((n) => ({ userId: '63', delta: receipt(n) })),
        2_000,
        db,
      ),
    );
    expect(await countRows(db, 'delta_log')).toBe(DELTA_ID_BLOCK + 5);
  }, 60_000);

  it('prunes by count without deleting, and deletes by age from the old end', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const append = (count: number, at: number) =>
      db.transact((trx) =>
        appendDeltas(
          trx,
          Array.from({ length: count }, (_, i) => ({ userId: '95', delta: receipt(i) })),
          at,
          db,
        ),
      );
    await append(10, 1_000);
    await append(5, 50_000);
    expect(await pruneDeltas(db, { maxDeltas: 12, maxAgeMs: 1e12 }, 60_000)).toBe(0);
    expect(await countRows(db, 'delta_log')).toBe(15);
    expect(await seqsOf(testDb, '95')).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(await pruneDeltas(db, { maxDeltas: 12, maxAgeMs: 20_000 }, 60_000)).toBe(10);
    expect(await countRows(db, 'delta_log')).toBe(5);
    expect(await db.read((k) => readLogState(k, '95'))).toEqual({ head: 15, pruned: 10 });
    await append(1, 70_000);
    expect(await seqsOf(testDb, '95')).toEqual([11, 12, 13, 14, 15, 16]);
  });

  it('continues from the committed head after a transaction that appended and then failed', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const append = (count: number) => (trx: Parameters<Parameters<typeof db.transact>[0]>[0]) =>
      appendDeltas(
        trx,
        Array.from({ length: count }, (_, i) => ({ userId: '99', delta: receipt(i) })),
        1_000,
        db,
      );
    await db.transact(append(2));
    await expect(
      db.transact(async (trx) => {
        await append(3)(trx);
        throw new Error('the change failed after its deltas were appended');
      }),
    ).rejects.toThrow('failed after');
    const notes = await db.transact(append(1));
    expect(notes).toEqual([
      { userId: '99', seq: 3, deltas: [expect.objectContaining({ seq: 3 })] },
    ]);
    expect(await seqsOf(testDb, '99')).toEqual([1, 2, 3]);
    expect(await db.read((k) => readLogState(k, '99'))).toEqual({ head: 3, pruned: 0 });
  });

  it('deletes by age only the old prefix of the log in id order, in more than one read', async () => {
    testDb = await createTestDb(dialect);
    const db = testDb.db;
    const append = (userId: string, count: number, at: number) =>
      db.transact((trx) =>
        appendDeltas(
          trx,
          Array.from({ length: count }, (_, i) => ({ userId, delta: receipt(i) })),
          at,
          db,
        ),
      );
    // Ids in append order: Ann's old rows (more than one read of the old end),
    // Ben's young ones, then Cy's rows stamped old (a clock behind).
    await append('96', 5_200, 1_000);
    await append('97', 3, 50_000);
    await append('98', 4, 1_000);
    expect(await pruneDeltas(db, { maxDeltas: 100_000, maxAgeMs: 20_000 }, 60_000)).toBe(5_200);
    expect(await db.read((k) => readLogState(k, '96'))).toEqual({ head: 5_200, pruned: 5_200 });
    expect(await db.read((k) => readLogState(k, '97'))).toEqual({ head: 3, pruned: 0 });
    // Behind a young row, Cy's old ones wait for a later prune; nothing of theirs moved.
    expect(await db.read((k) => readLogState(k, '98'))).toEqual({ head: 4, pruned: 0 });
    expect(await seqsOf(testDb, '98')).toEqual([1, 2, 3, 4]);
    expect(await pruneDeltas(db, { maxDeltas: 100_000, maxAgeMs: 20_000 }, 80_000)).toBe(7);
    expect(await countRows(db, 'delta_log')).toBe(0);
    expect(await db.read((k) => readLogState(k, '98'))).toEqual({ head: 4, pruned: 4 });
  });
});

describe.each(dialects)('a replay longer than a page (%s)', (dialect) => {
  it('reaches the client whole, in order, from the chain read once', async () => {
    const live = await startLiveApp(dialect, { sync: { replayPageSize: 4, recentPerUser: 1 } });
    try {
      const ann = await viewerOf(live.db, PEOPLE.ann);
      for (let i = 0; i < 11; i += 1) {
        await sendMessage(live.ctx, ann, {
          recipient_id: PEOPLE.ben,
          text: `m${i}`,
          offline_threading_id: `r-${i}`,
        });
      }
      const socket = await live.socket('ben');
      const replay = await socket.hello(0);
      expect(replay.resync).toBeNull();
      // The thread's snapshot, then the 11 messages.
      expect(replay.deltas.map((f) => f.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const texts = replay.deltas.flatMap((f) =>
        f.delta.kind === 'message_new' ? [f.delta.message.text] : [],
      );
      expect(texts).toEqual(Array.from({ length: 11 }, (_, i) => `m${i}`));
    } finally {
      await live.dispose();
    }
  });
});
