import { z } from 'zod';
import { wireCallSchema } from '../calls/wire';
import { attachmentRefSchema } from './attachments';
import { mentionsSchema } from '../mentions/mentions';
import { wireReplyQuoteSchema } from '../mentions/reply';
import { wireReactionSchema } from './reactions';
import { GRAPH_ASPECTS } from '../network/graph-changes';

/**
 * The durable changes of the sync log (protocol.ts). Every delta describes the
 * world as the receiving user sees it: `thread_updated` carries that user's
 * folder and unread count, and for a page's thread the page's own (the user
 * is then one of its admins, `viewer_participant_id` names the page).
 */

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');
const seq = z.number().int().nonnegative();
const millis = z.number().int().nonnegative();

export const FOLDERS = ['INBOX', 'OTHER', 'PENDING'] as const;
export type Folder = (typeof FOLDERS)[number];

export const wireMessageSchema = z.object({
  /** Opaque (imported and new messages are `mid.<thread>.<seq>`). */
  id: z.string().min(1).max(128),
  thread_id: id,
  /** A person, or a page when one of its admins answered as the page. */
  sender_id: id,
  text: z.string(),
  created_at: millis,
  /** 1, 2, 3... within the thread; history pages and read marks count in it. */
  seq_in_thread: z.number().int().positive(),
  /** The sending client's id for this message; its own echo is matched on it. */
  offline_threading_id: z.string().nullable(),
  entry_point: z.string().nullable(),
  tags: z.array(z.string()),
  /** 'text', or a system kind such as 'call_summary'. */
  kind: z.string(),
  /** Encrypted images with the key to read them (only participants receive messages). */
  attachments: z.array(attachmentRefSchema).optional(),
  /** A reply: what it shows of the message it answers (only replies carry the field). */
  reply_to: wireReplyQuoteSchema.optional(),
  /** People the text mentions (only messages with mentions carry the field). */
  mentions: mentionsSchema.optional(),
});
export type WireMessage = z.infer<typeof wireMessageSchema>;

export const wireParticipantSchema = z.object({
  id,
  kind: z.enum(['person', 'page']),
  /** Newest seq_in_thread this participant has read (seen state). */
  last_read_seq: seq,
  /** Newest seq_in_thread a device of this participant acknowledged (delivered state). */
  last_delivered_seq: seq,
});
export type WireParticipant = z.infer<typeof wireParticipantSchema>;

export const wireThreadSchema = z.object({
  thread_id: id,
  kind: z.enum(['one_to_one', 'group']),
  /** Group name; null means derived from participants. */
  name: z.string().nullable(),
  image_src: z.string().nullable(),
  participants: z.array(wireParticipantSchema),
  /** participant id → custom nickname (seed 3: custom_nickname map). */
  custom_nickname: z.record(z.string(), z.string()),
  /** The participant the receiving user acts as: themselves, or a page they administer. */
  viewer_participant_id: id,
  folder: z.string(),
  unread_count: z.number().int().nonnegative(),
  last_activity_at: millis,
  last_message_seq: seq,
  /** Until when the receiving user muted it (null: not muted; core MUTED_FOREVER: until unmuted). */
  muted_until: millis.nullable().optional(),
});
export type WireThread = z.infer<typeof wireThreadSchema>;

export const deltaSchema = z.discriminatedUnion('kind', [
  /**
   * A new message. When its seq_in_thread is above the thread's
   * last_message_seq the client holds, the thread moves up and, unless the
   * message is the viewer participant's own, its unread count grows by one;
   * otherwise a thread_updated already counted it.
   */
  z.object({ kind: z.literal('message_new'), message: wireMessageSchema }),
  /** `user_id`'s devices have received the thread's messages up to `seq` (seq_in_thread). */
  z.object({ kind: z.literal('message_delivered'), thread_id: id, user_id: id, seq }),
  /** `user_id` has read the thread's messages up to `seq` (seq_in_thread). */
  z.object({ kind: z.literal('read_receipt'), thread_id: id, user_id: id, seq }),
  /** The whole thread as the receiving user now sees it: replaces what the client holds. */
  z.object({ kind: z.literal('thread_updated'), thread: wireThreadSchema }),
  /** The sender deleted the message (and its images): it leaves the history. */
  z.object({ kind: z.literal('message_deleted'), thread_id: id, message_id: z.string().min(1) }),
  /** The thread left this user's lists (removed from the group, left, ignored request, deleted for themselves). */
  z.object({
    kind: z.literal('thread_removed'),
    thread_id: id,
    reason: z.enum(['removed', 'left', 'ignored', 'deleted']),
  }),
  /**
   * A message's reactions changed: all of them as they now are (so a replay or a
   * retry leaves the same state), and the change itself for previews: `actor_id`
   * reacted with `emoji` (null: removed theirs) to a message of `message_sender_id`.
   */
  z.object({
    kind: z.literal('message_reactions'),
    thread_id: id,
    message_id: z.string().min(1),
    reactions: z.array(wireReactionSchema),
    actor_id: id,
    emoji: z.string().nullable(),
    message_sender_id: id,
    at: millis,
  }),
  /** The sender edited the message's text (within the edit window). */
  z.object({
    kind: z.literal('message_edited'),
    thread_id: id,
    message_id: z.string().min(1),
    text: z.string(),
    edited_at: millis,
  }),
  /** The sender unsent the message for everyone: it stays as a tombstone, without text or images. */
  z.object({ kind: z.literal('message_unsent'), thread_id: id, message_id: z.string().min(1) }),
  /** This user removed the message for themselves: it leaves their history on every device. */
  z.object({ kind: z.literal('message_hidden'), thread_id: id, message_id: z.string().min(1) }),
  /** A call of one of the user's threads changed: the whole call as it now is (calls/wire.ts). */
  z.object({ kind: z.literal('call_updated'), call: wireCallSchema }),
  /**
   * The user's friends, contacts, blocks or pages changed (the admin graph
   * API): the lists built from them (the sidebar, the thread list) are read again.
   */
  z.object({ kind: z.literal('graph_changed'), aspects: z.array(z.enum(GRAPH_ASPECTS)).min(1) }),
]);
export type Delta = z.infer<typeof deltaSchema>;
export type DeltaKind = Delta['kind'];
