import type { AttachmentRef } from '@messenger/core';
import { builder } from '../../graphql/builder';
import { MessageType } from '../messaging/schema-types';

/** One encrypted image of a message: where to fetch it and how to decrypt it. */
export const AttachmentType = builder.objectRef<AttachmentRef>('MessageAttachment').implement({
  description:
    'An encrypted image: GET /attachments/{id} gives its AES-GCM ciphertext; key and iv are base64.',
  fields: (t) => ({
    id: t.exposeID('id'),
    key: t.exposeString('key'),
    iv: t.exposeString('iv'),
    mime: t.exposeString('mime'),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
  }),
});

builder.objectField(MessageType, 'attachments', (t) =>
  t.field({
    type: [AttachmentType],
    description: 'Encrypted images of the message, in the order sent (empty for text only).',
    resolve: (m) => m.attachments ?? [],
  }),
);
