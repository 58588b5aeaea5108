import { z } from 'zod';
import { triage } from '../search/ranking';

/**
 * Mentions in a group's message (issue 33, item 7): ranges of the text that
 * name a participant. Offsets and lengths count UTF-16 code units, as the
 * browser's text fields and `String.prototype.slice` do, so the composer
 * records them without converting. Pure: the server checks who may be
 * mentioned (participants), this checks the ranges against the text.
 */

export const MENTION_LIMITS = {
  /** Mentions in one message: a group's whole roster fits. */
  perMessageMax: 250,
} as const;

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

export const mentionSchema = z.object({
  offset: z.number().int().nonnegative(),
  length: z.number().int().positive(),
  /** The person mentioned. */
  id,
});
export type Mention = z.infer<typeof mentionSchema>;

export const mentionsSchema = z.array(mentionSchema).max(MENTION_LIMITS.perMessageMax);

/** Why a message's mention ranges do not fit its text; null when they do. */
export function mentionRangeProblem(
  text: string,
  mentions: readonly Mention[],
): { index: number; message: string } | null {
  let end = 0;
  for (const [index, mention] of mentions.entries()) {
    if (mention.offset + mention.length > text.length) {
      return { index, message: 'A mention must lie inside the text.' };
    }
    if (mention.offset < end) {
      return { index, message: 'Mentions must be in order and must not overlap.' };
    }
    const covered = text.slice(mention.offset, mention.offset + mention.length);
    if (covered.trim() === '') return { index, message: 'A mention must cover some text.' };
    // A range must not cut a surrogate pair (an emoji) in half.
    if (cutsPair(text, mention.offset) || cutsPair(text, mention.offset + mention.length)) {
      return { index, message: 'A mention must not split a character.' };
    }
    end = mention.offset + mention.length;
  }
  return null;
}

function cutsPair(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false;
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff;
}

/** The people a message mentions, each once, in the order they first appear. */
export function mentionedIds(mentions: readonly Mention[]): string[] {
  return [...new Set(mentions.map((m) => m.id))];
}

/** A piece of a message's text: plain, or a mention of `id`. */
export type TextPiece =
  { kind: 'text'; text: string } | { kind: 'mention'; text: string; id: string };

/**
 * The text cut at its mentions, for display. Ranges that do not fit (an
 * edited text, a malformed payload) are dropped rather than drawn wrong.
 */
export function splitMentions(text: string, mentions: readonly Mention[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const mention of mentions) {
    const end = mention.offset + mention.length;
    if (mention.offset < at || end > text.length) continue;
    if (mention.offset > at) pieces.push({ kind: 'text', text: text.slice(at, mention.offset) });
    pieces.push({ kind: 'mention', text: text.slice(mention.offset, end), id: mention.id });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/**
 * The `@` query the caret is in, if any: an `@` at the start or after a
 * space, then up to 40 characters without a line break. `start` is the `@`'s
 * offset (the mention will replace from there to the caret).
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,40}(?: [^\s@]{0,40})?)$/u.exec(before);
  if (match === null) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/**
 * The text with `name` put in place of the `@query` from `start` to `caret`,
 * the mentions after it moved, and the new one added: what the composer does
 * when a person is picked from the listbox.
 */
export function insertMention(
  text: string,
  mentions: readonly Mention[],
  start: number,
  caret: number,
  person: { id: string; name: string },
): { text: string; mentions: Mention[]; caret: number } {
  const inserted = `${person.name} `;
  const next = text.slice(0, start) + inserted + text.slice(caret);
  const shift = inserted.length - (caret - start);
  const kept = mentions
    .filter((m) => m.offset + m.length <= start || m.offset >= caret)
    .map((m) => (m.offset >= caret ? { ...m, offset: m.offset + shift } : m));
  kept.push({ offset: start, length: person.name.length, id: person.id });
  kept.sort((a, b) => a.offset - b.offset);
  return { text: next, mentions: kept, caret: start + inserted.length };
}

/**
 * The mentions still valid after the text changed from `before` to `after`
 * (one edit: a common prefix and suffix around it): ranges before the change
 * stay, those after it shift, and any the edit touched are dropped.
 */
export function keepMentions(
  before: string,
  after: string,
  mentions: readonly Mention[],
): Mention[] {
  if (before === after) return [...mentions];
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const changedEnd = before.length - suffix;
  const shift = after.length - before.length;
  return mentions.flatMap((m) => {
    if (m.offset + m.length <= prefix) return [m];
    if (m.offset >= changedEnd) return [{ ...m, offset: m.offset + shift }];
    return [];
  });
}

/** People the mention listbox offers at most. */
export const MENTION_CANDIDATES_MAX = 8;

/**
 * The group members an `@query` offers, best first: core's search triage
 * (exact, prefix, word prefix; the rest left out), input order kept within
 * a bucket, the viewer never offered.
 */
export function mentionCandidates<T extends { id: string; name: string }>(
  query: string,
  people: readonly T[],
  viewerId: string,
): T[] {
  const { exact, prefix, wordPrefix } = triage(
    query,
    people.filter((p) => p.id !== viewerId),
    (p) => ({ name: p.name }),
  );
  return [...exact, ...prefix, ...wordPrefix].slice(0, MENTION_CANDIDATES_MAX);
}
