import { ATTACHMENT_TYPE_HEADER, isAttachmentMimeType } from '@messenger/core';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { toWireError } from '../../errors';
import { requireViewer } from '../accounts/viewer';
import {
  assertUnsentQuotaRoom,
  readAttachment,
  tooLarge,
  unsupportedType,
  uploadAttachment,
} from './service';

const OCTET_STREAM = 'application/octet-stream';

function declaredType(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').trim().toLowerCase();
}

/**
 * `POST /attachments`: the raw ciphertext (application/octet-stream), its
 * image type in the `x-attachment-type` header; answers `{ id }`.
 * `GET /attachments/:id`: the ciphertext, for the thread's participants.
 * Encapsulated: the binary body parser and the size limit apply here only.
 */
export function attachmentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const maxBytes = ctx.config.attachmentMaxBytes;
    app.addContentTypeParser(
      OCTET_STREAM,
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );
    // Fastify's own refusals (body over the limit, another content type) get stable codes.
    app.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: unknown }).statusCode;
      const mapped =
        status === 413 ? tooLarge(maxBytes) : status === 415 ? unsupportedType() : error;
      const wire = toWireError(mapped);
      if (wire.statusCode >= 500) request.log.error({ err: error }, 'attachment request failed');
      return reply.status(wire.statusCode).send(wire.body);
    });

    app.post(
      '/attachments',
      {
        bodyLimit: maxBytes,
        // Refused before a byte of the body is read: who asks, and what they declare.
        onRequest: async (request) => {
          const viewer = requireViewer(request);
          const mime = declaredType(request.headers[ATTACHMENT_TYPE_HEADER]);
          if (!isAttachmentMimeType(mime)) throw unsupportedType();
          // The body is the raw ciphertext; another content type would meet another parser.
          if (declaredType(request.headers['content-type']).split(';')[0] !== OCTET_STREAM) {
            throw unsupportedType();
          }
          await assertUnsentQuotaRoom(ctx, viewer);
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const mime = declaredType(request.headers[ATTACHMENT_TYPE_HEADER]);
        const result = await uploadAttachment(ctx, viewer, mime, body);
        return reply.status(201).send(result);
      },
    );

    app.get<{ Params: { id: string } }>('/attachments/:id', async (request, reply) => {
      const viewer = requireViewer(request);
      const bytes = await readAttachment(ctx, viewer, request.params.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    });
    await Promise.resolve();
  };
}
