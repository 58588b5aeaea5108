export {
  MENTION_CANDIDATES_MAX,
  MENTION_LIMITS,
  mentionCandidates,
  insertMention,
  keepMentions,
  mentionQueryAt,
  mentionRangeProblem,
  mentionSchema,
  mentionedIds,
  mentionsSchema,
  splitMentions,
} from './mentions';
export type { Mention, TextPiece } from './mentions';
export { QUOTE_TEXT_MAX, quoteText, wireReplyQuoteSchema } from './reply';
export type { WireReplyQuote } from './reply';
