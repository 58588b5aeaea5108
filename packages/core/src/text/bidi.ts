/**
 * Bidirectional isolation of user text (issue 30): a name or message that holds
 * right-to-left letters or bidi controls (a right-to-left override U+202E, an
 * unclosed embedding) must not reorder the text around it when it is joined into
 * a longer string ('Eve‮, Bob and Cal'). Such pieces are wrapped in FIRST STRONG
 * ISOLATE … POP DIRECTIONAL ISOLATE: the pop closes every override opened inside.
 * Plain left-to-right text is returned as it is.
 */
export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** Bidi controls (embeddings, overrides, isolates, marks) and right-to-left scripts' letters. */
const NEEDS_ISOLATION =
  /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDE7F]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDEFF]/;

export function needsBidiIsolation(text: string): boolean {
  return NEEDS_ISOLATION.test(text);
}

/** The text, isolated when it could reorder its neighbours. */
export function isolateBidi(text: string): string {
  return needsBidiIsolation(text)
    ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`
    : text;
}
