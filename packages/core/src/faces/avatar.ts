/**
 * Generated faces for people, pages and groups without a picture: their
 * initials in white on a colour derived from their id, so one person keeps
 * one colour everywhere and on every device.
 */

/**
 * Backgrounds for white initials, each dark enough for a contrast of at least
 * 4.5:1 (WCAG AA for normal text; avatar.test.ts checks every one).
 */
export const AVATAR_COLOURS = [
  '#1f6feb',
  '#8250df',
  '#bf3989',
  '#cf222e',
  '#9a6700',
  '#1a7f37',
  '#0969da',
  '#6e40c9',
  '#b35900',
  '#0e7490',
  '#57606a',
  '#a40e26',
] as const;

export const AVATAR_TEXT_COLOUR = '#ffffff';

/** FNV-1a over the id's UTF-16 units: stable, cheap and spread well over short digit strings. */
function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function avatarColour(id: string): string {
  return AVATAR_COLOURS[hashId(id) % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

/** Up to two initials of a name, for a face without a picture ('Ann Lee' → 'AL'). */
export function avatarInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words.at(-1) ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a '#rrggbb' colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((n >> 16) & 0xff) +
    0.7152 * channel((n >> 8) & 0xff) +
    0.0722 * channel(n & 0xff)
  );
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
