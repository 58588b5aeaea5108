import { CoreError } from '../errors';

export interface PositionLength {
  readonly value: number;
  readonly unit: 'px' | '%';
}

export interface BackgroundPosition {
  readonly x: PositionLength;
  readonly y: PositionLength;
}

/** A focal point as fractions of the image, 0 (left/top) to 1 (right/bottom). */
export interface BackgroundFocus {
  readonly x: number;
  readonly y: number;
}

const LENGTH = /^(-?\d+(?:\.\d+)?)(px|%)$/;

function parseLength(token: string): PositionLength | null {
  const match = LENGTH.exec(token);
  if (match?.[1] === undefined) return null;
  return { value: Number(match[1]), unit: match[2] === 'px' ? 'px' : '%' };
}

function invalidPosition(value: string): CoreError {
  return new CoreError(
    'invalid_background_position',
    `Background image position must be a px or percent pair: '${value}'.`,
  );
}

/**
 * Parses a background image position: exactly two lengths, each in px or
 * percent ('10px 50%'); keywords ('center') and unitless numbers ('10 20') are
 * refused (seed section 5).
 */
export function parseBackgroundPosition(value: string): BackgroundPosition {
  const tokens = value.trim().split(/\s+/);
  const [first, second] = tokens;
  if (tokens.length !== 2 || first === undefined || second === undefined) {
    throw invalidPosition(value);
  }
  const x = parseLength(first);
  const y = parseLength(second);
  if (x === null || y === null) throw invalidPosition(value);
  return { x, y };
}

export function formatBackgroundPosition(position: BackgroundPosition): string {
  return `${position.x.value}${position.x.unit} ${position.y.value}${position.y.unit}`;
}

function checkFraction(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new CoreError(
      'invalid_background_focus',
      'Background image focus must be between 0 and 1.',
    );
  }
  return value;
}

/**
 * The CSS background-position for an image placed either by an explicit
 * position or by a focal point; undefined when neither is given. Giving both is
 * an error (seed section 5): they would fight over the same property.
 */
export function backgroundImagePosition(options: {
  readonly position?: string | undefined;
  readonly focus?: BackgroundFocus | undefined;
}): string | undefined {
  const { position, focus } = options;
  if (position !== undefined && focus !== undefined) {
    throw new CoreError(
      'background_position_and_focus',
      'Background image position and focus cannot both be set.',
    );
  }
  if (position !== undefined) return formatBackgroundPosition(parseBackgroundPosition(position));
  if (focus === undefined) return undefined;
  // A percent position aligns that fraction of the image with the same
  // fraction of the box, which keeps the focal point in view.
  const x = checkFraction(focus.x) * 100;
  const y = checkFraction(focus.y) * 100;
  return `${x}% ${y}%`;
}
