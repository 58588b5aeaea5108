import { CoreError } from '../errors';

/** Channels 0-255 (integers), alpha 0-1. */
export interface RgbaColor {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const FUNCTION = /^(rgba?)\(([^()]*)\)$/i;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;
const NAME = /^[a-z]+$/i;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const clampChannel = (value: number): number => Math.round(clamp(value, 0, 255));
export const clampAlpha = (value: number): number => clamp(value, 0, 1);

function invalidColor(value: string): CoreError {
  return new CoreError('invalid_color', `'${value}' is not a valid color.`);
}

function parseHex(digits: string): RgbaColor {
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  const channel = (index: number) => Number.parseInt(full.slice(index, index + 2), 16);
  return { r: channel(0), g: channel(2), b: channel(4), a: 1 };
}

function parseFunction(name: string, body: string, value: string): RgbaColor {
  const parts = body.split(',').map((part) => part.trim());
  const expected = name.toLowerCase() === 'rgba' ? 4 : 3;
  if (parts.length !== expected || !parts.every((part) => NUMBER.test(part))) {
    throw invalidColor(value);
  }
  const [r = 0, g = 0, b = 0, a = 1] = parts.map(Number);
  return { r: clampChannel(r), g: clampChannel(g), b: clampChannel(b), a: clampAlpha(a) };
}

/**
 * An animation colour: hex (#rgb, #rrggbb), rgb(), rgba() or transparent
 * (seed section 5). Channels are clamped to 0-255 and alpha to 0-1; named
 * colours are refused with the seed's message.
 */
export function parseAnimationColor(value: string): RgbaColor {
  const text = value.trim();
  if (text.toLowerCase() === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = HEX.exec(text);
  if (hex?.[1] !== undefined) return parseHex(hex[1]);
  const fn = FUNCTION.exec(text);
  if (fn?.[1] !== undefined && fn[2] !== undefined) return parseFunction(fn[1], fn[2], value);
  if (NAME.test(text)) {
    throw new CoreError('named_color_unsupported', 'Named color attributes are not supported.');
  }
  throw invalidColor(value);
}

export function formatRgba(color: RgbaColor): string {
  return `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a})`;
}

export function interpolateColor(from: RgbaColor, to: RgbaColor, progress: number): RgbaColor {
  const mix = (a: number, b: number) => a + (b - a) * progress;
  return {
    r: clampChannel(mix(from.r, to.r)),
    g: clampChannel(mix(from.g, to.g)),
    b: clampChannel(mix(from.b, to.b)),
    a: clampAlpha(mix(from.a, to.a)),
  };
}
