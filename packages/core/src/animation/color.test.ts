import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import { formatRgba, interpolateColor, parseAnimationColor } from './color';

function errorOf(run: () => unknown): CoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreError) return error;
  }
  throw new Error('expected a CoreError');
}

describe('parseAnimationColor', () => {
  it.each([
    ['#000', { r: 0, g: 0, b: 0, a: 1 }],
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#1aF', { r: 0x11, g: 0xaa, b: 0xff, a: 1 }],
    ['#0a0B0c', { r: 10, g: 11, b: 12, a: 1 }],
    [' #ffffff ', { r: 255, g: 255, b: 255, a: 1 }],
    ['transparent', { r: 0, g: 0, b: 0, a: 0 }],
    ['TRANSPARENT', { r: 0, g: 0, b: 0, a: 0 }],
    ['rgb(1, 2, 3)', { r: 1, g: 2, b: 3, a: 1 }],
    ['RGB(1,2,3)', { r: 1, g: 2, b: 3, a: 1 }],
    ['rgba(1, 2, 3, 0.5)', { r: 1, g: 2, b: 3, a: 0.5 }],
    ['rgba(1, 2, 3, .25)', { r: 1, g: 2, b: 3, a: 0.25 }],
  ])('parses %j', (value, color) => {
    expect(parseAnimationColor(value)).toEqual(color);
  });

  it('clamps channels to 0-255 at the boundaries', () => {
    expect(parseAnimationColor('rgb(0, 255, 256)')).toEqual({ r: 0, g: 255, b: 255, a: 1 });
    expect(parseAnimationColor('rgb(-1, 300, 12.6)')).toEqual({ r: 0, g: 255, b: 13, a: 1 });
  });

  it('clamps alpha to 0-1 at the boundaries', () => {
    expect(parseAnimationColor('rgba(0, 0, 0, 0)').a).toBe(0);
    expect(parseAnimationColor('rgba(0, 0, 0, 1)').a).toBe(1);
    expect(parseAnimationColor('rgba(0, 0, 0, 1.01)').a).toBe(1);
    expect(parseAnimationColor('rgba(0, 0, 0, -0.01)').a).toBe(0);
  });

  it.each([['red'], ['Blue'], ['rebeccapurple']])('refuses the named colour %j', (value) => {
    const error = errorOf(() => parseAnimationColor(value));
    expect(error.code).toBe('named_color_unsupported');
    expect(error.message).toBe('Named color attributes are not supported.');
  });

  it.each([
    ['#ff'],
    ['#ffff'],
    ['#fffffff'],
    ['#ggg'],
    ['rgb(1, 2)'],
    ['rgb(1, 2, 3, 4)'],
    ['rgba(1, 2, 3)'],
    ['rgb(a, b, c)'],
    ['rgb(1%, 2, 3)'],
    ['hsl(1, 2%, 3%)'],
    ['red1'],
    [''],
  ])('refuses the malformed colour %j', (value) => {
    const error = errorOf(() => parseAnimationColor(value));
    expect(error.code).toBe('invalid_color');
    expect(error.message).toBe(`'${value}' is not a valid color.`);
  });
});

describe('formatRgba and interpolateColor', () => {
  it('formats a colour', () => {
    expect(formatRgba({ r: 1, g: 2, b: 3, a: 0.5 })).toBe('rgba(1, 2, 3, 0.5)');
  });

  it('mixes channels and alpha', () => {
    const black = { r: 0, g: 0, b: 0, a: 0 };
    const white = { r: 255, g: 255, b: 255, a: 1 };
    expect(interpolateColor(black, white, 0)).toEqual(black);
    expect(interpolateColor(black, white, 1)).toEqual(white);
    expect(interpolateColor(black, white, 0.5)).toEqual({ r: 128, g: 128, b: 128, a: 0.5 });
  });
});
