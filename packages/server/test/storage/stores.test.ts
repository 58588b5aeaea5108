import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RosterCache } from '../../src/features/messaging/roster-cache';
import { withSyncTables } from '../../src/storage/tables/sync';
import type { MessageRecord } from '../../src/storage/records';
import { storesOf } from '../../src/storage/stores';
import { insertPerson } from '../support/people';
import { receipt } from '../sync/support/deltas';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';

/**
 * The contract of storage/stores.ts: each dialect's implementation, called
 * straight through the interfaces the features use, reads and writes the same.
 */
const dialects = await dialectsUnderTest();

const THREAD = '81';
const SENDER = '8101';
const OTHER = '8102';

const message = (seq: number, text: string, at: number): MessageRecord => ({
  id: `mid.${THREAD}.${String(seq)}`,
  thread_id: THREAD,
  sender_id: SENDER,
  text,
  created_at: at,
  seq_in_thread: seq,
  offline_threading_id: `o${String(seq)}`,
  entry_point: null,
  tags: '[]',
  kind: 'text',
  attachments: '[]',
  reply_to: null,
  mentions: '[]',
});

describe.each(dialects)('storage contract (%s)', (dialect) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(dialect);
    await insertPerson(testDb.db, {
      id: SENDER,
      username: 'smith.anna',
      password: 'pw',
      name: 'Smith Anna',
    });
    await insertPerson(testDb.db, {
      id: OTHER,
      username: 'olga.b',
      password: 'pw',
      name: 'Olga Annabel',
    });
    await testDb.db.kysely
      .insertInto('threads')
      .values({
        id: THREAD,
        kind: 'group',
        name: 'Lunch',
        name_flat: 'lunch',
        image_src: null,
        privacy_mode: 1,
        created_at: 1000,
        last_activity_at: 1000,
        last_message_seq: 0,
      })
      .execute();
    const participant = (id: string, joined: number, folder: string, hidden: number) => ({
      thread_id: THREAD,
      participant_id: id,
      participant_kind: 'person' as const,
      folder,
      nickname: null,
      last_read_seq: 0,
      hidden,
      joined_at: joined,
    });
    await testDb.db.kysely
      .insertInto('thread_participants')
      .values([participant(OTHER, 1000, 'INBOX', 0), participant(SENDER, 1001, 'PENDING', 1)])
      .execute();
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it('names the database as OpenTelemetry does', () => {
    expect(storesOf(testDb.db).systemName).toBe(dialect === 'sqlite' ? 'sqlite' : 'postgresql');
    expect(storesOf(testDb.db)).toBe(storesOf(testDb.db));
  });

  it('sends through the plain store: seq, message, own read mark', async () => {
    const db = testDb.db;
    const { send } = storesOf(db);
    await db.transact(async (trx) => {
      const s = send.store(withSyncTables(trx));
      expect(await s.thread(THREAD)).toMatchObject({
        id: THREAD,
        kind: 'group',
        last_message_seq: 0,
      });
      expect((await s.participants(THREAD)).map((p) => p.participant_id)).toEqual([OTHER, SENDER]);
      expect(await s.nextMessageSeq(THREAD, 2000)).toBe(1);
      await s.insertMessage(message(1, 'lunch at noon?', 2000));
      await s.markOwnRead(THREAD, SENDER, 1, true);
      await s.flush();
      expect(await s.messageByOfflineId(SENDER, 'o1')).toEqual(message(1, 'lunch at noon?', 2000));
      expect(await s.messageByOfflineId(SENDER, 'nope')).toBeUndefined();
      // An older clock never moves the activity time back.
      expect(await s.nextMessageSeq(THREAD, 1500)).toBe(2);
      await s.insertMessage(message(2, 'or later', 2000));
      await s.markOwnRead(THREAD, SENDER, 2, false);
    });
    const thread = await db.kysely
      .selectFrom('threads')
      .selectAll()
      .where('id', '=', THREAD)
      .executeTakeFirstOrThrow();
    expect([thread.last_message_seq, thread.last_activity_at]).toEqual([2, 2000]);
    const own = await withSyncTables(db.kysely)
      .selectFrom('thread_participants')
      .select(['folder', 'hidden', 'last_read_seq', 'last_delivered_seq'])
      .where('participant_id', '=', SENDER)
      .executeTakeFirstOrThrow();
    expect(own).toEqual({ folder: 'INBOX', hidden: 0, last_read_seq: 2, last_delivered_seq: 2 });
  });

  it('reads a batch ahead and writes it in one go', async () => {
    const db = testDb.db;
    const { send } = storesOf(db);
    await db.transact(async (trx) => {
      const io = send.batchIo(withSyncTables(trx), new RosterCache());
      const read = await io.readAhead(
        [THREAD],
        [
          { senderId: SENDER, offlineId: 'o2' },
          { senderId: SENDER, offlineId: 'o9' },
        ],
      );
      expect(read.threads.map((t) => [t.id, t.last_message_seq])).toEqual([[THREAD, 2]]);
      expect(read.participants.map((p) => p.participant_id)).toEqual([OTHER, SENDER]);
      expect(read.messages).toEqual([message(2, 'or later', 2000)]);
      await io.write({
        messages: [message(3, 'third', 3000), message(4, 'fourth', 3001)],
        heads: [{ threadId: THREAD, seq: 4, at: 3001 }],
        reads: [{ threadId: THREAD, participantId: SENDER, seq: 4, accept: false }],
      });
    });
    const rows = await db.kysely
      .selectFrom('messages')
      .select(['seq_in_thread', 'text'])
      .where('thread_id', '=', THREAD)
      .orderBy('seq_in_thread')
      .execute();
    expect(rows.map((r) => r.text)).toEqual(['lunch at noon?', 'or later', 'third', 'fourth']);
    const thread = await db.kysely
      .selectFrom('threads')
      .selectAll()
      .where('id', '=', THREAD)
      .executeTakeFirstOrThrow();
    expect([thread.last_message_seq, thread.last_activity_at]).toEqual([4, 3001]);
  });

  it('appends to the delta log without gaps, per user', async () => {
    const db = testDb.db;
    const entries = [SENDER, OTHER, SENDER].map((userId, i) => ({ userId, delta: receipt(i + 1) }));
    const first = await db.transact((trx) =>
      storesOf(db).deltaLog.append(trx, {
        byUser: new Map([
          [OTHER, [entries[1]!]],
          [SENDER, [entries[0]!, entries[2]!]],
        ]),
        userIds: [SENDER, OTHER].sort(),
        payloadOf: (delta) => JSON.stringify(delta),
        now: 5000,
      }),
    );
    expect(first.map((n) => [n.userId, n.seq, n.deltas.map((d) => d.seq)])).toEqual([
      [SENDER, 2, [1, 2]],
      [OTHER, 1, [1]],
    ]);
    const second = await db.transact((trx) =>
      storesOf(db).deltaLog.append(trx, {
        byUser: new Map([[OTHER, [entries[1]!]]]),
        userIds: [OTHER],
        payloadOf: (delta) => JSON.stringify(delta),
        now: 5001,
      }),
    );
    expect(second.map((n) => [n.userId, n.seq])).toEqual([[OTHER, 2]]);
  });

  it('finds names and messages by word prefix', async () => {
    const db = testDb.db;
    const { search } = storesOf(db);
    const named = (condition: ReturnType<typeof search.startsWith>) =>
      db.kysely.selectFrom('people').select('id').where(condition).orderBy('id').execute();
    expect(await named(search.startsWith('people.name_flat', 'smith a'))).toEqual([{ id: SENDER }]);
    expect(await named(search.startsWith('people.name_flat', 'anna'))).toEqual([]);
    expect(await named(search.hasWordStartingWith('people.name_flat', 'anna'))).toEqual([
      { id: SENDER },
      { id: OTHER },
    ]);
    const batch = await search.peopleByWords<{ id: string }>(db.kysely, {
      columns: ['p.id'],
      words: ['anna'],
      viewerId: OTHER,
      canReceiveMoneyOnly: false,
      afterKey: null,
      limit: 10,
    });
    expect(batch.rows.map((r) => r.id)).toEqual([SENDER]);
    expect(batch.lastKey).toBeNull();
    for (const viewerScanMax of [0, 100]) {
      const hits = await search.messageHits(db.kysely, {
        viewerId: SENDER,
        threads: [{ id: THREAD, last_message_seq: 4 }],
        words: ['lunch', 'no'],
        rawWords: ['lunch', 'no'],
        limit: 5,
        tuning: { viewerScanMax, ftsWindow: 2 },
      });
      expect(hits.map((h) => h.id)).toEqual([`mid.${THREAD}.1`]);
    }
  });

  it('locks rows and keys for the transaction and runs plain statements in it', async () => {
    const db = testDb.db;
    const stores = storesOf(db);
    const { locks } = stores;
    const row = await db.transact(async (trx) => {
      await locks.exclusive(trx, `test:${THREAD}`);
      await stores.run(trx, 'savepoint contract');
      await stores.run(trx, 'release savepoint contract');
      return locks
        .forUpdate(trx.selectFrom('threads').select('id').where('id', '=', THREAD))
        .executeTakeFirst();
    });
    expect(row).toEqual({ id: THREAD });
  });
});
