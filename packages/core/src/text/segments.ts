import type { EmoticonName } from './emoticon-table';

/**
 * What a renderer draws for a message. Every field is a plain string: a
 * renderer never interprets HTML from a message.
 */
export interface TextSegment {
  readonly kind: 'text';
  readonly text: string;
}

export interface EmoticonSegment {
  readonly kind: 'emoticon';
  /** The characters typed, e.g. ':)'. */
  readonly text: string;
  readonly emoji: string;
  readonly name: EmoticonName;
}

export interface LinkSegment {
  readonly kind: 'link';
  /** The characters typed, e.g. 'example.com/path'. */
  readonly text: string;
  /** Always http: or https: (bare domains get https://). */
  readonly href: string;
}

export type MessageSegment = TextSegment | EmoticonSegment | LinkSegment;

/** A recognised piece of a text, by code-unit offsets (end exclusive). */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Cuts `text` into segments: each match becomes its own segment, the text
 * between matches becomes text segments (never empty). Matches must be sorted
 * and must not overlap.
 */
export function toSegments<M extends TextRange, S extends MessageSegment>(
  text: string,
  matches: readonly M[],
  toSegment: (match: M) => S,
): (TextSegment | S)[] {
  const segments: (TextSegment | S)[] = [];
  let cursor = 0;
  for (const match of matches) {
    if (match.start > cursor) {
      segments.push({ kind: 'text', text: text.slice(cursor, match.start) });
    }
    segments.push(toSegment(match));
    cursor = match.end;
  }
  if (cursor < text.length) {
    segments.push({ kind: 'text', text: text.slice(cursor) });
  }
  return segments;
}
