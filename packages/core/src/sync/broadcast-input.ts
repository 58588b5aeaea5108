import { z } from 'zod';
import { TYPEAHEAD } from '../constants';
import { MESSAGING_LIMITS, messageTextSchema, offlineThreadingIdSchema } from './message-input';

/**
 * Broadcast and share (seed 2: "the same search surfaces exist in ...
 * broadcast and share"): one text sent to each chosen person in their own
 * one-to-one thread. The seed gives no limit; the recipients are the tokens of
 * a tokenizer, so its cap is theirs.
 */
export const BROADCAST_LIMITS = {
  recipientsMax: TYPEAHEAD.maxEntriesTokenizer,
  /** Room for `_{index}` on each recipient's offline_threading_id. */
  offlineThreadingIdMax: MESSAGING_LIMITS.offlineThreadingIdMax - 3,
} as const;

export const BROADCAST_KINDS = ['broadcast', 'share'] as const;
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

export const broadcastInputSchema = z.object({
  recipient_ids: z
    .array(id)
    .min(1)
    .max(BROADCAST_LIMITS.recipientsMax)
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((value, index) => {
        if (seen.has(value)) {
          ctx.addIssue({ code: 'custom', path: [index], message: 'Listed more than once.' });
        }
        seen.add(value);
      });
    }),
  text: messageTextSchema,
  offline_threading_id: offlineThreadingIdSchema.max(BROADCAST_LIMITS.offlineThreadingIdMax),
  /** Also the entry point stored with each message. */
  kind: z.enum(BROADCAST_KINDS).default('broadcast'),
});
export type BroadcastInput = z.output<typeof broadcastInputSchema>;

/**
 * Each recipient's message gets its own offline_threading_id, derived from
 * the broadcast's and the recipient's place, so a retry of the whole
 * broadcast resends nothing that already arrived.
 */
export function recipientOfflineId(base: string, index: number): string {
  return `${base}_${String(index)}`;
}
