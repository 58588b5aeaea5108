import { z } from 'zod';
import { entryPointSchema } from '../analytics/entry-points';
import { isThreadAttributionTag } from '../analytics/thread-attribution';
import { attachmentRefsSchema } from './attachments';
import { mentionRangeProblem, mentionsSchema } from '../mentions/mentions';

/**
 * Limits of conversations and messages. The seed names none; these are our
 * choices, shared by the web client's composer and the server's checks.
 */
export const MESSAGING_LIMITS = {
  /** Characters (Unicode code points, so an emoji counts once) in one message. */
  messageTextMax: 5_000,
  /** People in a group, its creator included. */
  groupParticipantsMax: 250,
  /** Others a new group needs besides its creator (one other is a one-to-one thread). */
  groupOthersMin: 2,
  groupNameMax: 250,
  nicknameMax: 100,
  imageSrcMax: 2_048,
  offlineThreadingIdMax: 64,
  attributionTagsMax: 20,
  /** Messages per history page. */
  historyPage: 50,
  /** Threads per thread-list page. */
  threadListPage: 50,
} as const;

/** Length as the limits count it: code points. */
export function textLength(text: string): number {
  // The string iterator walks code points, so a surrogate pair counts once.
  return Array.from(text).length;
}

export const messageTextSchema = z
  .string()
  .refine((text) => text.trim() !== '', { message: 'A message cannot be empty.' })
  .refine((text) => textLength(text) <= MESSAGING_LIMITS.messageTextMax, {
    message: `A message can have at most ${MESSAGING_LIMITS.messageTextMax} characters.`,
  });

export const offlineThreadingIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z_-]+$/, 'Expected letters, digits, "_" or "-" (a client-generated id).')
  .max(MESSAGING_LIMITS.offlineThreadingIdMax);

export const attributionTagsSchema = z
  .array(z.string().refine(isThreadAttributionTag, { message: 'Unknown thread attribution tag.' }))
  .max(MESSAGING_LIMITS.attributionTagsMax);

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

/** A message's text next to images: it may be blank, never too long. */
const captionSchema = z
  .string()
  .refine((text) => textLength(text) <= MESSAGING_LIMITS.messageTextMax, {
    message: `A message can have at most ${MESSAGING_LIMITS.messageTextMax} characters.`,
  });

/**
 * `send_message`: into an existing thread (`thread_id`) or to one person or
 * page (`recipient_id`: their one-to-one thread, created on first message).
 * With `attachments` (encrypted images uploaded before) the text may be blank.
 * `as_page_id`: an admin answers as that page, in one of the page's threads
 * (the page inbox says whom it speaks for, rather than the server guessing).
 */
export const sendMessageInputSchema = z
  .object({
    thread_id: id.optional(),
    recipient_id: id.optional(),
    text: captionSchema,
    attachments: attachmentRefsSchema.optional(),
    offline_threading_id: offlineThreadingIdSchema,
    entry_point: entryPointSchema.optional(),
    tags: attributionTagsSchema.optional(),
    as_page_id: id.optional(),
    /** The id of the message this one answers (same thread; the server checks it). */
    reply_to: z.string().min(1).max(128).optional(),
    /** Ranges of the text naming participants (groups; the server checks who). */
    mentions: mentionsSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.as_page_id !== undefined && input.thread_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['as_page_id'],
        message: 'A page answers in one of its threads: give thread_id.',
      });
    }
    const problem = mentionRangeProblem(input.text, input.mentions ?? []);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', path: ['mentions', problem.index], message: problem.message });
    }
    if (input.text.trim() === '' && (input.attachments ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'A message cannot be empty.' });
    }
    if ((input.thread_id === undefined) === (input.recipient_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [input.thread_id === undefined ? 'thread_id' : 'recipient_id'],
        message: 'Give exactly one of thread_id and recipient_id.',
      });
    }
  });
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .transform((value) => (value === null || value.trim() === '' ? null : value.trim()));

/** A group name; blank or null clears it (the name is then derived from participants). */
export const groupNameSchema = optionalText(MESSAGING_LIMITS.groupNameMax).describe('Group names');
export const nicknameSchema = optionalText(MESSAGING_LIMITS.nicknameMax).describe('Nicknames');

/** A group image: an http(s) URL, or null to clear it. */
export const imageSrcSchema = z
  .string()
  .max(MESSAGING_LIMITS.imageSrcMax)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'Expected an http or https URL.',
  })
  .nullable();

export const createGroupInputSchema = z.object({
  name: groupNameSchema.optional(),
  participant_ids: z
    .array(id)
    .min(MESSAGING_LIMITS.groupOthersMin)
    .max(MESSAGING_LIMITS.groupParticipantsMax - 1),
  image_src: imageSrcSchema.optional(),
});
export type CreateGroupInput = z.infer<typeof createGroupInputSchema>;

/** edit_message's input: one's own text message and its new text (the send's text rules). */
export const editMessageInputSchema = z.object({
  message_id: z.string().min(1).max(128),
  text: messageTextSchema,
});
export type EditMessageInput = z.infer<typeof editMessageInputSchema>;

/** The kind of a message its sender took back: it keeps its place, without text or images. */
export const UNSENT_MESSAGE_KIND = 'unsent';
