import { EMOTICONS, type Emoticon } from './emoticon-table';
import { toSegments, type EmoticonSegment, type TextRange, type TextSegment } from './segments';

export interface EmoticonMatch extends TextRange {
  readonly emoticon: Emoticon;
}

// Seed section 5: start of text, whitespace, a quote, a period or an open parenthesis.
const BEFORE = String.raw`(?<=^|[\s"'.(])`;
// Seed section 5: whitespace (line breaks included), a quote, comma, period,
// exclamation mark, question mark, closing parenthesis, or end of text.
const AFTER = String.raw`(?=$|[\s"',.!?)])`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function buildPattern(table: readonly Emoticon[]): RegExp {
  // Longest first: the alternation then prefers ':|]' over ':|', and falls back
  // to a shorter spelling only when the longer one is not followed by a boundary.
  const alternatives = [...table]
    .sort((a, b) => b.text.length - a.text.length)
    .map((emoticon) => escapeRegExp(emoticon.text));
  return new RegExp(`${BEFORE}(?:${alternatives.join('|')})${AFTER}`, 'g');
}

const DEFAULT_PATTERN = buildPattern(EMOTICONS);

/** Every emoticon of `text`, in order, with its offsets. */
export function findEmoticons(
  text: string,
  table: readonly Emoticon[] = EMOTICONS,
): EmoticonMatch[] {
  if (table.length === 0) return [];
  const pattern = table === EMOTICONS ? DEFAULT_PATTERN : buildPattern(table);
  const byText = new Map(table.map((emoticon) => [emoticon.text, emoticon]));
  const matches: EmoticonMatch[] = [];
  for (const found of text.matchAll(pattern)) {
    const emoticon = byText.get(found[0]);
    if (emoticon === undefined) continue;
    matches.push({ start: found.index, end: found.index + found[0].length, emoticon });
  }
  return matches;
}

export function toEmoticonSegment(match: EmoticonMatch): EmoticonSegment {
  const { text, emoji, name } = match.emoticon;
  return { kind: 'emoticon', text, emoji, name };
}

/** `text` cut into plain text and emoticons. */
export function parseEmoticons(
  text: string,
  table: readonly Emoticon[] = EMOTICONS,
): (TextSegment | EmoticonSegment)[] {
  return toSegments(text, findEmoticons(text, table), toEmoticonSegment);
}
