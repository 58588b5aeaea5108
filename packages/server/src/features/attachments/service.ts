import { randomBytes } from 'node:crypto';
import { isAttachmentMimeType } from '@messenger/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Database } from '../../storage/database';
import { removeBlobs } from '../../storage/attachment-rows';
import { storesOf } from '../../storage/stores';
import type { Viewer } from '../accounts/viewer';
import { actorIn } from '../messaging/audience';
import { getParticipants } from '../messaging/repo';
import { withSyncTables } from '../../storage/tables/sync';

/** The 16-byte GCM tag alone is no image: a blob must be longer. */
const GCM_TAG_BYTES = 16;

export const unsupportedType = (): AppError =>
  new AppError(
    'unsupported_media_type',
    'Only PNG, JPEG, GIF and WebP images can be attached.',
    'type',
  );

export const tooLarge = (maxBytes: number): AppError =>
  new AppError(
    'payload_too_large',
    `An image can be at most ${String(Math.floor(maxBytes / (1024 * 1024)))} MB.`,
    'body',
  );

/** How long an upload may wait for its message before a later upload of its owner removes it. */
export const UNSENT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Which per-account quota on uploads waiting for a message an upload ran into. */
export type UnsentQuota = 'count' | 'bytes';

export const unsentQuotaExceeded = (quota: UnsentQuota, config: AppContext['config']): AppError =>
  quota === 'count'
    ? new AppError(
        'upload_quota_exceeded',
        `At most ${String(config.unsentUploadMaxCount)} images may wait to be sent: send or discard some first.`,
        'count',
      )
    : new AppError(
        'upload_quota_exceeded',
        `Images waiting to be sent may take at most ${String(Math.floor(config.unsentUploadMaxBytes / (1024 * 1024)))} MB: send or discard some first.`,
        'bytes',
      );

interface UnsentTotals {
  count: number;
  bytes: number;
}

/** The uploader's images not yet in a message and not yet expired. */
async function unsentTotals(
  k: Kysely<Database>,
  uploaderId: string,
  now: number,
): Promise<UnsentTotals> {
  const row = await k
    .selectFrom('attachments')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('byte_size').as('bytes'),
    ])
    .where('uploader_id', '=', uploaderId)
    .where('message_id', 'is', null)
    .where('created_at', '>=', now - UNSENT_UPLOAD_TTL_MS)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

function quotaBroken(config: AppContext['config'], totals: UnsentTotals): UnsentQuota | null {
  if (totals.count > config.unsentUploadMaxCount) return 'count';
  if (totals.bytes > config.unsentUploadMaxBytes) return 'bytes';
  return null;
}

/**
 * Refuses before the body is read when the account is already at its quota of unsent
 * uploads (the exact check, with the new image counted, is uploadAttachment's).
 */
export async function assertUnsentQuotaRoom(ctx: AppContext, viewer: Viewer): Promise<void> {
  const totals = await ctx.db.read((k) => unsentTotals(k, viewer.id, ctx.clock.now()));
  const full = quotaBroken(ctx.config, { count: totals.count + 1, bytes: totals.bytes + 1 });
  if (full !== null) throw unsentQuotaExceeded(full, ctx.config);
}

/** 64 random bits in digits: unguessable, and safe as a file name. */
function newAttachmentId(): string {
  return randomBytes(8).readBigUInt64BE().toString();
}

/**
 * Stores one encrypted image for its uploader. The type is checked before
 * (415) and the size while (413) the body is read, so a refused upload
 * writes nothing. The blob goes first: a row never points at a missing file.
 */
export async function uploadAttachment(
  ctx: AppContext,
  viewer: Viewer,
  mime: string,
  bytes: Buffer,
): Promise<{ id: string }> {
  if (!isAttachmentMimeType(mime)) throw unsupportedType();
  if (bytes.length > ctx.config.attachmentMaxBytes) throw tooLarge(ctx.config.attachmentMaxBytes);
  if (bytes.length <= GCM_TAG_BYTES) throw badRequest('body', 'The encrypted image is empty.');
  const id = newAttachmentId();
  const store = ctx.blobs;
  const now = ctx.clock.now();
  await store.put(id, bytes);
  let stale: string[];
  try {
    stale = await ctx.db.transact(async (trx) => {
      // One upload of an account at a time on PostgreSQL (SQLite has one writer):
      // two at once must not both fit under the quota.
      await storesOf(ctx.db).locks.exclusive(trx, `attachments:${viewer.id}`);
      await trx
        .insertInto('attachments')
        .values({
          id,
          uploader_id: viewer.id,
          mime,
          byte_size: bytes.length,
          created_at: now,
          thread_id: null,
          message_id: null,
        })
        .execute();
      // Images picked and never sent (a tab closed mid-message) do not stay forever.
      const old = await trx
        .selectFrom('attachments')
        .select('id')
        .where('uploader_id', '=', viewer.id)
        .where('created_at', '<', now - UNSENT_UPLOAD_TTL_MS)
        .where('message_id', 'is', null)
        .execute();
      const ids = old.map((row) => row.id);
      if (ids.length > 0) await trx.deleteFrom('attachments').where('id', 'in', ids).execute();
      // With this image counted: over a quota, the transaction rolls back and the blob goes.
      const full = quotaBroken(ctx.config, await unsentTotals(trx, viewer.id, now));
      if (full !== null) throw unsentQuotaExceeded(full, ctx.config);
      return ids;
    });
  } catch (error) {
    await store.delete(id);
    throw error;
  }
  await removeBlobs(ctx, stale);
  return { id };
}

const noSuchAttachment = (): AppError => notFound('There is no such image.');

/**
 * The ciphertext, for the thread's participants only (a page's admins
 * too); before a message carries it, for its uploader only. Anyone else
 * gets 404, as for an id that does not exist.
 */
export async function readAttachment(ctx: AppContext, viewer: Viewer, id: string): Promise<Buffer> {
  if (!/^\d{1,32}$/.test(id)) throw noSuchAttachment();
  const allowed = await ctx.db.read(async (db) => {
    const row = await db
      .selectFrom('attachments')
      .select(['uploader_id', 'thread_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return false;
    if (row.thread_id === null) return row.uploader_id === viewer.id;
    const k = withSyncTables(db);
    const participants = await getParticipants(k, row.thread_id);
    return (await actorIn(k, participants, viewer.id)) !== null;
  });
  if (!allowed) throw noSuchAttachment();
  const bytes = await ctx.blobs.get(id);
  if (bytes === null) throw noSuchAttachment();
  return bytes;
}
