/** An absolute http(s) URL with a non-empty host. */
const HTTP_URL = /^https?:\/\/[^/?#]/i;
// Browsers drop tabs and line breaks inside a URL ('java\tscript:'), and a
// backslash can act as a slash; refusing them all keeps the check simple.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\"<>]/;

/**
 * The href to put on a link, or null when `url` must not be a link: only
 * absolute http: and https: URLs pass (never javascript:, data:, vbscript:,
 * relative or scheme-relative URLs).
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (UNSAFE_CHARS.test(trimmed) || !HTTP_URL.test(trimmed)) return null;
  return trimmed;
}
