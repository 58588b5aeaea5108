import { CoreError } from '../errors';
import { clampAlpha, interpolateColor, parseAnimationColor, type RgbaColor } from './color';

type AttributeKind = 'length' | 'opacity' | 'color' | 'scroll';

/** The only attributes an animation may change (seed section 5), by kind of value. */
export const ANIMATION_ATTRIBUTES = {
  opacity: 'opacity',
  width: 'length',
  height: 'length',
  top: 'length',
  left: 'length',
  right: 'length',
  bottom: 'length',
  margin: 'length',
  marginTop: 'length',
  marginRight: 'length',
  marginBottom: 'length',
  marginLeft: 'length',
  padding: 'length',
  paddingTop: 'length',
  paddingRight: 'length',
  paddingBottom: 'length',
  paddingLeft: 'length',
  backgroundColor: 'color',
  color: 'color',
  borderColor: 'color',
  scrollTop: 'scroll',
  scrollLeft: 'scroll',
} as const satisfies Record<string, AttributeKind>;

export type AnimationAttribute = keyof typeof ANIMATION_ATTRIBUTES;

/** Units a length may carry; a bare number gets the default, px (seed section 5). */
export const LENGTH_UNITS = ['px', '%', 'em', 'rem', 'vw', 'vh'] as const;
export const DEFAULT_LENGTH_UNIT = 'px';

export type AnimationValue =
  | { readonly kind: 'color'; readonly color: RgbaColor }
  | { readonly kind: 'number'; readonly value: number; readonly unit: string };

const NUMBER_WITH_UNIT = /^(-?(?:\d+\.?\d*|\.\d+))([a-z%]*)$/i;

export function isAnimationAttribute(name: string): name is AnimationAttribute {
  // Own keys only: 'toString' or 'constructor' are not attributes.
  return Object.hasOwn(ANIMATION_ATTRIBUTES, name);
}

/** `name` if supported, else the seed's error '<name> is not a supported attribute!'. */
export function assertAnimationAttribute(name: string): AnimationAttribute {
  if (!isAnimationAttribute(name)) {
    throw new CoreError('unsupported_animation_attribute', `${name} is not a supported attribute!`);
  }
  return name;
}

function invalidValue(attribute: string, value: string | number): CoreError {
  return new CoreError(
    'invalid_animation_value',
    `'${String(value)}' is not a valid value for ${attribute}.`,
  );
}

function parseNumber(attribute: string, value: string | number): { value: number; unit: string } {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidValue(attribute, value);
    return { value, unit: '' };
  }
  const match = NUMBER_WITH_UNIT.exec(value.trim());
  if (match?.[1] === undefined) throw invalidValue(attribute, value);
  return { value: Number(match[1]), unit: (match[2] ?? '').toLowerCase() };
}

/**
 * Validates and normalises one target value: colours become RGBA, opacity is
 * clamped to 0-1, lengths without a unit get px, scroll offsets are px only.
 */
export function normalizeAnimationValue(name: string, value: string | number): AnimationValue {
  const attribute = assertAnimationAttribute(name);
  const kind: AttributeKind = ANIMATION_ATTRIBUTES[attribute];
  if (kind === 'color') {
    if (typeof value !== 'string') throw invalidValue(attribute, value);
    return { kind: 'color', color: parseAnimationColor(value) };
  }
  const number = parseNumber(attribute, value);
  if (kind === 'opacity') {
    if (number.unit !== '') throw invalidValue(attribute, value);
    return { kind: 'number', value: clampAlpha(number.value), unit: '' };
  }
  const unit = number.unit === '' ? DEFAULT_LENGTH_UNIT : number.unit;
  const allowed: readonly string[] = kind === 'scroll' ? [DEFAULT_LENGTH_UNIT] : LENGTH_UNITS;
  if (!allowed.includes(unit)) throw invalidValue(attribute, value);
  return { kind: 'number', value: number.value, unit };
}

/** The value between `from` (progress 0) and `to` (progress 1). */
export function interpolateAnimationValue(
  from: AnimationValue,
  to: AnimationValue,
  progress: number,
): AnimationValue {
  if (from.kind === 'color' && to.kind === 'color') {
    return { kind: 'color', color: interpolateColor(from.color, to.color, progress) };
  }
  if (from.kind === 'number' && to.kind === 'number' && from.unit === to.unit) {
    return {
      kind: 'number',
      value: from.value + (to.value - from.value) * progress,
      unit: to.unit,
    };
  }
  throw new CoreError(
    'incompatible_animation_values',
    'Cannot animate between values of different kinds or units.',
  );
}
