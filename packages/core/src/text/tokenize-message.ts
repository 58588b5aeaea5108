import { findEmoticons, toEmoticonSegment, type EmoticonMatch } from './emoticons';
import { toSegments, type MessageSegment, type TextRange } from './segments';
import { findUrls, toLinkSegment, type UrlMatch } from './urls';

type Found =
  | { readonly kind: 'link'; readonly match: UrlMatch }
  | { readonly kind: 'emoticon'; readonly match: EmoticonMatch };

function overlaps(a: TextRange, b: TextRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * `text` cut into plain text, emoticons and links, for renderers. Both are
 * searched in the whole text, so an emoticon's neighbours are the real ones;
 * where a link and an emoticon overlap ('http://x.com/:)'), the link wins.
 */
export function tokenizeMessage(text: string): MessageSegment[] {
  const links = findUrls(text);
  const emoticons = findEmoticons(text).filter(
    (emoticon) => !links.some((link) => overlaps(link, emoticon)),
  );
  const found: (Found & TextRange)[] = [
    ...links.map((match) => ({ kind: 'link' as const, match, start: match.start, end: match.end })),
    ...emoticons.map((match) => ({
      kind: 'emoticon' as const,
      match,
      start: match.start,
      end: match.end,
    })),
  ].sort((a, b) => a.start - b.start);
  return toSegments(text, found, (item) =>
    item.kind === 'link' ? toLinkSegment(item.match) : toEmoticonSegment(item.match),
  );
}
