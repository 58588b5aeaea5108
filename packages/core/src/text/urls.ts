import { isValidHost, scanHost } from './url-host';
import type { LinkSegment, TextRange } from './segments';

/** A link found in a text. */
export interface UrlMatch extends TextRange {
  /** The characters typed. */
  readonly text: string;
  /** `text` itself when it has a scheme, otherwise 'https://' + `text`. */
  readonly href: string;
}

const SCHEME = /^https?:\/\//i;
/** A URL never starts right after these: it would be the middle of a word, path or address. */
const NOT_A_START = /[\p{L}\p{N}_@.\-/:#]/u;
/** Characters that end a URL's path: whitespace and characters never left unencoded. */
const PATH_STOP = /[\s"<>]/;
/** Sentence punctuation that ends a URL rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,!?:;']/;
/** What may follow a port's digits: anything that is not part of a word. */
const PORT_FOLLOWER = /[\p{L}\p{N}_@-]/u;

function isStart(text: string, index: number): boolean {
  const before = text[index - 1];
  return before === undefined || !NOT_A_START.test(before);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Drops trailing sentence punctuation and closing parentheses that close nothing in the URL. */
function trimTrailing(text: string, start: number, end: number): number {
  let cut = end;
  for (;;) {
    const last = text.charAt(cut - 1);
    if (TRAILING_PUNCTUATION.test(last)) {
      cut -= 1;
    } else if (last === ')') {
      const url = text.slice(start, cut);
      if (count(url, ')') <= count(url, '(')) return cut;
      cut -= 1;
    } else {
      return cut;
    }
  }
}

/** The offset after a port, `pos` itself when there is none, or null when the port is malformed. */
function skipPort(text: string, pos: number): number | null {
  if (text[pos] !== ':') return pos;
  const digits = /^\d+/.exec(text.slice(pos + 1));
  if (digits === null) return pos;
  const after = pos + 1 + digits[0].length;
  const follower = text[after];
  // 'example.com:80a' is not a port, and not a link either.
  return follower !== undefined && PORT_FOLLOWER.test(follower) ? null : after;
}

function matchAt(text: string, start: number): UrlMatch | null {
  const scheme = SCHEME.exec(text.slice(start, start + 8));
  const hostStart = start + (scheme?.[0].length ?? 0);
  const host = scanHost(text, hostStart);
  if (host === null || !isValidHost(host.labels, scheme !== null)) return null;
  // 'name@example.com' is an email address, not a link to 'name'.
  if (text[host.end] === '@') return null;
  let pos = skipPort(text, host.end);
  if (pos === null) return null;
  if (pos < text.length && '/?#'.includes(text.charAt(pos))) {
    while (pos < text.length && !PATH_STOP.test(text.charAt(pos))) pos += 1;
  }
  const end = trimTrailing(text, start, pos);
  const url = text.slice(start, end);
  return { start, end, text: url, href: scheme === null ? `https://${url}` : url };
}

/**
 * Every link of `text`, in order: http(s) URLs and bare domains such as
 * 'example.com/path', with an optional port (digits only) and IPv4 hosts whose
 * octets are 0-255 (seed section 5).
 */
export function findUrls(text: string): UrlMatch[] {
  const matches: UrlMatch[] = [];
  let index = 0;
  while (index < text.length) {
    const match = isStart(text, index) ? matchAt(text, index) : null;
    if (match === null) {
      index += 1;
    } else {
      matches.push(match);
      index = match.end;
    }
  }
  return matches;
}

export function toLinkSegment(match: UrlMatch): LinkSegment {
  return { kind: 'link', text: match.text, href: match.href };
}
