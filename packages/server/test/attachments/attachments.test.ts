import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSENT_UPLOAD_TTL_MS } from '../../src/features/attachments/service';
import { createLogger } from '../../src/logger';
import { gql, gqlOk } from '../graphql/support';
import { asSession, type Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { SEND, failing, send } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

/** A small limit, so the oversize case needs no big buffer. */
const MAX_BYTES = 4096;
/** A recognisable key: the logs must never hold it. */
const KEY = 'S2V5TXVzdE5vdExlYWsxMg==';
const IV = 'SXZJdkl2SXZJdkl2';

/** Stands for ciphertext: the server cannot tell it from random bytes either. */
const cipher = (size: number, fill = 7) => Buffer.alloc(size, fill);

const ref = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  key: KEY,
  iv: IV,
  mime: 'image/png',
  width: 40,
  height: 30,
  ...extra,
});

describe.each(dialects)('encrypted image attachments (%s)', (dialect) => {
  let live: LiveApp;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'messenger-attachments-'));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    live = await startLiveApp(dialect, {
      env: { DATA_DIR: dataDir, ATTACHMENT_MAX_BYTES: String(MAX_BYTES) },
      // Everything logged, down to trace: the key must not be in any of it.
      logger: createLogger('trace', sink),
    });
  });
  afterAll(async () => {
    await live.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const blobsOnDisk = async (): Promise<string[]> => {
    try {
      return await readdir(join(dataDir, 'blobs'));
    } catch {
      return [];
    }
  };
  const attachmentRows = async (): Promise<number> => {
    const row = await live.db.kysely
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const upload = (
    session: Session | null,
    body: Buffer,
    type = 'image/png',
    contentType = 'application/octet-stream',
  ) =>
    asSession(live.app, session, {
      method: 'POST',
      url: '/attachments',
      headers: { 'content-type': contentType, 'x-attachment-type': type },
      payload: body,
    });

  const uploadOk = async (session: Session, body = cipher(64)): Promise<string> => {
    const response = await upload(session, body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  const fetchBlob = (session: Session | null, id: string) =>
    asSession(live.app, session, { method: 'GET', url: `/attachments/${id}` });

  it('refuses an oversize upload with 413 and stores nothing', async () => {
    const ann = await live.session('ann');
    const before = { files: await blobsOnDisk(), rows: await attachmentRows() };
    const response = await upload(ann, cipher(MAX_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await blobsOnDisk()).toEqual(before.files);
    expect(await attachmentRows()).toBe(before.rows);
  });

  it('refuses a type that is not an image with 415 and stores nothing', async () => {
    const ann = await live.session('ann');
    const before = { files: await blobsOnDisk(), rows: await attachmentRows() };
    for (const response of [
      await upload(ann, cipher(64), 'text/html'),
      await upload(ann, cipher(64), 'image/svg+xml'),
      await upload(ann, cipher(64), ''),
      // The body itself must be raw bytes.
      await upload(ann, cipher(64), 'image/png', 'text/plain'),
    ]) {
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    }
    expect(await blobsOnDisk()).toEqual(before.files);
    expect(await attachmentRows()).toBe(before.rows);
  });

  it('needs a session to upload or fetch', async () => {
    expect((await upload(null, cipher(64))).statusCode).toBe(401);
    const id = await uploadOk(await live.session('ann'));
    expect((await fetchBlob(null, id)).statusCode).toBe(401);
  });

  it('stores ciphertext as sent and gives it back to the thread participants only', async () => {
    const ann = await live.session('ann');
    const body = cipher(100, 42);
    const id = await uploadOk(ann, body);
    expect(await blobsOnDisk()).toContain(id);

    // Before a message carries it, only its uploader can read it.
    expect((await fetchBlob(ann, id)).rawPayload).toEqual(body);
    expect((await fetchBlob(await live.session('ben'), id)).statusCode).toBe(404);

    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'look at this sunset',
      offline_threading_id: 'img-1',
      attachments: [ref(id)],
    });
    expect(sent.message.text).toBe('look at this sunset');

    const asBen = await fetchBlob(await live.session('ben'), id);
    expect(asBen.statusCode).toBe(200);
    expect(asBen.headers['content-type']).toBe('application/octet-stream');
    expect(asBen.rawPayload).toEqual(body);
    // cal is in no thread with ann: as if the image did not exist.
    const asCal = await fetchBlob(await live.session('cal'), id);
    expect([403, 404]).toContain(asCal.statusCode);
    expect((await fetchBlob(ann, '99999999')).statusCode).toBe(404);
    expect((await fetchBlob(ann, '..%2F..%2Fetc')).statusCode).toBe(404);
  });

  it('gives the key and size to participants with the message, in history', async () => {
    const ann = await live.session('ann');
    const id = await uploadOk(ann);
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: '',
      offline_threading_id: 'img-history',
      attachments: [ref(id, { width: 320, height: 200 })],
    });
    const data = await gqlOk<{
      thread_messages: { edges: { node: { id: string; attachments: unknown[] } }[] };
    }>(
      live.app,
      await live.session('ben'),
      `query($id: ID!) { thread_messages(thread_id: $id, last: 5) {
        edges { node { id attachments { id key iv mime width height } } } } }`,
      { id: sent.message.thread_id },
    );
    const node = data.thread_messages.edges.find((e) => e.node.id === sent.message.id)?.node;
    expect(node?.attachments).toEqual([
      { id, key: KEY, iv: IV, mime: 'image/png', width: 320, height: 200 },
    ]);
  });

  it("refuses someone else's image, one used twice and a type other than uploaded", async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const bens = await uploadOk(ben);
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          recipient_id: PEOPLE.ben,
          text: 'not mine',
          offline_threading_id: 'img-foreign',
          attachments: [ref(bens)],
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'attachments[0].id' }]);

    const own = await uploadOk(ann);
    await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'once',
      offline_threading_id: 'img-once',
      attachments: [ref(own)],
    });
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          recipient_id: PEOPLE.dot,
          text: 'twice',
          offline_threading_id: 'img-twice',
          attachments: [ref(own)],
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'attachments[0].id' }]);

    const png = await uploadOk(ann);
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          recipient_id: PEOPLE.ben,
          text: 'wrong type',
          offline_threading_id: 'img-type',
          attachments: [ref(png, { mime: 'image/jpeg' })],
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'attachments[0].mime' }]);
    // A refused send binds nothing: the image can still go into a message.
    const row = await live.db.kysely
      .selectFrom('attachments')
      .select('message_id')
      .where('id', '=', png)
      .executeTakeFirstOrThrow();
    expect(row.message_id).toBeNull();
  });

  it("removes an upload never sent once a day old, at its owner's next upload", async () => {
    const dot = await live.session('dot');
    const unsent = await uploadOk(dot);
    const sentId = await uploadOk(dot);
    await send(live.app, dot, {
      recipient_id: PEOPLE.ann,
      text: 'kept',
      offline_threading_id: 'img-kept',
      attachments: [ref(sentId)],
    });
    const dayAgo = Date.now() - UNSENT_UPLOAD_TTL_MS - 1000;
    await live.db.kysely
      .updateTable('attachments')
      .set({ created_at: dayAgo })
      .where('id', 'in', [unsent, sentId])
      .execute();
    await uploadOk(dot);
    expect(await blobsOnDisk()).not.toContain(unsent);
    expect(await blobsOnDisk()).toContain(sentId);
    const left = await live.db.kysely
      .selectFrom('attachments')
      .select('id')
      .where('id', 'in', [unsent, sentId])
      .execute();
    expect(left.map((row) => row.id)).toEqual([sentId]);
  });

  it('binds an image once when two sends race for it', async () => {
    const ann = await live.session('ann');
    const id = await uploadOk(ann);
    const attempt = (recipient: string, otid: string) =>
      gql(live.app, ann, SEND, {
        input: {
          recipient_id: recipient,
          text: 'race',
          offline_threading_id: otid,
          attachments: [ref(id)],
        },
      });
    const results = await Promise.all([
      attempt(PEOPLE.ben, 'img-race-1'),
      attempt(PEOPLE.dot, 'img-race-2'),
    ]);
    expect(results.filter((r) => r.errors.length === 0)).toHaveLength(1);
    const rows = await live.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('offline_threading_id', 'in', ['img-race-1', 'img-race-2'])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps finding the text of messages with images', async () => {
    const ann = await live.session('ann');
    await live.db.kysely
      .updateTable('people')
      .set({ gates: JSON.stringify(['message_search']) })
      .where('id', '=', PEOPLE.ann)
      .execute();
    const id = await uploadOk(ann);
    await send(live.app, ann, {
      recipient_id: PEOPLE.dot,
      text: 'the lighthouse at dawn',
      offline_threading_id: 'img-search',
      attachments: [ref(id)],
    });
    const data = await gqlOk<{
      search_messages: { edges: { node: { snippet: string } }[] };
    }>(
      live.app,
      ann,
      `{ search_messages(query: "lighthouse") { edges { node { ... on MessageSearchResult { snippet } } } } }`,
    );
    expect(data.search_messages.edges.map((e) => e.node.snippet)).toEqual([
      'the lighthouse at dawn',
    ]);
  });

  it('removes the blob and the row when the sender deletes the message, and tells the others', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const socket = await live.socket('ben');
    await socket.hello(0);
    const id = await uploadOk(ann);
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'soon gone',
      offline_threading_id: 'img-delete',
      attachments: [ref(id)],
    });
    const DELETE = `mutation($id: ID!) { delete_message(message_id: $id) { message_id thread_id } }`;
    // Only the sender may delete it.
    expect(codesOfResult(await gql(live.app, ben, DELETE, { id: sent.message.id }))).toEqual([
      'forbidden',
    ]);
    expect(await blobsOnDisk()).toContain(id);

    const from = socket.frames.length;
    await gqlOk(live.app, ann, DELETE, { id: sent.message.id });
    expect(await blobsOnDisk()).not.toContain(id);
    const rows = await live.db.kysely
      .selectFrom('attachments')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(rows).toEqual([]);
    expect((await fetchBlob(ben, id)).statusCode).toBe(404);
    const gone = await socket.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'message_deleted' &&
        f.delta.message_id === sent.message.id,
      from,
    );
    expect(gone.type).toBe('delta');
  });

  it('never logs the key, over GraphQL or the sync socket', async () => {
    const ann = await live.session('ann');
    const socket = await live.socket('ann');
    await socket.hello(0);
    const id = await uploadOk(ann);
    const from = socket.frames.length;
    socket.send({
      type: 'send',
      request_id: 'log-1',
      input: {
        recipient_id: PEOPLE.ben,
        text: 'over the socket',
        offline_threading_id: 'img-socket',
        attachments: [ref(id)],
      },
    });
    const answer = await socket.waitFor(
      (f) => f.type === 'send_result' && f.request_id === 'log-1',
      from,
    );
    expect(answer).toMatchObject({ message: { attachments: [{ id, key: KEY }] } });
    // A refused send (its input is in the error path) and a GraphQL one.
    await gql(live.app, ann, SEND, {
      input: {
        recipient_id: PEOPLE.ben,
        text: 'x',
        offline_threading_id: 'img-log-bad',
        attachments: [ref('123', { mime: 'image/gif' })],
      },
    });
    expect(logLines.length).toBeGreaterThan(0);
    const logged = logLines.join('');
    expect(logged).toContain('/attachments');
    expect(logged).not.toContain(KEY);
  });
});

function codesOfResult(result: { errors: { extensions?: { code?: string } }[] }): string[] {
  return result.errors.map((e) => e.extensions?.code ?? 'none');
}
