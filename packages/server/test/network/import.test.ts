import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flattenName } from '@messenger/core';
import { importNetwork, type ImportProgress } from '../../src/features/network/import';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { dumpTables, loadExample, rowCount, uniquePairCount } from './support';

const NOW = Date.UTC(2030, 0, 1);
const dialects = await dialectsUnderTest();

describe.each(dialects)('network import on %s', (dialect) => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb(dialect);
  });
  afterEach(async () => {
    await testDb.dispose();
  });

  it('imports the example network with the counts of the file', async () => {
    const file = loadExample();
    const progress: ImportProgress[] = [];
    const counts = await importNetwork(testDb.db, file, {
      now: NOW,
      onProgress: (p) => progress.push(p),
    });
    const threads = file.threads;
    const messageCount = threads.reduce((sum, t) => sum + t.messages.length, 0);
    const friendships = uniquePairCount(file.friendships);
    const contacts = uniquePairCount(file.contacts);
    expect(counts).toEqual({
      companies: file.companies.length,
      people: file.people.length,
      friendships,
      contacts,
      blocks: file.blocks.length,
      pages: file.pages.length,
      games: file.games.length,
      threads: threads.length,
      messages: messageCount,
    });
    const db = testDb.db;
    expect(await rowCount(db, 'people')).toBe(file.people.length);
    expect(await rowCount(db, 'friendships')).toBe(2 * friendships);
    expect(await rowCount(db, 'contacts')).toBe(2 * contacts);
    expect(await rowCount(db, 'blocks')).toBe(file.blocks.length);
    expect(await rowCount(db, 'pages')).toBe(file.pages.length);
    expect(await rowCount(db, 'games')).toBe(file.games.length);
    expect(await rowCount(db, 'threads')).toBe(threads.length);
    expect(await rowCount(db, 'messages')).toBe(messageCount);
    expect(await rowCount(db, 'thread_participants')).toBe(
      threads.reduce((sum, t) => sum + t.participants.length, 0),
    );
    // Progress: every phase ends complete, messages included.
    const last = new Map(progress.map((p) => [p.phase, p]));
    for (const p of last.values()) expect(p.done).toBe(p.total);
    expect(last.get('messages')?.total).toBe(messageCount);
    expect(last.get('passwords')?.total).toBe(file.people.length);
  });

  it('stores people faithfully, with an argon2id hash of the password', async () => {
    const file = loadExample();
    const person = file.people[3];
    if (!person) throw new Error('the example has people');
    person.name = 'Zoë Ångström-Łukasiewicz';
    person.password = 'a new secret';
    await importNetwork(testDb.db, file, { now: NOW });
    const row = await testDb.db.kysely
      .selectFrom('people')
      .selectAll()
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: person.name,
      name_flat: flattenName(person.name),
      username: person.username,
      account: person.account,
      employee: person.employee ? 1 : 0,
      gates: JSON.stringify(person.gates),
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('a new secret');
    expect(await verify(row.password_hash, 'a new secret')).toBe(true);
    const work = file.people.find((p) => p.account === 'work');
    if (work) {
      const stored = await testDb.db.kysely
        .selectFrom('people')
        .select('company_id')
        .where('id', '=', work.id)
        .executeTakeFirstOrThrow();
      expect(stored.company_id).toBe(work.company);
    }
  });

  it('numbers messages, dates threads and derives read marks and folders', async () => {
    const file = loadExample();
    const thread = file.threads.find((t) => t.messages.length >= 3);
    if (!thread) throw new Error('the example has a thread with history');
    // Make the read rule observable: the first participant writes first, then only the other.
    const [a, b] = thread.participants as [string, string];
    thread.messages = [
      { from: a, text: 'first', at: '2029-05-01T10:00:00Z' },
      { from: b, text: 'second', at: '2029-05-01T10:05:00Z' },
      { from: b, text: 'third', at: '2029-05-01T10:09:30Z' },
    ];
    thread.folders = { [a]: 'PENDING' };
    await importNetwork(testDb.db, file, { now: NOW });
    const k = testDb.db.kysely;
    const stored = await k
      .selectFrom('threads')
      .selectAll()
      .where('id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      created_at: Date.parse('2029-05-01T10:00:00Z'),
      last_activity_at: Date.parse('2029-05-01T10:09:30Z'),
      last_message_seq: 3,
    });
    const messages = await k
      .selectFrom('messages')
      .select(['seq_in_thread', 'sender_id', 'text', 'created_at'])
      .where('thread_id', '=', thread.id)
      .orderBy('seq_in_thread')
      .execute();
    expect(messages).toEqual([
      {
        seq_in_thread: 1,
        sender_id: a,
        text: 'first',
        created_at: Date.parse('2029-05-01T10:00:00Z'),
      },
      {
        seq_in_thread: 2,
        sender_id: b,
        text: 'second',
        created_at: Date.parse('2029-05-01T10:05:00Z'),
      },
      {
        seq_in_thread: 3,
        sender_id: b,
        text: 'third',
        created_at: Date.parse('2029-05-01T10:09:30Z'),
      },
    ]);
    const participants = await k
      .selectFrom('thread_participants')
      .select(['participant_id', 'folder', 'last_read_seq'])
      .where('thread_id', '=', thread.id)
      .orderBy('participant_id')
      .execute();
    expect(participants).toEqual(
      [
        { participant_id: a, folder: 'PENDING', last_read_seq: 1 },
        { participant_id: b, folder: 'INBOX', last_read_seq: 3 },
      ].sort((x, y) => (x.participant_id < y.participant_id ? -1 : 1)),
    );
  });

  it('indexes message texts for full-text search', async () => {
    const file = loadExample();
    const thread = file.threads[0];
    if (!thread) throw new Error('the example has threads');
    thread.messages.push({
      from: thread.participants[0] ?? '',
      text: 'zanzibar crêpes tonight',
      at: '2029-06-01T00:00:00Z',
    });
    await importNetwork(testDb.db, file, { now: NOW });
    const k = testDb.db.kysely;
    const found =
      dialect === 'sqlite'
        ? await sql<{
            text: string;
          }>`select m.text from messages_fts f join messages m on m.rowid = f.rowid where messages_fts match ${'zanzibar'}`.execute(
            k,
          )
        : await sql<{
            text: string;
          }>`select text from messages where text_tsv @@ to_tsquery('simple', ${'zanzibar'})`.execute(
            k,
          );
    expect(found.rows.map((r) => r.text)).toEqual(['zanzibar crêpes tonight']);
  });

  it('builds the same search index in one pass for a bulk load, and keeps indexing later writes', async () => {
    const search = async (word: string): Promise<string[]> => {
      const k = testDb.db.kysely;
      const found =
        dialect === 'sqlite'
          ? await sql<{
              id: string;
            }>`select m.id from messages_fts f join messages m on m.rowid = f.rowid where messages_fts match ${word}`.execute(
              k,
            )
          : await sql<{
              id: string;
            }>`select id from messages where text_tsv @@ to_tsquery('simple', ${word})`.execute(k);
      return found.rows.map((r) => r.id).sort();
    };
    const file = loadExample();
    const threads = file.threads;
    const expected = threads
      .flatMap((t) => t.messages)
      .filter((m) => /\bthanks\b/i.test(m.text)).length;
    await importNetwork(testDb.db, file, { now: NOW, bulkIndexThreshold: 1 });
    expect(await search('thanks')).toHaveLength(expected);
    // Second bulk import of the same file: the rebuilt index is the same.
    await importNetwork(testDb.db, file, { now: NOW, bulkIndexThreshold: 1 });
    expect(await search('thanks')).toHaveLength(expected);
    // The triggers are back: a later write is searchable at once.
    const thread = threads[0];
    if (!thread) throw new Error('the example has threads');
    await testDb.db.kysely
      .insertInto('messages')
      .values({
        id: 'later-1',
        thread_id: thread.id,
        sender_id: thread.participants[0] ?? '',
        text: 'quokka sighting',
        created_at: NOW,
        seq_in_thread: thread.messages.length + 1,
        offline_threading_id: null,
        entry_point: null,
        tags: '[]',
        kind: 'text',
      })
      .execute();
    expect(await search('quokka')).toEqual(['later-1']);
    await testDb.db.kysely
      .updateTable('messages')
      .set({ text: 'wombat sighting' })
      .where('id', '=', 'later-1')
      .execute();
    expect(await search('quokka')).toEqual([]);
    expect(await search('wombat')).toEqual(['later-1']);
    await testDb.db.kysely.deleteFrom('messages').where('id', '=', 'later-1').execute();
    expect(await search('wombat')).toEqual([]);
  });

  it('changes nothing when the same file is imported twice', async () => {
    await importNetwork(testDb.db, loadExample(), { now: NOW });
    const before = await dumpTables(testDb.db);
    await importNetwork(testDb.db, loadExample(), { now: NOW + 86_400_000 });
    expect(await dumpTables(testDb.db)).toEqual(before);
  });

  it('keeps threads without history at their first import time', async () => {
    const file = loadExample();
    const thread = file.threads[1];
    if (!thread) throw new Error('the example has threads');
    thread.messages = [];
    await importNetwork(testDb.db, file, { now: NOW });
    const before = await dumpTables(testDb.db);
    await importNetwork(testDb.db, file, { now: NOW + 5_000 });
    expect(await dumpTables(testDb.db)).toEqual(before);
    const row = await testDb.db.kysely
      .selectFrom('threads')
      .selectAll()
      .where('id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_at: NOW, last_activity_at: NOW, last_message_seq: 0 });
  });

  it('upserts a changed file: replaced relations, trimmed history, new password, swapped usernames', async () => {
    const file = loadExample();
    await importNetwork(testDb.db, file, { now: NOW });
    const k = testDb.db.kysely;
    const hashOf = async (id: string): Promise<string> =>
      (
        await k
          .selectFrom('people')
          .select('password_hash')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const [p0, p1, p2] = file.people;
    if (!p0 || !p1 || !p2) throw new Error('the example has people');
    const keptHash = await hashOf(p1.id);
    const oldHash = await hashOf(p0.id);

    const [removed] = file.friendships;
    file.friendships = file.friendships.slice(1);
    p0.password = 'changed password';
    [p1.username, p2.username] = [p2.username, p1.username];
    const thread = file.threads.find((t) => t.messages.length >= 2);
    if (!thread || !removed) throw new Error('the example has history and friendships');
    const kept = thread.messages.length - 1;
    thread.messages = thread.messages.slice(0, kept);
    await importNetwork(testDb.db, file, { now: NOW });

    expect(await verify(await hashOf(p0.id), 'changed password')).toBe(true);
    expect(await hashOf(p0.id)).not.toBe(oldHash);
    expect(await hashOf(p1.id)).toBe(keptHash);
    const usernames = await k
      .selectFrom('people')
      .select(['id', 'username'])
      .where('id', 'in', [p1.id, p2.id])
      .execute();
    expect(Object.fromEntries(usernames.map((r) => [r.id, r.username]))).toEqual({
      [p1.id]: p1.username,
      [p2.id]: p2.username,
    });
    const [a, b] = removed;
    const friendship = await k
      .selectFrom('friendships')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('person_id', '=', a), eb('friend_id', '=', b)]),
          eb.and([eb('person_id', '=', b), eb('friend_id', '=', a)]),
        ]),
      )
      .execute();
    expect(friendship).toEqual([]);
    const seqs = await k
      .selectFrom('messages')
      .select('seq_in_thread')
      .where('thread_id', '=', thread.id)
      .execute();
    expect(seqs.map((r) => r.seq_in_thread).sort((x, y) => x - y)).toEqual(
      Array.from({ length: kept }, (_, i) => i + 1),
    );
    const stored = await k
      .selectFrom('threads')
      .select('last_message_seq')
      .where('id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(stored.last_message_seq).toBe(kept);
  });
});
