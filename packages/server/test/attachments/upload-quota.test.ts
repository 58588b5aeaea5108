import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { asSession, type Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { send } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

/*
 * Issue 30 finding 5: one account stored 60 × 1 MiB of uploads it never sent in half a
 * second (kept a day). Now a per-account quota of unsent count and bytes, 429 naming it.
 */
const dialects = await dialectsUnderTest();

const MAX_COUNT = 3;
const MAX_BYTES = 2000;
const cipher = (size: number) => Buffer.alloc(size, 9);

describe.each(dialects)('quota on unsent uploads (%s)', (dialect) => {
  let live: LiveApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'messenger-quota-'));
    live = await startLiveApp(dialect, {
      env: {
        DATA_DIR: dataDir,
        UNSENT_UPLOAD_MAX_COUNT: String(MAX_COUNT),
        UNSENT_UPLOAD_MAX_BYTES: String(MAX_BYTES),
      },
    });
  });
  afterAll(async () => {
    await live.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (session: Session, size: number) =>
    asSession(live.app, session, {
      method: 'POST',
      url: '/attachments',
      headers: { 'content-type': 'application/octet-stream', 'x-attachment-type': 'image/png' },
      payload: cipher(size),
    });
  const stored = async (uploaderId: string) => {
    const rows = await live.db.kysely
      .selectFrom('attachments')
      .select('id')
      .where('uploader_id', '=', uploaderId)
      .execute();
    let files: string[] = [];
    try {
      files = await readdir(join(dataDir, 'blobs'));
    } catch {
      files = [];
    }
    return { rows: rows.map((r) => r.id).sort(), files: files.sort() };
  };

  it('refuses the upload past the count with 429 naming the limit, storing nothing', async () => {
    const ann = await live.session('ann');
    const ids: string[] = [];
    for (let i = 0; i < MAX_COUNT; i += 1) {
      const response = await upload(ann, 64);
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    const before = await stored(PEOPLE.ann);
    const refused = await upload(ann, 64);
    expect(refused.statusCode).toBe(429);
    const error = refused.json<{ error: { code: string; field: string; message: string } }>().error;
    expect(error).toMatchObject({ code: 'upload_quota_exceeded', field: 'count' });
    expect(error.message).toContain(`At most ${String(MAX_COUNT)} images`);
    expect(await stored(PEOPLE.ann)).toEqual(before);

    // Sending one frees its place.
    await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: '',
      offline_threading_id: 'quota-1',
      attachments: [
        {
          id: ids[0],
          key: 'S2V5S2V5S2V5S2V5S2V5MQ==',
          iv: 'SXZJdkl2SXZJdkl2',
          mime: 'image/png',
          width: 4,
          height: 3,
        },
      ],
    });
    expect((await upload(ann, 64)).statusCode).toBe(201);
  });

  it('refuses the upload that would pass the bytes, storing nothing', async () => {
    const ben = await live.session('ben');
    expect((await upload(ben, 1200)).statusCode).toBe(201);
    const before = await stored(PEOPLE.ben);
    const refused = await upload(ben, 900);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'upload_quota_exceeded', field: 'bytes' },
    });
    expect(await stored(PEOPLE.ben)).toEqual(before);
    // A smaller one still fits.
    expect((await upload(ben, 700)).statusCode).toBe(201);
  });

  it('holds when uploads arrive all at once', async () => {
    const cal = await live.session('cal');
    const codes = (await Promise.all(Array.from({ length: 8 }, () => upload(cal, 64)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_COUNT);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - MAX_COUNT);
    expect((await stored(PEOPLE.cal)).rows).toHaveLength(MAX_COUNT);
  });

  it('has defaults that fit one message of ten full-size images', () => {
    const defaults = loadConfig({});
    expect(defaults.unsentUploadMaxCount).toBe(30);
    expect(defaults.unsentUploadMaxBytes).toBeGreaterThanOrEqual(10 * defaults.attachmentMaxBytes);
  });
});
