import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { messageId, parseMessageId } from '../../src/features/messaging/ids';
import { migrateToLatest } from '../../src/storage/migrate';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';

const dialects = await dialectsUnderTest();

describe('message ids', () => {
  it('parse back into the thread and seq they were made of', () => {
    expect(parseMessageId(messageId('7000000001', 12))).toEqual({
      threadId: '7000000001',
      seq: 12,
    });
    // A thread id may itself hold dots: the seq is after the last one.
    expect(parseMessageId('mid.a.b.3')).toEqual({ threadId: 'a.b', seq: 3 });
  });

  it('are not parsed from anything messageId would not make', () => {
    for (const id of ['', 'mid.', 'mid.5', 'mid..4', 'mid.5.0', 'mid.5.07', 'mid.5.1e3', 'x.5.1'])
      expect(parseMessageId(id)).toBeNull();
  });
});

describe.each(dialects)('migration 010: no index of its own on the message id (%s)', (dialect) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.dispose();
    testDb = undefined;
  });

  const insertMessage = (seq: number, text: string) => sql`
    insert into messages (id, thread_id, sender_id, text, created_at, seq_in_thread,
      offline_threading_id)
    values (${messageId('81', seq)}, '81', '9', ${text}, 1000, ${seq}, ${`o${String(seq)}`})`;

  it('keeps every message and its rowid, the full-text index, and the thread-and-seq key', async () => {
    testDb = await createTestDb(dialect, '009-shared-payloads');
    const k = testDb.db.kysely;
    await sql`insert into threads (id, kind, created_at, last_activity_at, last_message_seq)
      values ('81', 'group', 1000, 1000, 2)`.execute(k);
    await insertMessage(1, 'marmalade sandwich').execute(k);
    await insertMessage(2, 'paddington station').execute(k);
    const before = await sql<{ rowid: number; id: string }>`
      select rowid, id from messages order by rowid`.execute(k);

    await migrateToLatest(testDb.db);

    const after = await sql<{ rowid: number; id: string; text: string; attachments: string }>`
      select rowid, id, text, attachments from messages order by rowid`.execute(k);
    expect(after.rows.map((r) => ({ rowid: r.rowid, id: r.id }))).toEqual(before.rows);
    expect(after.rows.map((r) => r.attachments)).toEqual(['[]', '[]']);
    const indexed =
      dialect === 'sqlite'
        ? await sql<{ definition: string }>`
            select il.name || ' (' || group_concat(ii.name, ', ') || ')' as definition
            from pragma_index_list('messages') il, pragma_index_info(il.name) ii
            group by il.name`.execute(k)
        : await sql<{ definition: string }>`
            select indexdef as definition from pg_indexes
            where tablename = 'messages' and schemaname = current_schema()`.execute(k);
    const definitions = indexed.rows.map((r) => r.definition).join('\n');
    expect(definitions).toMatch(/\(\s*"?thread_id"?, "?seq_in_thread"?\s*\)/);
    expect(definitions).not.toMatch(/\(\s*"?id"?\s*\)/);
    if (dialect === 'sqlite') {
      // The rebuilt table's triggers keep the full-text index in step, old rows and new.
      await insertMessage(3, 'marmalade again').execute(k);
      const hits = await sql<{ rowid: number }>`
        select rowid from messages_fts where messages_fts match 'marmalade' order by rowid`.execute(
        k,
      );
      expect(hits.rows).toHaveLength(2);
      expect(hits.rows[0]?.rowid).toBe(before.rows[0]?.rowid);
    }
    // (thread, seq) stays unique, and so do the ids made from it.
    await expect(insertMessage(2, 'a second message 2').execute(k)).rejects.toThrow();
    const count = await sql<{ n: number }>`select count(*) as n from messages`.execute(k);
    expect(Number(count.rows[0]?.n)).toBe(dialect === 'sqlite' ? 3 : 2);
  });
});
