import { builder } from '../../graphql/builder';

// send_message's input, so it lives with messaging: attachments (which adds
// the attachments field to Message) sits above messaging (issue 32).
// Its output twin, MessageAttachment, stays in features/attachments.

/** The same fields as input: send_message checks them against core's attachmentRefSchema. */
export const AttachmentInput = builder.inputType('MessageAttachmentInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    key: t.string({ required: true }),
    iv: t.string({ required: true }),
    mime: t.string({ required: true }),
    width: t.int({ required: true }),
    height: t.int({ required: true }),
  }),
});
