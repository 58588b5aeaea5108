import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSession, type Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import { failing, gqlOk, send } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const EDIT = `mutation($m: ID!, $t: String!) { edit_message(message_id: $m, text: $t) { message_id text edited_at } }`;
const UNSEND = `mutation($m: ID!) { unsend_message(message_id: $m) { message_id thread_id } }`;
const REACT = `mutation($m: ID!, $e: String) { set_message_reaction(message_id: $m, emoji: $e) { message_id } }`;
const HISTORY = `query($id: ID!) {
  thread_messages(thread_id: $id, last: 50) { edges { node { id text kind edited_at reactions { emoji } } } }
}`;

interface HistoryNode {
  id: string;
  text: string;
  kind: string;
  edited_at: number | null;
  reactions: { emoji: string }[];
}

describe.each(dialects)('edit and unsend (%s)', (dialect) => {
  let live: LiveApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'messenger-unsend-'));
    live = await startLiveApp(dialect, { env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await live.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const node = async (session: Session, threadId: string, id: string): Promise<HistoryNode> => {
    const data = await gqlOk<{ thread_messages: { edges: { node: HistoryNode }[] } }>(
      live.app,
      session,
      HISTORY,
      { id: threadId },
    );
    const found = data.thread_messages.edges.find((e) => e.node.id === id)?.node;
    if (found === undefined) throw new Error(`no message ${id}`);
    return found;
  };

  /** Ids of messages whose text the search index finds for one word. */
  const searchIndex = async (word: string): Promise<string[]> => {
    const query =
      dialect === 'sqlite'
        ? sql<{ id: string }>`select m.id from messages_fts f join messages m on m.rowid = f.rowid
            where messages_fts match ${word}`
        : sql<{
            id: string;
          }>`select id from messages where text_tsv @@ to_tsquery('simple', ${word})`;
    return (await query.execute(live.db.kysely)).rows.map((r) => r.id);
  };

  it('edits one’s own message in the window, marked and indexed, a delta to both; a retry writes nothing', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'see you at noen',
      offline_threading_id: 'e-1',
    });
    const id = sent.message.id;
    const threadId = sent.message.thread_id;
    const edited = await gqlOk<{ edit_message: { text: string; edited_at: number } }>(
      live.app,
      ann,
      EDIT,
      { m: id, t: 'see you at noonish' },
    );
    expect(edited.edit_message.text).toBe('see you at noonish');
    expect(await node(ben, threadId, id)).toMatchObject({
      text: 'see you at noonish',
      edited_at: edited.edit_message.edited_at,
    });
    expect((await logOf(live.db, PEOPLE.ben)).at(-1)?.delta).toMatchObject({
      kind: 'message_edited',
      message_id: id,
      text: 'see you at noonish',
    });
    expect(await searchIndex('noonish')).toContain(id);
    expect(await searchIndex('noen')).not.toContain(id);
    // The same text again: answered, nothing written.
    const before = await snapshotCounts(live.db);
    await gqlOk(live.app, ann, EDIT, { m: id, t: 'see you at noonish' });
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('refuses someone else’s message, an empty text, and an edit after the window, writing nothing', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'original words',
      offline_threading_id: 'e-2',
    });
    const id = sent.message.id;
    const before = await snapshotCounts(live.db);
    expect(await failing(live.app, ben, EDIT, { m: id, t: 'hijacked' })).toEqual([
      { code: 'forbidden', field: 'message_id' },
    ]);
    expect(await failing(live.app, ann, EDIT, { m: id, t: '   ' })).toEqual([
      { code: 'bad_request', field: 'text' },
    ]);
    expect(await failing(live.app, await live.session('cal'), UNSEND, { m: id })).toEqual([
      { code: 'not_found', field: 'message_id' },
    ]);
    const windows = { ...live.ctx.config };
    live.ctx.config.messageEditWindowMs = 0;
    live.ctx.config.messageUnsendWindowMs = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await failing(live.app, ann, EDIT, { m: id, t: 'too late' })).toEqual([
        { code: 'window_closed', field: 'message_id' },
      ]);
      expect(await failing(live.app, ann, UNSEND, { m: id })).toEqual([
        { code: 'window_closed', field: 'message_id' },
      ]);
    } finally {
      live.ctx.config.messageEditWindowMs = windows.messageEditWindowMs;
      live.ctx.config.messageUnsendWindowMs = windows.messageUnsendWindowMs;
    }
    expect(await snapshotCounts(live.db)).toEqual(before);
    expect((await node(ann, sent.message.thread_id, id)).text).toBe('original words');
  });

  it('unsends for everyone: a tombstone without text, reactions, search entry or blob; again is a no-op', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const upload = await asSession(live.app, ann, {
      method: 'POST',
      url: '/attachments',
      headers: { 'content-type': 'application/octet-stream', 'x-attachment-type': 'image/png' },
      payload: Buffer.alloc(64, 7),
    });
    expect(upload.statusCode).toBe(201);
    const blob = upload.json<{ id: string }>().id;
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'zebracorn secret',
      offline_threading_id: 'u-1',
      attachments: [
        {
          id: blob,
          key: 'S2V5TXVzdE5vdExlYWsxMg==',
          iv: 'SXZJdkl2SXZJdkl2',
          mime: 'image/png',
          width: 4,
          height: 4,
        },
      ],
    });
    const id = sent.message.id;
    const threadId = sent.message.thread_id;
    await gqlOk(live.app, ben, REACT, { m: id, e: '❤️' });
    expect(await searchIndex('zebracorn')).toContain(id);
    expect(await readdir(join(dataDir, 'blobs'))).toContain(blob);

    await gqlOk(live.app, ann, UNSEND, { m: id });
    expect(await node(ben, threadId, id)).toEqual({
      id,
      text: '',
      kind: 'unsent',
      edited_at: null,
      reactions: [],
    });
    expect(await searchIndex('zebracorn')).toEqual([]);
    expect(await readdir(join(dataDir, 'blobs'))).not.toContain(blob);
    expect(
      (await asSession(live.app, ben, { method: 'GET', url: `/attachments/${blob}` })).statusCode,
    ).toBe(404);
    for (const person of [PEOPLE.ann, PEOPLE.ben]) {
      expect((await logOf(live.db, person)).at(-1)?.delta).toMatchObject({
        kind: 'message_unsent',
        message_id: id,
      });
    }
    const before = await snapshotCounts(live.db);
    await gqlOk(live.app, ann, UNSEND, { m: id });
    expect(await snapshotCounts(live.db)).toEqual(before);
    // A tombstone takes no edit and no reaction.
    expect(await failing(live.app, ann, EDIT, { m: id, t: 'back' })).toEqual([
      { code: 'forbidden', field: 'message_id' },
    ]);
    expect(await failing(live.app, ben, REACT, { m: id, e: '👍' })).toEqual([
      { code: 'forbidden', field: 'message_id' },
    ]);
  });
});
