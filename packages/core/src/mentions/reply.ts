import { z } from 'zod';
import { attachmentRefSchema } from '../sync/attachments';

/** Code points of the original's text a reply's quote shows. */
export const QUOTE_TEXT_MAX = 100;

/**
 * What a reply shows of its original (issue 33, item 5): who wrote it and
 * the start of its text, or its first image for a thumbnail. `available` is
 * false when the original was unsent, deleted or removed for the viewer: the
 * quote then says so and carries nothing of it.
 */
export const wireReplyQuoteSchema = z.object({
  message_id: z.string().min(1).max(128),
  sender_id: z.string().regex(/^\d{1,32}$/),
  text: z.string(),
  image: attachmentRefSchema.optional(),
  available: z.boolean(),
});
export type WireReplyQuote = z.infer<typeof wireReplyQuoteSchema>;

/** The start of a text for a quote: QUOTE_TEXT_MAX code points, an ellipsis when cut. */
export function quoteText(text: string): string {
  const points = Array.from(text.replace(/\s+/g, ' ').trim());
  if (points.length <= QUOTE_TEXT_MAX) return points.join('');
  return `${points.slice(0, QUOTE_TEXT_MAX).join('').trimEnd()}…`;
}
