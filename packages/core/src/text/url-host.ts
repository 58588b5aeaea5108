/**
 * Host rules of the URL matcher (seed section 5: IPv4 octets are limited to
 * 0-255). Hostnames are dot-separated labels of letters, digits and inner
 * hyphens.
 */

const LABEL_CHAR = /[\p{L}\p{N}-]/u;
const DIGITS = /^\d+$/;
const MAX_LABEL_LENGTH = 63;

/**
 * Top-level domains that make a bare 'name.tld' a link. Without a scheme, a
 * list keeps 'file.txt' or 'hello.world' plain text; 'www.' hosts and hosts with
 * a scheme accept any alphabetic TLD.
 */
export const BARE_DOMAIN_TLDS: ReadonlySet<string> = new Set([
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'info',
  'biz',
  'io',
  'co',
  'me',
  'app',
  'dev',
  'ai',
  'tv',
  'ly',
  'gg',
  'us',
  'uk',
  'ca',
  'au',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'eu',
  'jp',
  'br',
  'in',
  'ch',
  'se',
]);

export interface HostScan {
  readonly labels: readonly string[];
  /** Offset just past the host. */
  readonly end: number;
}

function isLabelChar(char: string | undefined): char is string {
  return char !== undefined && LABEL_CHAR.test(char);
}

/** Reads dot-separated labels from `start`; a dot not followed by a label is left out. */
export function scanHost(text: string, start: number): HostScan | null {
  const labels: string[] = [];
  let pos = start;
  for (;;) {
    let labelEnd = pos;
    while (isLabelChar(text[labelEnd])) labelEnd += 1;
    if (labelEnd === pos) break;
    labels.push(text.slice(pos, labelEnd));
    pos = labelEnd;
    if (text[pos] !== '.' || !isLabelChar(text[pos + 1])) break;
    pos += 1;
  }
  return labels.length === 0 ? null : { labels, end: pos };
}

/** Four decimal octets, each 0-255. */
export function isValidIpv4(labels: readonly string[]): boolean {
  return (
    labels.length === 4 && labels.every((label) => /^\d{1,3}$/.test(label) && Number(label) <= 255)
  );
}

function isValidLabel(label: string): boolean {
  return label.length <= MAX_LABEL_LENGTH && !label.startsWith('-') && !label.endsWith('-');
}

/**
 * Whether the labels form a host we link. A numeric last label means an IPv4
 * address, which must then be valid as a whole ('1.2.3.256' is not a link).
 */
export function isValidHost(labels: readonly string[], hasScheme: boolean): boolean {
  const tld = labels.at(-1);
  if (tld === undefined || !labels.every(isValidLabel)) return false;
  if (DIGITS.test(tld)) return isValidIpv4(labels);
  if (hasScheme) return true;
  if (labels.length < 2) return false;
  const lowerTld = tld.toLowerCase();
  if (labels[0]?.toLowerCase() === 'www') return /^[a-z]{2,}$/.test(lowerTld);
  return BARE_DOMAIN_TLDS.has(lowerTld);
}
