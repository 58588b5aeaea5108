import type { AttachmentRef } from '@messenger/core';
import type { Kysely } from 'kysely';
import { badRequest } from '../errors';
import type { Logger } from '../logger';
import type { Database } from './database';

// The attachment rows a message's send and deletion write, and the blobs a
// deletion removes after its commit. They sit below the features so that
// messaging (and message-edits) call them without importing
// features/attachments, which reads messaging's participants (issue 32).

/**
 * Inside a send's transaction: every image must be the sender's own upload,
 * of the declared type, not yet in another message; it then belongs to this
 * message and thread. A refusal names the attachment at fault.
 */
export async function bindAttachments(
  k: Kysely<Database>,
  uploaderId: string,
  refs: readonly AttachmentRef[],
  target: { threadId: string; messageId: string },
): Promise<void> {
  if (refs.length === 0) return;
  const rows = await k
    .selectFrom('attachments')
    .select(['id', 'uploader_id', 'mime', 'message_id'])
    .where(
      'id',
      'in',
      refs.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  refs.forEach((ref, index) => {
    const row = byId.get(ref.id);
    const field = `attachments[${String(index)}].id`;
    if (row === undefined || row.uploader_id !== uploaderId) {
      throw badRequest(field, `${field}: no image of yours has this id.`);
    }
    if (row.message_id !== null) {
      throw badRequest(field, `${field}: this image is in another message already.`);
    }
    if (row.mime !== ref.mime) {
      throw badRequest(
        `attachments[${String(index)}].mime`,
        `attachments[${String(index)}].mime: the image was uploaded as ${row.mime}.`,
      );
    }
  });
  // `message_id is null` again: a send racing for the same image (PostgreSQL) binds it once.
  const result = await k
    .updateTable('attachments')
    .set({ thread_id: target.threadId, message_id: target.messageId })
    .where(
      'id',
      'in',
      refs.map((r) => r.id),
    )
    .where('message_id', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== refs.length) {
    throw badRequest('attachments', 'attachments: an image is in another message already.');
  }
}

/** Inside a deletion's transaction: forgets the message's images; returns their ids. */
export async function unbindMessageAttachments(
  k: Kysely<Database>,
  messageId: string,
): Promise<string[]> {
  const rows = await k
    .selectFrom('attachments')
    .select('id')
    .where('message_id', '=', messageId)
    .execute();
  if (rows.length > 0)
    await k.deleteFrom('attachments').where('message_id', '=', messageId).execute();
  return rows.map((row) => row.id);
}

/** After the commit: the blobs go too (a failure leaves an unreachable file, logged). */
export async function removeBlobs(
  ctx: { blobs: { delete(id: string): Promise<void> }; logger: Logger },
  ids: readonly string[],
): Promise<void> {
  const store = ctx.blobs;
  for (const id of ids) {
    try {
      await store.delete(id);
    } catch (error) {
      ctx.logger.warn({ err: error, attachment: id }, 'attachment blob removal failed');
    }
  }
}
